// The built-in catalogue: it loads without a problem, every kind and entry has its record type and the
// values their types, references lead to entries of the right kind, names are unique, every key of
// docs/catalogue.md §3 is there, and an absent field is an error, not a zero. The published figures are
// checked beside it (catalogue_*_values_test.cpp, catalogue_constants_test.cpp; catalogue_facts.hpp).
#include "catalogue_facts.hpp"

namespace catalogue_facts {

// ---- 1. Loading -----------------------------------------------------------------------------------------

TEST(CatalogueLoad, BuiltinCatalogueHasNoDiagnostics) {
  mlsi::ProgramSession s;
  EXPECT_TRUE(s.diagnostics().list().empty()) << mlsi::render_all(s.program().sources, s.diagnostics(), false);
  EXPECT_FALSE(s.program().catalogue.entries.empty());
  // Checking the prelude + catalogue alone adds nothing either.
  EXPECT_TRUE(s.check());
  EXPECT_TRUE(s.diagnostics().list().empty()) << mlsi::render_all(s.program().sources, s.diagnostics(), false);
}

// §5 rule 25: a built-in transformer without its FFN kind or its tied embeddings is an error (its source
// says them); the same entry from a user file is given "gated" and false, with a note each (the golden
// tests/golden/catalogue/transformer_shapes shows those).
TEST(CatalogueLoad, BuiltinTransformerMustWriteMlpAndTiedEmbeddings) {
  mlsi::ProgramSession session;  // the prelude's dimensions and the kinds, which the loader reads
  mlsi::Program& p = session.program();
  mlsi::DiagnosticLog d;
  mlsi::CatalogueLoader loader(p, d);
  mlsi::FileId file = p.sources.add("<builtin>/lm.toml", R"([Workload.ShapelessLM]
name = "Shapeless"
family = "transformer"
parameters = 1e9
hidden_dim = 2048
ffn_dim = 8192
vocab_size = 32000
source = "test"
)");
  loader.load(file, true);
  loader.finish();
  std::vector<std::string> errors;
  for (const auto& diag : d.list())
    if (diag.severity == mlsi::Severity::error) errors.push_back(diag.message);
  EXPECT_EQ(errors, (std::vector<std::string>{"built-in Workload `ShapelessLM` must give `mlp`: its source says it",
                                              "built-in Workload `ShapelessLM` must give `tied_embeddings`: its source says it"}))
      << mlsi::render_all(p.sources, d, false);
}

// ---- 2. Structure ---------------------------------------------------------------------------------------

const std::vector<std::string> kKinds = {"Hardware", "Workload", "Node", "Fabric", "Fleet", "Pod", "Dataset",
                                         "Precision", "Grid", "Datacenter", "Cooling", "Rack", "Pricing"};

TEST(CatalogueStructure, EveryKindOfSection2IsARecordType) {
  for (const auto& k : kKinds) {
    auto it = cat().kinds.find(k);
    ASSERT_NE(it, cat().kinds.end()) << k;
    EXPECT_EQ(it->second->name, k);
    EXPECT_TRUE(it->second->catalogue) << k;
  }
}

TEST(CatalogueStructure, EveryEntryHasItsKindsRecordType) {
  for (const auto& e : cat().entries) {
    ASSERT_TRUE(is_record(e.value)) << e.key;
    const auto& r = e.value.record();
    EXPECT_EQ(r.type->name, e.kind) << e.key;
    ASSERT_TRUE(cat().kinds.count(e.kind)) << e.key << " has unknown kind " << e.kind;
    EXPECT_EQ(r.type.get(), cat().kinds.at(e.kind).get()) << e.key;
    EXPECT_EQ(r.key, e.key);
    EXPECT_EQ(r.fields.size(), r.type->fields.size()) << e.key;
    EXPECT_TRUE(e.builtin) << e.key;
  }
}

// Walks a value of declared type `t`: quantities are finite and >= 0, every value has its declared type,
// and references hold catalogue entries of the referenced kind.
void check_value(const mlsi::Value& v, const mlsi::Type& t, const std::string& where, int& checked) {
  ++checked;
  switch (t.kind) {
    case mlsi::Type::Kind::quantity:
      ASSERT_TRUE(v.is_number()) << where << " should be a quantity";
      EXPECT_TRUE(std::isfinite(v.number())) << where << " = " << v.number();
      EXPECT_GE(v.number(), 0.0) << where;
      break;
    case mlsi::Type::Kind::boolean: EXPECT_TRUE(is_bool(v)) << where << " should be a Bool"; break;
    case mlsi::Type::Kind::text: EXPECT_TRUE(is_text(v)) << where << " should be Text"; break;
    case mlsi::Type::Kind::list:
      ASSERT_TRUE(v.is_list()) << where << " should be a list";
      for (std::size_t i = 0; i < v.list().size(); ++i) check_value(v.list()[i], *t.element, where + "[" + std::to_string(i) + "]", checked);
      break;
    case mlsi::Type::Kind::record: {
      ASSERT_TRUE(is_record(v)) << where << " should be a record";
      const auto& r = v.record();
      if (t.record->catalogue) {  // a reference: a whole catalogue entry of the referenced kind
        EXPECT_EQ(r.type->name, t.record->name) << where;
        const auto* target = cat().find(r.key);
        ASSERT_NE(target, nullptr) << where << " holds `" << r.key << "`, which is not in the catalogue";
        EXPECT_EQ(target->kind, t.record->name) << where;
        EXPECT_EQ(target->key, r.key) << where;
        return;  // the target entry is checked on its own
      }
      ASSERT_EQ(r.fields.size(), t.record->fields.size()) << where;
      for (std::size_t i = 0; i < r.fields.size(); ++i)
        if (r.fields[i]) check_value(*r.fields[i], t.record->types[i], where + "." + t.record->fields[i], checked);
      break;
    }
    default: break;
  }
}

TEST(CatalogueStructure, QuantitiesAreFiniteAndNonNegativeAndValuesHaveTheirTypes) {
  int checked = 0;
  for (const auto& e : cat().entries) {
    const auto& r = e.value.record();
    for (std::size_t i = 0; i < r.fields.size(); ++i)
      if (r.fields[i]) check_value(*r.fields[i], r.type->types[i], e.key + "." + r.type->fields[i], checked);
  }
  EXPECT_GT(checked, 1000);
  std::cout << "[ info ] " << checked << " field values checked\n";
}

TEST(CatalogueStructure, ReferenceFieldsHoldEntriesOfTheRightKind) {
  // §1.5 references, plus the derived Fleet.accelerator and the optional Fleet.grid (§2.5).
  const std::vector<std::tuple<std::string, std::string, std::string>> refs = {
      {"Node", "accelerator", "Hardware"}, {"Fleet", "node", "Node"},          {"Fleet", "fabric", "Fabric"},
      {"Fleet", "accelerator", "Hardware"}, {"Pod", "accelerator", "Hardware"}, {"Datacenter", "grid", "Grid"},
      {"Fleet", "grid", "Grid"}};
  int held = 0;
  for (const auto& [kind, field, target] : refs) {
    const auto& rt = *cat().kinds.at(kind);
    int fi = rt.find(field);
    ASSERT_GE(fi, 0) << kind << "." << field;
    const auto& ft = rt.types[static_cast<std::size_t>(fi)];
    ASSERT_EQ(ft.kind, mlsi::Type::Kind::record) << kind << "." << field;
    EXPECT_EQ(ft.record->name, target) << kind << "." << field;
    EXPECT_TRUE(ft.record->catalogue) << kind << "." << field;
    for (const auto& e : cat().entries) {
      if (e.kind != kind) continue;
      const auto& fv = e.value.record().fields[static_cast<std::size_t>(fi)];
      if (!fv) {
        // Only Fleet.grid is optional (§2.5); the others are required or derived.
        EXPECT_EQ(field, "grid") << e.key << "." << field << " is absent";
        continue;
      }
      ++held;
      ASSERT_TRUE(is_record(*fv)) << e.key << "." << field;
      const auto& r = fv->record();
      const auto* t = cat().find(r.key);
      ASSERT_NE(t, nullptr) << e.key << "." << field << " = " << r.key;
      EXPECT_EQ(t->kind, target) << e.key << "." << field << " = " << r.key;
      EXPECT_EQ(r.type->name, target) << e.key << "." << field;
    }
  }
  // 3 nodes + 7 fleets * 3 + 1 pod + 7 datacenters (§3.3, §3.6), no fleet sets a grid.
  EXPECT_GE(held, 3 + 21 + 1 + 7);
}

TEST(CatalogueStructure, NamesAreUniqueAcrossKindsIncludingAliases) {
  std::map<std::string, std::string> seen;  // name -> entry that claims it
  std::size_t claims = 0;
  for (std::size_t i = 0; i < cat().entries.size(); ++i) {
    const auto& e = cat().entries[i];
    std::vector<std::string> names = {e.key};
    names.insert(names.end(), e.aliases.begin(), e.aliases.end());
    for (const auto& n : names) {
      ++claims;
      auto [it, fresh] = seen.emplace(n, e.kind + " " + e.key);
      EXPECT_TRUE(fresh) << "name `" << n << "` claimed by " << it->second << " and " << e.kind << " " << e.key;
      auto ni = cat().names.find(n);
      ASSERT_NE(ni, cat().names.end()) << n;
      EXPECT_EQ(ni->second, static_cast<int>(i)) << n << " resolves to another entry";
    }
  }
  EXPECT_EQ(cat().names.size(), claims);
  // §1.5: no key is a unit, a prelude constant or a prelude function.
  const auto& p = shared().program();
  for (const auto& [n, i] : cat().names) {
    EXPECT_EQ(p.units.find(n), nullptr) << n << " is also a unit";
    EXPECT_EQ(p.global_index.count(n), 0u) << n << " is also a prelude constant";
    EXPECT_EQ(p.function_index.count(n), 0u) << n << " is also a prelude function";
  }
}

TEST(CatalogueStructure, AliasesOfSection1_5ResolveToTheirEntries) {
  // §1.5: "The built-in aliases are GPT3_175B (GPT3), NVL72 (GB200_NVL72), ESP32 (ESP32_S3), Jetson_AGX_Orin,
  // Jetson_Orin_NX and Jetson_Orin_Nano"; §3.2.1 GPT3 "alias GPT3_175B"; §3.1.1 GB200_NVL72 "alias NVL72";
  // §3.1.5 ESP32_S3 "alias ESP32"; §3.1.4 JetsonAGXOrin / JetsonOrinNX / JetsonOrinNano "alias Jetson_…".
  const std::vector<std::tuple<std::string, std::string, std::string>> aliases = {
      {"GPT3_175B", "GPT3", "Workload"},           {"NVL72", "GB200_NVL72", "Hardware"},
      {"ESP32", "ESP32_S3", "Hardware"},           {"Jetson_AGX_Orin", "JetsonAGXOrin", "Hardware"},
      {"Jetson_Orin_NX", "JetsonOrinNX", "Hardware"}, {"Jetson_Orin_Nano", "JetsonOrinNano", "Hardware"}};
  std::size_t total_aliases = 0;
  for (const auto& e : cat().entries) total_aliases += e.aliases.size();
  EXPECT_EQ(total_aliases, aliases.size()) << "§1.5 lists exactly six built-in aliases";
  for (const auto& [alias, key, kind] : aliases) {
    const auto* e = cat().find(alias);
    ASSERT_NE(e, nullptr) << alias;
    EXPECT_EQ(e->key, key) << alias;
    EXPECT_EQ(e->kind, kind) << alias;
    EXPECT_EQ(e->value.record().key, key) << alias;
    EXPECT_NE(std::find(e->aliases.begin(), e->aliases.end(), alias), e->aliases.end()) << alias;
  }
}

// ---- 3. Counts and keys ---------------------------------------------------------------------------------

// Every key of docs/catalogue.md §3, with its kind.
const std::vector<std::pair<std::string, std::vector<std::string>>> kSpecKeys = {
    // §3.1.1 cloud (26), §3.1.2 workstation (2), §3.1.3 mobile (4), §3.1.4 edge (8), §3.1.5 tiny (5): 45
    {"Hardware",
     {"V100", "V100_PCIe", "T4", "A100", "H100", "H200", "B200", "GB200_NVL72", "MI250X", "MI300X", "Gaudi2", "Gaudi3",
      "Trainium2", "TPUv1", "TPUv2", "TPUv3", "TPUv4", "TPUv5p", "TPUv6", "Cerebras_CS3", "DMatrix_Corsair",
      "Graphcore_GC200", "Groq_LPU", "Untether_speedAI240", "IntelSGX", "ReferenceCPU",  //
      "DGX_Spark", "MacBookM3Max",                                                       //
      "iPhone15Pro", "Pixel8", "Snapdragon8Gen3", "AppleM2",                             //
      "JetsonAGXOrin", "JetsonOrinNX", "JetsonOrinNano", "DriveThor", "RoboTaxi", "Coral", "NUC_Movidius",
      "GenericServer",  //
      "ESP32_S3", "nRF52840", "HimaxWE1", "OuraRing", "LockstepSafetyMCU_Reference"}},
    // §3.2.1 language (13), §3.2.2 vision (9), §3.2.3 tiny, recommendation, ssm, generative, embodied (11): 33
    {"Workload",
     {"BERT_Base", "BERT_Large", "GPT2_Small", "GPT2", "GPT3", "GPT4", "Llama2_7B", "Llama2_70B", "Llama3_8B",
      "Llama3_70B", "Llama3_405B", "Mixtral_8x7B", "DeepSeek_V3",  //
      "AlexNet", "ResNet18", "ResNet50", "MobileNetV2", "MobileNetV2_Alpha0_5", "MobileNetV2_Alpha0_5FeatureExtractor",
      "EfficientNetB0", "YOLOv8_Nano", "LeNet1",  //
      "AnomalyDetector", "DS_CNN", "WakeVision", "DLRM", "Mamba_130M", "Mamba_2_8B", "StableDiffusion_v1_5",
      "OpenVLA_7B", "Octo_Base", "DiffusionPolicy_PushT", "ACT_ALOHA"}},
    // §3.3 (5 of its nodes)
    {"Node", {"DGX_H100", "DGX_A100", "DGX_B200", "DGX1_V100", "DGX2_V100"}},
    {"Fabric",
     {"Ethernet_10G", "Ethernet_100G", "Ethernet_400G", "Ethernet_800G", "Ethernet_1P6T", "RoCE_100G", "InfiniBand_HDR",
      "InfiniBand_NDR", "InfiniBand_XDR", "InfiniBand_GXDR"}},
    {"Fleet",
     {"Research_256", "Training_1K", "Production_2K", "Frontier_8K", "Training_10K", "Reference_25K_H100", "Mega_100K"}},
    {"Pod", {"TPUv4_4096"}},
    // §3.4
    {"Dataset", {"ImageNet", "CIFAR10", "MNIST", "MSWC"}},
    // §3.5
    {"Precision", {"fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4", "int8", "int4"}},
    // §3.6
    {"Grid",
     {"Quebec", "Norway", "Iceland", "France", "EU_Avg", "Germany", "Texas", "US_Avg", "China_Avg", "Iowa", "India_Avg",
      "Poland"}},
    {"Datacenter",
     {"Quebec_Hydro", "Norway_Hydro", "US_Hyperscale", "EU_Average", "France_Nuclear", "Iowa_Reference", "Poland_Coal"}},
    {"Cooling", {"LiquidCooled", "BestAir", "StateOfArt", "Typical", "SimpleAir", "Legacy"}},
    {"Rack", {"Traditional", "AI_Standard", "AI_High"}},
    // §3.7
    {"Pricing", {"Cloud2024", "Fleet2024", "OnPrem2024"}},
};

TEST(CatalogueCounts, AtLeast45HardwareAnd33Workloads) {
  std::map<std::string, int> count;
  for (const auto& e : cat().entries) ++count[e.kind];
  EXPECT_GE(count["Hardware"], 45);
  EXPECT_GE(count["Workload"], 33);
  for (const auto& [kind, keys] : kSpecKeys) EXPECT_GE(count[kind], static_cast<int>(keys.size())) << kind;
}

TEST(CatalogueCounts, EveryKeyOfSection3IsPresentWithItsKind) {
  std::set<std::string> spec;
  std::size_t n = 0;
  for (const auto& [kind, keys] : kSpecKeys)
    for (const auto& k : keys) {
      ++n;
      spec.insert(k);
      const auto* e = cat().find(k);
      if (!e) {
        ADD_FAILURE() << kind << " " << k << " (docs/catalogue.md §3) is missing";
        continue;
      }
      EXPECT_EQ(e->key, k) << k << " resolves as an alias of " << e->key;
      EXPECT_EQ(e->kind, kind) << k;
    }
  EXPECT_EQ(n, 45u + 33 + 5 + 10 + 7 + 1 + 4 + 9 + 12 + 7 + 6 + 3 + 3);
  // Entries §3 does not list are allowed ("at least"), but reported.
  for (const auto& e : cat().entries)
    if (!spec.count(e.key)) std::cout << "[ info ] entry not in docs/catalogue.md §3: " << e.kind << " " << e.key << "\n";
}


// ---- 6. Absent is not zero --------------------------------------------------------------------------------

TEST(CatalogueAbsent, ReadingAnAbsentFieldIsAnErrorNamingEntryAndField) {
  // §3.2.1: GPT4 seq_len is "—"; §1.6: reading an absent field is an error naming the entry and the field.
  ScratchSession s(R"(
scenario CatRead {
  output n = GPT4.seq_len
}
scenario CatHas {
  output gpt4 = has(GPT4.seq_len)
  output gpt3 = has(GPT3.seq_len)
  output gpt4_max = has(GPT4.max_seq_len)
  output via_alias = GPT3_175B.seq_len
  output fallback = if has(GPT4.seq_len) then GPT4.seq_len else GPT4.max_seq_len
}
)");
  ASSERT_TRUE(s.ok) << s.diags();
  std::string err;
  auto v = s.run("CatRead", "n", err);
  EXPECT_FALSE(v.has_value()) << "GPT4.seq_len evaluated to " << (v && v->is_number() ? full_digits(v->number()) : "?");
  EXPECT_NE(err.find("Workload GPT4 has no field seq_len"), std::string::npos) << err;

  auto gpt4 = s.run("CatHas", "gpt4", err);
  ASSERT_TRUE(gpt4.has_value()) << err;
  EXPECT_FALSE(gpt4->boolean());
  auto gpt3 = s.run("CatHas", "gpt3", err);
  ASSERT_TRUE(gpt3.has_value()) << err;
  EXPECT_TRUE(gpt3->boolean());
  auto gpt4_max = s.run("CatHas", "gpt4_max", err);
  ASSERT_TRUE(gpt4_max.has_value()) << err;
  EXPECT_TRUE(gpt4_max->boolean());
  auto alias = s.run("CatHas", "via_alias", err);  // §3.2.1: GPT3 (alias GPT3_175B) seq_len 2048
  ASSERT_TRUE(alias.has_value()) << err;
  EXPECT_EQ(alias->number(), 2048);
  auto fallback = s.run("CatHas", "fallback", err);  // §3.2.1: GPT4 max_seq_len 8192
  ASSERT_TRUE(fallback.has_value()) << err;
  EXPECT_EQ(fallback->number(), 8192);
}

}  // namespace catalogue_facts
