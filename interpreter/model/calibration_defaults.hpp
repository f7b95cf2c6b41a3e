#pragma once
// The loader's defaults for the calibration fields an entry does not give (docs/catalogue.md §2.14).
#include <optional>
#include <string>
#include <vector>

#include "model/types.hpp"
#include "model/values.hpp"

namespace mlsi {

// Fills the calibration fields of `fields` (an entry of `kind` named `key`, its other derived fields
// already filled) that it lacks with their defaults, and `units` with the unit each is shown in. Returns,
// per field, whether it holds a default (empty when none does). A per-precision map the entry gives in
// part gets the missing precisions filled and marked in its own `defaulted`.
std::vector<bool> fill_calibration_defaults(const std::string& key, const std::string& kind, const RecordType& rt,
                                            std::vector<std::optional<Value>>& fields, std::vector<DisplayUnitText>& units);

}  // namespace mlsi
