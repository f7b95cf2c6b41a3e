#include "syntax/syntax_hints.hpp"

#include <fmt/format.h>

#include <cctype>

namespace mlsi {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }
bool blank(char c) { return c == ' ' || c == '\t'; }

// The name, number or bracketed operand (`(a + b)`, `xs[i]`) that ends just before `end` (spaces
// skipped), or empty.
std::string_view word_before(std::string_view text, std::size_t end) {
  while (end > 0 && blank(text[end - 1])) --end;
  std::size_t begin = end;
  if (begin > 0 && (text[begin - 1] == ')' || text[begin - 1] == ']')) {
    int depth = 0;
    while (begin > 0) {
      char c = text[--begin];
      if (c == '\n') return {};
      if (c == ')' || c == ']') ++depth;
      if ((c == '(' || c == '[') && --depth == 0) break;
    }
    if (depth != 0) return {};
  }
  while (begin > 0 && word_char(text[begin - 1])) --begin;
  return text.substr(begin, end - begin);
}

// The name or number that starts at `begin` (spaces skipped), or empty.
std::string_view word_after(std::string_view text, std::size_t begin) {
  while (begin < text.size() && blank(text[begin])) ++begin;
  std::size_t end = begin;
  while (end < text.size() && word_char(text[end])) ++end;
  return text.substr(begin, end - begin);
}

std::string remainder_note(std::string_view left, std::string_view right) {
  // `(a + b) % 3`: the brackets were for the operator; an argument needs none.
  if (left.size() > 2 && left.front() == '(') left = left.substr(1, left.size() - 2);
  std::string call = !left.empty() && !right.empty() ? fmt::format("mod({}, {})", left, right) : "mod(a, b)";
  return fmt::format("`%` is the percent unit; for a remainder write `{}`", call);
}

// `2T FLOP`: a number with a decimal prefix glued to it, then a unit. The prefix belongs on the unit
// (`2 TFLOP`), or the count is written with its scale word (`2 trillion FLOP`).
std::string prefixed_count_note(std::string_view left, std::string_view unit) {
  std::size_t digits = 0;
  while (digits < left.size() && (std::isdigit(static_cast<unsigned char>(left[digits])) || left[digits] == '.')) ++digits;
  if (digits == 0 || digits + 1 != left.size() || unit.empty() || !std::isalpha(static_cast<unsigned char>(unit.front())))
    return {};
  std::string_view word = count_scale_word(left.substr(digits));
  if (word.empty()) return {};
  std::string_view number = left.substr(0, digits);
  char prefix = left.back() == 'K' ? 'k' : left.back();
  return fmt::format("`{}` is not a number: write `{} {} {}`, or the prefix on the unit if it takes one (`{} {}{}`)", left,
                     number, word, unit, number, prefix, unit);
}

}  // namespace

std::string_view count_scale_word(std::string_view prefix) {
  if (prefix == "k" || prefix == "K") return "thousand";
  if (prefix == "M") return "million";
  if (prefix == "G") return "billion";
  if (prefix == "T") return "trillion";
  if (prefix == "P") return "quadrillion";
  return {};
}

std::string syntax_hint(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return {};
  // `n % 3`: after a name or a `)`, `%` cannot be a unit.
  if (text[pos] == '%') return remainder_note(word_before(text, pos), word_after(text, pos + 1));
  // `10 % 3`: `10 %` is ten percent, and the `3` after it has no place.
  std::size_t before = pos;
  while (before > 0 && blank(text[before - 1])) --before;
  if (before < pos && before > 0 && text[before - 1] == '%' && word_char(text[pos]))
    return remainder_note(word_before(text, before - 1), word_after(text, pos));
  // `2T FLOP`: a name where the expression should have ended, after a number with a prefix glued to it.
  if (before < pos && word_char(text[pos])) return prefixed_count_note(word_before(text, before), word_after(text, pos));
  return {};
}

}  // namespace mlsi
