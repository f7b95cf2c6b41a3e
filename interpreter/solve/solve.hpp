#pragma once
// The inverse question (issue #20): the largest or smallest value of one input for which conditions over
// the scenario's inputs and outputs hold and every `where` and `check` of the scenario passes. The
// feasible values are found by a sample of the domain, which must show one boundary (the conditions
// monotone in the input), then by bisection: exactly over whole numbers, to a relative tolerance
// otherwise. Problems are returned, never printed.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mlsi/solve.hpp"
#include "session/run_request.hpp"

namespace mlsi {

struct SolveTask {
  RunTask run;           // the scenario and the values of the other inputs
  std::string input;     // the input solved for
  bool maximize = true;  // --max (the largest value) or --min (the smallest)
  std::vector<std::string> conditions;  // --such-that texts, Bool over the inputs and outputs
  double tolerance = 1e-9;  // relative, for an input that is not a whole number
  // `INPUT=LOW..HIGH` (--for): the domain searched, within what the input's `where` allows; empty: that.
  std::string domain;
  EvaluationLimits limits;
  ProgramSessionOptions session_options;
  std::string condition_origin = {};  // what messages call the texts of `conditions`; empty: the caller's word for `such_that`
};

// Where the feasible values end (mlsi/solve.hpp, used as it is): the first value tried past the answer,
// in SI, and why it is not feasible (`fails`: "`total <= 80 GB` fails: total = 81.2 GB", or the
// scenario's error message). A bisection leaves its `point` (a grid solve's) empty.
using api::SolveBoundary;

struct SolveAnswer {
  // In the order of api::SolveResult::Kind, which is converted by a cast.
  enum class Kind {
    solved,      // `value` is the answer
    infeasible,  // no value of the domain satisfies: `value` is the nearest value tried
    unbounded,   // every value satisfies up to the domain's end: `value` is the last one tried
  };
  Kind kind = Kind::solved;
  double value = 0;       // in SI
  bool whole = false;     // solved over whole numbers (the input's `where` has is_whole)
  double tolerance = 0;   // the relative tolerance of a continuous answer; 0 for a whole number
  std::optional<SolveBoundary> boundary;  // solved: the first value past the answer; else why `value` fails
  double domain_low = 0, domain_high = 0;  // the domain searched, in SI (infinite: no bound)
  std::uint64_t evaluated = 0;  // scenario evaluations
  // Feasibility changed once over the values sampled. A small whole domain is evaluated at every value,
  // so its answer is exact even when it is not monotone.
  bool monotone = true;
};

class Solve {
 public:
  // A solve in a session of its own, which loads what `request.run` names.
  explicit Solve(SolveTask request);
  // A solve of a scenario of `session` (the REPL's), with `given` its inputs; `request.run` is not used.
  Solve(SolveTask request, ProgramSession& session, int scenario, GivenInputs given);
  Solve(const Solve&) = delete;
  Solve& operator=(const Solve&) = delete;

  // Loads the scenario, finds the input and its domain and compiles the conditions.
  Outcome prepare();
  // The answer, or why there is none to give (a condition that is not monotone in the input: never a
  // boundary that might be wrong).
  Outcome run(SolveAnswer& answer);

  ProgramSession& session() { return session_; }
  const DiagnosticLog& warnings() const { return warnings_; }
  int scenario() const { return scenario_; }
  int slot() const { return slot_; }
  // The inputs given to a run at `value`: the solution's run is an ordinary one.
  GivenInputs given_at(double value);

 private:
  // What messages call the conditions' texts: the request's origin, else the caller's word for `such_that`.
  std::string condition_origin() const {
    return request_.condition_origin.empty() ? request_.limits.words.name("such_that") : request_.condition_origin;
  }
  // Whether `value` is feasible; if not, why. When evaluating there fails otherwise than on a `where`
  // or `check` of the scenario (an overflow, a division by zero), `error`, when given, gets the error.
  bool feasible(double value, std::string& why, std::optional<Diagnostic>* error = nullptr);
  // Whether every --such-that condition holds in `run`; if not, why.
  bool conditions_hold(Evaluator& ev, const ScenarioRun& run, std::string& why);
  // Finds the whole-number or continuous domain from the input's `where` (`x >= 1`, `x > 0 byte`,
  // `is_whole(x)`, joined by `and`); the rest of the `where` is checked at each point.
  void read_domain();

  SolveTask request_;
  std::unique_ptr<ProgramSession> owned_;
  ProgramSession& session_;
  DiagnosticLog warnings_;
  int scenario_ = -1;
  int slot_ = -1;
  GivenInputs given_;
  std::vector<CExpr> conditions_;
  double low_, high_;
  bool whole_ = false;
  std::uint64_t evaluated_ = 0;
};

}  // namespace mlsi
