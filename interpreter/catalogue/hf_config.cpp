#include "catalogue/hf_config.hpp"

#include <fmt/format.h>

#include <toml++/toml.h>

#include <sstream>

#include "source/text_rules.hpp"

namespace mlsi {

namespace {

bool is_ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

bool has_alnum(std::string_view text) {
  for (char c : text)
    if (is_ascii_alnum(c)) return true;
  return false;
}

// The last part of `_name_or_path` (a hub id `org/name`, or a folder) with a letter or digit, or nothing.
std::string_view last_named_part(std::string_view path) {
  while (!path.empty()) {
    std::size_t slash = path.rfind('/');
    std::string_view part = slash == std::string_view::npos ? path : path.substr(slash + 1);
    if (has_alnum(part)) return part;
    if (slash == std::string_view::npos) break;
    path = path.substr(0, slash);
  }
  return {};
}

// A TOML string in double quotes (as the catalogue's files write them), escaped by toml++.
std::string quoted(const std::string& text) {
  std::ostringstream out;
  out << toml::toml_formatter(toml::value<std::string>(text), toml::format_flags::allow_unicode_strings);
  return out.str();
}

// Where the counts come from, for `mlsi show`: each part of docs/catalogue.md §6.2 with its size.
std::string parameters_note(const HfShapes& s, const HfParameters& p) {
  std::string note = fmt::format("parameters counted from the shapes (docs/catalogue.md §6.2): embeddings {} ({}), {} layers x (attention {} + norms {})",
                                 p.embeddings, s.tied ? "tied: one table" : "input and output", s.layers, p.attention, p.layer_norms);
  auto ffns = [](std::uint64_t n) { return n == 1 ? "FFN" : "FFNs"; };
  if (s.dense_layers() > 0) note += fmt::format(", {} dense {} x {}", s.dense_layers(), ffns(s.dense_layers()), p.dense_ffn);
  if (s.moe_layers > 0)
    note += fmt::format(", {} MoE {} x {} ({} of it per token)", s.moe_layers, ffns(s.moe_layers), p.moe_ffn, p.moe_ffn_active);
  note += fmt::format(", final norm {}", p.final_norm);
  if (s.moe()) note += "; active_parameters: all but the routed experts a token does not use";
  return note;
}

std::string entry_text(const HfShapes& s, const HfParameters& p, const std::string& key, const std::string& name) {
  std::string out = "# A Workload converted from a Hugging Face config.json by `mlsi catalogue from-hf` (docs/catalogue.md §6)\n";
  out += fmt::format("[Workload.{}]\n", key);
  auto line = [&](std::string_view field, const std::string& value) { out += fmt::format("{} = {}\n", field, value); };
  auto count = [&](std::string_view field, std::uint64_t value) { line(field, std::to_string(value)); };
  line("name", quoted(name));
  line("family", s.moe() ? "\"moe\"" : "\"transformer\"");
  line("attention", s.mla ? "\"mla\"" : s.kv_heads == s.heads ? "\"mha\"" : "\"gqa\"");
  count("parameters", p.total);
  count("active_parameters", p.active);
  count("layers", s.layers);
  count("hidden_dim", s.hidden);
  count("heads", s.heads);
  if (!s.mla) count("kv_heads", s.kv_heads);
  if (s.head_dim_written || s.head_dim * s.heads != s.hidden) count("head_dim", s.head_dim);
  count("ffn_dim", s.ffn);
  // Every model type mlsi converts has gate, up and down projections, whatever its activation (SiLU, or
  // Gemma 2's tanh GELU): a gated FFN.
  line("mlp", "\"gated\"");
  count("vocab_size", s.vocab);
  line("tied_embeddings", s.tied ? "true" : "false");
  if (s.max_positions) count("max_seq_len", *s.max_positions);
  if (s.moe()) {
    count("experts", s.experts);
    count("active_experts", s.active_experts);
    if (s.shared_experts_given) count("shared_experts", s.shared_experts);
    count("expert_ffn_dim", s.expert_ffn);
    if (s.dense_layers() > 0) count("dense_layers", s.dense_layers());
  }
  if (s.mla) {
    count("kv_lora_rank", s.kv_lora_rank);
    if (s.q_lora_rank) count("q_lora_rank", *s.q_lora_rank);
    count("qk_rope_head_dim", s.qk_rope_head_dim);
    count("qk_nope_head_dim", s.qk_nope_head_dim);
    count("v_head_dim", s.v_head_dim);
  }
  line("source", quoted("config.json of " + name));
  line("note", quoted(parameters_note(s, p)));
  return out;
}

}  // namespace

std::string hf_entry_key(std::string_view text) {
  std::string key;
  bool gap = false;
  for (char c : text) {
    if (!is_ascii_alnum(c)) {
      gap = !key.empty();
      continue;
    }
    if (gap) key += '_';
    gap = false;
    key += c;
  }
  if (!key.empty() && key[0] >= '0' && key[0] <= '9') key.insert(key.begin(), '_');
  return key;
}

std::optional<HfWorkload> workload_from_hf_config(const SourceManager& sources, FileId file, const std::string& key,
                                                  DiagnosticLog& diags, int max_nesting, const CallerWords& words) {
  auto config = read_json_object(sources, file, diags, max_nesting, words);
  if (!config) return std::nullopt;
  auto shapes = read_hf_shapes(*config, diags);
  if (!shapes) return std::nullopt;
  const HfShapes& s = *shapes;
  // The name is printed by `list` and `show`: the rule of catalogue text holds for it (docs/catalogue.md §1.3).
  if (auto problem = find_text_problem(s.name_or_path, "catalogue text")) {
    diags.error(s.name_or_path_key, fmt::format("the value of `_name_or_path`: {}", problem->message));
    return std::nullopt;
  }
  auto parameters = count_parameters(s);
  if (!parameters) {
    diags.error(config->open, "the parameters of this config number more than 2^63 - 1 (9.2e18): its shapes are not a model's");
    return std::nullopt;
  }
  HfWorkload w;
  std::string_view from_path = last_named_part(s.name_or_path);
  if (!key.empty()) {
    w.key = key;
  } else if (!from_path.empty()) {
    w.key = hf_entry_key(from_path);
    w.key_field = "_name_or_path";
    w.key_origin = s.name_or_path_key;
  } else {
    w.key = hf_entry_key(s.model_type);
    w.key_field = "model_type";
    w.key_origin = s.model_type_key;
  }
  std::string name = has_alnum(s.name_or_path) ? s.name_or_path : w.key;
  w.toml = entry_text(s, *parameters, w.key, name);
  w.parameters = *parameters;
  return w;
}

}  // namespace mlsi
