#include "report/render.hpp"

#include <fmt/format.h>

#include <cmath>

#include "model/display.hpp"

namespace mlsi {

std::string json_escape(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", static_cast<int>(c));
        else out += c;
    }
  }
  return out + "\"";
}

namespace {

std::string json_number(double x) {
  if (x == 0) return "0";
  if (std::fabs(x) < 1e15 && x == std::floor(x)) return fmt::format("{:.0f}", x);
  return fmt::format("{}", x);
}

// A value converted to its display unit carries rounding noise in the last bits (500 ns is
// 500.00000000000006 after 5e-7 / 1e-9); 15 significant digits drop it. The "si" figure stays exact.
std::string json_display_number(double x) {
  double rounded = std::strtod(fmt::format("{:.15g}", x).c_str(), nullptr);
  // Near the largest double, rounding up to 15 digits overflows (1.7976931348623157e308 to 1.79769313486232e308).
  return json_number(std::isfinite(rounded) ? rounded : x);
}

// The "value" of a JSON field: numbers in the display unit, lists as arrays.
std::string json_plain(const Value& v, const Type& t, double factor) {
  switch (t.kind) {
    case Type::Kind::quantity: return factor == 1 ? json_number(v.number()) : json_display_number(v.number() / factor);
    case Type::Kind::boolean: return v.boolean() ? "true" : "false";
    case Type::Kind::text: return json_escape(v.text());
    case Type::Kind::enumeration: return json_escape(v.enumeration().type->cases.at(static_cast<std::size_t>(v.enumeration().index)));
    case Type::Kind::list: {
      std::string s = "[";
      for (std::size_t i = 0; i < v.list().size(); ++i) s += (i ? ", " : "") + json_plain(v.list()[i], *t.element, factor);
      return s + "]";
    }
    default: return "null";
  }
}

struct Row {
  std::string name, value, unit;
};

Row table_row(const Program& p, const std::string& name, const Value& v, const Type& t, const DisplayUnit& display) {
  DisplayUnit u = effective_unit(v, t, display, p);
  std::string full = format_value(v, t, u, p);
  std::string unit = t.scalar().is_quantity() ? u.text : "";
  std::string value = unit.empty() ? full : full.substr(0, full.size() - unit.size() - 1);
  return Row{name, value, unit};
}

std::string csv_cell(std::string s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string json_field(const Program& p, const Value& v, const Type& t, const DisplayUnit& display) {
  if (t.kind == Type::Kind::record) {
    const auto& r = v.record();
    if (!r.key.empty()) return fmt::format("{{\"value\": {}}}", json_escape(r.key));
    std::string s = "{";
    for (std::size_t i = 0; i < r.fields.size(); ++i) {
      s += (i ? ", " : "") + json_escape(r.type->fields[i]) + ": ";
      s += r.fields[i] ? json_field(p, *r.fields[i], r.type->types[i], DisplayUnit{}) : "null";
    }
    return s + "}";
  }
  const Type& scalar = t.scalar();
  if (!scalar.is_quantity()) return fmt::format("{{\"value\": {}}}", json_plain(v, t, 1));
  DisplayUnit u = effective_unit(v, t, display, p);
  return fmt::format("{{\"value\": {}, \"unit\": {}, \"si\": {}, \"dimension\": {}}}", json_plain(v, t, u.factor),
                     json_escape(u.text), json_plain(v, t, 1), json_escape(p.dims.format(scalar.dim)));
}

std::string render_run(const Program& p, const ScenarioRun& run, const std::string& config, Format format, bool colour) {
  const Scenario& s = p.scenarios.at(static_cast<std::size_t>(run.scenario));
  auto value_of = [&](int slot) -> const Value& { return run.slots[static_cast<std::size_t>(slot)]; };
  // An input whose default nothing read and that could not be evaluated (it reads a field the entry lacks).
  auto unused = [&](int slot) { return !run.available.empty() && !run.available[static_cast<std::size_t>(slot)]; };
  if (format == Format::json) {
    std::string out = fmt::format("{{\"scenario\": {}, \"config\": {},\n \"inputs\": {{", json_escape(s.name), config.empty() ? "null" : json_escape(config));
    bool first = true;
    for (int i : s.inputs) {
      const Slot& sl = s.slots[static_cast<std::size_t>(i)];
      out += fmt::format("{}{}: {}", first ? "" : ", ", json_escape(sl.name),
                         unused(i) ? std::string("{\"value\": null}") : json_field(p, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
      first = false;
    }
    out += "},\n \"outputs\": {";
    first = true;
    for (int i : s.outputs) {
      const Slot& sl = s.slots[static_cast<std::size_t>(i)];
      out += fmt::format("{}{}: {}", first ? "" : ", ", json_escape(sl.name), json_field(p, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
      first = false;
    }
    return out + "}}\n";
  }
  std::vector<Row> inputs, outputs;
  for (int i : s.inputs) {
    const Slot& sl = s.slots[static_cast<std::size_t>(i)];
    if (unused(i)) inputs.push_back(Row{sl.name, "(not used)", ""});
    else inputs.push_back(table_row(p, sl.name, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
  }
  for (int i : s.outputs) {
    const Slot& sl = s.slots[static_cast<std::size_t>(i)];
    outputs.push_back(table_row(p, sl.name, value_of(i), sl.type, run.display[static_cast<std::size_t>(i)]));
  }
  if (format == Format::csv) {
    std::string header, values;
    bool first = true;
    for (const auto* rows : {&inputs, &outputs}) {
      for (const auto& r : *rows) {
        header += (first ? "" : ",") + csv_cell(r.unit.empty() ? r.name : fmt::format("{} ({})", r.name, r.unit));
        values += (first ? "" : ",") + csv_cell(r.value);
        first = false;
      }
    }
    return header + "\n" + values + "\n";
  }
  std::size_t name_w = 0, value_w = 0;
  for (const auto* rows : {&inputs, &outputs})
    for (const auto& r : *rows) {
      name_w = std::max(name_w, r.name.size());
      if (r.value.size() <= 24) value_w = std::max(value_w, r.value.size());
    }
  const char* bold = colour ? "\x1b[1m" : "";
  const char* dim = colour ? "\x1b[2m" : "";
  const char* reset = colour ? "\x1b[0m" : "";
  std::string out = fmt::format("{}{}{}", bold, s.name, reset);
  if (!config.empty()) out += fmt::format(" {}(config {}){}", dim, config, reset);
  out += "\n";
  auto section = [&](const char* title, const std::vector<Row>& rows) {
    if (rows.empty()) return;
    out += fmt::format("\n{}{}{}\n", bold, title, reset);
    for (const auto& r : rows) {
      std::string line = fmt::format("  {:<{}}  {:>{}}", r.name, name_w, r.value, value_w);
      if (!r.unit.empty()) line += " " + r.unit;
      out += line + "\n";
    }
  };
  section("inputs", inputs);
  section("outputs", outputs);
  return out;
}

}  // namespace mlsi
