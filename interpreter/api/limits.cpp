// Limits set by name, as the Python and WebAssembly modules take them: each read as the command line
// reads its option (base/whole_number.hpp), with the option's largest value (kLimitTable), so that a
// value the command line refuses is refused here in the same words, never cast around (a
// static_cast<int> made 2^32 + 1 a depth of 1, and 2^31 a negative one).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/whole_number.hpp"
#include "mlsi/options.hpp"

namespace mlsi::api {

const std::vector<std::string>& limit_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& limit : kLimitTable) out.emplace_back(limit.name);
    return out;
  }();
  return names;
}

std::optional<std::string> set_limit(Limits& limits, std::string_view name, std::string_view text, std::string_view what) {
  for (const auto& limit : kLimitTable) {
    if (name != limit.name) continue;
    WholeNumber n = parse_whole(text, limit.maximum, what.empty() ? name : what);
    if (!n.error.empty()) return n.error;
    limit.set(limits, n.value);
    return std::nullopt;
  }
  return fmt::format("no limit named `{}`; the limits are {}", name, fmt::join(limit_names(), ", "));
}

}  // namespace mlsi::api
