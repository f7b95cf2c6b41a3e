#pragma once
// The best point of a grid (issue #20): over the points of --vary values, the one whose objective (an
// expression over the inputs and outputs, a number) is smallest or largest among those for which every
// condition holds and every `where` and `check` of the scenario passes. The grid is evaluated as
// `mlsi sweep` evaluates it (the compiled program, the conditions and the objective compiled into it),
// so a point costs what a sweep's point costs. Ties go to the point that comes first in the grid.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sweep/sweep.hpp"

namespace mlsi {

struct GridSolveRequest {
  RunTask run;                         // the scenario and the values of the inputs not varied
  std::vector<VaryRequest> varies;     // the grid
  std::string objective;               // --minimize or --maximize EXPR
  bool maximize = false;
  std::vector<std::string> conditions;  // --such-that texts, Bool over the inputs and outputs
  std::size_t top = 5;                  // how many of the best feasible points to keep
  unsigned jobs = 1;                    // threads (Sweep::Parallel); 0: the cores available
  EvaluationLimits limits;              // limits.max_sweep_points bounds the grid's points
  ProgramSessionOptions session_options;
  std::string condition_origin = {};  // what messages call the texts of `conditions`; empty: the caller's word for `such_that`
};

struct GridPoint {
  std::size_t index = 0;  // in the grid's order (the last varied input fastest)
  double objective = 0;   // in SI
};

struct GridAnswer {
  bool solved = false;          // some point is feasible: best[0] is the answer
  std::vector<GridPoint> best;  // the best feasible points, best first, at most `top`
  std::uint64_t points = 0;     // in the grid
  std::uint64_t evaluated = 0;  // points computed (all of them)
  std::uint64_t feasible = 0;
  std::uint64_t failed_scenario = 0;   // a `where` or `check` of the scenario fails, or the point cannot be evaluated
  std::uint64_t failed_conditions = 0;  // the scenario runs but a --such-that condition fails
  // The point that would be the answer (better than best[0]) but for a condition that fails there, and
  // why (the binding condition). With no feasible point: the best point whose conditions fail.
  std::optional<GridPoint> excluded;
  std::string excluded_reason;
  // With no point that runs at all: the first point's error.
  std::string first_error;
};

class GridSolve {
 public:
  // A solve in a session of its own, which loads what `request.run` names.
  explicit GridSolve(GridSolveRequest request);
  // A solve of a scenario of `session` (the REPL's), with `given` its inputs; `request.run` is not used.
  GridSolve(GridSolveRequest request, ProgramSession& session, int scenario, GivenInputs given);

  // Loads the scenario, reads the grid and compiles the objective and the conditions.
  Outcome prepare();
  GridAnswer run();

  const GridSolveRequest& request() const { return request_; }
  Sweep& sweep() { return sweep_; }
  ProgramSession& session() { return sweep_.session(); }
  const DiagnosticLog& warnings() const { return sweep_.warnings(); }
  // The objective's type (the unit its values are shown in comes from it).
  const Type& objective_type() const { return sweep_.measures().back().type; }
  // The unit the objective is shown in: its column's when it names an input or output, else the one
  // `si` (the best point's value) reads best in.
  DisplayUnit objective_unit(double si);

 private:
  class Chunk;
  // Whether x is better than y: a larger (smaller) objective, then the point that comes first.
  bool better(const GridPoint& x, const GridPoint& y) const;
  // Adds the points a part of the grid (a chunk, later in the grid than what `into` holds) counted
  // and kept: the answer is the same however the grid is split.
  void merge(GridAnswer& into, GridAnswer& part) const;
  // Why the conditions fail at point `index`, as `mlsi solve --max` says it.
  std::string why_excluded(std::size_t index);

  GridSolveRequest request_;
  Sweep sweep_;
};

}  // namespace mlsi
