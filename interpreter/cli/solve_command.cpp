#include "cli/solve_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "cli/run_setup.hpp"
#include "model/display.hpp"
#include "model/value_json.hpp"
#include "report/render.hpp"
#include "session/solve.hpp"

namespace mlsi {

namespace {

// A value of the solved input, in the unit its run shows it in: a continuous one with the digits its
// tolerance gives (1e-9: 10 significant digits), so that the answer and the value past it differ.
std::string shown(const Program& p, const Slot& input, const DisplayUnit& unit, double si, double tolerance) {
  if (!std::isfinite(si)) return si > 0 ? "infinity" : "-infinity";
  if (tolerance <= 0) return format_value(Value(si), input.type, unit, p);
  DisplayUnit u = effective_unit(Value(si), input.type, unit, p);
  int digits = std::clamp(static_cast<int>(std::ceil(-std::log10(tolerance))) + 1, 6, 17);
  return fmt::format("{:.{}g}", si / u.factor, digits) + (u.text.empty() ? "" : " " + u.text);
}

std::string solve_json(const SolveRequest& r, const SolveAnswer& a) {
  const char* result = a.kind == SolveAnswer::Kind::solved ? "solved" : a.kind == SolveAnswer::Kind::infeasible ? "infeasible" : "unbounded";
  std::string s = fmt::format(R"({{"objective": {}, "direction": "{}", "result": "{}", "value": {}, "whole": {}, "tolerance": {}, )",
                              json_escape(r.input), r.maximize ? "max" : "min", result, exact_number(a.value), a.whole ? "true" : "false",
                              exact_number(a.tolerance));
  if (a.boundary)
    s += fmt::format(R"("boundary": {{"value": {}, "fails": {}}}, )", exact_number(a.boundary->value), json_escape(a.boundary->reason));
  else
    s += R"("boundary": null, )";
  return s + fmt::format(R"("evaluated": {}}})", a.evaluated);
}

}  // namespace

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
  auto value_text = [&](double si) { return shown(p, input, unit, si, answer.tolerance); };
  std::string conditions;
  for (const auto& c : r.conditions) conditions += (conditions.empty() ? "`" : " and `") + c + "`";
  const char* largest = r.maximize ? "largest" : "smallest";

  if (o.format == Format::json) {
    std::string body = ran ? render_run(p, run, o.config, Format::json, false) : "";
    if (!body.empty()) {
      // `mlsi run`'s object, with the solve beside its inputs and outputs.
      auto close = body.find_last_of('}');
      io.out << body.substr(0, close) << ",\n \"solve\": " << solve_json(r, answer) << "}\n";
    } else {
      io.out << "{\"solve\": " << solve_json(r, answer) << "}\n";
    }
  } else if (ran) {
    io.out << render_run(p, run, o.config, Format::table, io.colour);
  }
  std::string precision = answer.whole ? "over whole numbers" : fmt::format("to a relative tolerance of {}", format_number(answer.tolerance));
  switch (answer.kind) {
    case SolveAnswer::Kind::solved:
      if (o.format != Format::json) {
        io.out << fmt::format("\nsolve\n  {} = {} is the {} value for which {} {} ({}; {} evaluations)\n", r.input, value_text(answer.value), largest,
                              conditions, r.conditions.size() == 1 ? "holds" : "hold", precision, answer.evaluated);
        if (answer.boundary) io.out << fmt::format("  at {}: {}\n", value_text(answer.boundary->value), answer.boundary->reason);
      }
      return kExitOk;
    case SolveAnswer::Kind::infeasible:
      io.err << fmt::format("error: no value of `{}` satisfies {} (searched {} {}, {} evaluations)\n", r.input, conditions,
                            value_text(answer.domain_low), "to " + value_text(answer.domain_high), answer.evaluated);
      if (answer.boundary) io.err << fmt::format("  = note: even at {}: {}\n", value_text(answer.boundary->value), answer.boundary->reason);
      return kExitFailed;
    case SolveAnswer::Kind::unbounded:
      io.err << fmt::format("error: every value of `{}` satisfies {} up to the end of its domain, {}: there is no {} value ({} evaluations)\n", r.input,
                            conditions, value_text(answer.value), largest, answer.evaluated);
      return kExitFailed;
  }
  return kExitOk;
}

}  // namespace mlsi
