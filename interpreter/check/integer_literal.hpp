#pragma once
// Whole-number literals past 2^53, where a double no longer holds every integer (language.md, "Numbers").
#include <optional>
#include <string>
#include <string_view>

namespace mlsi {

// For a literal of digits (and `_` separators) whose value `value` (the nearest double) differs from
// it, the warning's message: "the integer `9007199254740993` is not exactly representable as a double;
// it is 9007199254740992". Nothing for an exact one, a literal with a point or an exponent (a decimal
// fraction is rounded as expected), or one too large for a double (an error of its own).
std::optional<std::string> inexact_integer_literal(std::string_view text, double value);

}  // namespace mlsi
