#include "model/value_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

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

}  // namespace mlsi
