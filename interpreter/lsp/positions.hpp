#pragma once
// Positions as the Language Server Protocol counts them: a line and a character offset in the encoding
// agreed at `initialize` (UTF-16 code units unless the client offers UTF-8), against byte offsets into
// UTF-8 text, which is how mlsi counts.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi::lsp {

enum class Encoding { utf8, utf16, utf32 };

struct Position {
  std::uint32_t line = 0;
  std::uint32_t character = 0;
};

// The code units of `encoding` in the first `bytes` bytes of `line` (a byte inside a character counts
// the whole character).
std::uint32_t units_of(std::string_view line, std::size_t bytes, Encoding encoding);
// The bytes of the first `units` code units of `line`, at most the line's length; a position inside a
// character (the second half of a surrogate pair) is the character's end.
std::size_t bytes_of(std::string_view line, std::uint32_t units, Encoding encoding);

// The line starts of a text, to turn positions into byte offsets and back.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  // The index views the text: a temporary string would be gone before the index is used.
  explicit LineIndex(std::string&&) = delete;
  // A position past a line's end is its end; a line past the last is the text's end.
  std::size_t offset(Position p, Encoding encoding) const;
  Position position(std::size_t offset, Encoding encoding) const;

 private:
  std::string_view line(std::size_t index) const;  // without its line break
  std::string_view text_;
  std::vector<std::size_t> starts_;
};

}  // namespace mlsi::lsp
