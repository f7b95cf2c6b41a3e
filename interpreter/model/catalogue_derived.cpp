#include "model/catalogue_derived.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "model/calibration_defaults.hpp"

namespace mlsi {

std::vector<bool> fill_derived_fields(const std::string& key, const std::string& kind, const RecordType& rt,
                                      std::vector<std::optional<Value>>& fields, std::vector<DisplayUnitText>& units) {
  // Filled only when the entry omits them.
  auto get = [&](const char* f) -> std::optional<Value>& { return fields[static_cast<std::size_t>(rt.find(f))]; };
  auto has = [&](const char* f) { return rt.find(f) >= 0 && get(f).has_value(); };
  if (kind == "Workload") {
    if (!has("active_parameters") && has("parameters")) get("active_parameters") = get("parameters");
    if (!has("head_dim") && has("hidden_dim") && has("heads") && get("heads")->number() > 0)
      get("head_dim") = Value(get("hidden_dim")->number() / get("heads")->number());
    // The shape of a transformer's FFN and of its embeddings: a built-in entry writes them (validate()
    // says so when one does not); a user entry gets the common case, and a note.
    std::string family = has("family") ? category_text(*get("family")) : "";
    bool transformer = family == "transformer" || family == "moe";
    if (transformer && !has("mlp") && (has("ffn_dim") || has("expert_ffn_dim"))) {
      const auto& cases = rt.types[static_cast<std::size_t>(rt.find("mlp"))].enumeration;
      get("mlp") = Value(EnumValue{cases->find("gated"), cases});
    }
    if (transformer && !has("tied_embeddings") && has("vocab_size")) get("tied_embeddings") = Value(false);
    if (family == "moe" && !has("moe_layers") && has("layers"))
      get("moe_layers") = Value(std::max(0.0, get("layers")->number() - (has("dense_layers") ? get("dense_layers")->number() : 0)));
  } else if (kind == "Hardware") {
    if (!has("accelerators")) get("accelerators") = Value(1.0);
    if (!has("dispatch_overhead")) get("dispatch_overhead") = Value(1e-5);
    if (!has("device_link_bidirectional") && has("device_link_bandwidth")) get("device_link_bidirectional") = Value(false);
    if (has("peak_flops")) {
      std::string precision = has("peak_precision") ? category_text(*get("peak_precision")) : "fp16";
      auto rates_type = rt.types[static_cast<std::size_t>(rt.find("flops"))].record;
      RecordValue rv;
      if (has("flops")) {
        rv = get("flops")->record();
      } else {
        rv.type = rates_type;
        rv.fields.resize(rates_type->fields.size());
        rv.owner = key;
        rv.owner_kind = kind;
        rv.owner_field = "flops";
      }
      int pi = rates_type->find(precision);
      if (pi >= 0 && !rv.fields[static_cast<std::size_t>(pi)]) rv.fields[static_cast<std::size_t>(pi)] = get("peak_flops");
      get("flops") = Value(std::move(rv));
    }
  } else if (kind == "Fleet") {
    if (has("node")) {
      const auto& node = get("node")->record();
      const auto& nt = *node.type;
      auto per = node.fields[static_cast<std::size_t>(nt.find("accelerators_per_node"))];
      if (!has("accelerators") && per && has("nodes")) get("accelerators") = Value(per->number() * get("nodes")->number());
      if (!has("accelerator")) get("accelerator") = node.fields[static_cast<std::size_t>(nt.find("accelerator"))];
    }
  } else if (kind == "Pod") {
    if (!has("memory") && has("accelerator") && has("accelerators")) {
      const auto& acc = get("accelerator")->record();
      auto mem = acc.fields[static_cast<std::size_t>(acc.type->find("memory"))];
      if (mem) get("memory") = Value(mem->number() * get("accelerators")->number());
    }
  } else if (kind == "Datacenter") {
    if (has("grid")) {
      const auto& grid = get("grid")->record();
      for (const char* f : {"pue", "wue"})
        if (!has(f)) get(f) = grid.fields[static_cast<std::size_t>(grid.type->find(f))];
    }
  } else if (kind == "Fabric") {
    if (!has("topology")) get("topology") = Value(std::string("fat-tree"));
    if (!has("oversubscription")) get("oversubscription") = Value(1.0);
  } else if (kind == "Precision") {
    if (!has("bits") && has("bytes")) get("bits") = Value(get("bytes")->number() * 8);
  }
  return fill_calibration_defaults(key, kind, rt, fields, units);
}

std::string inline_entry_name(const std::string& kind, const std::string& file, std::uint32_t line, std::uint32_t col) {
  return fmt::format("the {} written at {}:{}:{}", kind, file, line, col);
}

std::string entry_subject(const std::string& kind, const std::string& key_or_inline_name) {
  // A key is an identifier; an inline entry's name has spaces and says its kind itself.
  if (key_or_inline_name.find(' ') != std::string::npos) return key_or_inline_name;
  return kind + " " + key_or_inline_name;
}

const std::string& category_text(const Value& v) {
  if (std::holds_alternative<EnumValue>(v.v)) return v.enumeration().type->cases.at(static_cast<std::size_t>(v.enumeration().index));
  return v.text();
}

}  // namespace mlsi
