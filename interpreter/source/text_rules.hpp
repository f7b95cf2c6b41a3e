#pragma once
// Which characters source and catalogue text may hold (language.md, "Lexical structure"): UTF-8 without
// control characters but tab, line feed, carriage return, vertical tab and form feed. Anything else (a
// NUL, ESC, DEL, a C1 control U+0080-U+009F, invalid UTF-8) is refused where it is, before it can reach a
// terminal or a JSON output.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mlsi {

// The characters of a name (language.md, "Lexical structure"): an ASCII letter or `_` first, then letters,
// digits and `_`. By a table, not the C library's calls: the scans of whole texts for names (a prelude
// mention in a pack file, a declaration at the start of a line) test every byte. 1: may start a name,
// 2: a digit.
inline constexpr std::array<std::uint8_t, 256> kNameCharacters = [] {
  std::array<std::uint8_t, 256> k{};
  for (int c = 'a'; c <= 'z'; ++c) k[static_cast<std::size_t>(c)] = 1;
  for (int c = 'A'; c <= 'Z'; ++c) k[static_cast<std::size_t>(c)] = 1;
  k['_'] = 1;
  for (int c = '0'; c <= '9'; ++c) k[static_cast<std::size_t>(c)] = 2;
  return k;
}();
constexpr bool is_identifier_start(char c) { return kNameCharacters[static_cast<unsigned char>(c)] == 1; }
constexpr bool is_identifier_char(char c) { return kNameCharacters[static_cast<unsigned char>(c)] != 0; }

// The length of the UTF-8 sequence at text[pos], or 0 when it is not valid UTF-8 (a stray or missing
// continuation byte, an overlong form, a surrogate, beyond U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t pos);

// The characters of UTF-8 text: its bytes but the continuation bytes (10xxxxxx). A terminal column each
// for the text mlsi writes (no wide characters), and the columns toml++ counts.
std::size_t utf8_characters(std::string_view text);

struct TextProblem {
  std::size_t offset = 0;  // of the first offending byte
  std::size_t length = 1;  // its bytes (2 for a C1 control)
  std::string message;     // "the control character 0x1B is not allowed in source text"
  bool binary = false;     // a NUL byte: the text is binary data, and none of it should be quoted
};

// The first character of text[begin, end) that is not allowed; `where` ends the message ("source text",
// "catalogue text").
std::optional<TextProblem> find_text_problem(std::string_view text, std::string_view where, std::size_t begin = 0,
                                             std::size_t end = std::string_view::npos);

}  // namespace mlsi
