#pragma once
// Comparing a computed output with a config's `expect` (language.md §6): within a relative or absolute
// tolerance, list entry by entry, records field by field; Bools, texts, enumerations and catalogue
// entries by equality. `mlsi test` and the language server's inlay hints both use it.
#include <optional>

#include "model/types.hpp"
#include "model/values.hpp"

namespace mlsi {

// The largest error of `computed` against `expected` over the quantities they hold: relative where the
// expected quantity is not 0, absolute where it is.
struct ErrorMeasure {
  std::optional<double> relative, absolute;
};
void measure(const Value& computed, const Value& expected, const Type& t, ErrorMeasure& m);

// Whether an output holds quantities that a tolerance applies to (Bool, Text, enumerations and
// catalogue entries are compared by equality).
bool has_tolerance(const Type& t);

// Whether `computed` matches `expected` within the tolerance; lists entry by entry.
bool matches(const Value& computed, const Value& expected, const Type& t, double tol, bool relative);

}  // namespace mlsi
