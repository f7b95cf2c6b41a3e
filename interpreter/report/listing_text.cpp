#include "report/listing_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/catalogue_fields.hpp"
#include "report/render.hpp"

namespace mlsi {

std::string json_entry(const Program& p, const CatalogueEntry& e) {
  const auto& r = e.value.record();
  std::string s = fmt::format("{{\"key\": {}, \"kind\": {}, \"builtin\": {}, \"fields\": {{", json_escape(e.key), json_escape(e.kind), e.builtin ? "true" : "false");
  bool first = true;
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    if (!r.fields[i]) continue;
    // A quantity in the unit the catalogue wrote it in; one it derived, or a field of a sub-record
    // (`flops.fp16`), in the unit a table would choose.
    const DisplayUnitText& written = e.units[i];
    DisplayUnit unit = written.text.empty() ? DisplayUnit{} : DisplayUnit{written.text, written.factor, false};
    s += (first ? "" : ", ") + json_escape(r.type->fields[i]) + ": " + json_field(p, *r.fields[i], r.type->types[i], unit);
    first = false;
  }
  s += "}";
  // The calibration defaults (docs/catalogue.md §2.14), only for an entry that has some.
  if (auto defaulted = defaulted_fields(e); !defaulted.empty()) {
    s += ", \"defaulted\": [";
    for (std::size_t i = 0; i < defaulted.size(); ++i) s += (i ? ", " : "") + json_escape(defaulted[i]);
    s += "]";
  }
  return s + "}";
}

std::string json_unit_size(const Program& p, const Unit& u) { return json_quantity(p, u.factor, u.dim, DisplayUnit{u.name, u.factor, false}); }

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
