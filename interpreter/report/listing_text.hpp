#pragma once
// The pieces of text that `list` and `show` share (report/catalogue_listing.hpp).
#include <string>
#include <vector>

#include "model/program.hpp"

namespace mlsi {

// Rows as aligned columns two spaces apart, a column marked in `right` aligned right, trailing spaces
// trimmed; one line per row.
std::string table_text(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right = {});
// A catalogue entry as JSON: its key, kind, whether built in, and each field present.
std::string json_entry(const Program& p, const CatalogueEntry& e);
// One of a unit as a JSON quantity: {"value": 1, "unit": "GiB", "si": 1073741824, "dimension": "Information"}.
std::string json_unit_size(const Program& p, const Unit& u);

}  // namespace mlsi
