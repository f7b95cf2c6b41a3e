#include "cli/solve_command.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "cli/run_setup.hpp"
#include "eval/explain.hpp"
#include "report/grid_solve_text.hpp"
#include "report/render.hpp"
#include "report/solve_text.hpp"
#include "solve/grid_solve.hpp"
#include "solve/solve.hpp"

namespace mlsi {

namespace {

// What is printed at the answer: `mlsi run`'s table or JSON (with --explain, the explanation) of the
// answer's run, with the solve's section after the table or its object inside the JSON. Returns false
// when the answer's run fails.
bool print_answer(const Options& o, CliStreams& io, Program& p, int scenario, const GivenInputs& given, const std::string& section,
                  const std::string& json) {
  ScenarioRun run;
  try {
    run = Evaluator(p, o.limits).run(scenario, given);
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
    return false;
  }
  bool colour = io.colour && o.format == Format::table;
  std::string body;
  if (o.explain) {
    Explanation x = explain_run(p, run, given, o.config, o.limits);
    body = o.format == Format::json ? render_explanation_json(x) : render_explanation_text(x, colour);
  } else {
    body = render_run(p, run, o.config, o.format, colour);
  }
  if (o.format == Format::json) {
    // The run's (or the explanation's) object, with the solve beside its other members.
    auto close = body.find_last_of('}');
    io.out << body.substr(0, close) << ",\n \"solve\": " << json << "}\n";
  } else {
    io.out << body << section;
  }
  return true;
}

int solve_one_input(const Options& o, CliStreams& io) {
  if (o.solve_max.empty() == o.solve_min.empty()) return usage(io, "`mlsi solve` needs --max INPUT or --min INPUT (one input), or --vary INPUT=VALUES with --minimize EXPR or --maximize EXPR (a grid)");
  if (o.such_that.empty()) return usage(io, "`mlsi solve` needs at least one --such-that COND");
  if (!o.minimize.empty() || !o.maximize.empty())
    return usage(io, "--minimize and --maximize order the points of a grid: give the grid with --vary INPUT=VALUES (or solve for one input with --max or --min alone)");
  if (o.top) return usage(io, "--top counts the best points of a grid solve (--vary with --minimize or --maximize)");
  if (o.jobs) return usage(io, "-j/--jobs N spreads the points of a grid solve (--vary) over threads; a solve for one input evaluates one value after another");
  SolveRequest r;
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
      return usage(io, fmt::format("--tol needs a number between 0 and 1 (exclusive), such as 1e-6; given `{}`", o.tolerance));
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

int solve_grid(const Options& o, CliStreams& io) {
  if (!o.solve_max.empty() || !o.solve_min.empty())
    return usage(io, "a grid solve (--vary) orders its points by --minimize or --maximize EXPR; --max and --min solve for one input, without --vary");
  if (o.minimize.empty() == o.maximize.empty()) return usage(io, "a grid solve (--vary) needs one of --minimize EXPR and --maximize EXPR");
  if (!o.solve_domain.empty()) return usage(io, "--for narrows the domain of one input solved with --max or --min; a grid's values are its --vary values");
  if (!o.tolerance.empty()) return usage(io, "--tol applies to one input solved with --max or --min; a grid solve evaluates every point exactly");
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

int cmd_solve(const Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi solve` takes one FILE or scenario NAME");
  if (o.format == Format::csv) return usage(io, "`mlsi solve` writes a table or JSON, not csv");
  return o.varies.empty() ? solve_one_input(o, io) : solve_grid(o, io);
}

}  // namespace mlsi
