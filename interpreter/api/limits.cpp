// Limits set by name, as the Python and WebAssembly modules take them: each read as the command line
// reads its option (base/whole_number.hpp), with the option's largest value (cli/cli_options.cpp), so
// that a value the command line refuses is refused here in the same words, never cast around (a
// static_cast<int> made 2^32 + 1 a depth of 1, and 2^31 a negative one).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/whole_number.hpp"
#include "mlsi/options.hpp"

namespace mlsi::api {

namespace {

struct LimitSpec {
  const char* name;
  std::uint64_t max;  // the command line option's
  void (*set)(Limits&, std::uint64_t);
};

const LimitSpec kLimitSpecs[] = {
    {"max_file_size", std::uint64_t{1} << 30, [](Limits& l, std::uint64_t n) { l.max_file_size = n; }},
    {"max_files", 1'000'000, [](Limits& l, std::uint64_t n) { l.max_files = static_cast<int>(n); }},
    {"max_import_depth", 1000, [](Limits& l, std::uint64_t n) { l.max_import_depth = static_cast<int>(n); }},
    {"max_nesting", 10'000, [](Limits& l, std::uint64_t n) { l.max_nesting = static_cast<int>(n); }},
    {"max_call_depth", 100'000, [](Limits& l, std::uint64_t n) { l.max_call_depth = static_cast<int>(n); }},
    {"max_list_length", std::uint64_t{1} << 53, [](Limits& l, std::uint64_t n) { l.max_list_length = n; }},
    {"max_steps", 1'000'000'000'000'000'000, [](Limits& l, std::uint64_t n) { l.max_steps = n; }},
    {"max_total_steps", 1'000'000'000'000'000'000, [](Limits& l, std::uint64_t n) { l.max_total_steps = n; }},
    {"max_sweep_points", std::uint64_t{1} << 53, [](Limits& l, std::uint64_t n) { l.max_sweep_points = n; }},
};

}  // namespace

const std::vector<std::string>& limit_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& spec : kLimitSpecs) out.emplace_back(spec.name);
    return out;
  }();
  return names;
}

std::optional<std::string> set_limit(Limits& limits, std::string_view name, std::string_view text, std::string_view what) {
  for (const auto& spec : kLimitSpecs) {
    if (name != spec.name) continue;
    WholeNumber n = parse_whole(text, spec.max, what.empty() ? name : what);
    if (!n.error.empty()) return n.error;
    spec.set(limits, n.value);
    return std::nullopt;
  }
  return fmt::format("no limit named `{}`; the limits are {}", name, fmt::join(limit_names(), ", "));
}

}  // namespace mlsi::api
