#include "model/value_json.hpp"

#include <fmt/format.h>

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

// fmt's `{}` is the shortest round-trip form (Dragonbox), in fixed notation up to 16 digits before the
// point (175000000000) and in exponent form beyond (1e+16, 2.5e-07): both are JSON numbers.
std::string json_number(double x) {
  if (x == 0) return "0";  // -0 reads back as 0 in most JSON readers: write the value they will hold
  return fmt::format("{}", x);
}

std::string json_quantity(const Program& p, double si, const Dim& dim, const DisplayUnit& unit) {
  return fmt::format("{{\"value\": {}, \"unit\": {}, \"si\": {}, \"dimension\": {}}}", json_number(unit.factor == 1 ? si : si / unit.factor),
                     json_escape(unit.text), json_number(si), json_escape(p.dims.format(dim)));
}

namespace {

std::string json_record(const Program& p, const Value& v) {
  const auto& r = v.record();
  if (!r.key.empty()) return fmt::format("{{\"entry\": {}, \"kind\": {}}}", json_escape(r.key), json_escape(r.type->name));
  std::string s = "{\"fields\": {";
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    s += (i ? ", " : "") + json_escape(r.type->fields[i]) + ": ";
    s += r.fields[i] ? json_field(p, *r.fields[i], r.type->types[i], field_display(*r.type, i)) : "null";
  }
  return s + "}}";
}

// Every number of a list is in the one unit the list is shown in, as in the table.
std::string json_in_unit(const Program& p, const Value& v, const Type& t, const DisplayUnit& unit) {
  switch (t.kind) {
    case Type::Kind::quantity: return json_quantity(p, v.number(), t.dim, unit);
    case Type::Kind::boolean: return v.boolean() ? "{\"value\": true}" : "{\"value\": false}";
    case Type::Kind::text: return fmt::format("{{\"value\": {}}}", json_escape(v.text()));
    case Type::Kind::enumeration:
      return fmt::format("{{\"value\": {}}}", json_escape(v.enumeration().type->cases.at(static_cast<std::size_t>(v.enumeration().index))));
    case Type::Kind::list: {
      std::string s = "[";
      for (std::size_t i = 0; i < v.list().size(); ++i) s += (i ? ", " : "") + json_in_unit(p, v.list()[i], *t.element, unit);
      return s + "]";
    }
    case Type::Kind::record: return json_record(p, v);
    case Type::Kind::error: break;
  }
  return "null";
}

}  // namespace

std::string json_field(const Program& p, const Value& v, const Type& t, const DisplayUnit& display) {
  if (t.kind == Type::Kind::record) return json_record(p, v);
  if (!t.scalar().is_quantity()) return json_in_unit(p, v, t, DisplayUnit{});
  return json_in_unit(p, v, t, effective_unit(v, t, display, p));
}

}  // namespace mlsi
