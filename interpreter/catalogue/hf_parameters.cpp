// The parameter counts of a model from its shapes: the formula of docs/catalogue.md §6.2, which
// tests/hf/parameters.py computes independently.
#include <cstdint>
#include <initializer_list>
#include <limits>

#include "catalogue/hf_shapes.hpp"

namespace mlsi {

namespace {

// Products and sums of whole numbers that remember whether one passed 2^63 - 1.
class Arithmetic {
 public:
  std::uint64_t product(std::initializer_list<std::uint64_t> factors) {
    std::uint64_t out = 1;
    for (std::uint64_t f : factors) overflow_ = __builtin_mul_overflow(out, f, &out) || overflow_;
    return bounded(out);
  }
  std::uint64_t sum(std::initializer_list<std::uint64_t> terms) {
    std::uint64_t out = 0;
    for (std::uint64_t t : terms) overflow_ = __builtin_add_overflow(out, t, &out) || overflow_;
    return bounded(out);
  }
  bool overflowed() const { return overflow_; }

 private:
  std::uint64_t bounded(std::uint64_t n) {
    overflow_ = overflow_ || n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return n;
  }
  bool overflow_ = false;
};

// One layer's attention: the projections (and MLA's norms of its compressed widths) with their biases.
std::uint64_t attention(const HfShapes& s, Arithmetic& a) {
  const std::uint64_t d = s.hidden, h = s.heads;
  if (!s.mla) {
    std::uint64_t q = a.product({d, h, s.head_dim}), kv = a.product({2, d, s.kv_heads, s.head_dim}), o = a.product({h, s.head_dim, d});
    std::uint64_t qkv_bias = s.qkv_bias ? a.sum({a.product({h, s.head_dim}), a.product({2, s.kv_heads, s.head_dim})}) : 0;
    return a.sum({q, kv, o, qkv_bias, s.o_bias ? d : 0});
  }
  const std::uint64_t qk_head = a.sum({s.qk_nope_head_dim, s.qk_rope_head_dim}), bias = s.mla_bias ? 1 : 0;
  // Queries: through a rank-q_lora_rank bottleneck with its norm (q_a_proj, q_a_layernorm, q_b_proj), or
  // one projection (q_proj, which has no bias).
  std::uint64_t q = s.q_lora_rank ? a.sum({a.product({d, *s.q_lora_rank}), a.product({bias, *s.q_lora_rank}), *s.q_lora_rank,
                                           a.product({*s.q_lora_rank, h, qk_head})})
                                  : a.product({d, h, qk_head});
  // Keys and values: kv_a_proj_with_mqa to the compressed width plus the shared rotary key, its norm,
  // kv_b_proj back to every head's key and value; then o_proj.
  std::uint64_t kv_a_width = a.sum({s.kv_lora_rank, s.qk_rope_head_dim});
  std::uint64_t kv = a.sum({a.product({d, kv_a_width}), a.product({bias, kv_a_width}), s.kv_lora_rank,
                            a.product({s.kv_lora_rank, h, a.sum({s.qk_nope_head_dim, s.v_head_dim})})});
  std::uint64_t o = a.sum({a.product({h, s.v_head_dim, d}), a.product({bias, d})});
  return a.sum({q, kv, o});
}

// A gated FFN (SwiGLU): gate, up and down projections of width `width`.
std::uint64_t gated_ffn(std::uint64_t d, std::uint64_t width, bool bias, Arithmetic& a) {
  return a.sum({a.product({3, d, width}), bias ? a.sum({a.product({2, width}), d}) : 0});
}

}  // namespace

std::optional<HfParameters> count_parameters(const HfShapes& s) {
  Arithmetic a;
  HfParameters p;
  const std::uint64_t d = s.hidden;
  p.embeddings = a.product({s.tied ? 1u : 2u, s.vocab, d});
  p.attention = attention(s, a);
  p.layer_norms = a.product({s.norms_per_layer, d});
  p.final_norm = d;
  if (s.dense_layers() > 0) p.dense_ffn = gated_ffn(d, s.ffn, s.mlp_bias, a);
  std::uint64_t inactive = 0;  // in one MoE layer: the routed experts a token does not use
  if (s.moe()) {
    std::uint64_t expert = gated_ffn(d, s.expert_ffn, false, a);
    std::uint64_t router = a.sum({a.product({s.experts, d}), s.router_bias ? s.experts : 0});
    std::uint64_t shared = s.shared_ffn > 0 ? gated_ffn(d, s.shared_ffn, false, a) : a.product({s.shared_experts, expert});
    if (s.shared_expert_gate) shared = a.sum({shared, d});
    p.moe_ffn = a.sum({a.product({s.experts, expert}), shared, router});
    p.moe_ffn_active = a.sum({a.product({s.active_experts, expert}), shared, router});
    inactive = a.product({s.experts - s.active_experts, expert});
  }
  p.total = a.sum({p.embeddings, a.product({s.layers, a.sum({p.attention, p.layer_norms})}), a.product({s.dense_layers(), p.dense_ffn}),
                   a.product({s.moe_layers, p.moe_ffn}), p.final_norm});
  // Every weight but the routed experts a token does not use: so a dense model's active count is its total.
  p.active = p.total - a.product({s.moe_layers, inactive});
  if (a.overflowed()) return std::nullopt;
  return p;
}

}  // namespace mlsi
