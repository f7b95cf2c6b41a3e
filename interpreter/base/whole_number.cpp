#include "base/whole_number.hpp"

#include <fmt/format.h>

namespace mlsi {

WholeNumber parse_whole(std::string_view text, std::uint64_t max, std::string_view what) {
  WholeNumber out;
  bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  if (digits) {
    std::uint64_t n = 0;
    // Digit by digit, stopping past `max`: no wrap-around, whatever the length.
    for (char c : text) {
      n = n * 10 + static_cast<std::uint64_t>(c - '0');
      if (n > max) break;
    }
    if (n > max) out.error = fmt::format("{} is at most {}, given `{}`", what, max, text);
    else if (n == 0) digits = false;
    else out.value = n;
  }
  if (!digits) out.error = fmt::format("{} needs a positive whole number, given `{}`", what, text);
  return out;
}

}  // namespace mlsi
