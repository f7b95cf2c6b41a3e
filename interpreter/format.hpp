#pragma once
// How numbers and values are written for people: six significant digits, whole numbers in full.
#include <string>

#include "interpreter/program.hpp"

namespace mlsi {

std::string format_number(double x);
// A value in its display unit ("320 KiB", "[0.25, -0.75] ", "true", "Llama2_70B").
std::string format_value(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p);
// The display unit actually used for a value: the declared one, or one chosen for its magnitude.
DisplayUnit effective_unit(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p);

}  // namespace mlsi
