#include "check/integer_literal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mlsi {

std::optional<std::string> inexact_integer_literal(std::string_view text, double value) {
  // Every integer up to 2^53 is a double; past it, only every second, fourth, ... one. (2^53 + 1 rounds
  // down to 2^53 itself: a value of 2^53 is checked too.)
  if (!std::isfinite(value) || value < 9007199254740992.0) return std::nullopt;
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || c == '_'; }))
    return std::nullopt;
  std::string digits;
  for (char c : text)
    if (c != '_' && !(digits.empty() && c == '0')) digits += c;
  // The double's exact decimal value: fixed notation with no fraction digits is exact in fmt.
  std::string exact = fmt::format("{:.0f}", value);
  if (digits == exact) return std::nullopt;
  return fmt::format("the integer `{}` is not exactly representable as a double; it is {}", text, exact);
}

}  // namespace mlsi
