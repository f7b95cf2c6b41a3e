#pragma once
// The values a `--vary INPUT=SPEC` takes: a list (`1,2,4,8`), a range with a step
// (`1024..16384 step 1024`) or a geometric range (`1024..65536 *2`), in the input's dimension.
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "session/session.hpp"

namespace mlsi {

// How a spec is read: the option it came from (named in messages), and for a range without a step
// (`a..b`), how many points to take, evenly or geometrically spaced (0: such a range is an error).
struct VaryOptions {
  std::string flag = "--vary";
  std::size_t range_points = 0;
  bool geometric = false;
};

struct VarySpec {
  int slot = -1;
  std::string name;
  std::vector<double> values;  // SI
  DisplayUnit display;
};

// Parses NAME=SPEC for `scenario`; reports problems in the session's diagnostics and returns nothing.
// The values are evaluated under `limits`, the command's, and at most limits.max_list_length are taken.
std::optional<VarySpec> parse_vary(Session& s, int scenario, const std::string& text, const Limits& limits,
                                   const VaryOptions& options = {});

}  // namespace mlsi
