// `mlsi solve`: the largest or smallest value of one input for which conditions hold (solve/solve.hpp
// does the work), written as `mlsi run` prints the scenario there, then the answer and its boundary.
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "commands/run_setup.hpp"
#include "report/grid_solve_text.hpp"
#include "report/render.hpp"
#include "report/run_document.hpp"
#include "report/solve_text.hpp"
#include "solve/grid_solve.hpp"
#include "solve/solve.hpp"

namespace mlsi {

namespace {

// What is printed at the answer: `mlsi run`'s table or JSON (with --explain, the explanation) of the
// answer's run, with the solve's section after the table or its object inside the JSON. Returns false
// when the answer's run fails.
bool print_answer(const VerbRequest& o, Sink& io, Program& p, int scenario, const GivenInputs& given, const std::string& section,
                  const std::string& json) {
  ScenarioRun run;
  try {
    run = Evaluator(p, o.limits).run(scenario, given);
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
    return false;
  }
  std::string body = run_document(p, run, given, RunDocumentOptions{o.config, o.format, o.explain, o.limits, io.colour});
  if (o.format == Format::json) {
    // The run's (or the explanation's) object, with the solve beside its other members.
    auto close = body.find_last_of('}');
    io.out << body.substr(0, close) << ",\n \"solve\": " << json << "}\n";
  } else {
    io.out << body << section;
  }
  return true;
}

int solve_one_input(const VerbRequest& o, Sink& io) {
  // The options a message names, in the caller's words (the command line's flags, the MCP tools' arguments).
  const CallerWords& w = o.limits.words;
  if (o.solve_max.empty() == o.solve_min.empty())
    return usage(io, fmt::format("`mlsi solve` needs {} or {} (one input), or {} with {} or {} (a grid)", w.give("max", "INPUT"), w.give("min", "INPUT"),
                                 w.give("vary", "INPUT=VALUES"), w.give("minimize", "EXPR"), w.give("maximize", "EXPR")));
  if (o.such_that.empty()) return usage(io, fmt::format("`mlsi solve` needs at least one {}", w.give("such_that", "COND")));
  if (!o.minimize.empty() || !o.maximize.empty())
    return usage(io, fmt::format("{} and {} order the points of a grid: give the grid with {} (or solve for one input with {} or {} alone)", w.name("minimize"),
                                 w.name("maximize"), w.give("vary", "INPUT=VALUES"), w.name("max"), w.name("min")));
  if (o.top)
    return usage(io, fmt::format("{} counts the best points of a grid solve ({} with {} or {})", w.name("top"), w.name("vary"), w.name("minimize"), w.name("maximize")));
  if (o.jobs) return usage(io, "-j/--jobs N spreads the points of a grid solve (--vary) over threads; a solve for one input evaluates one value after another");
  SolveTask r;
  r.run = run_request(o);
  r.maximize = !o.solve_max.empty();
  r.input = r.maximize ? o.solve_max : o.solve_min;
  r.conditions = o.such_that;
  r.domain = o.solve_domain;
  r.limits = o.limits;
  r.session_options = session_options(o);
  if (!o.tolerance.empty()) {
    char* end = nullptr;
    double tol = std::strtod(o.tolerance.c_str(), &end);
    if (end != o.tolerance.c_str() + o.tolerance.size() || !(tol > 0) || !(tol < 1))
      return usage(io, fmt::format("{} needs a number between 0 and 1 (exclusive), such as 1e-6; given `{}`", w.name("tol"), o.tolerance));
    r.tolerance = tol;
  }
  Solve solve(r);
  Outcome prepared = solve.prepare();
  show_diagnostics(solve.session(), solve.warnings(), io);
  if (!prepared.ok()) return report_failure(solve.session(), prepared, io);
  SolveAnswer answer;
  if (Outcome solved = solve.run(answer); !solved.ok()) return report_failure(solve.session(), solved, io);
  Program& p = solve.session().program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(solve.scenario())];
  const Slot& input = sc.slots[static_cast<std::size_t>(solve.slot())];
  if (answer.kind != SolveAnswer::Kind::solved) {
    if (o.format == Format::json) io.out << "{\"solve\": " << render_solve_json(p, r, answer, input, input.display) << "}\n";
    io.err << render_solve_no_answer(p, r, answer, input, input.display);
    return kExitFailed;
  }
  GivenInputs given = solve.given_at(answer.value);
  // The unit the answer's run shows the input in.
  DisplayUnit unit = input.display;
  try {
    unit = Evaluator(p, o.limits).run(solve.scenario(), given).display[static_cast<std::size_t>(solve.slot())];
  } catch (const EvalError&) {
  }
  if (!print_answer(o, io, p, solve.scenario(), given, render_solve_section(p, r, answer, input, unit), render_solve_json(p, r, answer, input, unit)))
    return kExitFailed;
  return kExitOk;
}

int solve_grid(const VerbRequest& o, Sink& io) {
  const CallerWords& w = o.limits.words;  // as in solve_one_input
  if (!o.solve_max.empty() || !o.solve_min.empty())
    return usage(io, fmt::format("a grid solve ({}) orders its points by {} or {}; {} and {} solve for one input, without {}", w.name("vary"), w.name("minimize"),
                                 w.give("maximize", "EXPR"), w.name("max"), w.name("min"), w.name("vary")));
  if (o.minimize.empty() == o.maximize.empty())
    return usage(io, fmt::format("a grid solve ({}) needs one of {} and {}", w.name("vary"), w.give("minimize", "EXPR"), w.give("maximize", "EXPR")));
  if (!o.solve_domain.empty())
    return usage(io, fmt::format("{} narrows the domain of one input solved with {} or {}; a grid's values are its {} values", w.name("for"), w.name("max"),
                                 w.name("min"), w.name("vary")));
  if (!o.tolerance.empty())
    return usage(io, fmt::format("{} applies to one input solved with {} or {}; a grid solve evaluates every point exactly", w.name("tol"), w.name("max"),
                                 w.name("min")));
  GridSolveRequest r;
  r.run = run_request(o);
  for (const auto& v : o.varies) r.varies.push_back({v, VaryOptions{}});
  r.maximize = !o.maximize.empty();
  r.objective = r.maximize ? o.maximize : o.minimize;
  r.conditions = o.such_that;
  if (o.top) r.top = o.top;
  r.jobs = o.jobs;
  r.limits = o.limits;
  r.session_options = session_options(o);
  GridSolve solve(r);
  Outcome prepared = solve.prepare();
  show_diagnostics(solve.session(), solve.warnings(), io);
  if (!prepared.ok()) return report_failure(solve.session(), prepared, io);
  GridAnswer answer = solve.run();
  if (!answer.solved) {
    if (o.format == Format::json) io.out << "{\"solve\": " << render_grid_solve_json(solve, answer) << "}\n";
    io.err << render_grid_solve_no_answer(solve, answer);
    return kExitFailed;
  }
  Sweep& sweep = solve.sweep();
  if (!print_answer(o, io, solve.session().program(), sweep.scenario_index(), sweep.given_at(answer.best.front().index),
                    render_grid_solve_section(solve, answer), render_grid_solve_json(solve, answer)))
    return kExitFailed;
  return kExitOk;
}

}  // namespace

int run_solve(const VerbRequest& o, Sink& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi solve` takes one FILE or scenario NAME");
  if (o.format == Format::csv) return usage(io, "`mlsi solve` writes a table or JSON, not csv");
  return o.varies.empty() ? solve_one_input(o, io) : solve_grid(o, io);
}

}  // namespace mlsi
