#include "cli/solve_command.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "cli/run_setup.hpp"
#include "report/render.hpp"
#include "report/solve_text.hpp"
#include "session/solve.hpp"

namespace mlsi {

int cmd_solve(const Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi solve` takes one FILE or scenario NAME");
  if (o.solve_max.empty() == o.solve_min.empty()) return usage(io, "`mlsi solve` needs one of --max INPUT and --min INPUT");
  if (o.such_that.empty()) return usage(io, "`mlsi solve` needs at least one --such-that COND");
  if (!o.varies.empty())
    return usage(io, "`mlsi solve` finds one input's largest or smallest value; an objective over a grid of --vary values is not built yet (use `mlsi sweep` with --where)");
  if (o.format == Format::csv) return usage(io, "`mlsi solve` writes a table or JSON, not csv");
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
  if (Outcome solved = solve.run(answer); !solved.ok()) {
    io.err << "error: " << solved.message << "\n";
    return kExitFailed;
  }
  Program& p = solve.session().program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(solve.scenario())];
  const Slot& input = sc.slots[static_cast<std::size_t>(solve.slot())];
  ScenarioRun run;
  bool ran = false;
  if (answer.kind == SolveAnswer::Kind::solved) {
    try {
      run = Evaluator(p, o.limits).run(solve.scenario(), solve.given_at(answer.value));
      ran = true;
    } catch (const EvalError& e) {
      io.err << render(p.sources, e.diag, io.colour);
      return kExitFailed;
    }
  }
  DisplayUnit unit = ran ? run.display[static_cast<std::size_t>(solve.slot())] : input.display;
  if (o.format == Format::json) {
    std::string body = ran ? render_run(p, run, o.config, Format::json, false) : "";
    if (!body.empty()) {
      // `mlsi run`'s object, with the solve beside its inputs and outputs.
      auto close = body.find_last_of('}');
      io.out << body.substr(0, close) << ",\n \"solve\": " << render_solve_json(r, answer) << "}\n";
    } else {
      io.out << "{\"solve\": " << render_solve_json(r, answer) << "}\n";
    }
  } else if (ran) {
    io.out << render_run(p, run, o.config, Format::table, io.colour) << render_solve_section(p, r, answer, input, unit);
  }
  if (answer.kind == SolveAnswer::Kind::solved) return kExitOk;
  io.err << render_solve_no_answer(p, r, answer, input, unit);
  return kExitFailed;
}

}  // namespace mlsi
