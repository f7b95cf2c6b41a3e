#pragma once
// mlsi's public API: the inverse question, the largest or smallest value of one input for which
// conditions hold, or the best point of a grid of varied inputs by an objective (docs/api.md; `mlsi
// solve`, docs/language.md section 13.10).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "mlsi/request.hpp"
#include "mlsi/run.hpp"

namespace mlsi::api {

struct SolveRequest {
  RunRequest run;      // the scenario and the values of the other inputs
  std::string input;   // the input solved for: a number or a quantity
  enum class Direction { max, min };
  Direction direction = Direction::max;
  // Bool conditions over the scenario's inputs and outputs, as `mlsi sweep --where` takes them; all must hold.
  std::vector<std::string> such_that;
  double tolerance = 1e-9;  // relative, for an input that is not a whole number
  // A grid solve instead (`input` empty): the points of `vary` (`INPUT=VALUES`, as Session::sweep takes
  // them) ordered by `objective`, an expression over the inputs and outputs that is a number (smallest
  // first with Direction::min); the `top` best feasible points are kept.
  std::vector<std::string> vary;
  std::string objective;
  std::size_t top = 5;
  unsigned jobs = 0;  // threads of a grid solve, the calling one included; 0: the cores available
  // What messages call the texts of `such_that` and `vary`, where the caller took them from: the fields'
  // own names by default, as the Python module's keywords are.
  std::string such_that_origin = "such_that";
  std::string vary_origin = "vary";
};

// A point of a grid solve: its place in the grid's order, its varied inputs, and its objective.
struct SolvePoint {
  std::uint64_t index = 0;
  std::vector<Item> inputs;  // the varied inputs, in the order of SolveRequest::vary
  Value objective;
};

struct SolveBoundary {
  // The first value tried past the answer (solved), or the value tried nearest to satisfying. A grid
  // solve: the objective of `point`.
  double si = 0;
  std::string fails;  // why it is not feasible: "`full <= 80 GB` fails: full = 76.5 GiB (82.1412 GB), not <= 80 GB"
  // A grid solve: the point better than the answer that a condition excludes (or, with no answer, the
  // best point that runs).
  std::optional<SolvePoint> point;
};

struct SolveResult {
  // False when no answer could be sought or trusted: a source or usage error, or conditions that are not
  // monotone in the input; `diagnostics` says which.
  bool ok = false;
  enum class Kind {
    solved,      // `si` is the answer
    infeasible,  // no value of the domain satisfies
    unbounded,   // every value satisfies up to the end of the domain (`si`)
  };
  Kind kind = Kind::solved;  // a grid solve is solved or infeasible
  double si = 0;          // the answer (a grid solve: its objective), in SI base units
  bool whole = false;     // solved over whole numbers (the input's `where` has `is_whole`)
  double tolerance = 0;   // of a continuous answer; 0 for a whole number
  std::optional<SolveBoundary> boundary;
  std::uint64_t evaluated = 0;  // evaluations of the scenario
  // A grid solve: the best feasible points, best first (ties: the first in the grid's order), and how
  // many points the grid has and how many are feasible.
  std::vector<SolvePoint> best;
  std::uint64_t points = 0, feasible = 0;
  RunResult run;          // the scenario at the answer, as Session::run gives it (solved only)
  Diagnostics diagnostics;
};

}  // namespace mlsi::api
