#pragma once
// Hints for syntax errors whose likely cause the parser's "expected ..." does not say.
#include <cstddef>
#include <string>
#include <string_view>

namespace mlsi {

// A note for the syntax error at `pos` of `text`, or empty: `n % 3` and `10 % 3` ask for a remainder,
// but `%` is the percent unit (language.md §8.4); `2T FLOP` writes a count's prefix apart from its unit.
std::string syntax_hint(std::string_view text, std::size_t pos);

// The prelude's scale word of a decimal prefix written after a count (`k` and `K`: thousand, `M`: million,
// `G`: billion, `T`: trillion, `P`: quadrillion), or empty: `7G` is `7 billion` (stdlib/prelude/units.mls).
std::string_view count_scale_word(std::string_view prefix);

}  // namespace mlsi
