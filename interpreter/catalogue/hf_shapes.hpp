#pragma once
// The shapes of a model as a Hugging Face config.json gives them (docs/catalogue.md §6): read and checked
// from the JSON object, and the parameter counts they imply.
#include <cstdint>
#include <optional>
#include <string>

#include "catalogue/hf_json.hpp"

namespace mlsi {

// The model types whose config.json mlsi converts, in the order the docs list them.
const std::vector<std::string>& hf_model_types();

struct HfShapes {
  std::string model_type;
  Span model_type_key;
  std::string name_or_path;  // `_name_or_path`, empty when absent
  Span name_or_path_key;

  std::uint64_t vocab = 0, hidden = 0, layers = 0, heads = 0;
  std::uint64_t kv_heads = 0;  // not for MLA
  std::uint64_t head_dim = 0;  // the config's, else hidden / heads; for MLA v_head_dim
  bool head_dim_written = false;  // the entry writes head_dim: the config gives it, or it is not hidden / heads
  std::uint64_t ffn = 0;          // intermediate_size: the dense FFN's width (Mixtral: each expert's)
  std::optional<std::uint64_t> max_positions;
  bool tied = false;      // tie_word_embeddings (its default is the model type's): the output head is the input table
  std::uint64_t norms_per_layer = 2;  // RMSNorms of one layer: before attention and the FFN (Gemma 2: after them too)
  bool qkv_bias = false;  // biases on the q, k and v projections
  bool o_bias = false;    // a bias on the output projection
  bool mlp_bias = false;  // biases on the FFN's three projections

  // Multi-head latent attention (DeepSeek-V2 and V3).
  bool mla = false;
  std::optional<std::uint64_t> q_lora_rank;  // absent: a full-rank q projection
  std::uint64_t kv_lora_rank = 0, qk_rope_head_dim = 0, qk_nope_head_dim = 0, v_head_dim = 0;
  bool mla_bias = false;  // attention_bias: biases on q_a (or q), kv_a and o

  // Mixture of experts: every layer (Mixtral) or those past first_k_dense_replace at every
  // moe_layer_freq-th index (DeepSeek).
  std::uint64_t experts = 0, active_experts = 0, shared_experts = 0, expert_ffn = 0;
  std::uint64_t moe_layers = 0;  // layers whose FFN is experts; the other layers' is dense
  bool shared_experts_given = false;
  // Qwen2-MoE's shared expert: one MLP of its own width (0: DeepSeek's, shared_experts experts wide), whose
  // output a d -> 1 gate scales.
  std::uint64_t shared_ffn = 0;
  bool shared_expert_gate = false;
  bool router_bias = false;  // DeepSeek-V3's e_score_correction_bias (topk_method noaux_tc)

  bool moe() const { return experts > 0; }
  std::uint64_t dense_layers() const { return layers - moe_layers; }
};

// Reads and checks the shapes; each problem goes to `diags` at the key it is about (a missing field at
// the object's `{`), and nothing is returned after one.
std::optional<HfShapes> read_hf_shapes(const JsonObject& config, DiagnosticLog& diags);

// The parameters of the model, by part (docs/catalogue.md §6.2).
struct HfParameters {
  std::uint64_t embeddings = 0;      // the input table, and the output head unless tied
  std::uint64_t attention = 0;       // of one layer, with its biases and (MLA) its low-rank norms
  std::uint64_t layer_norms = 0;     // of one layer: the norms before attention and before the FFN
  std::uint64_t dense_ffn = 0;       // of one dense layer
  std::uint64_t moe_ffn = 0;         // of one MoE layer: routed and shared experts and the router
  std::uint64_t moe_ffn_active = 0;  // of which one token uses: the router, k routed and the shared experts
  std::uint64_t final_norm = 0;
  std::uint64_t total = 0, active = 0;
};

// Nothing when a count passes 2^63 - 1 (no real model comes near; TOML's integers end there).
std::optional<HfParameters> count_parameters(const HfShapes& shapes);

}  // namespace mlsi
