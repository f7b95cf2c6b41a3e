#include "report/entry_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "model/display.hpp"
#include "model/value_json.hpp"

namespace mlsi {

namespace {

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

const char* kind_word(Declared::Kind k) {
  switch (k) {
    case Declared::Kind::let: return "let";
    case Declared::Kind::function: return "fn";
    case Declared::Kind::scenario: return "scenario";
    case Declared::Kind::config: return "config";
    case Declared::Kind::unit: return "unit";
    case Declared::Kind::dimension: return "dimension";
    case Declared::Kind::entry: return "entry";
  }
  return "";
}

}  // namespace

std::string describe_value(const Program& p, const Value& v, const Type& t, const DisplayUnit& d) {
  return fmt::format("{}  [{}]", format_value(v, t, d, p), type_name(t, p.dims));
}

std::string signature(const Program& p, const Function& f) {
  std::vector<std::string> params;
  for (std::size_t i = 0; i < f.params.size(); ++i) params.push_back(f.params[i] + ": " + type_name(f.param_types[i], p.dims));
  return fmt::format("fn {}({}) -> {}", f.name, join(params), type_name(f.result, p.dims));
}

std::string scenario_summary(const Scenario& sc) {
  std::vector<std::string> inputs, outputs;
  for (int i : sc.inputs) inputs.push_back(sc.slots[static_cast<std::size_t>(i)].name);
  for (int o : sc.outputs) outputs.push_back(sc.slots[static_cast<std::size_t>(o)].name);
  return fmt::format("scenario {}: inputs {}; outputs {}", sc.name, inputs.empty() ? "(none)" : join(inputs),
                     outputs.empty() ? "(none)" : join(outputs));
}

std::string unit_summary(const Program& p, const Unit& u) {
  return fmt::format("unit {} ({}) = {:.10g} {}", u.name, p.dims.format(u.dim), u.factor, p.units.si_text(u.dim));
}

std::string declared_line(const Program& p, const Declared& d) {
  switch (d.kind) {
    case Declared::Kind::let:
      return d.evaluated ? fmt::format("{} = {}", d.name, describe_value(p, d.value, d.type, d.display)) : "let " + d.name;
    case Declared::Kind::function:
      return signature(p, p.functions[static_cast<std::size_t>(p.function_index.at(d.name))]);
    case Declared::Kind::scenario:
      return scenario_summary(p.scenarios[static_cast<std::size_t>(p.scenario_index.at(d.name))]);
    case Declared::Kind::config:
      return fmt::format("config {} for {}", d.name, d.scenario);
    case Declared::Kind::unit:
      if (const Unit* u = p.units.find(d.name)) return unit_summary(p, *u);
      return "unit " + d.name;
    case Declared::Kind::entry: return fmt::format("{} {}", d.type.kind == Type::Kind::record ? d.type.record->name : "entry", d.name);
    case Declared::Kind::dimension: {
      const Dim* dim = p.dims.find(d.name);
      std::string bases = dim ? p.dims.format_bases(*dim) : d.name;
      return bases == d.name ? fmt::format("dimension {}", d.name) : fmt::format("dimension {} = {}", d.name, bases);
    }
  }
  return "";
}

std::string entry_text(const Program& p, const EntryResult& r) {
  if (r.is_expression) return "= " + describe_value(p, r.value, r.type, r.display) + "\n";
  if (r.loaded) {
    // A loaded file's names, by kind: `loaded kv_cache.mls: scenario KvCache, config long_context`.
    std::string list;
    for (const auto& d : r.declared)
      list += fmt::format("{}{}", list.empty() ? ": " : ", ", d.kind == Declared::Kind::entry ? declared_line(p, d) : fmt::format("{} {}", kind_word(d.kind), d.name));
    return fmt::format("loaded {}{}\n", *r.loaded, list);
  }
  std::string out;
  for (const auto& d : r.declared) out += declared_line(p, d) + "\n";
  return out;
}

std::string entry_json(const Program& p, const std::string& text, const EntryResult& r) {
  std::string out = fmt::format("{{\"entry\": {}", json_escape(text));
  if (r.is_expression)
    return out + fmt::format(", \"result\": {}, \"type\": {}}}", json_field(p, r.value, r.type, r.display), json_escape(type_name(r.type, p.dims)));
  if (r.loaded) out += fmt::format(", \"loaded\": {}", json_escape(*r.loaded));
  out += ", \"declared\": [";
  for (std::size_t i = 0; i < r.declared.size(); ++i) {
    const Declared& d = r.declared[i];
    out += fmt::format("{}{{\"kind\": {}, \"name\": {}, \"text\": {}", i ? ", " : "", json_escape(kind_word(d.kind)), json_escape(d.name),
                       json_escape(declared_line(p, d)));
    if (d.evaluated) out += fmt::format(", \"value\": {}, \"type\": {}", json_field(p, d.value, d.type, d.display), json_escape(type_name(d.type, p.dims)));
    out += "}";
  }
  return out + "]}";
}

EvaluatedEntries evaluate_entries(Workspace& workspace, const std::vector<std::string>& texts, bool json,
                                  const std::function<void(const std::string& lines)>& entered) {
  EvaluatedEntries out;
  std::string array = "[";
  std::uint32_t line = 1;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string& text = texts[i];
    EntryResult r = workspace.enter(text, line);
    line += static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    if (r.status != EntryStatus::ok) {
      entered({});
      out.stopped = std::move(r);
      return out;
    }
    if (json) array += (i ? ",\n " : "") + entry_json(workspace.program(), text, r);
    entered(json ? std::string() : entry_text(workspace.program(), r));
  }
  if (json) out.json = array + "]\n";
  return out;
}

}  // namespace mlsi
