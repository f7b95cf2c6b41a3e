#pragma once
// mlsi's public API: a session over the built-in library (prelude, catalogue, built-in scenarios), extra
// catalogue files and .mls files (docs/api.md). The library never prints, never exits and never reads
// the terminal: every problem comes back as a Diagnostic.
#include <memory>
#include <string>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "mlsi/document.hpp"
#include "mlsi/explanation.hpp"
#include "mlsi/expression.hpp"
#include "mlsi/options.hpp"
#include "mlsi/request.hpp"
#include "mlsi/run.hpp"
#include "mlsi/runner.hpp"
#include "mlsi/solve.hpp"
#include "mlsi/sweep.hpp"

namespace mlsi::api {

// Threads: every member function is const and works on state of its own (each call reads the files
// again into a fresh program), so one Session may be used from any number of threads at once.
class Session {
 public:
  // Reads the catalogues and the files and checks them; the problems are in diagnostics().
  explicit Session(SessionOptions options = {});

  const SessionOptions& options() const { return options_; }
  // What opening found: unreadable files, catalogue errors, parse and check errors, warnings.
  const Diagnostics& diagnostics() const { return diagnostics_; }
  bool ok() const { return !diagnostics_.has_errors(); }
  // The scenarios of the session's files, then the built-in ones, by name.
  std::vector<std::string> scenarios() const;

  // Loads, checks and compiles the scenario and gathers its inputs; the Run is evaluated later, any
  // number of times, from any thread.
  Run prepare(const RunRequest& request) const;
  // prepare(request).evaluate() and .explain().
  RunResult run(const RunRequest& request) const;
  Explanation explain(const RunRequest& request) const;
  // A runner of the request's scenario, for many runs with other inputs (mlsi/runner.hpp).
  Runner runner(const RunRequest& request) const;
  // Runs a sweep, calling `point` for each point in order until it returns false.
  SweepResult sweep(const SweepRequest& request, const SweepCallback& point) const;
  // The same sweep gathered into columns (one vector per column), for a caller that wants arrays.
  SweepTable sweep_table(const SweepRequest& request) const;
  // One expression (`989 TFLOP/s * 0.4 * 30 day -> EFLOP`), evaluated with the session's files loaded.
  ExpressionResult evaluate(const std::string& expression) const;
  // Every catalogue entry (the built-in ones and the session's catalogue files'), by name.
  std::vector<CatalogueItem> catalogue() const;
  // The largest or smallest value of one input for which the conditions hold, or with `vary` the best
  // point of a grid (`mlsi solve`).
  SolveResult solve(const SolveRequest& request) const;

  // The command line's documents (mlsi/document.hpp), each what the command prints for the request:
  // `mlsi run` (json or table), `mlsi run --explain`, `mlsi sweep --format json` (the points that pass
  // `where`, at most limits.max_sweep_points of them), `mlsi eval` (json or table: `mlsi -e EXPR`) of the
  // entries in order (each entry on the line after the last one ends), `mlsi list KIND` and `mlsi show NAME`.
  Document run_document(const RunRequest& request, DocumentFormat format = DocumentFormat::json) const;
  Document explain_document(const RunRequest& request, DocumentFormat format = DocumentFormat::json) const;
  Document sweep_document(const SweepRequest& request) const;
  Document eval_document(const std::vector<std::string>& entries, DocumentFormat format = DocumentFormat::json) const;
  Document list_document(const std::string& kind, DocumentFormat format = DocumentFormat::json) const;
  Document show_document(const std::string& name, DocumentFormat format = DocumentFormat::json) const;
  // The text of the .mls file that declares `scenario` (a built-in one or one of the session's files)
  // and the name diagnostics give it (`<builtin>/scenarios/training/activation_memory.mls`); both empty
  // when there is no such scenario.
  SourceText scenario_source(const std::string& scenario) const;

 private:
  SolveResult solve_grid(const SolveRequest& request) const;
  SessionOptions options_;
  Diagnostics diagnostics_;
};

}  // namespace mlsi::api
