// The catalogue's texts, references and booleans against docs/catalogue.md §3, its "—" cells absent, and the
// transformer shapes of §3.2.1.
#include "catalogue_facts.hpp"

namespace catalogue_facts {

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

}  // namespace catalogue_facts
