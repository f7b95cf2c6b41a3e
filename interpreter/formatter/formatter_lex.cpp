#include "formatter/formatter_lex.hpp"

#include <algorithm>

namespace mlsi::fmt_layout {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_first(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_ident(char c) { return is_ident_first(c) || is_digit(c); }

// The end of the digits at text[i], with `_` separators between two digits kept as written (`1_000`).
std::size_t digit_groups_end(std::string_view text, std::size_t i) {
  while (i < text.size() && (is_digit(text[i]) || (text[i] == '_' && i + 1 < text.size() && is_digit(text[i + 1])))) ++i;
  return i;
}

}  // namespace

// The length of the number literal at text[0] (grammar.hpp `number`).
std::size_t number_length(std::string_view text) {
  std::size_t i = digit_groups_end(text, 0);
  if (i + 1 < text.size() && text[i] == '.' && is_digit(text[i + 1])) i = digit_groups_end(text, i + 1);
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && is_digit(text[j])) {
      while (j < text.size() && is_digit(text[j])) ++j;
      i = j;
    }
  }
  return i;
}

// The length of the string literal at text[0], quotes included.
std::size_t string_length(std::string_view text) {
  std::size_t i = 1;
  while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
  return std::min(i + 1, text.size());
}

std::vector<Lexeme> lex_region(const Writer& w, std::uint32_t begin, std::uint32_t end) {
  std::string_view s = w.source();
  std::vector<Lexeme> out;
  for (std::uint32_t i = w.skip(begin); i < end; i = w.skip(i)) {
    std::uint32_t j = i + 1;
    if (is_ident_first(s[i])) {
      while (j < end && is_ident(s[j])) ++j;
    } else if (is_digit(s[i])) {
      j = static_cast<std::uint32_t>(std::min<std::size_t>(digit_groups_end(s, j), end));
    } else if (s[i] == '^') {
      if (j < end && s[j] == '-') ++j;
      while (j < end && is_digit(s[j])) ++j;
    }
    out.push_back({i, j});
    i = j;
  }
  return out;
}

}  // namespace mlsi::fmt_layout
