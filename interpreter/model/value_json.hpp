#pragma once
// Values as JSON, the form docs/language.md §14 fixes for `--format json` (results, --explain, listings).
#include <string>

#include "model/program.hpp"

namespace mlsi {

std::string json_escape(const std::string& s);
// One value as a JSON object of docs/language.md §14: {"value", "unit", "si", "dimension"} for a quantity.
std::string json_field(const Program& p, const Value& v, const Type& t, const DisplayUnit& display);

}  // namespace mlsi
