#include "catalogue/hf_shapes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mlsi {

const std::vector<std::string>& hf_model_types() {
  static const std::vector<std::string> types = {"llama",   "mistral",   "qwen2",       "phi3",       "gemma2",
                                                  "mixtral", "qwen2_moe", "deepseek_v2", "deepseek_v3"};
  return types;
}

namespace {

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

// Reads the members of a config, each problem reported once at its key (a missing one at the `{`).
class FieldReader {
 public:
  FieldReader(const JsonObject& config, DiagnosticLog& diags, std::string model_type)
      : config_(config), diags_(diags), model_type_(std::move(model_type)) {}

  // Whether every field read so far is well; the fields found missing since the last call are reported
  // first, together, at the object's `{`.
  bool ok() {
    if (!missing_.empty()) {
      std::string fields;
      for (std::size_t i = 0; i < missing_.size(); ++i)
        fields += (i == 0 ? "" : i + 1 == missing_.size() ? " and " : ", ") + missing_[i];
      fail(config_.open, fmt::format("{} {}: a {} config.json gives {}", fields, missing_.size() == 1 ? "is missing" : "are missing",
                                     model_type_, missing_.size() == 1 ? "it" : "them"));
      missing_.clear();
    }
    return ok_;
  }

  // A whole number of at least `min`, which the config must give (not as null).
  std::uint64_t whole(const std::string& name, const char* meaning, std::uint64_t min = 1) {
    const JsonMember* m = config_.find(name);
    if (!m || m->kind == JsonMember::Kind::null) {
      missing_.push_back(fmt::format("`{}` ({})", name, meaning));
      ok_ = false;
      return min;
    }
    return checked(*m, min);
  }

  // A whole number of at least `min`, or nothing when the config does not give it or gives null.
  std::optional<std::uint64_t> optional_whole(const std::string& name, std::uint64_t min = 1) {
    const JsonMember* m = config_.find(name);
    if (!m || m->kind == JsonMember::Kind::null) return std::nullopt;
    return checked(*m, min);
  }

  // true or false; `otherwise` when absent or null.
  bool flag(const std::string& name, bool otherwise) {
    const JsonMember* m = config_.find(name);
    if (!m || m->kind == JsonMember::Kind::null) return otherwise;
    if (m->kind != JsonMember::Kind::boolean) {
      fail(m->key, fmt::format("`{}` must be true or false, not {}", name, json_kind_name(m->kind)));
      return otherwise;
    }
    return m->boolean;
  }

  // Whole numbers in an array (layer indices), or none when absent or null.
  std::vector<std::uint64_t> whole_list(const std::string& name) {
    const JsonMember* m = config_.find(name);
    std::vector<std::uint64_t> out;
    if (!m || m->kind == JsonMember::Kind::null) return out;
    bool whole = m->kind == JsonMember::Kind::array;
    for (const auto& item : m->items) {
      whole = whole && item.has_value();
      if (item) out.push_back(*item);
    }
    if (!whole) fail(m->key, fmt::format("`{}` must be a list of layer indices (whole numbers), such as [0, 1]", name));
    return out;
  }

  // A string, or nothing when absent or null.
  std::optional<std::string> text(const std::string& name) {
    const JsonMember* m = config_.find(name);
    if (!m || m->kind == JsonMember::Kind::null) return std::nullopt;
    if (m->kind != JsonMember::Kind::string) {
      fail(m->key, fmt::format("`{}` must be a string, not {}", name, json_kind_name(m->kind)));
      return std::nullopt;
    }
    return m->text;
  }

  // Reports an inconsistency between fields at the key of `name`.
  void inconsistent(const std::string& name, std::string message) {
    const JsonMember* m = config_.find(name);
    fail(m ? m->key : config_.open, std::move(message));
  }

 private:
  std::uint64_t checked(const JsonMember& m, std::uint64_t min) {
    if (m.kind != JsonMember::Kind::number) {
      fail(m.key, fmt::format("`{}` must be a whole number, not {}", m.name, json_kind_name(m.kind)));
      return min;
    }
    if (!m.count) {
      bool integral = std::isfinite(m.number) && std::floor(m.number) == m.number;
      fail(m.key, integral && m.number < 0 ? fmt::format("`{}` must be at least {}, got {}", m.name, min, m.number)
                  : integral              ? fmt::format("`{}` is too large to be a count of this model, got {}", m.name, m.number)
                                          : fmt::format("`{}` must be a whole number, got {}", m.name, m.number));
      return min;
    }
    if (*m.count < min) {
      fail(m.key, fmt::format("`{}` must be at least {}, got {}", m.name, min, *m.count));
      return min;
    }
    return *m.count;
  }

  void fail(Span span, std::string message) {
    diags_.error(span, std::move(message));
    ok_ = false;
  }

  const JsonObject& config_;
  DiagnosticLog& diags_;
  std::string model_type_;
  std::vector<std::string> missing_;
  bool ok_ = true;
};

void read_attention(FieldReader& r, HfShapes& s) {
  s.kv_heads = r.optional_whole("num_key_value_heads").value_or(s.heads);  // absent: one per head (MHA)
  if (r.ok() && (s.kv_heads > s.heads || s.heads % s.kv_heads != 0))
    r.inconsistent("num_key_value_heads", fmt::format("`num_key_value_heads` ({}) must divide `num_attention_heads` ({})", s.kv_heads, s.heads));
  if (auto head_dim = r.optional_whole("head_dim")) {
    s.head_dim = *head_dim;
    s.head_dim_written = true;
  } else if (r.ok() && s.hidden % s.heads != 0) {
    r.inconsistent("num_attention_heads", fmt::format("`hidden_size` ({}) is not a multiple of `num_attention_heads` ({}), and the config gives no `head_dim`",
                                                      s.hidden, s.heads));
  } else {
    s.head_dim = s.hidden / s.heads;
  }
}

void read_mla(FieldReader& r, HfShapes& s) {
  s.mla = true;
  s.q_lora_rank = r.optional_whole("q_lora_rank");
  s.kv_lora_rank = r.whole("kv_lora_rank", "the width of the compressed keys and values");
  s.qk_rope_head_dim = r.whole("qk_rope_head_dim", "the width of each head's rotary part of queries and keys");
  s.qk_nope_head_dim = r.whole("qk_nope_head_dim", "the width of each head's other part of queries and keys");
  s.v_head_dim = r.whole("v_head_dim", "the width of each head's values");
  s.head_dim = s.v_head_dim;
  s.head_dim_written = true;
  s.mla_bias = r.flag("attention_bias", false);
}

void read_deepseek_experts(FieldReader& r, HfShapes& s) {
  auto experts = r.optional_whole("n_routed_experts");
  if (!experts) return;  // a dense model
  s.experts = *experts;
  s.active_experts = r.whole("num_experts_per_tok", "the routed experts each token uses");
  s.expert_ffn = r.whole("moe_intermediate_size", "the width of one expert");
  s.shared_experts_given = true;
  s.shared_experts = r.optional_whole("n_shared_experts", 0).value_or(0);
  std::uint64_t first = r.optional_whole("first_k_dense_replace", 0).value_or(0);
  std::uint64_t every = r.optional_whole("moe_layer_freq").value_or(1);
  if (!r.ok()) return;
  // Layer i has experts when i >= first_k_dense_replace and i % moe_layer_freq == 0 (DeepSeek's modeling
  // code): the multiples of `every` from the first one at or past `first` (`from`, or the layer count when
  // there is none below it; no sum here can pass 2^64).
  std::uint64_t from = s.layers;
  if (first < s.layers && first % every == 0) from = first;
  else if (first < s.layers && every - first % every < s.layers - first) from = first + (every - first % every);
  s.moe_layers = from < s.layers ? (s.layers - 1 - from) / every + 1 : 0;
  if (s.moe_layers == 0) {
    r.inconsistent(first >= s.layers ? "first_k_dense_replace" : "moe_layer_freq",
                   fmt::format("`first_k_dense_replace` ({}) and `moe_layer_freq` ({}) leave none of the {} layers (`num_hidden_layers`) to the experts",
                               first, every, s.layers));
    return;
  }
  auto topk = r.text("topk_method");
  s.router_bias = s.model_type == "deepseek_v3" || topk == "noaux_tc";
}

// Qwen2-MoE (Qwen1.5-MoE, Qwen2-57B-A14B): routed experts and one shared expert of its own width, in the
// layers i with (i + 1) % decoder_sparse_step == 0 that mlp_only_layers does not list (its modeling code).
void read_qwen2_moe_experts(FieldReader& r, HfShapes& s) {
  s.experts = r.whole("num_experts", "the routed experts of each MoE layer");
  s.active_experts = r.whole("num_experts_per_tok", "the routed experts each token uses");
  s.expert_ffn = r.whole("moe_intermediate_size", "the width of one routed expert");
  s.shared_ffn = r.whole("shared_expert_intermediate_size", "the width of the shared expert");
  s.shared_expert_gate = true;
  std::uint64_t step = r.optional_whole("decoder_sparse_step").value_or(1);
  std::vector<std::uint64_t> dense = r.whole_list("mlp_only_layers");
  if (!r.ok()) return;
  // Counted, not looped over: the layer count may be any whole number a config writes.
  std::sort(dense.begin(), dense.end());
  dense.erase(std::unique(dense.begin(), dense.end()), dense.end());
  s.moe_layers = s.layers / step;
  for (std::uint64_t i : dense)
    if (i < s.layers && (i + 1) % step == 0) --s.moe_layers;
  if (s.moe_layers == 0) {
    r.inconsistent(dense.empty() ? "decoder_sparse_step" : "mlp_only_layers",
                   fmt::format("`decoder_sparse_step` ({}) and `mlp_only_layers` leave none of the {} layers (`num_hidden_layers`) to the experts", step, s.layers));
    return;
  }
  // Qwen's shared expert is as wide as a whole number of routed experts in the released models (4 x 1408,
  // 8 x 2560): the entry says how many, so that a scenario reads it as DeepSeek's.
  if (s.shared_ffn % s.expert_ffn == 0) {
    s.shared_experts = s.shared_ffn / s.expert_ffn;
    s.shared_experts_given = true;
  }
}

// Every key the readers above look up, for any model type.
const std::vector<std::string>& known_keys() {
  static const std::vector<std::string> keys = {
      "model_type", "_name_or_path", "vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads",
      "intermediate_size", "max_position_embeddings", "tie_word_embeddings", "num_key_value_heads", "head_dim",
      "attention_bias", "mlp_bias", "num_local_experts", "num_experts_per_tok", "q_lora_rank", "kv_lora_rank",
      "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "n_routed_experts", "moe_intermediate_size",
      "n_shared_experts", "first_k_dense_replace", "moe_layer_freq", "topk_method", "num_experts",
      "shared_expert_intermediate_size", "decoder_sparse_step", "mlp_only_layers"};
  return keys;
}

// A key mlsi does not read, close to one it reads that the config does not give (`hidden_sise`), is
// probably that key misspelt, and the value it gives is lost. Real configs have many keys mlsi does not
// read (`rope_theta`, `torch_dtype`): only the close ones are said.
void warn_misspelt_keys(const JsonObject& config, DiagnosticLog& diags) {
  const auto& known = known_keys();
  std::vector<std::string> absent;
  for (const auto& k : known)
    if (!config.find(k)) absent.push_back(k);
  for (const auto& m : config.members) {
    if (std::find(known.begin(), known.end(), m.name) != known.end()) continue;
    if (auto near = closest_name(m.name, absent); !near.empty()) {
      auto& d = diags.warning(m.key, fmt::format("`{}` is not a key mlsi reads; did you mean `{}`?", m.name, near));
      d.notes.push_back(fmt::format("its value is not used, and the config gives no `{}`", near));
    }
  }
}

}  // namespace

std::optional<HfShapes> read_hf_shapes(const JsonObject& config, DiagnosticLog& diags) {
  HfShapes s;
  const JsonMember* type = config.find("model_type");
  const auto& types = hf_model_types();
  if (!type || type->kind != JsonMember::Kind::string) {
    auto& d = diags.error(type ? type->key : config.open,
                          type ? fmt::format("`model_type` must be a string, not {}", json_kind_name(type->kind))
                               : std::string("`model_type` is missing: it says which architecture the config describes"));
    d.notes.push_back(fmt::format("mlsi converts the model types {}", listed(types)));
    return std::nullopt;
  }
  if (std::find(types.begin(), types.end(), type->text) == types.end()) {
    // No "did you mean": a model type close to one of these (llava, qwen3) is another architecture.
    auto& d = diags.error(type->key, fmt::format("model type `{}` is not one mlsi converts", type->text));
    d.notes.push_back(fmt::format("mlsi converts the model types {} (docs/catalogue.md §6)", listed(types)));
    if (config.find("text_config"))
      d.notes.push_back("the language model of a multimodal config is under `text_config`: its own config.json may be converted");
    return std::nullopt;
  }
  s.model_type = type->text;
  s.model_type_key = type->key;
  warn_misspelt_keys(config, diags);

  FieldReader r(config, diags, s.model_type);
  if (auto name = r.text("_name_or_path")) {
    s.name_or_path = *name;
    s.name_or_path_key = config.find("_name_or_path")->key;
  }
  s.vocab = r.whole("vocab_size", "the tokenizer's vocabulary");
  s.hidden = r.whole("hidden_size", "the model width");
  s.layers = r.whole("num_hidden_layers", "the number of layers");
  s.heads = r.whole("num_attention_heads", "the query heads");
  s.ffn = r.whole("intermediate_size", "the width of the feed-forward network");
  s.max_positions = r.optional_whole("max_position_embeddings");
  // As the model type's configuration class defaults it: true for Gemma 2, false for the others.
  s.tied = r.flag("tie_word_embeddings", s.model_type == "gemma2");
  if (!r.ok()) return std::nullopt;

  if (s.model_type == "deepseek_v2" || s.model_type == "deepseek_v3") {
    read_mla(r, s);
    read_deepseek_experts(r, s);
  } else {
    // Gemma 2's configuration class defaults head_dim to 256, not hidden_size / num_attention_heads.
    if (s.model_type == "gemma2") r.whole("head_dim", "the width of each head");
    read_attention(r, s);
    if (s.model_type == "llama") {
      s.qkv_bias = s.o_bias = r.flag("attention_bias", false);
      s.mlp_bias = r.flag("mlp_bias", false);
    } else if (s.model_type == "qwen2" || s.model_type == "qwen2_moe") {
      s.qkv_bias = true;  // Qwen2's q, k and v projections always have biases, its output projection none
      if (s.model_type == "qwen2_moe") read_qwen2_moe_experts(r, s);
    } else if (s.model_type == "gemma2") {
      s.qkv_bias = s.o_bias = r.flag("attention_bias", false);
      s.norms_per_layer = 4;  // Gemma 2 also normalizes the outputs of attention and of the FFN
    } else if (s.model_type == "mixtral") {
      s.experts = r.whole("num_local_experts", "the experts of each layer");
      s.active_experts = r.whole("num_experts_per_tok", "the experts each token uses");
      s.expert_ffn = s.ffn;
      s.moe_layers = s.layers;
    }
  }
  if (r.ok() && s.moe() && s.active_experts > s.experts) {
    const char* experts = s.model_type == "mixtral" ? "num_local_experts" : s.model_type == "qwen2_moe" ? "num_experts" : "n_routed_experts";
    r.inconsistent("num_experts_per_tok", fmt::format("`num_experts_per_tok` ({}) is more than `{}` ({})", s.active_experts, experts, s.experts));
  }
  if (!r.ok()) return std::nullopt;
  return s;
}

}  // namespace mlsi
