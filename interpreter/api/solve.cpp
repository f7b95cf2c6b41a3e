// Solves of the public API: solve/solve.hpp's Solve (what `mlsi solve` runs), its answer and the
// scenario's results there as public values.
#include "mlsi/session.hpp"

#include <fmt/format.h>

#include "api/detail.hpp"
#include "base/call_budget.hpp"
#include "solve/solve.hpp"

namespace mlsi::api {

SolveResult Session::solve(const SolveRequest& request) const {
  CallBudget budget(options_.limits.max_total_steps);
  if (!request.vary.empty()) return solve_grid(request);
  // As `--tol` is read: NaN would stop the bisection at once, and a tolerance of 1 or more at its start.
  if (!(request.tolerance > 0 && request.tolerance < 1)) {
    SolveResult refused;
    refused.diagnostics = Diagnostics::usage_error(
        fmt::format("tolerance needs a number between 0 and 1 (exclusive), such as 1e-6; given `{}`", request.tolerance));
    return refused;
  }
  mlsi::SolveTask internal;
  std::shared_ptr<mlsi::ProgramSession> loaded;
  if (request.run.file.empty() && !options_.files.empty()) loaded = detail::open_session(options_);
  internal.run = detail::internal_request(loaded.get(), request.run);
  loaded.reset();
  internal.input = request.input;
  internal.maximize = request.direction == SolveRequest::Direction::max;
  internal.conditions = request.such_that;
  internal.condition_origin = request.such_that_origin;
  internal.tolerance = request.tolerance;
  internal.limits = detail::evaluation_limits(options_);
  internal.session_options = detail::session_options(options_);
  auto solve = std::make_shared<mlsi::Solve>(std::move(internal));
  // The diagnostics point into the solve's own session: they keep the whole solve alive.
  std::shared_ptr<mlsi::ProgramSession> session(solve, &solve->session());
  for (const auto& file : options_.files) session->load_file(file);

  SolveResult result;
  Outcome outcome;
  SolveAnswer answer;
  try {
    outcome = solve->prepare();
    if (outcome.ok()) outcome = solve->run(answer);
  } catch (const CallStopped& e) {
    session->diagnostics().add(e.diag);
    result.diagnostics = detail::outcome_diagnostics(session, solve->warnings(), Outcome{});
    return result;
  }
  result.diagnostics = detail::outcome_diagnostics(session, solve->warnings(), outcome);
  if (!outcome.ok()) return result;
  result.ok = true;
  result.kind = static_cast<SolveResult::Kind>(answer.kind);
  result.si = answer.value;
  result.whole = answer.whole;
  result.tolerance = answer.tolerance;
  result.boundary = answer.boundary;
  result.evaluated = answer.evaluated;
  if (answer.kind != SolveAnswer::Kind::solved) return result;
  const Program& p = session->program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(solve->scenario())];
  result.run.scenario = sc.name;
  result.run.config = request.run.config;
  try {
    ScenarioRun run = Evaluator(p, detail::evaluation_limits(options_)).run(solve->scenario(), solve->given_at(answer.value));
    for (int i : sc.inputs) result.run.inputs.push_back(detail::item_of(p, sc.slots[static_cast<std::size_t>(i)], run, i));
    for (int i : sc.outputs) result.run.outputs.push_back(detail::item_of(p, sc.slots[static_cast<std::size_t>(i)], run, i));
    result.run.ok = true;
  } catch (const EvalError& e) {
    result.run.diagnostics = detail::diagnostics_of(session, {e.diag});
  }
  return result;
}

}  // namespace mlsi::api
