#include "report/listing_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/render.hpp"

namespace mlsi {

namespace {

std::string json_value(const Program& p, const Value& v, const Type& t, const DisplayUnitText& unit) {
  if (t.is_quantity()) {
    double factor = unit.text.empty() ? 1 : unit.factor;
    return fmt::format("{{\"value\": {}, \"unit\": {}, \"si\": {}, \"dimension\": {}}}", fmt::format("{}", v.number() / factor),
                       json_escape(unit.text), fmt::format("{}", v.number()), json_escape(p.dims.format(t.dim)));
  }
  if (t.kind == Type::Kind::boolean) return fmt::format("{{\"value\": {}}}", v.boolean() ? "true" : "false");
  if (t.kind == Type::Kind::text) return fmt::format("{{\"value\": {}}}", json_escape(v.text()));
  if (t.kind == Type::Kind::record && v.record().type->catalogue) return fmt::format("{{\"value\": {}}}", json_escape(v.record().key));
  if (t.kind == Type::Kind::record) {
    std::string s = "{";
    const auto& r = v.record();
    bool first = true;
    for (std::size_t i = 0; i < r.fields.size(); ++i) {
      if (!r.fields[i]) continue;
      s += (first ? "" : ", ") + json_escape(r.type->fields[i]) + ": " + json_value(p, *r.fields[i], r.type->types[i], DisplayUnitText{});
      first = false;
    }
    return s + "}";
  }
  if (t.is_list()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.list().size(); ++i) s += (i ? ", " : "") + json_value(p, v.list()[i], *t.element, DisplayUnitText{});
    return s + "]";
  }
  return "null";
}

}  // namespace

std::string json_entry(const Program& p, const CatalogueEntry& e) {
  const auto& r = e.value.record();
  std::string s = fmt::format("{{\"key\": {}, \"kind\": {}, \"builtin\": {}, \"fields\": {{", json_escape(e.key), json_escape(e.kind), e.builtin ? "true" : "false");
  bool first = true;
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    if (!r.fields[i]) continue;
    s += (first ? "" : ", ") + json_escape(r.type->fields[i]) + ": " + json_value(p, *r.fields[i], r.type->types[i], e.units[i]);
    first = false;
  }
  return s + "}}";
}

std::string table_text(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right) {
  std::vector<std::size_t> width;
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], r[i].size());
    }
  std::string out;
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i) {
      bool last = i + 1 == r.size();
      std::string cell = right.size() > i && right[i] ? fmt::format("{:>{}}", r[i], width[i]) : last ? r[i] : fmt::format("{:<{}}", r[i], width[i]);
      line += (i ? "  " : "") + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace mlsi
