#pragma once
// The whole numbers every bound is given as (the command line's numeric options, the limits of the
// Python module and of the WebAssembly module): read the same way everywhere, refused in the same words.
#include <cstdint>
#include <string>
#include <string_view>

namespace mlsi {

// A whole number from 1 to `max` written in decimal digits only (no sign, point, exponent or suffix),
// as every numeric option is; else `error` says what `what` (an option's name) expected.
struct WholeNumber {
  std::uint64_t value = 0;
  std::string error;
};
WholeNumber parse_whole(std::string_view text, std::uint64_t max, std::string_view what);

}  // namespace mlsi
