#include "lsp/positions.hpp"

#include <algorithm>

namespace mlsi::lsp {

namespace {

// The length in bytes of the UTF-8 character that starts with `lead` (1 for a byte that starts none).
std::size_t char_bytes(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

std::uint32_t char_units(std::size_t bytes, Encoding encoding) {
  switch (encoding) {
    case Encoding::utf8: return static_cast<std::uint32_t>(bytes);
    case Encoding::utf16: return bytes == 4 ? 2 : 1;
    case Encoding::utf32: return 1;
  }
  return 1;
}

}  // namespace

std::uint32_t units_of(std::string_view line, std::size_t bytes, Encoding encoding) {
  if (encoding == Encoding::utf8) return static_cast<std::uint32_t>(std::min(bytes, line.size()));
  std::uint32_t units = 0;
  for (std::size_t i = 0; i < line.size() && i < bytes;) {
    std::size_t n = std::min(char_bytes(static_cast<unsigned char>(line[i])), line.size() - i);
    units += char_units(n, encoding);
    i += n;
  }
  return units;
}

std::size_t bytes_of(std::string_view line, std::uint32_t units, Encoding encoding) {
  if (encoding == Encoding::utf8) {
    std::size_t at = std::min<std::size_t>(units, line.size());
    // Never inside a character: back to its start.
    while (at > 0 && at < line.size() && (static_cast<unsigned char>(line[at]) & 0xC0) == 0x80) --at;
    return at;
  }
  std::size_t i = 0;
  std::uint32_t counted = 0;
  while (i < line.size() && counted < units) {
    std::size_t n = std::min(char_bytes(static_cast<unsigned char>(line[i])), line.size() - i);
    counted += char_units(n, encoding);
    i += n;
  }
  return i;
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts_.push_back(i + 1);
}

std::string_view LineIndex::line(std::size_t index) const {
  std::size_t begin = starts_[index];
  std::size_t end = index + 1 < starts_.size() ? starts_[index + 1] - 1 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return text_.substr(begin, end - begin);
}

std::size_t LineIndex::offset(Position p, Encoding encoding) const {
  if (p.line >= starts_.size()) return text_.size();
  return starts_[p.line] + bytes_of(line(p.line), p.character, encoding);
}

Position LineIndex::position(std::size_t offset, Encoding encoding) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  std::size_t index = static_cast<std::size_t>(it - starts_.begin()) - 1;
  std::string_view l = line(index);
  return Position{static_cast<std::uint32_t>(index), units_of(l, offset - starts_[index], encoding)};
}

}  // namespace mlsi::lsp
