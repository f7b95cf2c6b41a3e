#pragma once
// The values a `--vary INPUT=SPEC` (or `--x`, `--series`) takes: a list (`1,2,4,8`), a range with a step
// (`1024..16384 step 1024`), a geometric range (`1024..65536 *2`), or a range alone (`1..64`: evenly
// spaced points, both ends included), in the input's dimension. One reading for every command.
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "sweep/axis_values.hpp"
#include "session/session.hpp"

namespace mlsi {

// Points a range alone (`a..b`) gives, unless a command asks for another number (`plot --series`: a
// handful of lines stays readable).
inline constexpr std::size_t kRangePoints = 50;

// How a spec is read: the option it came from (named in messages), and for a range alone (`a..b`), how
// many points to take (at least 2), evenly or geometrically spaced.
struct VaryOptions {
  std::string flag = {};  // what messages call the text; empty: what the caller calls `vary` (EvaluationLimits::words)
  std::size_t range_points = kRangePoints;
  bool geometric = false;
};

// A numeric axis holds its values in SI. A categorical axis (catalogue entries, enumeration cases, Bools)
// holds them in `choices`, and `values` numbers them 0, 1, 2, ... so that counting and plotting need no
// second path.
struct VarySpec {
  int slot = -1;
  std::string name;
  AxisValues values;
  std::vector<Value> choices;
  DisplayUnit display;
  bool categorical() const { return !choices.empty(); }
  Value value(std::size_t i) const { return categorical() ? choices[i] : Value(values[i]); }
};

// Whether an input of this type is varied by naming its values (an entry, a case, true or false).
bool categorical_type(const Type& t);

// Parses NAME=SPEC for `scenario`; reports problems in the session's diagnostics and returns nothing.
// The values are evaluated under `limits`, the command's, and at most limits.max_list_length are taken.
std::optional<VarySpec> parse_vary(ProgramSession& s, int scenario, const std::string& text, const EvaluationLimits& limits,
                                   const VaryOptions& options = {});

}  // namespace mlsi
