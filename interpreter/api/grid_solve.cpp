// Grid solves of the public API: solve/grid_solve.hpp's GridSolve (what `mlsi solve --vary` runs), its
// best points and the scenario's results at the best one as public values.
#include "api/detail.hpp"
#include "mlsi/session.hpp"
#include "solve/grid_solve.hpp"

namespace mlsi::api {

namespace {

SolvePoint public_point(mlsi::GridSolve& solve, const GridPoint& point, const DisplayUnit& unit) {
  mlsi::Sweep& sweep = solve.sweep();
  const Program& p = solve.session().program();
  SolvePoint out;
  out.index = point.index;
  std::vector<mlsi::Value> values = sweep.varied_values(point.index);
  for (std::size_t v = 0; v < values.size(); ++v)
    out.inputs.push_back(Item{sweep.varied()[v].name, type_name(sweep.column_type(v), p.dims),
                              detail::public_value(p, values[v], sweep.column_type(v), sweep.column_units()[v]), true});
  out.objective = detail::public_value(p, mlsi::Value(point.objective), solve.objective_type(), unit);
  return out;
}

}  // namespace

SolveResult Session::solve_grid(const SolveRequest& request) const {
  mlsi::GridSolveRequest internal;
  std::shared_ptr<mlsi::ProgramSession> loaded;
  if (request.run.file.empty() && !options_.files.empty()) loaded = detail::open_session(options_);
  internal.run = detail::internal_request(loaded.get(), request.run);
  loaded.reset();
  for (const auto& v : request.vary) internal.varies.push_back(VaryRequest{v, VaryOptions{request.vary_origin}});
  internal.condition_origin = request.such_that_origin;
  internal.objective = request.objective;
  internal.maximize = request.direction == SolveRequest::Direction::max;
  internal.conditions = request.such_that;
  internal.top = request.top;
  internal.jobs = request.jobs;
  internal.limits = detail::evaluation_limits(options_);
  internal.session_options = detail::session_options(options_);
  auto solve = std::make_shared<mlsi::GridSolve>(std::move(internal));
  // The diagnostics point into the solve's own session: they keep the whole solve alive.
  std::shared_ptr<mlsi::ProgramSession> session(solve, &solve->session());
  for (const auto& file : options_.files) session->load_file(file);

  SolveResult result;
  Outcome outcome;
  try {
    outcome = solve->prepare();
  } catch (const CallStopped& e) {
    session->diagnostics().add(e.diag);
    outcome = Outcome{Failure::evaluation, ""};
  }
  result.diagnostics = detail::outcome_diagnostics(session, solve->warnings(), outcome);
  if (!outcome.ok()) return result;
  GridAnswer answer;
  try {
    answer = solve->run();
  } catch (const CallStopped& e) {
    session->diagnostics().add(e.diag);
    result.diagnostics = detail::outcome_diagnostics(session, solve->warnings(), Outcome{});
    return result;
  }
  result.ok = true;
  result.kind = answer.solved ? SolveResult::Kind::solved : SolveResult::Kind::infeasible;
  result.whole = true;
  result.evaluated = answer.evaluated;
  result.points = answer.points;
  result.feasible = answer.feasible;
  const Program& p = session->program();
  double reference = answer.solved ? answer.best.front().objective : answer.excluded ? answer.excluded->objective : 1;
  DisplayUnit unit = solve->objective_unit(reference);
  for (const auto& point : answer.best) result.best.push_back(public_point(*solve, point, unit));
  if (answer.excluded)
    result.boundary = SolveBoundary{answer.excluded->objective, answer.excluded_reason, public_point(*solve, *answer.excluded, unit)};
  if (!answer.solved) return result;
  result.si = answer.best.front().objective;
  mlsi::Sweep& sweep = solve->sweep();
  const Scenario& sc = sweep.scenario();
  result.run.scenario = sc.name;
  result.run.config = request.run.config;
  try {
    ScenarioRun run = Evaluator(p, detail::evaluation_limits(options_)).run(sweep.scenario_index(), sweep.given_at(answer.best.front().index));
    for (int i : sc.inputs) result.run.inputs.push_back(detail::item_of(p, sc.slots[static_cast<std::size_t>(i)], run, i));
    for (int i : sc.outputs) result.run.outputs.push_back(detail::item_of(p, sc.slots[static_cast<std::size_t>(i)], run, i));
    result.run.ok = true;
  } catch (const EvalError& e) {
    result.run.diagnostics = detail::diagnostics_of(session, {e.diag});
  }
  return result;
}

}  // namespace mlsi::api
