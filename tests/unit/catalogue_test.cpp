// The built-in catalogue and the prelude constants against their published figures.
//
// Every expected value below is written BY HAND from the published figures (the datasheets and papers each
// entry's `source` names, as the design tables the catalogue was built from quote them), never read back
// from the TOML files, and is compared in SI base units (byte, FLOP, s, W, J, USD, kg, m3) with a relative
// tolerance of 1e-12. Each row carries the published string in a comment. § numbers are sections of
// docs/catalogue.md: §3 the group of entries a row belongs to, §1.5 derived fields, §4 constants, §5.1 spot values.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "catalogue/catalogue_loader.hpp"
#include "eval/evaluator.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`, which
// interpreter/model/units.hpp uses as a parameter name.
#include <gtest/gtest.h>

namespace {

// ---- SI factors (docs/language.md §17.1) ----------------------------------------------------------------
constexpr double KiB = 1024.0, MiB = KiB * 1024, GiB = MiB * 1024, TiB = GiB * 1024;  // 2^10 … 2^40 B
constexpr double MB = 1e6, GB = 1e9, TB = 1e12, PB = 1e15;                     // decimal bytes
constexpr double Gbps = 1e9 / 8;                                                          // 1e9 bit/s, bit = 1/8 byte
constexpr double kFLOP = 1e3, MFLOP = 1e6, GFLOP = 1e9, TFLOP = 1e12, PFLOP = 1e15;      // also per second
constexpr double MOPS = 1e6, GOPS = 1e9, TOPS = 1e12;                                    // OPS = 1 FLOP/s
constexpr double ns = 1e-9, us = 1e-6, ms = 1e-3;
constexpr double hour = 3600, day = 86400, month = 30 * day, year = 365 * day;
constexpr double mW = 1e-3, kW = 1e3, MW = 1e6;
constexpr double pJ = 1e-12, mJ = 1e-3, Wh = 3600, kWh = 3.6e6, MWh = 3.6e9;
constexpr double g = 1e-3;  // kg
constexpr double L = 1e-3;  // m3

constexpr double kRelTol = 1e-12;

bool close_enough(double actual, double expected) {
  if (expected == 0) return actual == 0;
  return std::fabs(actual - expected) <= kRelTol * std::fabs(expected);
}

std::string full_digits(double x) {
  std::ostringstream o;
  o.precision(17);
  o << x;
  return o.str();
}

// One session for the read-only tests: prelude + built-in catalogue, checked.
mlsi::ProgramSession& shared() {
  static std::unique_ptr<mlsi::ProgramSession> s = [] {
    auto session = std::make_unique<mlsi::ProgramSession>();
    session->check();
    return session;
  }();
  return *s;
}
const mlsi::Catalogue& cat() { return shared().program().catalogue; }

bool is_record(const mlsi::Value& v) { return std::holds_alternative<std::shared_ptr<const mlsi::RecordValue>>(v.v); }
bool is_text(const mlsi::Value& v) { return std::holds_alternative<std::string>(v.v); }
bool is_bool(const mlsi::Value& v) { return std::holds_alternative<bool>(v.v); }

// The value at `path` ("memory", "flops.fp8", "accelerator.memory", "mig_profiles.0.sm_count") of catalogue
// entry `key`. Returns nothing and says why when the entry, the field or the value is missing.
std::optional<mlsi::Value> lookup(const std::string& key, const std::string& path, std::string& why) {
  const auto* e = cat().find(key);
  if (!e) {
    why = "no catalogue entry " + key;
    return std::nullopt;
  }
  mlsi::Value v = e->value;
  std::string rest = path, walked = key;
  while (!rest.empty()) {
    auto dot = rest.find('.');
    std::string seg = rest.substr(0, dot);
    rest = dot == std::string::npos ? "" : rest.substr(dot + 1);
    if (v.is_list()) {
      std::size_t i = std::stoul(seg);
      if (i >= v.list().size()) {
        why = walked + " has no element " + seg;
        return std::nullopt;
      }
      mlsi::Value next = v.list()[i];
      v = next;
    } else if (is_record(v)) {
      const auto& r = v.record();
      int i = r.type->find(seg);
      if (i < 0) {
        why = walked + " (" + r.type->name + ") has no field " + seg + " in its type";
        return std::nullopt;
      }
      if (!r.fields[static_cast<std::size_t>(i)]) {
        why = walked + "." + seg + " is absent";
        return std::nullopt;
      }
      mlsi::Value next = *r.fields[static_cast<std::size_t>(i)];
      v = next;
    } else {
      why = walked + " is not a record or list";
      return std::nullopt;
    }
    walked += "." + seg;
  }
  return v;
}

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

// ---- 4. Spot values -------------------------------------------------------------------------------------

struct Spot {
  const char* key;
  const char* path;
  double si;
};

// clang-format off
const std::vector<Spot> kSpots = {
  // ---- §5.1 spot values --------------------------------------------------------------------------------
  {"H100", "memory", 85899345920.0},               // §5.1: H100.memory == 85899345920 byte ("80 GiB")
  {"H100", "peak_flops", 9.89e14},                 // §5.1: H100.peak_flops == 9.89e14 FLOP/s ("989 TFLOP/s")
  {"InfiniBand_NDR", "bandwidth", 5e10},           // §5.1: InfiniBand_NDR.bandwidth == 5e10 byte/s ("400 Gbps")
  {"GPT3", "training_flops", 3.14e23},             // §5.1: GPT3.training_flops == 3.14e23 FLOP
  {"US_Avg", "carbon_intensity", 0.429 / 3.6e6},   // §5.1: US_Avg.carbon_intensity == 0.429 kg/kWh ("429 g/kWh")
  {"fp6", "bytes", 0.75},                          // §5.1: fp6.bytes == 0.75 byte

  // ---- §1.5 derived fields -----------------------------------------------------------------------------
  {"Frontier_8K", "accelerators", 8192},           // §5.1/§3.3: Frontier_8K nodes 1024 x DGX_H100 8 = 8192
  {"Research_256", "accelerators", 256},           // §3.3: 32 nodes x 8 = 256
  {"Training_1K", "accelerators", 1024},           // §3.3: 128 x 8 = 1024
  {"Production_2K", "accelerators", 2048},         // §3.3: 256 x 8 = 2048
  {"Training_10K", "accelerators", 10000},         // §3.3: 1250 x 8 = 10000
  {"Reference_25K_H100", "accelerators", 25000},   // §3.3: 3125 x 8 = 25000
  {"Mega_100K", "accelerators", 100000},           // §3.3: 12500 x 8 = 100000
  {"Frontier_8K", "accelerator.memory", 80 * GiB}, // §1.5 Fleet.accelerator = node.accelerator = H100 ("80 GiB")
  {"Mega_100K", "accelerator.peak_flops", 989 * TFLOP}, // §1.5 Fleet.accelerator = H100 ("989 TFLOP/s")
  {"GPT3", "active_parameters", 175e9},            // §1.5 active_parameters = parameters (dense): 175e9
  {"Llama2_70B", "active_parameters", 70e9},       // §1.5 dense: 70e9
  {"BERT_Base", "active_parameters", 110e6},       // §1.5 dense: 110e6
  {"ResNet50", "active_parameters", 25.6e6},       // §1.5 dense: 25.6e6
  {"GPT3", "head_dim", 128},                       // §1.5 head_dim = hidden_dim / heads = 12288 / 96 = 128
  {"BERT_Base", "head_dim", 64},                   // §3.2.1: 768 / 12 = 64
  {"BERT_Large", "head_dim", 64},                  // §3.2.1: 1024 / 16 = 64
  {"GPT2_Small", "head_dim", 64},                  // §3.2.1: 768 / 12 = 64
  {"GPT2", "head_dim", 64},                        // §3.2.1: 1600 / 25 = 64
  {"GPT4", "head_dim", 128},                       // §3.2.1: 16384 / 128 = 128
  {"Llama2_7B", "head_dim", 128},                  // §3.2.1: 4096 / 32 = 128
  {"Llama2_70B", "head_dim", 128},                 // §3.2.1: 8192 / 64 = 128
  {"Llama3_8B", "head_dim", 128},                  // §3.2.1: 4096 / 32 = 128
  {"Llama3_70B", "head_dim", 128},                 // §3.2.1: 8192 / 64 = 128
  {"Llama3_405B", "head_dim", 128},                // §3.2.1: 16384 / 128 = 128
  {"Mixtral_8x7B", "head_dim", 128},               // §3.2.1: 4096 / 32 = 128
  {"DeepSeek_V3", "head_dim", 128},                // §3.2.1: "DeepSeek-V3 states it (128)"
  {"H100", "flops.fp16", 989 * TFLOP},             // §1.5 flops.<peak_precision fp16> = peak_flops "989 TFLOP/s"
  {"Gaudi2", "flops.bf16", 432 * TFLOP},           // §1.5 flops.bf16 = peak_flops "432 TFLOP/s" (peak_precision bf16)
  {"TPUv1", "flops.int8", 92 * TOPS},              // §1.5 flops.int8 = peak_flops "92 TOPS"
  {"Untether_speedAI240", "flops.fp8", 2 * PFLOP}, // §1.5 flops.fp8 = peak_flops "2 PFLOP/s"
  {"MacBookM3Max", "flops.fp32", 14.2 * TFLOP},    // §1.5 flops.fp32 = peak_flops "14.2 TFLOP/s"
  {"ESP32_S3", "flops.fp32", 0.5 * GFLOP},         // §1.5 flops.fp32 = peak_flops "0.5 GFLOP/s"
  {"DriveThor", "flops.fp8", 1000 * TFLOP},        // §1.5 flops.fp8 = peak_flops "1000 TFLOP/s"
  {"H100", "accelerators", 1},                     // §1.5 Hardware.accelerators = 1
  {"T4", "accelerators", 1},                       // §1.5 Hardware.accelerators = 1
  {"GB200_NVL72", "accelerators", 72},             // §3.1.1 GB200_NVL72 "accelerators 72"
  {"H100", "dispatch_overhead", 1e-5},             // §1.5 / §3.1.1: "0.01 ms" = 1e-5 s
  {"TPUv4_4096", "memory", 128 * TiB},             // §1.5 Pod.memory = 4096 x TPUv4 "32 GiB" = "128 TiB"
  {"Quebec_Hydro", "pue", 1.06},                   // §1.5 Datacenter.pue = grid Quebec pue 1.06
  {"Norway_Hydro", "pue", 1.06},                   // §3.6: Norway pue 1.06
  {"US_Hyperscale", "pue", 1.12},                  // §3.6: US_Avg pue 1.12
  {"EU_Average", "pue", 1.12},                     // §3.6: EU_Avg pue 1.12
  {"France_Nuclear", "pue", 1.12},                 // §3.6: France pue 1.12
  {"Iowa_Reference", "pue", 1.12},                 // §3.6: Iowa pue 1.12
  {"Poland_Coal", "pue", 1.58},                    // §3.6: Poland pue 1.58
  {"Quebec_Hydro", "wue", 0},                      // §1.5 Datacenter.wue = Quebec wue "0 L/kWh"
  {"Poland_Coal", "wue", 1.8 * L / kWh},           // §1.5 Datacenter.wue = Poland wue "1.8 L/kWh"
  {"Ethernet_10G", "oversubscription", 1},         // §1.5 Fabric.oversubscription = 1
  {"InfiniBand_NDR", "oversubscription", 1},       // §1.5 / §3.3 "all fat-tree, oversubscription 1"
  {"fp32", "bits", 32},                            // §1.5 Precision.bits = bytes in bits: "4 byte" -> 32
  {"tf32", "bits", 32},                            // §3.5 tf32 bits 32
  {"bf16", "bits", 16},                            // §3.5 bf16 bits 16
  {"fp16", "bits", 16},                            // §3.5 fp16 bits 16
  {"fp8", "bits", 8},                              // §3.5 fp8 bits 8
  {"fp6", "bits", 6},                              // §3.5 fp6 bits 6
  {"fp4", "bits", 4},                              // §3.5 fp4 bits 4
  {"int8", "bits", 8},                             // §3.5 int8 bits 8
  {"int4", "bits", 4},                             // §3.5 int4 bits 4

  // ---- §3.1.1 Hardware, cloud --------------------------------------------------------------------------
  {"V100", "year", 2017},                          // §3.1.1: V100 year 2017
  {"V100", "peak_flops", 125 * TFLOP},             // §3.1.1: V100 "125 TFLOP/s"
  {"V100", "flops.fp32", 15.7 * TFLOP},            // §3.1.1: V100 "fp32 15.7 TFLOP/s"
  {"V100", "memory", 32 * GiB},                    // §3.1.1: V100 "32 GiB"
  {"V100", "memory_bandwidth", 900 * GB},          // §3.1.1: V100 "900 GB/s"
  {"V100", "host_link_bandwidth", 15.75 * GB},     // §3.1.1: V100 "PCIe Gen3 x16 / 15.75 GB/s"
  {"V100", "device_link_bandwidth", 300 * GB},     // §3.1.1: V100 "NVLink 2.0 / 300 GB/s"
  {"V100", "tdp", 300},                            // §3.1.1: V100 "300 W"
  {"V100", "price", 10000},                        // §3.1.1: V100 "10000 USD"
  {"V100", "dispatch_overhead", 0.02 * ms},        // §3.1.1: V100 "0.02 ms"
  {"V100_PCIe", "peak_flops", 112 * TFLOP},        // §3.1.1: V100_PCIe "112 TFLOP/s"
  {"V100_PCIe", "flops.fp32", 14 * TFLOP},         // §3.1.1: V100_PCIe "fp32 14 TFLOP/s"
  {"V100_PCIe", "tdp", 250},                       // §3.1.1: V100_PCIe "250 W"
  {"T4", "peak_flops", 65 * TFLOP},                // §3.1.1: T4 "65 TFLOP/s"
  {"T4", "flops.int8", 130 * TOPS},                // §3.1.1: T4 "int8 130 TOPS"
  {"T4", "memory", 16 * GiB},                      // §3.1.1: T4 "16 GiB"
  {"T4", "memory_bandwidth", 320 * GB},            // §3.1.1: T4 "320 GB/s"
  {"T4", "tdp", 70},                               // §3.1.1: T4 "70 W"
  {"T4", "price", 2500},                           // §3.1.1: T4 "2500 USD"
  {"T4", "dispatch_overhead", 0.03 * ms},          // §3.1.1: T4 "0.03 ms"
  {"A100", "year", 2020},                          // §3.1.1: A100 year 2020
  {"A100", "peak_flops", 312 * TFLOP},             // §3.1.1: A100 "312 TFLOP/s"
  {"A100", "flops.bf16", 312 * TFLOP},             // §3.1.1: A100 "bf16 312 TFLOP/s"
  {"A100", "flops.tf32", 156 * TFLOP},             // §3.1.1: A100 "tf32 156 TFLOP/s"
  {"A100", "flops.fp32", 19.5 * TFLOP},            // §3.1.1: A100 "fp32 19.5 TFLOP/s"
  {"A100", "flops.int8", 624 * TOPS},              // §3.1.1: A100 "int8 624 TOPS"
  {"A100", "flops_sparse.fp16", 624 * TFLOP},      // §3.1.1: A100 flops_sparse "fp16 624 TFLOP/s"
  {"A100", "memory", 80 * GiB},                    // §3.1.1: A100 "80 GiB"
  {"A100", "memory_bandwidth", 2039 * GB},         // §3.1.1: A100 "2039 GB/s"
  {"A100", "host_link_bandwidth", 32 * GB},        // §3.1.1: A100 "PCIe Gen4 x16 / 32 GB/s"
  {"A100", "device_link_bandwidth", 600 * GB},     // §3.1.1: A100 "NVLink 3.0 / 600 GB/s"
  {"A100", "tdp", 400},                            // §3.1.1: A100 "400 W"
  {"A100", "price", 15000},                        // §3.1.1: A100 "15000 USD"
  {"A100", "dispatch_overhead", 0.015 * ms},       // §3.1.1: A100 "0.015 ms"
  {"A100", "embodied_carbon", 150},                // §3.1.1: A100 "embodied_carbon 150 kg"
  {"A100", "mig_profiles.0.memory", 10 * GiB},     // §3.1.1 mig: 1g.10gb "10 GiB"
  {"A100", "mig_profiles.0.sm_count", 14},         // §3.1.1 mig: 1g.10gb sm_count 14
  {"A100", "mig_profiles.1.memory", 20 * GiB},     // §3.1.1 mig: 2g.20gb "20 GiB"
  {"A100", "mig_profiles.1.sm_count", 28},         // §3.1.1 mig: 2g.20gb sm_count 28
  {"A100", "mig_profiles.2.memory", 40 * GiB},     // §3.1.1 mig: 3g.40gb "40 GiB"
  {"A100", "mig_profiles.2.sm_count", 42},         // §3.1.1 mig: 3g.40gb sm_count 42
  {"A100", "mig_profiles.3.memory", 80 * GiB},     // §3.1.1 mig: 7g.80gb "80 GiB"
  {"A100", "mig_profiles.3.sm_count", 98},         // §3.1.1 mig: 7g.80gb sm_count 98
  {"H100", "year", 2022},                          // §3.1.1: H100 year 2022
  {"H100", "flops.bf16", 989 * TFLOP},             // §3.1.1: H100 "bf16 989 TFLOP/s"
  {"H100", "flops.tf32", 494 * TFLOP},             // §3.1.1: H100 "tf32 494 TFLOP/s"
  {"H100", "flops.fp32", 67 * TFLOP},              // §3.1.1: H100 "fp32 67 TFLOP/s"
  {"H100", "flops.fp8", 1979 * TFLOP},             // §3.1.1: H100 "fp8 1979 TFLOP/s"
  {"H100", "flops.int8", 1979 * TOPS},             // §3.1.1: H100 "int8 1979 TOPS"
  {"H100", "memory_bandwidth", 3.35 * TB},         // §3.1.1: H100 "3.35 TB/s"
  {"H100", "host_link_bandwidth", 64 * GB},        // §3.1.1: H100 "PCIe Gen5 x16 / 64 GB/s"
  {"H100", "device_link_bandwidth", 900 * GB},     // §3.1.1: H100 "NVLink 4.0 / 900 GB/s"
  {"H100", "tdp", 700},                            // §3.1.1: H100 "700 W"
  {"H100", "price", 30000},                        // §3.1.1 / §3.7: H100 "30000 USD"
  {"H100", "sm_count", 132},                       // §3.1.1: H100 "sm_count 132"
  {"H100", "l2_cache", 50 * MB},                   // §3.1.1: H100 "l2_cache 50 MB"
  {"H100", "register_file_per_sm", 256 * KiB},     // §3.1.1: H100 "register_file_per_sm 256 KiB"
  {"H100", "shared_memory_per_sm", 228 * KiB},     // §3.1.1: H100 "shared_memory_per_sm 228 KiB"
  {"H100", "storage", 2 * TB},                     // §3.1.1: H100 "storage 2 TB"
  {"H100", "storage_bandwidth", 7 * GB},           // §3.1.1: H100 "storage_bandwidth 7 GB/s"
  {"H100", "embodied_carbon", 164},                // §3.1.1: H100 "embodied_carbon 164 kg"
  {"H200", "peak_flops", 989 * TFLOP},             // §3.1.1: H200 "989 TFLOP/s"
  {"H200", "flops.fp8", 1979 * TFLOP},             // §3.1.1: H200 "same as H100": fp8 1979 TFLOP/s
  {"H200", "memory", 151397597184.0},              // NVIDIA H200 product page: 141 GB, kept as 141 GiB = 141 x 2^30 B like every HBM capacity (docs/catalogue.md §3.1)
  {"H200", "memory_bandwidth", 4.8 * TB},          // §3.1.1: H200 "4.8 TB/s"
  {"H200", "tdp", 700},                            // §3.1.1: H200 "700 W"
  {"H200", "price", 35000},                        // §3.1.1: H200 "35000 USD"
  {"H200", "storage", 4 * TB},                     // §3.1.1: H200 "storage 4 TB"
  {"B200", "peak_flops", 2250 * TFLOP},            // §3.1.1: B200 "2250 TFLOP/s"
  {"B200", "flops.bf16", 2250 * TFLOP},            // §3.1.1: B200 "bf16 2250 TFLOP/s"
  {"B200", "flops.fp8", 4500 * TFLOP},             // §3.1.1: B200 "fp8 4500 TFLOP/s"
  {"B200", "flops.fp4", 9000 * TFLOP},             // §3.1.1: B200 "fp4 9000 TFLOP/s"
  {"B200", "flops.int4", 9000 * TOPS},             // §3.1.1: B200 "int4 9000 TOPS"
  {"B200", "memory", 206158430208.0},              // §3.1.1: B200 "192 GiB" = 192 * 2^30 B = 206,158,430,208 B
  {"B200", "memory_bandwidth", 8 * TB},            // §3.1.1: B200 "8 TB/s"
  {"B200", "device_link_bandwidth", 1800 * GB},    // §3.1.1: B200 "NVLink 5.0 / 1800 GB/s"
  {"B200", "tdp", 1000},                           // §3.1.1: B200 "1000 W"
  {"B200", "price", 40000},                        // §3.1.1: B200 "40000 USD"
  {"B200", "dispatch_overhead", 0.008 * ms},       // §3.1.1: B200 "0.008 ms"
  {"GB200_NVL72", "peak_flops", 162 * PFLOP},      // §3.1.1: GB200_NVL72 "162 PFLOP/s"
  {"GB200_NVL72", "flops.fp8", 324 * PFLOP},       // §3.1.1: GB200_NVL72 "fp8 324 PFLOP/s"
  {"GB200_NVL72", "flops.fp4", 648 * PFLOP},       // §3.1.1: GB200_NVL72 "fp4 648 PFLOP/s"
  {"GB200_NVL72", "memory", 14843406974976.0},     // §3.1.1: "13.5 TiB" = 14,843,406,974,976 B
  {"GB200_NVL72", "memory_bandwidth", 576 * TB},   // §3.1.1: "576 TB/s"
  {"GB200_NVL72", "device_link_bandwidth", 130 * TB}, // §3.1.1: "NVLink Switch domain / 130 TB/s"
  {"GB200_NVL72", "tdp", 120 * kW},                // §3.1.1: "120 kW"
  {"GB200_NVL72", "price", 3000000},               // §3.1.1: "3000000 USD"
  {"GB200_NVL72", "dispatch_overhead", 0.005 * ms},// §3.1.1: "0.005 ms"
  {"MI250X", "peak_flops", 383 * TFLOP},           // §3.1.1: MI250X "383 TFLOP/s"
  {"MI250X", "flops.fp32", 47.9 * TFLOP},          // §3.1.1: MI250X "fp32 47.9 TFLOP/s"
  {"MI250X", "flops.int8", 383 * TOPS},            // §3.1.1: MI250X "int8 383 TOPS"
  {"MI250X", "memory", 128 * GiB},                 // §3.1.1: MI250X "128 GiB"
  {"MI250X", "memory_bandwidth", 3.2 * TB},        // §3.1.1: MI250X "3.2 TB/s"
  {"MI250X", "tdp", 500},                          // §3.1.1: MI250X "500 W"
  {"MI300X", "peak_flops", 1307 * TFLOP},          // §3.1.1: MI300X "1307 TFLOP/s"
  {"MI300X", "flops.fp32", 163.4 * TFLOP},         // §3.1.1: MI300X "fp32 163.4 TFLOP/s"
  {"MI300X", "flops.fp8", 2614 * TFLOP},           // §3.1.1: MI300X "fp8 2614 TFLOP/s"
  {"MI300X", "memory", 192 * GiB},                 // §3.1.1: MI300X "192 GiB"
  {"MI300X", "memory_bandwidth", 5.3 * TB},        // §3.1.1: MI300X "5.3 TB/s"
  {"MI300X", "tdp", 750},                          // §3.1.1: MI300X "750 W"
  {"MI300X", "price", 15000},                      // §3.1.1: MI300X "15000 USD"
  {"MI300X", "dispatch_overhead", 0.012 * ms},     // §3.1.1: MI300X "0.012 ms"
  {"Gaudi2", "peak_flops", 432 * TFLOP},           // §3.1.1: Gaudi2 "432 TFLOP/s"
  {"Gaudi2", "flops.fp8", 865 * TFLOP},            // §3.1.1: Gaudi2 "fp8 865 TFLOP/s"
  {"Gaudi2", "memory", 96 * GiB},                  // §3.1.1: Gaudi2 "96 GiB"
  {"Gaudi2", "memory_bandwidth", 2.45 * TB},       // §3.1.1: Gaudi2 "2.45 TB/s"
  {"Gaudi2", "device_link_bandwidth", 300 * GB},   // §3.1.1: Gaudi2 "RoCE 24 x 100 GbE / 300 GB/s"
  {"Gaudi2", "tdp", 600},                          // §3.1.1: Gaudi2 "600 W"
  {"Gaudi3", "peak_flops", 1835 * TFLOP},          // §3.1.1: Gaudi3 "1835 TFLOP/s"
  {"Gaudi3", "flops.fp8", 1835 * TFLOP},           // §3.1.1: Gaudi3 "fp8 1835 TFLOP/s"
  {"Gaudi3", "memory", 128 * GiB},                 // §3.1.1: Gaudi3 "128 GiB"
  {"Gaudi3", "memory_bandwidth", 3.7 * TB},        // §3.1.1: Gaudi3 "3.7 TB/s"
  {"Gaudi3", "tdp", 900},                          // §3.1.1: Gaudi3 "900 W"
  {"Trainium2", "peak_flops", 380 * TFLOP},        // §3.1.1: Trainium2 "380 TFLOP/s"
  {"Trainium2", "flops.fp8", 760 * TFLOP},         // §3.1.1: Trainium2 "fp8 760 TFLOP/s"
  {"Trainium2", "memory", 96 * GiB},               // §3.1.1: Trainium2 "96 GiB"
  {"Trainium2", "memory_bandwidth", 2.4 * TB},     // §3.1.1: Trainium2 "2.4 TB/s"
  {"TPUv1", "peak_flops", 92 * TOPS},              // §3.1.1: TPUv1 "92 TOPS"
  {"TPUv1", "memory", 8 * GiB},                    // §3.1.1: TPUv1 "8 GiB"
  {"TPUv1", "memory_bandwidth", 34 * GB},          // §3.1.1: TPUv1 "34 GB/s"
  {"TPUv1", "tdp", 75},                            // §3.1.1: TPUv1 "75 W"
  {"TPUv1", "dispatch_overhead", 0.05 * ms},       // §3.1.1: TPUv1 "0.05 ms"
  {"TPUv2", "peak_flops", 45 * TFLOP},             // §3.1.1: TPUv2 "45 TFLOP/s"
  {"TPUv2", "memory", 16 * GiB},                   // §3.1.1: TPUv2 "16 GiB"
  {"TPUv2", "memory_bandwidth", 700 * GB},         // §3.1.1: TPUv2 "700 GB/s"
  {"TPUv3", "peak_flops", 105 * TFLOP},            // §3.1.1: TPUv3 "105 TFLOP/s"
  {"TPUv3", "memory", 32 * GiB},                   // §3.1.1: TPUv3 "32 GiB"
  {"TPUv4", "peak_flops", 275 * TFLOP},            // §3.1.1: TPUv4 "275 TFLOP/s"
  {"TPUv4", "memory", 32 * GiB},                   // §3.1.1: TPUv4 "32 GiB"
  {"TPUv4", "memory_bandwidth", 1200 * GB},        // §3.1.1: TPUv4 "1200 GB/s"
  {"TPUv4", "tdp", 200},                           // §3.1.1: TPUv4 "200 W"
  {"TPUv4", "dispatch_overhead", 0.04 * ms},       // §3.1.1: TPUv4 "0.04 ms"
  {"TPUv5p", "peak_flops", 459 * TFLOP},           // §3.1.1: TPUv5p "459 TFLOP/s"
  {"TPUv5p", "flops.int8", 918 * TOPS},            // §3.1.1: TPUv5p "int8 918 TOPS"
  {"TPUv5p", "memory", 95 * GiB},                  // §3.1.1: TPUv5p "95 GiB"
  {"TPUv5p", "memory_bandwidth", 2.76 * TB},       // §3.1.1: TPUv5p "2.76 TB/s"
  {"TPUv5p", "sram", 128 * MiB},                   // §3.1.1: TPUv5p "128 MiB (VMEM)"
  {"TPUv5p", "device_link_bandwidth", 1200 * GB},  // §3.1.1: TPUv5p "ICI / 1200 GB/s"
  {"TPUv6", "peak_flops", 918 * TFLOP},            // §3.1.1: TPUv6 "918 TFLOP/s"
  {"TPUv6", "memory", 32 * GiB},                   // §3.1.1: TPUv6 "32 GiB"
  {"TPUv6", "memory_bandwidth", 1600 * GB},        // §3.1.1: TPUv6 "1600 GB/s"
  {"Cerebras_CS3", "peak_flops", 125 * PFLOP},     // §3.1.1: Cerebras_CS3 "125 PFLOP/s"
  {"Cerebras_CS3", "memory", 44 * GiB},            // §3.1.1: Cerebras_CS3 "44 GiB"
  {"Cerebras_CS3", "memory_bandwidth", 21 * PB},   // §3.1.1: Cerebras_CS3 "21 PB/s"
  {"Cerebras_CS3", "host_link_bandwidth", 1.2 * TB}, // §3.1.1: Cerebras_CS3 "SwarmX / MemoryX / 1.2 TB/s"
  {"Cerebras_CS3", "tdp", 23000},                  // §3.1.1: Cerebras_CS3 "23000 W"
  {"Cerebras_CS3", "price", 2000000},              // §3.1.1: Cerebras_CS3 "2000000 USD"
  {"Cerebras_CS3", "dispatch_overhead", 0.001 * ms}, // §3.1.1: Cerebras_CS3 "0.001 ms"
  {"DMatrix_Corsair", "peak_flops", 2400 * TOPS},  // §3.1.1: DMatrix_Corsair "2400 TOPS"
  {"DMatrix_Corsair", "flops.int4", 9600 * TOPS},  // §3.1.1: DMatrix_Corsair "int4 9600 TOPS"
  {"DMatrix_Corsair", "memory", 2 * GiB},          // §3.1.1: DMatrix_Corsair "2 GiB"
  {"DMatrix_Corsair", "memory_bandwidth", 150 * TB}, // §3.1.1: DMatrix_Corsair "150 TB/s"
  {"DMatrix_Corsair", "tdp", 600},                 // §3.1.1: DMatrix_Corsair "600 W"
  {"Graphcore_GC200", "peak_flops", 250 * TFLOP},  // §3.1.1: Graphcore_GC200 "250 TFLOP/s"
  {"Graphcore_GC200", "memory", 900 * MB},         // §3.1.1: Graphcore_GC200 "900 MB"
  {"Graphcore_GC200", "memory_bandwidth", 45 * TB},// §3.1.1: Graphcore_GC200 "45 TB/s"
  {"Groq_LPU", "peak_flops", 188 * TFLOP},         // §3.1.1: Groq_LPU "188 TFLOP/s"
  {"Groq_LPU", "flops.int8", 750 * TOPS},          // §3.1.1: Groq_LPU "int8 750 TOPS"
  {"Groq_LPU", "memory", 230 * MB},                // §3.1.1: Groq_LPU "230 MB"
  {"Groq_LPU", "memory_bandwidth", 80 * TB},       // §3.1.1: Groq_LPU "80 TB/s"
  {"Groq_LPU", "tdp", 215},                        // §3.1.1: Groq_LPU "215 W"
  {"Untether_speedAI240", "peak_flops", 2 * PFLOP}, // §3.1.1: Untether_speedAI240 "2 PFLOP/s"
  {"Untether_speedAI240", "flops.bf16", 1 * PFLOP}, // §3.1.1: Untether_speedAI240 "bf16 1 PFLOP/s"
  {"Untether_speedAI240", "memory", 238 * MB},     // §3.1.1: Untether_speedAI240 "238 MB"
  {"Untether_speedAI240", "memory_bandwidth", 1 * PB}, // §3.1.1: Untether_speedAI240 "1 PB/s"
  {"IntelSGX", "peak_flops", 1 * TFLOP},           // §3.1.1: IntelSGX "1 TFLOP/s"
  {"IntelSGX", "memory", 128 * MiB},               // §3.1.1: IntelSGX "128 MiB"
  {"IntelSGX", "memory_bandwidth", 10 * GB},       // §3.1.1: IntelSGX "10 GB/s"
  {"IntelSGX", "sram", 128 * MiB},                 // §3.1.1: IntelSGX sram "128 MiB"
  {"IntelSGX", "dispatch_overhead", 5 * ms},       // §3.1.1: IntelSGX "5 ms"
  {"ReferenceCPU", "peak_flops", 1 * TFLOP},       // §3.1.1: ReferenceCPU "1 TFLOP/s"
  {"ReferenceCPU", "memory", 64 * GiB},            // §3.1.1: ReferenceCPU "64 GiB"
  {"ReferenceCPU", "memory_bandwidth", 50 * GB},   // §3.1.1: ReferenceCPU "50 GB/s"
  {"ReferenceCPU", "tdp", 150},                    // §3.1.1: ReferenceCPU "150 W"
  {"ReferenceCPU", "dispatch_overhead", 0.1 * ms}, // §3.1.1: ReferenceCPU "0.1 ms"

  // ---- §3.1.2 workstation ------------------------------------------------------------------------------
  {"DGX_Spark", "year", 2025},                     // §3.1.2: DGX_Spark year 2025
  {"DGX_Spark", "peak_flops", 125 * TFLOP},        // §3.1.2: DGX_Spark "125 TFLOP/s"
  {"DGX_Spark", "flops.fp8", 250 * TFLOP},         // §3.1.2: DGX_Spark "fp8 250 TFLOP/s"
  {"DGX_Spark", "flops.fp4", 500 * TFLOP},         // §3.1.2: DGX_Spark "fp4 500 TFLOP/s"
  {"DGX_Spark", "flops_sparse.fp4", 1000 * TFLOP}, // §3.1.2: DGX_Spark "sparse fp4 1000 TFLOP/s"
  {"DGX_Spark", "memory", 128 * GB},               // §3.1.2: DGX_Spark "128 GB" (decimal)
  {"DGX_Spark", "memory_bandwidth", 273 * GB},     // §3.1.2: DGX_Spark "273 GB/s"
  {"DGX_Spark", "tdp", 200},                       // §3.1.2: DGX_Spark "200 W"
  {"DGX_Spark", "price", 3000},                    // §3.1.2: DGX_Spark "3000 USD"
  {"DGX_Spark", "price_max", 5000},                // §3.1.2: DGX_Spark "price_max 5000 USD"
  {"DGX_Spark", "storage", 4 * TB},                // §3.1.2: DGX_Spark "storage 4 TB"
  {"DGX_Spark", "storage_bandwidth", 7 * GB},      // §3.1.2: DGX_Spark "storage_bandwidth 7 GB/s"
  {"DGX_Spark", "dispatch_overhead", 0.01 * ms},   // §3.1.2: DGX_Spark "0.01 ms"
  {"MacBookM3Max", "peak_flops", 14.2 * TFLOP},    // §3.1.2: MacBookM3Max "14.2 TFLOP/s"
  {"MacBookM3Max", "memory", 128 * GiB},           // §3.1.2: MacBookM3Max "128 GiB"
  {"MacBookM3Max", "memory_bandwidth", 400 * GB},  // §3.1.2: MacBookM3Max "400 GB/s"
  {"MacBookM3Max", "tdp", 100},                    // §3.1.2: MacBookM3Max "100 W"
  {"MacBookM3Max", "dispatch_overhead", 0.05 * ms},// §3.1.2: MacBookM3Max "0.05 ms"

  // ---- §3.1.3 mobile -----------------------------------------------------------------------------------
  {"iPhone15Pro", "peak_flops", 35 * TOPS},        // §3.1.3: iPhone15Pro "35 TOPS"
  {"iPhone15Pro", "memory", 8 * GiB},              // §3.1.3: iPhone15Pro "8 GiB"
  {"iPhone15Pro", "memory_bandwidth", 51.2 * GB},  // §3.1.3: iPhone15Pro "51.2 GB/s"
  {"iPhone15Pro", "tdp", 5},                       // §3.1.3: iPhone15Pro "5 W"
  {"iPhone15Pro", "battery", 15 * Wh},             // §3.1.3: iPhone15Pro "15 Wh" = 54000 J
  {"iPhone15Pro", "dispatch_overhead", 1 * ms},    // §3.1.3: iPhone15Pro "1 ms"
  {"Pixel8", "peak_flops", 15 * TOPS},             // §3.1.3: Pixel8 "15 TOPS"
  {"Pixel8", "memory", 8 * GB},                    // §3.1.3: Pixel8 "8 GB"
  {"Pixel8", "memory_bandwidth", 60 * GB},         // §3.1.3: Pixel8 "60 GB/s"
  {"Pixel8", "dispatch_overhead", 1.2 * ms},       // §3.1.3: Pixel8 "1.2 ms"
  {"Snapdragon8Gen3", "peak_flops", 45 * TOPS},    // §3.1.3: Snapdragon8Gen3 "45 TOPS"
  {"Snapdragon8Gen3", "memory", 12 * GB},          // §3.1.3: Snapdragon8Gen3 "12 GB"
  {"Snapdragon8Gen3", "memory_bandwidth", 77 * GB},// §3.1.3: Snapdragon8Gen3 "77 GB/s"
  {"Snapdragon8Gen3", "dispatch_overhead", 1.5 * ms}, // §3.1.3: Snapdragon8Gen3 "1.5 ms"
  {"AppleM2", "peak_flops", 15.8 * TOPS},          // §3.1.3: AppleM2 "15.8 TOPS"
  {"AppleM2", "memory", 16 * GiB},                 // §3.1.3: AppleM2 "16 GiB"
  {"AppleM2", "memory_bandwidth", 100 * GB},       // §3.1.3: AppleM2 "100 GB/s"
  {"AppleM2", "tdp", 20},                          // §3.1.3: AppleM2 "20 W"

  // ---- §3.1.4 edge -------------------------------------------------------------------------------------
  {"JetsonAGXOrin", "peak_flops", 275 * TOPS},     // §3.1.4: JetsonAGXOrin "275 TOPS"
  {"JetsonAGXOrin", "memory", 64 * GiB},           // §3.1.4: JetsonAGXOrin "64 GiB"
  {"JetsonAGXOrin", "memory_bandwidth", 204 * GB}, // §3.1.4: JetsonAGXOrin "204 GB/s"
  {"JetsonAGXOrin", "tdp", 60},                    // §3.1.4: JetsonAGXOrin "60 W"
  {"JetsonAGXOrin", "tdp_min", 15},                // §3.1.4: JetsonAGXOrin "(15 W–60 W)"
  {"JetsonAGXOrin", "tdp_max", 60},                // §3.1.4: JetsonAGXOrin "(15 W–60 W)"
  {"JetsonAGXOrin", "dispatch_overhead", 0.2 * ms},// §3.1.4: JetsonAGXOrin "0.2 ms"
  {"JetsonOrinNX", "peak_flops", 25 * TFLOP},      // §3.1.4: JetsonOrinNX "25 TFLOP/s"
  {"JetsonOrinNX", "flops.int8", 100 * TOPS},      // §3.1.4: JetsonOrinNX "int8 100 TOPS"
  {"JetsonOrinNX", "memory", 16 * GB},             // §3.1.4: JetsonOrinNX "16 GB"
  {"JetsonOrinNX", "memory_bandwidth", 102 * GB},  // §3.1.4: JetsonOrinNX "102 GB/s"
  {"JetsonOrinNX", "tdp", 25},                     // §3.1.4: JetsonOrinNX "25 W"
  {"JetsonOrinNano", "peak_flops", 10 * TFLOP},    // §3.1.4: JetsonOrinNano "10 TFLOP/s"
  {"JetsonOrinNano", "flops.int8", 40 * TOPS},     // §3.1.4: JetsonOrinNano "int8 40 TOPS"
  {"JetsonOrinNano", "memory", 8 * GB},            // §3.1.4: JetsonOrinNano "8 GB"
  {"JetsonOrinNano", "memory_bandwidth", 68 * GB}, // §3.1.4: JetsonOrinNano "68 GB/s"
  {"JetsonOrinNano", "tdp", 15},                   // §3.1.4: JetsonOrinNano "15 W (7 W–15 W)"
  {"JetsonOrinNano", "tdp_min", 7},                // §3.1.4: JetsonOrinNano "7 W"
  {"JetsonOrinNano", "tdp_max", 15},               // §3.1.4: JetsonOrinNano "15 W"
  {"DriveThor", "peak_flops", 1000 * TFLOP},       // §3.1.4: DriveThor "1000 TFLOP/s"
  {"DriveThor", "flops.int8", 1000 * TOPS},        // §3.1.4: DriveThor "int8 1000 TOPS"
  {"DriveThor", "flops.fp4", 2000 * TFLOP},        // §3.1.4: DriveThor "fp4 2000 TFLOP/s"
  {"DriveThor", "memory", 64 * GiB},               // §3.1.4: DriveThor "64 GiB"
  {"DriveThor", "memory_bandwidth", 546 * GB},     // §3.1.4: DriveThor "546 GB/s"
  {"DriveThor", "tdp", 100},                       // §3.1.4: DriveThor "100 W (50 W–150 W)"
  {"DriveThor", "tdp_min", 50},                    // §3.1.4: DriveThor "50 W"
  {"DriveThor", "tdp_max", 150},                   // §3.1.4: DriveThor "150 W"
  {"DriveThor", "storage", 512 * GiB},             // §3.1.4: DriveThor "storage 512 GiB"
  {"DriveThor", "storage_bandwidth", 4 * GB},      // §3.1.4: DriveThor "storage_bandwidth 4 GB/s"
  {"DriveThor", "host_link_bandwidth", 100 * Gbps},// §3.1.4: DriveThor host_link "100 Gbps" = 12.5e9 B/s
  {"DriveThor", "dispatch_overhead", 0.1 * ms},    // §3.1.4: DriveThor "0.1 ms"
  {"RoboTaxi", "peak_flops", 5.2 * TFLOP},         // §3.1.4: RoboTaxi "5.2 TFLOP/s"
  {"RoboTaxi", "flops.int8", 254 * TOPS},          // §3.1.4: RoboTaxi "int8 254 TOPS"
  {"RoboTaxi", "memory", 32 * GiB},                // §3.1.4: RoboTaxi "32 GiB"
  {"RoboTaxi", "memory_bandwidth", 200 * GB},      // §3.1.4: RoboTaxi "200 GB/s"
  {"RoboTaxi", "tdp", 60},                         // §3.1.4: RoboTaxi "60 W (30 W–120 W)"
  {"RoboTaxi", "tdp_min", 30},                     // §3.1.4: RoboTaxi "30 W"
  {"RoboTaxi", "tdp_max", 120},                    // §3.1.4: RoboTaxi "120 W"
  {"RoboTaxi", "storage", 256 * GiB},              // §3.1.4: RoboTaxi "storage 256 GiB"
  {"RoboTaxi", "storage_bandwidth", 1 * GB},       // §3.1.4: RoboTaxi "storage_bandwidth 1 GB/s"
  {"RoboTaxi", "host_link_bandwidth", 30 * Gbps},  // §3.1.4: RoboTaxi "host_link_bandwidth 30 Gbps" = 3.75e9 B/s
  {"Coral", "peak_flops", 4 * TOPS},               // §3.1.4: Coral "4 TOPS"
  {"Coral", "memory", 1 * GB},                     // §3.1.4: Coral "1 GB"
  {"Coral", "memory_bandwidth", 8 * GB},           // §3.1.4: Coral "8 GB/s"
  {"Coral", "tdp", 2},                             // §3.1.4: Coral "2 W"
  {"Coral", "dispatch_overhead", 1 * ms},          // §3.1.4: Coral "1 ms"
  {"NUC_Movidius", "peak_flops", 1 * TOPS},        // §3.1.4: NUC_Movidius "1 TOPS"
  {"NUC_Movidius", "memory", 16 * GB},             // §3.1.4: NUC_Movidius "16 GB"
  {"NUC_Movidius", "memory_bandwidth", 25 * GB},   // §3.1.4: NUC_Movidius "25 GB/s"
  {"NUC_Movidius", "tdp", 15},                     // §3.1.4: NUC_Movidius "15 W"
  {"NUC_Movidius", "dispatch_overhead", 2 * ms},   // §3.1.4: NUC_Movidius "2 ms"
  {"GenericServer", "peak_flops", 1 * TFLOP},      // §3.1.4: GenericServer "1 TFLOP/s"
  {"GenericServer", "memory", 128 * GB},           // §3.1.4: GenericServer "128 GB"
  {"GenericServer", "memory_bandwidth", 100 * GB}, // §3.1.4: GenericServer "100 GB/s"
  {"GenericServer", "tdp", 300},                   // §3.1.4: GenericServer "300 W"

  // ---- §3.1.5 tiny -------------------------------------------------------------------------------------
  {"ESP32_S3", "peak_flops", 0.5 * GFLOP},         // §3.1.5: ESP32_S3 "0.5 GFLOP/s"
  {"ESP32_S3", "flops.int8", 2.4 * GOPS},          // §3.1.5: ESP32_S3 "int8 2.4 GOPS"
  {"ESP32_S3", "memory", 4 * MB},                  // §3.1.5: ESP32_S3 "4 MB"
  {"ESP32_S3", "memory_bandwidth", 80 * MB},       // §3.1.5: ESP32_S3 "80 MB/s"
  {"ESP32_S3", "sram", 520 * KiB},                 // §3.1.5: ESP32_S3 "520 KiB"
  {"ESP32_S3", "sram_bandwidth", 0.96 * GB},       // §3.1.5: ESP32_S3 "0.96 GB/s"
  {"ESP32_S3", "flash", 4 * MB},                   // §3.1.5: ESP32_S3 flash "4 MB"
  {"ESP32_S3", "flash_bandwidth", 80 * MB},        // §3.1.5: ESP32_S3 flash "80 MB/s"
  {"ESP32_S3", "tdp", 0.4},                        // §3.1.5: ESP32_S3 "0.4 W (0.05 W–1.2 W)"
  {"ESP32_S3", "tdp_min", 0.05},                   // §3.1.5: ESP32_S3 "0.05 W"
  {"ESP32_S3", "tdp_max", 1.2},                    // §3.1.5: ESP32_S3 "1.2 W"
  {"ESP32_S3", "embodied_carbon", 5},              // §3.1.5: ESP32_S3 "embodied_carbon 5 kg"
  {"ESP32_S3", "dispatch_overhead", 1 * ms},       // §3.1.5: ESP32_S3 "1 ms"
  {"nRF52840", "peak_flops", 64 * MFLOP},          // §3.1.5: nRF52840 "64 MFLOP/s"
  {"nRF52840", "flops.int8", 128 * MOPS},          // §3.1.5: nRF52840 "int8 128 MOPS"
  {"nRF52840", "memory", 1 * MiB},                 // §3.1.5: nRF52840 "1 MiB"
  {"nRF52840", "memory_bandwidth", 64 * MB},       // §3.1.5: nRF52840 "64 MB/s"
  {"nRF52840", "sram", 256 * KiB},                 // §3.1.5: nRF52840 "256 KiB"
  {"nRF52840", "sram_bandwidth", 256 * MB},        // §3.1.5: nRF52840 "256 MB/s"
  {"nRF52840", "flash", 1 * MiB},                  // §3.1.5: nRF52840 flash "1 MiB"
  {"nRF52840", "flash_bandwidth", 64 * MB},        // §3.1.5: nRF52840 flash "64 MB/s"
  {"nRF52840", "tdp", 15 * mW},                    // §3.1.5: nRF52840 "15 mW"
  {"nRF52840", "dispatch_overhead", 0.5 * ms},     // §3.1.5: nRF52840 "0.5 ms"
  {"HimaxWE1", "peak_flops", 200 * MFLOP},         // §3.1.5: HimaxWE1 "200 MFLOP/s"
  {"HimaxWE1", "memory", 2 * MiB},                 // §3.1.5: HimaxWE1 "2 MiB"
  {"HimaxWE1", "memory_bandwidth", 100 * MB},      // §3.1.5: HimaxWE1 "100 MB/s"
  {"HimaxWE1", "tdp", 5 * mW},                     // §3.1.5: HimaxWE1 "5 mW"
  {"HimaxWE1", "dispatch_overhead", 2 * ms},       // §3.1.5: HimaxWE1 "2 ms"
  {"OuraRing", "peak_flops", 100 * MFLOP},         // §3.1.5: OuraRing "100 MFLOP/s"
  {"OuraRing", "flops.int8", 200 * MOPS},          // §3.1.5: OuraRing "int8 200 MOPS"
  {"OuraRing", "memory", 2 * MiB},                 // §3.1.5: OuraRing "2 MiB"
  {"OuraRing", "memory_bandwidth", 80 * MB},       // §3.1.5: OuraRing "80 MB/s"
  {"OuraRing", "sram", 512 * KiB},                 // §3.1.5: OuraRing "512 KiB"
  {"OuraRing", "sram_bandwidth", 250 * MB},        // §3.1.5: OuraRing "250 MB/s"
  {"OuraRing", "flash", 2 * MiB},                  // §3.1.5: OuraRing "2 MiB"
  {"OuraRing", "flash_bandwidth", 40 * MB},        // §3.1.5: OuraRing "40 MB/s"
  {"OuraRing", "tdp", 20 * mW},                    // §3.1.5: OuraRing "20 mW (0.1 mW–50 mW)"
  {"OuraRing", "tdp_min", 0.1 * mW},               // §3.1.5: OuraRing "0.1 mW"
  {"OuraRing", "tdp_max", 50 * mW},                // §3.1.5: OuraRing "50 mW"
  {"OuraRing", "battery", 0.06 * Wh},              // §3.1.5: OuraRing "battery 0.06 Wh" = 216 J
  {"LockstepSafetyMCU_Reference", "peak_flops", 800 * MFLOP},   // §3.1.5: "800 MFLOP/s"
  {"LockstepSafetyMCU_Reference", "memory", 4 * MiB},           // §3.1.5: "4 MiB"
  {"LockstepSafetyMCU_Reference", "memory_bandwidth", 1.6 * GB},// §3.1.5: "1.6 GB/s"
  {"LockstepSafetyMCU_Reference", "sram", 1 * MiB},             // §3.1.5: "1 MiB (TCM)"
  {"LockstepSafetyMCU_Reference", "sram_bandwidth", 3.2 * GB},  // §3.1.5: "3.2 GB/s"
  {"LockstepSafetyMCU_Reference", "flash", 4 * MiB},            // §3.1.5: "4 MiB"
  {"LockstepSafetyMCU_Reference", "flash_bandwidth", 0.4 * GB}, // §3.1.5: "0.4 GB/s"
  {"LockstepSafetyMCU_Reference", "tdp", 1},                    // §3.1.5: "1 W (0.2 W–1.5 W)"
  {"LockstepSafetyMCU_Reference", "tdp_min", 0.2},              // §3.1.5: "0.2 W"
  {"LockstepSafetyMCU_Reference", "tdp_max", 1.5},              // §3.1.5: "1.5 W"
  {"LockstepSafetyMCU_Reference", "dispatch_overhead", 0.001 * ms}, // §3.1.5: "0.001 ms"

  // ---- §3.2.1 language models --------------------------------------------------------------------------
  {"BERT_Base", "parameters", 110e6},              // §3.2.1: BERT_Base 110e6
  {"BERT_Base", "layers", 12},                     // §3.2.1: BERT_Base layers 12
  {"BERT_Base", "hidden_dim", 768},                // §3.2.1: BERT_Base hidden_dim 768
  {"BERT_Base", "heads", 12},                      // §3.2.1: BERT_Base heads 12
  {"BERT_Base", "kv_heads", 12},                   // §3.2.1: BERT_Base kv_heads 12
  {"BERT_Base", "ffn_dim", 3072},                  // §3.2.1: BERT_Base ffn_dim 3072
  {"BERT_Base", "seq_len", 512},                   // §3.2.1: BERT_Base seq_len 512
  {"BERT_Base", "vocab_size", 30522},              // §3.2.1: BERT_Base vocab_size 30522
  {"BERT_Base", "inference_flops", 22 * GFLOP},    // §3.2.1: BERT_Base "22 GFLOP"
  {"BERT_Base", "inference_seq_len", 128},         // §3.2.1: "Both BERT entries have inference_seq_len = 128"
  {"BERT_Large", "parameters", 340e6},             // §3.2.1: BERT_Large 340e6
  {"BERT_Large", "layers", 24},                    // §3.2.1: BERT_Large layers 24
  {"BERT_Large", "hidden_dim", 1024},              // §3.2.1: BERT_Large hidden_dim 1024
  {"BERT_Large", "heads", 16},                     // §3.2.1: BERT_Large heads 16
  {"BERT_Large", "ffn_dim", 4096},                 // §3.2.1: BERT_Large ffn_dim 4096
  {"BERT_Large", "inference_flops", 72 * GFLOP},   // §3.2.1: BERT_Large "72 GFLOP"
  {"BERT_Large", "inference_seq_len", 128},        // §3.2.1: inference_seq_len = 128
  {"GPT2_Small", "parameters", 124e6},             // §3.2.1: GPT2_Small 124e6
  {"GPT2_Small", "seq_len", 1024},                 // §3.2.1: GPT2_Small seq_len 1024
  {"GPT2_Small", "vocab_size", 50257},             // §3.2.1: GPT2_Small vocab_size 50257
  {"GPT2_Small", "inference_flops", 248 * MFLOP},  // §3.2.1: GPT2_Small "248 MFLOP"
  {"GPT2", "parameters", 1.5e9},                   // §3.2.1: GPT2 1.5e9
  {"GPT2", "layers", 48},                          // §3.2.1: GPT2 layers 48
  {"GPT2", "hidden_dim", 1600},                    // §3.2.1: GPT2 hidden_dim 1600
  {"GPT2", "heads", 25},                           // §3.2.1: GPT2 heads 25
  {"GPT2", "ffn_dim", 6400},                       // §3.2.1: GPT2 ffn_dim 6400
  {"GPT2", "inference_flops", 3 * GFLOP},          // §3.2.1: GPT2 "3 GFLOP"
  {"GPT2", "training_flops", 1.5e21},              // §3.2.1: GPT2 "training_flops 1.5e21 FLOP"
  {"GPT2", "training_data_size", 40 * GB},         // §3.2.1: GPT2 "training_data_size 40 GB"
  {"GPT3", "parameters", 175e9},                   // §3.2.1: GPT3 175e9
  {"GPT3", "layers", 96},                          // §3.2.1: GPT3 layers 96
  {"GPT3", "hidden_dim", 12288},                   // §3.2.1: GPT3 hidden_dim 12288
  {"GPT3", "heads", 96},                           // §3.2.1: GPT3 heads 96
  {"GPT3", "kv_heads", 96},                        // §3.2.1: GPT3 kv_heads 96
  {"GPT3", "ffn_dim", 49152},                      // §3.2.1: GPT3 ffn_dim 49152
  {"GPT3", "seq_len", 2048},                       // §3.2.1: GPT3 seq_len 2048
  {"GPT3", "vocab_size", 50257},                   // §3.2.1: GPT3 vocab_size 50257
  {"GPT3", "inference_flops", 350 * GFLOP},        // §3.2.1: GPT3 "350 GFLOP"
  {"GPT3", "training_tokens", 300e9},              // §3.2.1: GPT3 "training_tokens 300e9"
  {"GPT3", "training_accelerators", 1024},         // §3.2.1: GPT3 "training_accelerators 1024"
  {"GPT3", "training_time", 25 * day},             // §3.2.1: GPT3 "training_time 25 day" = 2,160,000 s
  {"GPT3", "training_energy", 1287 * MWh},         // §3.2.1: GPT3 "training_energy 1287 MWh" = 4.6332e12 J
  {"GPT4", "parameters", 1.76e12},                 // §3.2.1: GPT4 1.76e12
  {"GPT4", "active_parameters", 280e9},            // §3.2.1: GPT4 active_parameters 280e9
  {"GPT4", "layers", 120},                         // §3.2.1: GPT4 layers 120
  {"GPT4", "hidden_dim", 16384},                   // §3.2.1: GPT4 hidden_dim 16384
  {"GPT4", "heads", 128},                          // §3.2.1: GPT4 heads 128
  {"GPT4", "max_seq_len", 8192},                   // §3.2.1: GPT4 max_seq_len 8192
  {"GPT4", "inference_flops", 560 * GFLOP},        // §3.2.1: GPT4 "560 GFLOP"
  {"GPT4", "training_flops", 2.15e25},             // SemiAnalysis 2023 (the entry's source): "~2.15e25 FLOPS"
  {"GPT4", "training_accelerators", 25000},        // §3.2.1: GPT4 "training_accelerators 25000"
  {"GPT4", "training_time", 90 * day},             // §3.2.1: GPT4 "training_time 90 day"
  {"GPT4", "experts", 16},                         // §3.2.1: GPT4 "experts 16"
  {"GPT4", "active_experts", 2},                   // §3.2.1: GPT4 "active_experts 2"
  {"Llama2_7B", "parameters", 7e9},                // §3.2.1: Llama2_7B 7e9
  {"Llama2_7B", "kv_heads", 32},                   // §3.2.1: Llama2_7B kv_heads 32
  {"Llama2_7B", "ffn_dim", 11008},                 // §3.2.1: Llama2_7B ffn_dim 11008
  {"Llama2_7B", "seq_len", 4096},                  // §3.2.1: Llama2_7B seq_len 4096
  {"Llama2_7B", "vocab_size", 32000},              // §3.2.1: Llama2_7B vocab_size 32000
  {"Llama2_7B", "inference_flops", 14 * GFLOP},    // §3.2.1: Llama2_7B "14 GFLOP"
  {"Llama2_7B", "training_tokens", 2e12},          // §3.2.1: Llama2_7B "training_tokens 2e12"
  {"Llama2_70B", "layers", 80},                    // §3.2.1: Llama2_70B layers 80
  {"Llama2_70B", "hidden_dim", 8192},              // §3.2.1: Llama2_70B hidden_dim 8192
  {"Llama2_70B", "heads", 64},                     // §3.2.1: Llama2_70B heads 64
  {"Llama2_70B", "kv_heads", 8},                   // §3.2.1: Llama2_70B kv_heads 8
  {"Llama2_70B", "ffn_dim", 28672},                // §3.2.1: Llama2_70B ffn_dim 28672
  {"Llama2_70B", "inference_flops", 140 * GFLOP},  // §3.2.1: Llama2_70B "140 GFLOP"
  {"Llama2_70B", "training_tokens", 2e12},         // §3.2.1: Llama2_70B "training_tokens 2e12"
  {"Llama3_8B", "parameters", 8.03e9},             // §3.2.1: Llama3_8B 8.03e9
  {"Llama3_8B", "kv_heads", 8},                    // §3.2.1: Llama3_8B kv_heads 8
  {"Llama3_8B", "ffn_dim", 14336},                 // §3.2.1: Llama3_8B ffn_dim 14336
  {"Llama3_8B", "seq_len", 8192},                  // §3.2.1: Llama3_8B seq_len 8192
  {"Llama3_8B", "max_seq_len", 131072},            // §3.2.1: Llama3_8B max_seq_len 131072
  {"Llama3_8B", "vocab_size", 128256},             // §3.2.1: Llama3_8B vocab_size 128256
  {"Llama3_8B", "inference_flops", 16.06 * GFLOP}, // §3.2.1: Llama3_8B "16.06 GFLOP"
  {"Llama3_8B", "training_tokens", 15e12},         // §3.2.1: Llama3_8B "training_tokens 15e12"
  {"Llama3_70B", "parameters", 70.6e9},            // §3.2.1: Llama3_70B 70.6e9
  {"Llama3_70B", "inference_flops", 141.2 * GFLOP},// §3.2.1: Llama3_70B "141.2 GFLOP"
  {"Llama3_70B", "max_seq_len", 131072},           // §3.2.1: Llama3_70B max_seq_len 131072
  {"Llama3_70B", "training_tokens", 15e12},        // §3.2.1: Llama3_70B "training_tokens 15e12"
  {"Llama3_405B", "parameters", 405e9},            // §3.2.1: Llama3_405B 405e9
  {"Llama3_405B", "layers", 126},                  // §3.2.1: Llama3_405B layers 126
  {"Llama3_405B", "hidden_dim", 16384},            // §3.2.1: Llama3_405B hidden_dim 16384
  {"Llama3_405B", "heads", 128},                   // §3.2.1: Llama3_405B heads 128
  {"Llama3_405B", "kv_heads", 8},                  // §3.2.1: Llama3_405B kv_heads 8
  {"Llama3_405B", "ffn_dim", 53248},               // §3.2.1: Llama3_405B ffn_dim 53248
  {"Llama3_405B", "inference_flops", 810 * GFLOP}, // §3.2.1: Llama3_405B "810 GFLOP"
  {"Llama3_405B", "training_tokens", 15.6e12},     // §3.2.1: Llama3_405B "training_tokens 15.6e12"
  {"Llama3_405B", "training_flops", 3.8e25},       // §3.2.1: Llama3_405B "training_flops 3.8e25 FLOP"
  {"Llama3_405B", "training_accelerators", 16384}, // §3.2.1: Llama3_405B "training_accelerators 16384"
  {"Llama3_405B", "training_time", 54 * day},      // §3.2.1: Llama3_405B "training_time 54 day"
  {"Mixtral_8x7B", "parameters", 46.7e9},          // §3.2.1: Mixtral_8x7B 46.7e9
  {"Mixtral_8x7B", "active_parameters", 12.9e9},   // §3.2.1: Mixtral_8x7B active_parameters 12.9e9
  {"Mixtral_8x7B", "kv_heads", 8},                 // §3.2.1: Mixtral_8x7B kv_heads 8
  {"Mixtral_8x7B", "seq_len", 32768},              // §3.2.1: Mixtral_8x7B seq_len 32768
  {"Mixtral_8x7B", "vocab_size", 32000},           // §3.2.1: Mixtral_8x7B vocab_size 32000
  {"Mixtral_8x7B", "inference_flops", 25.8 * GFLOP}, // §3.2.1: Mixtral_8x7B "25.8 GFLOP"
  {"Mixtral_8x7B", "experts", 8},                  // §3.2.1: Mixtral_8x7B "experts 8"
  {"Mixtral_8x7B", "active_experts", 2},           // §3.2.1: Mixtral_8x7B "active_experts 2"
  {"DeepSeek_V3", "parameters", 671e9},            // §3.2.1: DeepSeek_V3 671e9
  {"DeepSeek_V3", "active_parameters", 37e9},      // §3.2.1: DeepSeek_V3 active_parameters 37e9
  {"DeepSeek_V3", "layers", 61},                   // §3.2.1: DeepSeek_V3 layers 61
  {"DeepSeek_V3", "hidden_dim", 7168},             // §3.2.1: DeepSeek_V3 hidden_dim 7168
  {"DeepSeek_V3", "heads", 128},                   // §3.2.1: DeepSeek_V3 heads 128
  {"DeepSeek_V3", "ffn_dim", 18432},               // §3.2.1: DeepSeek_V3 ffn_dim 18432
  {"DeepSeek_V3", "seq_len", 4096},                // §3.2.1: DeepSeek_V3 seq_len 4096
  {"DeepSeek_V3", "max_seq_len", 131072},          // §3.2.1: DeepSeek_V3 max_seq_len 131072
  {"DeepSeek_V3", "vocab_size", 129280},           // §3.2.1: DeepSeek_V3 vocab_size 129280
  {"DeepSeek_V3", "inference_flops", 74 * GFLOP},  // §3.2.1: DeepSeek_V3 "74 GFLOP"
  {"DeepSeek_V3", "training_tokens", 14.8e12},     // §3.2.1: DeepSeek_V3 "training_tokens 14.8e12"
  {"DeepSeek_V3", "training_accelerators", 2048},  // §3.2.1: DeepSeek_V3 "training_accelerators 2048 (H800)"
  {"DeepSeek_V3", "experts", 256},                 // §3.2.1: DeepSeek_V3 "experts 256"
  {"DeepSeek_V3", "shared_experts", 1},            // §3.2.1: DeepSeek_V3 "shared_experts 1"
  {"DeepSeek_V3", "active_experts", 8},            // §3.2.1: DeepSeek_V3 "active_experts 8"
  {"DeepSeek_V3", "expert_ffn_dim", 2048},         // §3.2.1: DeepSeek_V3 "expert_ffn_dim 2048"
  {"DeepSeek_V3", "kv_lora_rank", 512},            // §3.2.1: DeepSeek_V3 "kv_lora_rank 512"
  {"DeepSeek_V3", "q_lora_rank", 1536},            // §3.2.1: DeepSeek_V3 "q_lora_rank 1536"
  {"DeepSeek_V3", "qk_rope_head_dim", 64},         // §3.2.1: DeepSeek_V3 "qk_rope_head_dim 64"

  // ---- §3.2.2 vision -----------------------------------------------------------------------------------
  {"AlexNet", "parameters", 60e6},                 // §3.2.2: AlexNet 60e6
  {"AlexNet", "layers", 8},                        // §3.2.2: AlexNet layers 8
  {"AlexNet", "resolution", 224},                  // §3.2.2: AlexNet resolution 224
  {"AlexNet", "inference_flops", 1.5 * GFLOP},     // §3.2.2: AlexNet "1.5 GFLOP"
  {"ResNet18", "parameters", 11.7e6},              // §3.2.2: ResNet18 11.7e6
  {"ResNet18", "layers", 18},                      // §3.2.2: ResNet18 layers 18
  {"ResNet18", "inference_flops", 3.6 * GFLOP},    // §3.2.2: ResNet18 "3.6 GFLOP"
  {"ResNet18", "inference_macs", 1.8e9},           // §3.2.2: ResNet18 inference_macs 1.8e9
  {"ResNet50", "parameters", 25.6e6},              // §3.2.2: ResNet50 25.6e6
  {"ResNet50", "layers", 50},                      // §3.2.2: ResNet50 layers 50
  {"ResNet50", "resolution", 224},                 // §3.2.2: ResNet50 resolution 224
  {"ResNet50", "inference_flops", 8.2 * GFLOP},    // §3.2.2: ResNet50 "8.2 GFLOP"
  {"ResNet50", "inference_macs", 4.1e9},           // §3.2.2: ResNet50 inference_macs 4.1e9
  {"MobileNetV2", "parameters", 3504872},          // §3.2.2: MobileNetV2 3504872
  {"MobileNetV2", "layers", 54},                   // §3.2.2: MobileNetV2 layers 54
  {"MobileNetV2", "inference_flops", 600 * MFLOP}, // §3.2.2: MobileNetV2 "600 MFLOP"
  {"MobileNetV2", "inference_macs", 300e6},        // §3.2.2: MobileNetV2 inference_macs 300e6
  {"MobileNetV2", "inference_energy", 0.1 * mJ},   // §3.2.2: MobileNetV2 "inference_energy 0.1 mJ"
  {"MobileNetV2_Alpha0_5", "parameters", 1968680}, // §3.2.2: MobileNetV2_Alpha0_5 1968680
  {"MobileNetV2_Alpha0_5FeatureExtractor", "parameters", 687680}, // §3.2.2: 687680
  {"EfficientNetB0", "parameters", 5.3e6},         // §3.2.2: EfficientNetB0 5.3e6
  {"EfficientNetB0", "resolution", 224},           // §3.2.2: EfficientNetB0 resolution 224
  {"EfficientNetB0", "inference_flops", 780 * MFLOP}, // §3.2.2: EfficientNetB0 "780 MFLOP"
  {"EfficientNetB0", "inference_macs", 390e6},     // §3.2.2: EfficientNetB0 inference_macs 390e6
  {"YOLOv8_Nano", "parameters", 3.2e6},            // §3.2.2: YOLOv8_Nano 3.2e6
  {"YOLOv8_Nano", "layers", 225},                  // §3.2.2: YOLOv8_Nano layers 225
  {"YOLOv8_Nano", "resolution", 640},              // §3.2.2: YOLOv8_Nano resolution 640
  {"YOLOv8_Nano", "inference_flops", 8.7 * GFLOP}, // §3.2.2: YOLOv8_Nano "8.7 GFLOP"
  {"LeNet1", "parameters", 10e3},                  // §3.2.2: LeNet1 10e3

  // ---- §3.2.3 tiny, recommendation, state-space, generative, embodied -----------------------------------
  {"AnomalyDetector", "parameters", 270e3},        // §3.2.3: AnomalyDetector 270e3
  {"AnomalyDetector", "inference_flops", 540 * kFLOP}, // §3.2.3: AnomalyDetector "540 kFLOP"
  {"DS_CNN", "parameters", 200e3},                 // §3.2.3: DS_CNN 200e3
  {"DS_CNN", "inference_flops", 20 * MFLOP},       // §3.2.3: DS_CNN "20 MFLOP"
  {"WakeVision", "parameters", 250e3},             // §3.2.3: WakeVision 250e3
  {"WakeVision", "inference_flops", 25 * MFLOP},   // §3.2.3: WakeVision "25 MFLOP"
  {"DLRM", "model_size", 100 * GB},                // §3.2.3: DLRM "model_size 100 GB"
  {"DLRM", "embedding_entries", 25e9},             // §3.2.3: DLRM "embedding_entries 25e9"
  {"Mamba_130M", "parameters", 130e6},             // §3.2.3: Mamba_130M 130e6
  {"Mamba_130M", "inference_flops", 260 * MFLOP},  // §3.2.3: Mamba_130M "260 MFLOP"
  {"Mamba_130M", "layers", 24},                    // §3.2.3: Mamba_130M "layers 24"
  {"Mamba_130M", "hidden_dim", 768},               // §3.2.3: Mamba_130M "hidden_dim 768"
  {"Mamba_130M", "state_size", 16},                // §3.2.3: Mamba_130M "state_size 16"
  {"Mamba_130M", "seq_len", 2048},                 // §3.2.3: Mamba_130M "seq_len 2048"
  {"Mamba_130M", "vocab_size", 50277},             // §3.2.3: Mamba_130M "vocab_size 50277"
  {"Mamba_130M", "training_tokens", 300e9},        // §3.2.3: Mamba_130M "training_tokens 300e9"
  {"Mamba_2_8B", "parameters", 2.8e9},             // §3.2.3: Mamba_2_8B 2.8e9
  {"Mamba_2_8B", "inference_flops", 5.6 * GFLOP},  // §3.2.3: Mamba_2_8B "5.6 GFLOP"
  {"Mamba_2_8B", "layers", 64},                    // §3.2.3: Mamba_2_8B "layers 64"
  {"Mamba_2_8B", "hidden_dim", 2560},              // §3.2.3: Mamba_2_8B "hidden_dim 2560"
  {"Mamba_2_8B", "state_size", 16},                // §3.2.3: Mamba_2_8B "state_size 16"
  {"Mamba_2_8B", "vocab_size", 50277},             // §3.2.3: Mamba_2_8B "vocab_size 50277"
  {"StableDiffusion_v1_5", "parameters", 860e6},   // §3.2.3: StableDiffusion_v1_5 860e6
  {"StableDiffusion_v1_5", "inference_flops", 678 * GFLOP}, // Kim et al. 2023 (BK-SDM), Table 1: 339 GMAC per U-Net evaluation at 512 x 512, x 2 FLOP/MAC
  {"StableDiffusion_v1_5", "denoising_steps", 50}, // §3.2.3: "denoising_steps 50"
  {"StableDiffusion_v1_5", "resolution", 512},     // §3.2.3: "resolution 512"
  {"OpenVLA_7B", "parameters", 7e9},               // §3.2.3: OpenVLA_7B 7e9
  {"OpenVLA_7B", "layers", 32},                    // §3.2.3: OpenVLA_7B "layers 32"
  {"OpenVLA_7B", "hidden_dim", 4096},              // §3.2.3: OpenVLA_7B "hidden_dim 4096"
  {"OpenVLA_7B", "action_chunk", 1},               // §3.2.3: OpenVLA_7B "action_chunk 1"
  {"OpenVLA_7B", "action_dim", 7},                 // §3.2.3: OpenVLA_7B "action_dim 7"
  {"Octo_Base", "parameters", 93e6},               // §3.2.3: Octo_Base 93e6
  {"Octo_Base", "layers", 12},                     // §3.2.3: Octo_Base "layers 12"
  {"Octo_Base", "hidden_dim", 768},                // §3.2.3: Octo_Base "hidden_dim 768"
  {"Octo_Base", "action_chunk", 4},                // §3.2.3: Octo_Base "action_chunk 4"
  {"Octo_Base", "action_dim", 7},                  // §3.2.3: Octo_Base "action_dim 7"
  {"DiffusionPolicy_PushT", "parameters", 16e6},   // §3.2.3: DiffusionPolicy_PushT 16e6
  {"DiffusionPolicy_PushT", "action_chunk", 16},   // §3.2.3: DiffusionPolicy_PushT "action_chunk 16"
  {"DiffusionPolicy_PushT", "action_dim", 2},      // §3.2.3: DiffusionPolicy_PushT "action_dim 2"
  {"ACT_ALOHA", "parameters", 50e6},               // §3.2.3: ACT_ALOHA 50e6
  {"ACT_ALOHA", "layers", 8},                      // §3.2.3: ACT_ALOHA "layers 8"
  {"ACT_ALOHA", "hidden_dim", 512},                // §3.2.3: ACT_ALOHA "hidden_dim 512"
  {"ACT_ALOHA", "action_chunk", 100},              // §3.2.3: ACT_ALOHA "action_chunk 100"
  {"ACT_ALOHA", "action_dim", 14},                 // §3.2.3: ACT_ALOHA "action_dim 14"

  // ---- §3.3 nodes, fabrics, fleets, pods ---------------------------------------------------------------
  {"DGX_H100", "accelerators_per_node", 8},        // §3.3: DGX_H100 accelerators_per_node 8
  {"DGX_H100", "intra_node_bandwidth", 900 * GB},  // §3.3: DGX_H100 "900 GB/s"
  {"DGX_H100", "nics", 8},                         // §3.3: DGX_H100 nics 8
  {"DGX_H100", "price", 350000},                   // §3.3 / §3.7: DGX_H100 "350000 USD"
  {"DGX_H100", "accelerator.memory", 80 * GiB},    // §3.3: DGX_H100 accelerator H100 ("80 GiB")
  {"DGX_A100", "accelerators_per_node", 8},        // §3.3: DGX_A100 accelerators_per_node 8
  {"DGX_A100", "intra_node_bandwidth", 600 * GB},  // §3.3: DGX_A100 "600 GB/s"
  {"DGX_A100", "nics", 8},                         // §3.3: DGX_A100 nics 8
  {"DGX_A100", "accelerator.peak_flops", 312 * TFLOP}, // §3.3: DGX_A100 accelerator A100 ("312 TFLOP/s")
  {"DGX_B200", "accelerators_per_node", 8},        // §3.3: DGX_B200 accelerators_per_node 8
  {"DGX_B200", "intra_node_bandwidth", 1800 * GB}, // §3.3: DGX_B200 "1800 GB/s"
  {"DGX_B200", "nics", 8},                         // §3.3: DGX_B200 nics 8
  {"DGX_B200", "accelerator.memory", 192 * GiB},   // §3.3: DGX_B200 accelerator B200 ("192 GiB")
  // DGX_B200 collective line: least squares in relative error of t = L + 1.75 S / B through Bekman's 8 x B200
  // all_reduce sweep, S = 16 MiB .. 1 GiB, t = 1.75 S / busbw (busbw 254.96 .. 723.34 GB/s): B = 717.0 GB/s, L = 85.4 us.
  {"DGX_B200", "collective_bandwidth", 717 * GB},  // nodes.toml DGX_B200 "717 GB/s"
  {"DGX_B200", "collective_latency", 85 * us},     // nodes.toml DGX_B200 "85 us"
  {"DGX1_V100", "accelerators_per_node", 8},       // DGX-1 V100 whitepaper: eight Tesla V100 SXM2
  {"DGX1_V100", "intra_node_bandwidth", 300 * GB}, // six NVLink 2 links x 25 GB/s x 2 directions = 300 GB/s
  {"DGX1_V100", "nics", 4},                        // DGX-1 datasheet: four 100 Gb/s EDR InfiniBand adapters
  {"DGX1_V100", "accelerator.memory", 32 * GiB},   // accelerator V100 ("32 GiB")
  // DGX1_V100 collective line: the same fit through the 8 x V100 cube-mesh sweep of konnase.github.io, 16-128 MiB
  // (324.1, 550.8, 992.7, 1818.8 us): B = 135.1 GB/s, L = 109.5 us.
  {"DGX1_V100", "collective_bandwidth", 135 * GB}, // nodes.toml DGX1_V100 "135 GB/s"
  {"DGX1_V100", "collective_latency", 109 * us},   // nodes.toml DGX1_V100 "109 us"
  {"DGX2_V100", "accelerators_per_node", 16},      // DGX-2 datasheet: sixteen Tesla V100 32 GB
  {"DGX2_V100", "intra_node_bandwidth", 300 * GB}, // six NVLink 2 links x 25 GB/s x 2 directions into NVSwitch
  {"DGX2_V100", "nics", 8},                        // DGX-2 datasheet: eight 100 Gb/s cluster adapters
  // DGX2_V100 collective line: the same fit, factor 2 x 11 / 12, through the 12-GPU DGX-2 sweep of
  // wohlbier/nccl-tests, 16 MiB-1 GiB (482.8 .. 15986 us): B = 131.0 GB/s, L = 177.7 us.
  {"DGX2_V100", "collective_bandwidth", 131 * GB}, // nodes.toml DGX2_V100 "131 GB/s"
  {"DGX2_V100", "collective_latency", 178 * us},   // nodes.toml DGX2_V100 "178 us"
  {"Ethernet_10G", "bandwidth", 10 * Gbps},        // §3.3: Ethernet_10G "10 Gbps" (= 1.25 GB/s)
  {"Ethernet_10G", "latency", 50 * us},            // §3.3: Ethernet_10G "50 us"
  {"Ethernet_100G", "bandwidth", 100 * Gbps},      // §3.3: Ethernet_100G "100 Gbps" (= 12.5 GB/s)
  {"Ethernet_100G", "latency", 50 * us},           // §3.3: Ethernet_100G "50 us"
  {"Ethernet_400G", "bandwidth", 400 * Gbps},      // §3.3: Ethernet_400G "400 Gbps" (= 50 GB/s)
  {"Ethernet_400G", "latency", 50 * us},           // §3.3: Ethernet_400G "50 us"
  {"Ethernet_800G", "bandwidth", 800 * Gbps},      // §3.3: Ethernet_800G "800 Gbps" (= 100 GB/s)
  {"Ethernet_800G", "latency", 50 * us},           // §3.3: Ethernet_800G "50 us"
  {"Ethernet_1P6T", "bandwidth", 1600 * Gbps},     // §3.3: Ethernet_1P6T "1600 Gbps" (= 200 GB/s)
  {"Ethernet_1P6T", "latency", 50 * us},           // §3.3: Ethernet_1P6T "50 us"
  {"RoCE_100G", "bandwidth", 100 * Gbps},          // §3.3: RoCE_100G "100 Gbps" (= 12.5 GB/s)
  {"RoCE_100G", "latency", 10 * us},               // §3.3: RoCE_100G "10 us"
  {"InfiniBand_HDR", "bandwidth", 25 * GB},        // §3.3: InfiniBand_HDR "200 Gbps" (= 25 GB/s)
  {"InfiniBand_HDR", "latency", 7 * us},           // §3.3: InfiniBand_HDR "7 us"
  {"InfiniBand_NDR", "latency", 5 * us},           // §3.3: InfiniBand_NDR "5 us"
  {"InfiniBand_XDR", "bandwidth", 100 * GB},       // §3.3: InfiniBand_XDR "800 Gbps" (= 100 GB/s)
  {"InfiniBand_XDR", "latency", 5 * us},           // §3.3: InfiniBand_XDR "5 us"
  {"InfiniBand_GXDR", "bandwidth", 200 * GB},      // §3.3: InfiniBand_GXDR "1600 Gbps" (= 200 GB/s)
  {"InfiniBand_GXDR", "latency", 5 * us},          // §3.3: InfiniBand_GXDR "5 us"
  {"Research_256", "nodes", 32},                   // §3.3: Research_256 nodes 32
  {"Research_256", "fabric.bandwidth", 100 * Gbps},// §3.3: Research_256 fabric Ethernet_100G "100 Gbps"
  {"Training_1K", "nodes", 128},                   // §3.3: Training_1K nodes 128
  {"Production_2K", "nodes", 256},                 // §3.3: Production_2K nodes 256
  {"Frontier_8K", "nodes", 1024},                  // §3.3: Frontier_8K nodes 1024
  {"Frontier_8K", "fabric.latency", 5 * us},       // §3.3: Frontier_8K fabric InfiniBand_NDR "5 us"
  {"Training_10K", "nodes", 1250},                 // §3.3: Training_10K nodes 1250
  {"Reference_25K_H100", "nodes", 3125},           // §3.3: Reference_25K_H100 nodes 3125
  {"Mega_100K", "nodes", 12500},                   // §3.3: Mega_100K nodes 12500
  {"TPUv4_4096", "accelerators", 4096},            // §3.3: TPUv4_4096 accelerators 4096
  {"TPUv4_4096", "power", 3 * MW},                 // §3.3: TPUv4_4096 "3 MW"

  // ---- §3.4 datasets -----------------------------------------------------------------------------------
  {"ImageNet", "train_examples", 1281167},         // §3.4: ImageNet train_examples 1281167
  {"ImageNet", "validation_examples", 50000},      // §3.4: ImageNet validation_examples 50000
  {"ImageNet", "test_examples", 100000},           // §3.4: ImageNet test_examples 100000
  {"ImageNet", "classes", 1000},                   // §3.4: ImageNet classes 1000
  {"ImageNet", "image_width", 224},                // §3.4: ImageNet "224 x 224 x 3"
  {"ImageNet", "image_height", 224},               // §3.4: ImageNet "224 x 224 x 3"
  {"ImageNet", "channels", 3},                     // §3.4: ImageNet "224 x 224 x 3"
  {"ImageNet", "total_examples", 14197122},        // §3.4: ImageNet "total_examples 14197122"
  {"CIFAR10", "train_examples", 50000},            // §3.4: CIFAR10 train_examples 50000
  {"CIFAR10", "test_examples", 10000},             // §3.4: CIFAR10 test_examples 10000
  {"CIFAR10", "classes", 10},                      // §3.4: CIFAR10 classes 10
  {"CIFAR10", "image_width", 32},                  // §3.4: CIFAR10 "32 x 32 x 3"
  {"CIFAR10", "channels", 3},                      // §3.4: CIFAR10 "32 x 32 x 3"
  {"MNIST", "train_examples", 60000},              // §3.4: MNIST train_examples 60000
  {"MNIST", "test_examples", 10000},               // §3.4: MNIST test_examples 10000
  {"MNIST", "classes", 10},                        // §3.4: MNIST classes 10
  {"MNIST", "image_height", 28},                   // §3.4: MNIST "28 x 28 x 1"
  {"MNIST", "channels", 1},                        // §3.4: MNIST "28 x 28 x 1"
  {"MSWC", "total_examples", 23.4e6},              // §3.4: MSWC "total_examples 23.4e6"
  {"MSWC", "languages", 50},                       // §3.4: MSWC "languages 50"
  {"MSWC", "keywords", 340000},                    // §3.4: MSWC "keywords 340000"
  {"MSWC", "clip_length", 1},                      // §3.4: MSWC "clip_length 1 s"
  {"MSWC", "sample_rate", 16000},                  // §3.4: MSWC "sample_rate 16 kHz" = 16000 /s
  {"MSWC", "bytes_per_sample", 2},                 // §3.4: MSWC "bytes_per_sample 2 byte"

  // ---- §3.5 precisions ---------------------------------------------------------------------------------
  {"fp32", "bytes", 4},                            // §3.5: fp32 "4 byte"
  {"tf32", "bytes", 4},                            // §3.5: tf32 "4 byte"
  {"bf16", "bytes", 2},                            // §3.5: bf16 "2 byte"
  {"fp16", "bytes", 2},                            // §3.5: fp16 "2 byte"
  {"fp8", "bytes", 1},                             // §3.5: fp8 "1 byte"
  {"fp4", "bytes", 0.5},                           // §3.5: fp4 "0.5 byte"
  {"int8", "bytes", 1},                            // §3.5: int8 "1 byte"
  {"int4", "bytes", 0.5},                          // §3.5: int4 "0.5 byte"

  // ---- §3.6 grids, datacenters, cooling, racks ---------------------------------------------------------
  {"Quebec", "carbon_intensity", 20 * g / kWh},    // §3.6: Quebec "20 g/kWh"
  {"Quebec", "pue", 1.06},                         // §3.6: Quebec pue 1.06
  {"Quebec", "wue", 0},                            // §3.6: Quebec "0 L/kWh"
  {"Quebec", "renewable_share", 0.99},             // §3.6: Quebec renewable_share 0.99
  {"Norway", "carbon_intensity", 10 * g / kWh},    // §3.6: Norway "10 g/kWh"
  {"Norway", "renewable_share", 0.98},             // §3.6: Norway renewable_share 0.98
  {"Iceland", "carbon_intensity", 28 * g / kWh},   // §3.6: Iceland "28 g/kWh"
  {"Iceland", "renewable_share", 1.0},             // §3.6: Iceland renewable_share 1.0
  {"France", "carbon_intensity", 50 * g / kWh},    // §3.6: France "50 g/kWh"
  {"France", "pue", 1.12},                         // §3.6: France pue 1.12
  {"France", "wue", 1.8 * L / kWh},                // §3.6: France "1.8 L/kWh"
  {"EU_Avg", "carbon_intensity", 270 * g / kWh},   // §3.6: EU_Avg "270 g/kWh"
  {"Germany", "carbon_intensity", 385 * g / kWh},  // §3.6: Germany "385 g/kWh"
  {"Germany", "renewable_share", 0.46},            // §3.6: Germany renewable_share 0.46
  {"Texas", "carbon_intensity", 400 * g / kWh},    // §3.6: Texas "400 g/kWh"
  {"Texas", "renewable_share", 0.28},              // §3.6: Texas renewable_share 0.28
  {"US_Avg", "pue", 1.12},                         // §3.6: US_Avg pue 1.12
  {"US_Avg", "wue", 1.8 * L / kWh},                // §3.6: US_Avg "1.8 L/kWh"
  {"US_Avg", "renewable_share", 0.21},             // §3.6: US_Avg renewable_share 0.21
  {"China_Avg", "carbon_intensity", 555 * g / kWh},// §3.6: China_Avg "555 g/kWh"
  {"China_Avg", "pue", 1.4},                       // §3.6: China_Avg pue 1.4
  {"China_Avg", "renewable_share", 0.30},          // §3.6: China_Avg renewable_share 0.30
  {"Iowa", "carbon_intensity", 680 * g / kWh},     // §3.6: Iowa "680 g/kWh"
  {"Iowa", "renewable_share", 0.12},               // §3.6: Iowa renewable_share 0.12
  {"India_Avg", "carbon_intensity", 720 * g / kWh},// §3.6: India_Avg "720 g/kWh"
  {"India_Avg", "pue", 1.58},                      // §3.6: India_Avg pue 1.58
  {"India_Avg", "renewable_share", 0.22},          // §3.6: India_Avg renewable_share 0.22
  {"Poland", "carbon_intensity", 820 * g / kWh},   // §3.6: Poland "820 g/kWh"
  {"Poland", "pue", 1.58},                         // §3.6: Poland pue 1.58
  {"Poland", "renewable_share", 0.17},             // §3.6: Poland renewable_share 0.17
  {"US_Hyperscale", "grid.carbon_intensity", 429 * g / kWh}, // §3.6: US_Hyperscale grid US_Avg "429 g/kWh"
  {"LiquidCooled", "pue", 1.06},                   // §3.6: LiquidCooled pue 1.06
  {"LiquidCooled", "wue", 0},                      // §3.6: LiquidCooled "0 L/kWh"
  {"BestAir", "pue", 1.12},                        // §3.6: BestAir pue 1.12
  {"BestAir", "wue", 1.8 * L / kWh},               // §3.6: BestAir "1.8 L/kWh"
  {"StateOfArt", "pue", 1.10},                     // §3.6: StateOfArt pue 1.10
  {"Typical", "pue", 1.40},                        // §3.6: Typical pue 1.40
  {"SimpleAir", "pue", 1.50},                      // §3.6: SimpleAir pue 1.50
  {"Legacy", "pue", 1.58},                         // §3.6: Legacy pue 1.58
  {"Legacy", "wue", 1.8 * L / kWh},                // §3.6: Legacy "1.8 L/kWh"
  {"Traditional", "power", 12 * kW},               // §3.6: Traditional "12 kW"
  {"AI_Standard", "power", 70 * kW},               // §3.6: AI_Standard "70 kW"
  {"AI_High", "power", 100 * kW},                  // §3.6: AI_High "100 kW"

  // ---- §3.7 pricing ------------------------------------------------------------------------------------
  {"Cloud2024", "electricity", 0.12 / kWh},        // §3.7: Cloud2024 "electricity 0.12 USD/kWh"
  {"Cloud2024", "gpu_hour", 4.00 / hour},          // §3.7: Cloud2024 "gpu_hour 4.00 USD/h"
  {"Cloud2024", "gpu_hour_inference", 2.50 / hour},// §3.7: Cloud2024 "gpu_hour_inference 2.50 USD/h"
  {"Cloud2024", "tpu_hour", 4.00 / hour},          // §3.7: Cloud2024 "tpu_hour 4.00 USD/h"
  {"Cloud2024", "egress", 0.09 / GB},              // §3.7: Cloud2024 "egress 0.09 USD/GB"
  {"Cloud2024", "object_storage", 23 / TB / month},// §3.7: Cloud2024 "object_storage 23 USD/TB/month"
  {"Cloud2024", "archive_storage", 1 / TB / month},// §3.7: Cloud2024 "archive_storage 1 USD/TB/month"
  {"Cloud2024", "archive_retrieval", 0.02 / GB},   // §3.7: Cloud2024 "archive_retrieval 0.02 USD/GB"
  {"Fleet2024", "gpu_hour", 2.00 / hour},          // §3.7: Fleet2024 "gpu_hour 2.00 USD/h"
  {"Fleet2024", "gpu_hour_spot", 0.70 / hour},     // §3.7: Fleet2024 "gpu_hour_spot 0.70 USD/h"
  {"Fleet2024", "gpu_hour_internal", 2.50 / hour}, // §3.7: Fleet2024 "gpu_hour_internal 2.50 USD/h"
  {"Fleet2024", "carbon_per_gpu_hour", 0.16 / hour}, // §3.7: Fleet2024 "carbon_per_gpu_hour 0.16 kg/h"
  {"OnPrem2024", "electricity", 0.07 / kWh},       // §3.7: OnPrem2024 "electricity 0.07 USD/kWh"
  {"OnPrem2024", "maintenance_rate", 0.05 / year}, // §3.7: OnPrem2024 "maintenance_rate 0.05 /year"
};
// clang-format on

TEST(CatalogueSpot, ValuesMatchTheSpecInSI) {
  ASSERT_GE(kSpots.size(), 60u);
  int mismatches = 0;
  for (const auto& s : kSpots) {
    std::string why;
    auto v = lookup(s.key, s.path, why);
    if (!v) {
      ++mismatches;
      ADD_FAILURE() << s.key << "." << s.path << ": " << why << " (spec: " << full_digits(s.si) << ")";
      continue;
    }
    if (!v->is_number()) {
      ++mismatches;
      ADD_FAILURE() << s.key << "." << s.path << " is not a number (spec: " << full_digits(s.si) << ")";
      continue;
    }
    if (!close_enough(v->number(), s.si)) ++mismatches;
    EXPECT_TRUE(close_enough(v->number(), s.si)) << s.key << "." << s.path << ": spec " << full_digits(s.si) << ", catalogue "
                                                 << full_digits(v->number());
  }
  std::cout << "[ info ] " << kSpots.size() << " spot values, " << mismatches << " disagreements\n";
}

struct TextSpot {
  const char* key;
  const char* path;
  const char* text;
};

TEST(CatalogueSpot, TextReferenceAndBoolFieldsMatchTheSpec) {
  const std::vector<TextSpot> texts = {
      {"H100", "name", "NVIDIA H100 SXM5"},                 // §3.1.1 / §1.2
      {"H100", "tier", "cloud"},                            // §3.1.1 (tier = "cloud")
      {"H100", "peak_precision", "fp16"},                   // §3.1.1
      {"H100", "host_link", "PCIe Gen5 x16"},               // §3.1.1
      {"H100", "device_link", "NVLink 4.0"},                // §3.1.1
      {"Gaudi2", "peak_precision", "bf16"},                 // §3.1.1
      {"TPUv1", "peak_precision", "int8"},                  // §3.1.1
      {"Untether_speedAI240", "peak_precision", "fp8"},     // §3.1.1
      {"DGX_Spark", "tier", "workstation"},                 // §3.1.2
      {"iPhone15Pro", "tier", "mobile"},                    // §3.1.3
      {"JetsonOrinNX", "tier", "edge"},                     // §3.1.4
      {"ESP32_S3", "tier", "tiny"},                         // §3.1.5
      {"A100", "mig_profiles.0.name", "1g.10gb"},           // §3.1.1 mig
      {"A100", "mig_profiles.3.name", "7g.80gb"},           // §3.1.1 mig
      {"GPT3", "name", "GPT-3 175B"},                       // §3.2.1
      {"GPT3", "family", "transformer"},                    // §3.2.1
      {"GPT3", "attention", "mha"},                         // §3.2.1
      {"GPT4", "family", "moe"},                            // §3.2.1
      {"Llama2_70B", "attention", "gqa"},                   // §3.2.1
      {"DeepSeek_V3", "attention", "mla"},                  // §3.2.1
      {"Mamba_130M", "family", "ssm"},                      // §3.2.3
      {"Mamba_130M", "attention", "none"},                  // §3.2.3 "attention none"
      {"DLRM", "family", "recsys"},                         // §3.2.3
      {"StableDiffusion_v1_5", "family", "diffusion"},      // §3.2.3
      {"OpenVLA_7B", "family", "policy"},                   // §3.2.3
      {"AnomalyDetector", "family", "mlp"},                 // §3.2.3
      {"ResNet50", "family", "cnn"},                        // §3.2.2
      {"Ethernet_10G", "topology", "fat-tree"},             // §1.5 Fabric.topology = "fat-tree"
      {"InfiniBand_GXDR", "topology", "fat-tree"},          // §3.3 "all fat-tree"
      {"fp6", "kind", "float"},                             // §3.5
      {"int4", "kind", "int"},                              // §3.5
      {"Quebec", "generation", "hydro"},                    // §3.6
      {"Iceland", "generation", "geothermal"},              // §3.6
      {"Iowa", "generation", "coal and gas"},               // §3.6
      {"Traditional", "cooling", "air"},                    // §3.6
      {"AI_High", "cooling", "liquid"},                     // §3.6
      {"Cloud2024", "name", "Public cloud, 2024"},          // §3.7
  };
  for (const auto& t : texts) {
    std::string why;
    auto v = lookup(t.key, t.path, why);
    if (!v) {
      ADD_FAILURE() << t.key << "." << t.path << ": " << why << " (spec: \"" << t.text << "\")";
      continue;
    }
    // Categories (docs/catalogue.md §1.3) hold a case of their enumeration; other text fields hold text.
    static const std::vector<std::string> categories = {"tier", "peak_precision", "family", "attention", "kind", "cooling"};
    if (std::find(categories.begin(), categories.end(), t.path) != categories.end()) {
      ASSERT_TRUE(std::holds_alternative<mlsi::EnumValue>(v->v)) << t.key << "." << t.path;
      const auto& e = v->enumeration();
      EXPECT_EQ(e.type->cases.at(static_cast<std::size_t>(e.index)), t.text) << t.key << "." << t.path;
      continue;
    }
    ASSERT_TRUE(is_text(*v)) << t.key << "." << t.path;
    EXPECT_EQ(v->text(), t.text) << t.key << "." << t.path;
  }

  // References (§3.3, §3.6): the key of the entry each one holds.
  const std::vector<TextSpot> refs = {
      {"DGX_H100", "accelerator", "H100"},        {"DGX_A100", "accelerator", "A100"},
      {"DGX_B200", "accelerator", "B200"},        {"Research_256", "node", "DGX_H100"},
      {"Research_256", "fabric", "Ethernet_100G"}, {"Training_1K", "fabric", "InfiniBand_HDR"},
      {"Production_2K", "fabric", "InfiniBand_HDR"}, {"Frontier_8K", "fabric", "InfiniBand_NDR"},
      {"Training_10K", "fabric", "InfiniBand_NDR"}, {"Reference_25K_H100", "fabric", "InfiniBand_NDR"},
      {"Mega_100K", "fabric", "InfiniBand_NDR"},  {"Frontier_8K", "accelerator", "H100"},  // §1.5 derived
      {"Mega_100K", "node", "DGX_H100"},          {"TPUv4_4096", "accelerator", "TPUv4"},
      {"Quebec_Hydro", "grid", "Quebec"},         {"Norway_Hydro", "grid", "Norway"},
      {"US_Hyperscale", "grid", "US_Avg"},        {"EU_Average", "grid", "EU_Avg"},
      {"France_Nuclear", "grid", "France"},       {"Iowa_Reference", "grid", "Iowa"},
      {"Poland_Coal", "grid", "Poland"},          {"DGX1_V100", "accelerator", "V100"},
      {"DGX2_V100", "accelerator", "V100"},
  };
  for (const auto& r : refs) {
    std::string why;
    auto v = lookup(r.key, r.path, why);
    if (!v) {
      ADD_FAILURE() << r.key << "." << r.path << ": " << why;
      continue;
    }
    ASSERT_TRUE(is_record(*v)) << r.key << "." << r.path;
    EXPECT_EQ(v->record().key, r.text) << r.key << "." << r.path;
  }

  // Bools: "bidir" figures are send + receive totals (§3.1.1, §3.3); Gaudi2 is "per direction", and a
  // device_link_bandwidth without the flag is derived false (§1.5).
  const std::vector<std::tuple<std::string, std::string, bool>> bools = {
      {"V100", "device_link_bidirectional", true},     {"A100", "device_link_bidirectional", true},
      {"H100", "device_link_bidirectional", true},     {"H200", "device_link_bidirectional", true},
      {"B200", "device_link_bidirectional", true},     {"GB200_NVL72", "device_link_bidirectional", true},
      {"TPUv5p", "device_link_bidirectional", true},   {"Gaudi2", "device_link_bidirectional", false},
      {"DGX_H100", "intra_node_bidirectional", true},  {"DGX_A100", "intra_node_bidirectional", true},
      {"DGX_B200", "intra_node_bidirectional", true},  {"DGX1_V100", "intra_node_bidirectional", true},
      {"DGX2_V100", "intra_node_bidirectional", true},
  };
  for (const auto& [key, path, want] : bools) {
    std::string why;
    auto v = lookup(key, path, why);
    if (!v) {
      ADD_FAILURE() << key << "." << path << ": " << why;
      continue;
    }
    ASSERT_TRUE(is_bool(*v)) << key << "." << path;
    EXPECT_EQ(v->boolean(), want) << key << "." << path;
  }
}

// "—" cells of §3 are absent fields, not zeros; §1.5: kv_heads, seq_len and vocab_size are never guessed.
TEST(CatalogueSpot, DashCellsAreAbsent) {
  const std::vector<std::pair<std::string, std::string>> absent = {
      {"GPT4", "attention"},  {"GPT4", "kv_heads"},   {"GPT4", "ffn_dim"},       {"GPT4", "seq_len"},
      {"GPT4", "vocab_size"}, {"DeepSeek_V3", "kv_heads"}, {"DLRM", "parameters"},
      {"DLRM", "seq_len"},    {"BERT_Base", "max_seq_len"}, {"BERT_Base", "training_tokens"},
      {"MobileNetV2_Alpha0_5", "layers"}, {"LeNet1", "inference_flops"}, {"EfficientNetB0", "layers"},
      {"H100", "flops_sparse"}, {"MI250X", "price"}, {"Gaudi2", "price"}, {"Graphcore_GC200", "tdp"},
      {"V100_PCIe", "device_link_bandwidth"}, {"T4", "host_link_bandwidth"}, {"Pixel8", "battery"},
      {"CIFAR10", "validation_examples"}, {"MNIST", "validation_examples"}, {"MSWC", "train_examples"},
      {"France", "renewable_share"}, {"EU_Avg", "renewable_share"}, {"Research_256", "grid"},
      {"Frontier_8K", "grid"}, {"Mega_100K", "grid"}, {"DGX_A100", "price"},
  };
  for (const auto& [key, field] : absent) {
    const auto* e = cat().find(key);
    ASSERT_NE(e, nullptr) << key;
    const auto& r = e->value.record();
    int i = r.type->find(field);
    ASSERT_GE(i, 0) << e->kind << " has no field " << field;
    EXPECT_FALSE(r.fields[static_cast<std::size_t>(i)].has_value()) << key << "." << field << " should be absent (spec: —)";
  }
}

// ---- 5. Prelude constants (§4) ----------------------------------------------------------------------------

struct ConstSpec {
  const char* name;
  double si;
  const char* type;
};

// clang-format off
const std::vector<ConstSpec> kConstants = {
  // §4.1 Training state and compute
  {"adam_optimizer_bytes", 12, "Information"},                  // "12 byte"
  {"adam_moment_bytes", 8, "Information"},                      // "8 byte"
  {"sgd_optimizer_bytes", 4, "Information"},                    // "4 byte"
  {"training_state_bytes", 16, "Information"},                  // "16 byte"
  {"checkpoint_bytes_adam", 14, "Information"},                 // "14 byte"
  {"checkpoint_bytes_sgd", 4, "Information"},                   // "4 byte"
  {"training_flops_per_param_token", 6, "Compute"},             // "6 FLOP"
  {"inference_flops_per_param_token", 2, "Compute"},            // "2 FLOP"
  {"chinchilla_tokens_per_param", 20, "Count"},                 // 20
  {"training_to_inference_flops", 3, "Count"},                  // 3
  {"training_to_inference_flops_recompute", 4, "Count"},        // 4
  {"lora_default_rank", 16, "Count"},                           // 16
  // §4.2 Efficiency and overheads
  {"default_mfu", 0.5, "Count"},                                // 0.5
  {"mfu_high", 0.5, "Count"},                                   // 0.5
  {"mfu_low", 0.3, "Count"},                                    // 0.3
  {"mfu_inference_batch1", 0.05, "Count"},                      // 0.05
  {"mfu_inference_batched", 0.4, "Count"},                      // 0.4
  {"reference_mfu_sustained", 0.4, "Count"},                    // 0.4
  {"default_overlap", 0.85, "Count"},                           // 0.85
  {"default_scaling_efficiency", 0.9, "Count"},                 // 0.9
  {"scaling_efficiency_32", 0.9, "Count"},                      // 0.9
  {"scaling_efficiency_256", 0.7, "Count"},                     // 0.7
  {"scaling_efficiency_1024", 0.5, "Count"},                    // 0.5
  {"scaling_efficiency_8192", 0.35, "Count"},                   // 0.35
  {"overhead_pipeline_bubble", 0.05, "Count"},                  // 0.05
  {"overhead_checkpoint", 0.03, "Count"},                       // 0.03
  {"overhead_failure_recovery", 0.10, "Count"},                 // 0.10
  {"overhead_maintenance", 0.05, "Count"},                      // 0.05
  {"kernel_launch_latency", 15 * us, "Time"},                   // "15 us"
  {"framework_layer_overhead", 0.01 * ms, "Time"},              // "0.01 ms"
  {"default_dispatch_overhead", 0.01 * ms, "Time"},             // "0.01 ms"
  // §4.3 Communication
  {"ring_allreduce_factor", 2, "Count"},                        // 2
  {"tp_allreduces_per_layer", 4, "Count"},                      // 4
  {"nvlink_latency", 500 * ns, "Time"},                         // "500 ns"
  {"pcie_latency", 1 * us, "Time"},                             // "1 us"
  {"infiniband_latency", 5 * us, "Time"},                       // "5 us"
  {"nvme_latency", 100 * us, "Time"},                           // "100 us"
  {"pcie_gen3_x16", 15.75 * GB, "Information / Time"},          // "15.75 GB/s"
  {"pcie_gen4_x16", 32 * GB, "Information / Time"},             // "32 GB/s"
  {"pcie_gen5_x16", 64 * GB, "Information / Time"},             // "64 GB/s"
  {"nvme_gen3", 3.5 * GB, "Information / Time"},                // "3.5 GB/s"
  {"nvme_gen4", 7 * GB, "Information / Time"},                  // "7 GB/s"
  {"nvme_gen5", 14 * GB, "Information / Time"},                 // "14 GB/s"
  // §4.4 Reliability and checkpointing
  {"gpu_mttf", 50000 * hour, "Time"},                           // "50000 h"
  {"nic_mttf", 150000 * hour, "Time"},                          // "150000 h"
  {"psu_mttf", 100000 * hour, "Time"},                          // "100000 h"
  {"pcie_switch_mttf", 200000 * hour, "Time"},                  // "200000 h"
  {"optical_cable_mttf", 50000 * hour, "Time"},                 // "50000 h"
  {"tor_switch_mttf", 300000 * hour, "Time"},                   // "300000 h"
  {"hbm_mttf", 200000 * hour, "Time"},                          // "200000 h"
  {"node_mttf", 1000 * hour, "Time"},                           // "1000 h"
  {"silent_corruption_rate", 1e-6 / hour, "1 / Time"},          // "1e-6 / (1 h)"
  {"recovery_heartbeat_timeout", 30, "Time"},                   // "30 s"
  {"recovery_detection", 60, "Time"},                           // "60 s"
  {"recovery_reschedule", 60, "Time"},                          // "60 s"
  {"recovery_restart", 180, "Time"},                            // "180 s"
  {"recovery_warmup", 120, "Time"},                             // "120 s"
  {"checkpoint_write_bandwidth", 100 * GB, "Information / Time"}, // "100 GB/s"
  {"fallback_storage_bandwidth", 1 * GB, "Information / Time"}, // "1 GB/s"
  {"filesystem_bandwidth_cap", 500 * GB, "Information / Time"}, // "500 GB/s"
  {"default_checkpoint_interval", 4 * hour, "Time"},            // "4 h"
  // §4.5 Power, energy, economics, privacy (default_grid is a Grid, checked below)
  {"idle_power_fraction", 0.3, "Count"},                        // 0.3
  {"dynamic_power_fraction", 0.7, "Count"},                     // 0.7
  {"fallback_tdp", 700, "Power"},                               // "700 W"
  {"default_pue", 1.12, "Count"},                               // 1.12
  {"default_electricity_price", 0.12 / kWh, "Money / Energy"},  // "0.12 USD/kWh"
  {"capex_amortization", 3 * year, "Time"},                     // "3 year"
  {"infrastructure_multiplier", 1, "Count"},                    // 1
  {"carbon_tax", 100 / 1000.0, "Money / Mass"},                 // "100 USD/t" (t = 1000 kg)
  {"air_cooling_limit", 30 * kW, "Power"},                      // "30 kW"
  {"energy_fp32_mul", 3.7 * pJ, "Energy"},                      // "3.7 pJ"
  {"energy_fp16_mul", 1.1 * pJ, "Energy"},                      // "1.1 pJ"
  {"energy_int8_mul", 0.2 * pJ, "Energy"},                      // "0.2 pJ"
  {"energy_fp32_add", 0.9 * pJ, "Energy"},                      // "0.9 pJ"
  {"energy_fp16_add", 0.4 * pJ, "Energy"},                      // "0.4 pJ"
  {"energy_int32_add", 0.1 * pJ, "Energy"},                     // "0.1 pJ"
  {"energy_int8_add", 0.03 * pJ, "Energy"},                     // "0.03 pJ"
  {"energy_dram_per_byte", 160 * pJ, "Energy / Information"},   // "160 pJ/byte"
  {"dp_sgd_slowdown_coefficient", 2, "Count"},                  // 2
  {"default_dp_epsilon", 1, "Count"},                           // 1
  {"default_dp_delta", 1e-5, "Count"},                          // 1e-5
  {"critical_batch_bert", 256, "Count"},                        // 256
  {"critical_batch_gpt3", 4096, "Count"},                       // 4096
  {"critical_batch_default", 1024, "Count"},                    // 1024
};
// clang-format on

TEST(CatalogueConstants, EveryConstantOfSection4HasItsValueAndDimension) {
  auto& p = shared().program();
  mlsi::Evaluator ev(p);
  std::set<std::string> spec = {"default_grid"};
  for (const auto& c : kConstants) {
    spec.insert(c.name);
    auto it = p.global_index.find(c.name);
    if (it == p.global_index.end()) {
      ADD_FAILURE() << "prelude constant " << c.name << " (docs/catalogue.md §4) is missing";
      continue;
    }
    const auto& gl = p.globals.at(static_cast<std::size_t>(it->second));
    EXPECT_EQ(mlsi::type_name(gl.type, p.dims), c.type) << c.name;
    try {
      mlsi::Value v = ev.value(gl.expr);
      ASSERT_TRUE(v.is_number()) << c.name;
      EXPECT_TRUE(close_enough(v.number(), c.si)) << c.name << ": spec " << full_digits(c.si) << ", prelude " << full_digits(v.number());
    } catch (const mlsi::EvalError& e) {
      ADD_FAILURE() << c.name << ": " << e.diag.message;
    }
  }
  // §4.5: default_grid is `US_Avg`, a Grid.
  auto it = p.global_index.find("default_grid");
  ASSERT_NE(it, p.global_index.end());
  const auto& gl = p.globals.at(static_cast<std::size_t>(it->second));
  EXPECT_EQ(mlsi::type_name(gl.type, p.dims), "Grid");
  mlsi::Value grid = ev.value(gl.expr);
  ASSERT_TRUE(is_record(grid));
  EXPECT_EQ(grid.record().key, "US_Avg");

  EXPECT_EQ(spec.size(), 85u);  // the names of the §4.1–4.5 tables
  // Prelude constants the list above does not hold are reported, not failed.
  for (const auto& g2 : p.globals)
    if (p.sources.file(g2.span.file).name.rfind("<prelude>", 0) == 0 && !spec.count(g2.name))
      std::cout << "[ info ] prelude constant not in docs/catalogue.md §4: " << g2.name << "\n";
}

// A checked session with one extra source, and a way to run its scenarios on their defaults.
struct ScratchSession {
  std::unique_ptr<mlsi::ProgramSession> session = std::make_unique<mlsi::ProgramSession>();
  explicit ScratchSession(const std::string& text) {
    session->load_text("catalogue_test.mls", text);
    ok = session->check();
  }
  bool ok = false;
  std::string diags() { return mlsi::render_all(session->program().sources, session->diagnostics(), false); }
  // Runs `scenario`; the value of `slot`, or the EvalError's message in `error`.
  std::optional<mlsi::Value> run(const std::string& scenario, const std::string& slot, std::string& error) {
    auto& p = session->program();
    const mlsi::Scenario* sc = p.find_scenario(scenario);
    if (!sc) {
      error = "no scenario " + scenario;
      return std::nullopt;
    }
    mlsi::Evaluator ev(p);
    std::vector<std::optional<mlsi::InputValue>> given(sc->slots.size());
    try {
      auto r = ev.run(p.find_scenario_index(scenario), given);
      int s = sc->find_slot(slot);
      if (s < 0) {
        error = "no slot " + slot;
        return std::nullopt;
      }
      return r.slots.at(static_cast<std::size_t>(s));
    } catch (const mlsi::EvalError& e) {
      error = e.diag.message;
      return std::nullopt;
    }
  }
  std::string type_of(const std::string& scenario, const std::string& slot) {
    const auto* sc = session->program().find_scenario(scenario);
    return mlsi::type_name(sc->slots.at(static_cast<std::size_t>(sc->find_slot(slot))).type, session->program().dims);
  }
};

TEST(CatalogueConstants, FunctionsOfSection4_6) {
  ScratchSession s(R"(
scenario CatFns {
  output compute = training_compute(7e9, 2e12)
  output params = chinchilla_params(1.2e22 FLOP)
  output tokens = chinchilla_tokens(1.2e22 FLOP)
  output power = device_power(700 W, 0.5)
}
)");
  ASSERT_TRUE(s.ok) << s.diags();
  struct Fn {
    const char* slot;
    double si;
    const char* type;
  };
  const std::vector<Fn> fns = {
      // training_compute = 6 FLOP * 7e9 * 2e12 = 8.4e22 FLOP
      {"compute", 8.4e22, "Compute"},
      // chinchilla_params = sqrt(1.2e22 FLOP / (6 FLOP * 20)) = sqrt(1e20) = 1e10
      {"params", 1e10, "Count"},
      // chinchilla_tokens = 20 * chinchilla_params(1.2e22 FLOP) = 20 * 1e10 = 2e11
      {"tokens", 2e11, "Count"},
      // device_power = 700 W * (0.3 + 0.7 * 0.5) = 700 W * 0.65 = 455 W
      {"power", 455, "Power"},
  };
  for (const auto& f : fns) {
    std::string err;
    auto v = s.run("CatFns", f.slot, err);
    ASSERT_TRUE(v.has_value()) << f.slot << ": " << err;
    EXPECT_TRUE(close_enough(v->number(), f.si)) << f.slot << ": expected " << full_digits(f.si) << ", got " << full_digits(v->number());
    EXPECT_EQ(s.type_of("CatFns", f.slot), f.type) << f.slot;
  }
}

// The FFN's kind and the tied embeddings (§2.1 `mlp`, `tied_embeddings`; §3.2.1) and the two prelude
// functions over them (language.md §17.2).
TEST(CatalogueConstants, ShapeFunctionsCountTheMatricesOfTheFfnAndTheEmbeddings) {
  ScratchSession s(R"(
scenario CatShapes {
  output gpt3_mlp = mlp_matrices(GPT3)
  output llama_mlp = mlp_matrices(Llama3_8B)
  output mixtral_mlp = mlp_matrices(Mixtral_8x7B)
  output gpt3_embeddings = embedding_matrices(GPT3)
  output llama_embeddings = embedding_matrices(Llama3_8B)
  output opt_embeddings = embedding_matrices(OPT_13B)
  output llama_ffn_and_embeddings = Llama3_8B.layers * mlp_matrices(Llama3_8B) * Llama3_8B.hidden_dim * Llama3_8B.ffn_dim
    + embedding_matrices(Llama3_8B) * Llama3_8B.vocab_size * Llama3_8B.hidden_dim
}
)");
  ASSERT_TRUE(s.ok) << s.diags();
  const std::vector<std::pair<const char*, double>> want = {
      {"gpt3_mlp", 2},          // GPT-3: GELU, two matrices (Brown et al. 2020 after Radford et al. 2018)
      {"llama_mlp", 3},         // Llama 3.1: SwiGLU, gate, up and down
      {"mixtral_mlp", 3},       // Mixtral: SwiGLU experts (Jiang et al. 2024, Sec. 2.1)
      {"gpt3_embeddings", 1},   // tied: softmax(h W_e^T) (Radford et al. 2018, eq. 2)
      {"llama_embeddings", 2},  // tie_word_embeddings false in Llama 3.1's config.json
      {"opt_embeddings", 1},    // OPT's output layer is its token embeddings
      // Llama-3.1-8B's FFN and embedding weights: 32 x 3 x 4096 x 14336 + 2 x 128256 x 4096
      // = 5637144576 + 1050673152 = 6687817728. Independently: its whole count, 8030261248
      // (tests/hf/expected.toml), less its attention, 32 x (2 x 4096 x 4096 + 2 x 4096 x 1024) = 1342177280,
      // and its norms, 32 x 2 x 4096 + 4096 = 266240, is 6687817728 too.
      {"llama_ffn_and_embeddings", 6687817728.0},
  };
  for (const auto& [slot, value] : want) {
    std::string err;
    auto v = s.run("CatShapes", slot, err);
    ASSERT_TRUE(v.has_value()) << slot << ": " << err;
    EXPECT_EQ(v->number(), value) << slot;
    EXPECT_EQ(s.type_of("CatShapes", slot), "Count") << slot;
  }
}

// Each built-in transformer and moe entry writes `mlp` and `tied_embeddings` (§5 rule 25), as its source
// says; GPT-4, an estimate without an FFN width or a vocabulary, has neither. `moe_layers` is derived.
TEST(CatalogueSpot, TransformerShapesOfSection3_2_1) {
  const std::vector<std::tuple<std::string, std::string, bool>> shapes = {
      {"BERT_Base", "gelu", true},     {"BERT_Large", "gelu", true},    {"GPT2_Small", "gelu", true},
      {"GPT2", "gelu", true},          {"GPT3", "gelu", true},          {"OPT_13B", "gelu", true},
      {"Llama2_7B", "gated", false},   {"Llama2_70B", "gated", false},  {"Llama3_8B", "gated", false},
      {"Llama3_70B", "gated", false},  {"Llama3_405B", "gated", false}, {"Mixtral_8x7B", "gated", false},
      {"DeepSeek_V3", "gated", false},
  };
  for (const auto& [key, mlp, tied] : shapes) {
    const auto* e = cat().find(key);
    ASSERT_NE(e, nullptr) << key;
    const auto& r = e->value.record();
    const auto& m = r.fields[static_cast<std::size_t>(r.type->find("mlp"))];
    ASSERT_TRUE(m && std::holds_alternative<mlsi::EnumValue>(m->v)) << key << ".mlp";
    EXPECT_EQ(m->enumeration().type->cases.at(static_cast<std::size_t>(m->enumeration().index)), mlp) << key;
    const auto& t = r.fields[static_cast<std::size_t>(r.type->find("tied_embeddings"))];
    ASSERT_TRUE(t && is_bool(*t)) << key << ".tied_embeddings";
    EXPECT_EQ(t->boolean(), tied) << key;
    EXPECT_TRUE(e->field_spans[static_cast<std::size_t>(r.type->find("mlp"))].valid()) << key << " writes mlp";
  }
  for (const char* field : {"mlp", "tied_embeddings"}) {
    const auto& r = cat().find("GPT4")->value.record();
    EXPECT_FALSE(r.fields[static_cast<std::size_t>(r.type->find(field))].has_value()) << "GPT4." << field;
  }
  // moe_layers = layers - dense_layers: DeepSeek-V3 61 - 3 = 58, Mixtral 32 (no dense layer), GPT-4 120.
  for (const auto& [key, layers] : std::vector<std::pair<std::string, double>>{{"DeepSeek_V3", 58}, {"Mixtral_8x7B", 32}, {"GPT4", 120}}) {
    const auto& r = cat().find(key)->value.record();
    const auto& v = r.fields[static_cast<std::size_t>(r.type->find("moe_layers"))];
    ASSERT_TRUE(v.has_value()) << key;
    EXPECT_EQ(v->number(), layers) << key;
  }
  const auto& dense = cat().find("GPT3")->value.record();
  EXPECT_FALSE(dense.fields[static_cast<std::size_t>(dense.type->find("moe_layers"))].has_value());
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

}  // namespace
