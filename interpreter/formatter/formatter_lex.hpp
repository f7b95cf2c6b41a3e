#pragma once
// The few tokens `mlsi fmt` measures in the source itself: literals, which it prints as written, and the
// pieces of types and units, which it prints with canonical spacing.
#include <cstdint>
#include <string_view>
#include <vector>

#include "formatter/formatter_writer.hpp"

namespace mlsi::fmt_layout {

// The length of the number literal at text[0] (grammar.hpp `number`).
std::size_t number_length(std::string_view text);
// The length of the string literal at text[0], quotes included.
std::size_t string_length(std::string_view text);

// The tokens of a unit or type as written, for printing with canonical spacing: names, `1`, `%`,
// brackets, `*`, `/`, `|` and powers `^-2` (one token, since a power is written against what it raises).
struct Lexeme {
  std::uint32_t begin, end;
};
std::vector<Lexeme> lex_region(const Writer& w, std::uint32_t begin, std::uint32_t end);

}  // namespace mlsi::fmt_layout
