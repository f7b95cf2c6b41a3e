#include "source/text_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace mlsi {

std::size_t utf8_length(std::string_view text, std::size_t pos) {
  auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
  unsigned c = byte(pos);
  if (c < 0x80) return 1;
  std::size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (len == 0 || pos + len > text.size()) return 0;
  for (std::size_t i = 1; i < len; ++i)
    if ((byte(pos + i) & 0xC0) != 0x80) return 0;
  unsigned second = byte(pos + 1);
  if ((c == 0xE0 && second < 0xA0) || (c == 0xED && second > 0x9F) || (c == 0xF0 && second < 0x90) ||
      (c == 0xF4 && second > 0x8F))
    return 0;
  return len;
}

std::optional<TextProblem> find_text_problem(std::string_view text, std::string_view where, std::size_t begin,
                                             std::size_t end) {
  end = std::min(end, text.size());
  for (std::size_t i = begin; i < end;) {
    // Eight printable ASCII bytes at a time (most of any text): none below 0x20, none 0x7F or above.
    if (end - i >= 8) {
      std::uint64_t w;
      std::memcpy(&w, text.data() + i, 8);
      constexpr std::uint64_t ones = 0x0101010101010101, highs = 0x8080808080808080;
      const std::uint64_t at_least_0x7f = ((w + ones) | w) & highs;    // (no byte carries unless one is)
      const std::uint64_t below_0x20 = (w - 0x20 * ones) & ~w & highs;  // exact when every byte is below 0x80
      if ((at_least_0x7f | below_0x20) == 0) {
        i += 8;
        continue;
      }
    }
    auto c = static_cast<unsigned char>(text[i]);
    if ((c >= 0x20 && c < 0x7F) || c == '\n') {  // the common case, first
      ++i;
      continue;
    }
    std::size_t len = utf8_length(text, i);
    if (len == 0)
      return TextProblem{i, 1, fmt::format("invalid UTF-8: the byte 0x{:02X} does not start a valid character here", c), false};
    if (c == 0) return TextProblem{i, 1, fmt::format("a NUL byte (0x00) is not allowed in {}", where), true};
    if ((c < 0x20 && c != '\t' && c != '\r' && c != '\v' && c != '\f') || c == 0x7F)
      return TextProblem{i, 1, fmt::format("the control character 0x{:02X} is not allowed in {}", c, where), false};
    // C1 controls, U+0080 to U+009F: 0xC2 0x80 to 0xC2 0x9F. Terminals act on them as on ESC sequences
    // (U+009B is CSI, U+009D is OSC).
    if (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F)
      return TextProblem{i, 2, fmt::format("the control character U+{:04X} is not allowed in {}", static_cast<unsigned char>(text[i + 1]), where), false};
    i += len;
  }
  return std::nullopt;
}

// Eight bytes at a time: a catalogue entry's free texts are kilobytes.
std::size_t utf8_characters(std::string_view text) {
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  std::size_t continuation = 0, at = 0;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, 8);
    continuation += static_cast<std::size_t>(std::popcount(word & ~(word << 1) & kHigh));
  }
  for (; at < text.size(); ++at) continuation += (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80 ? 1 : 0;
  return text.size() - continuation;
}

}  // namespace mlsi
