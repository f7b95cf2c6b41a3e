// The REPL's `:solve`: `mlsi solve` over the session's scenarios (docs/language.md section 13.10).
//   :solve (--max|--min) INPUT --such-that "COND"... [--for INPUT=LOW..HIGH] [--tol X] SCENARIO [INPUT=EXPR]... [config=NAME]
//   :solve --vary INPUT=VALUES... (--minimize|--maximize) EXPR [--such-that "COND"]... [--top K] SCENARIO [INPUT=EXPR]...
#include <fmt/format.h>

#include <charconv>
#include <cstdlib>

#include "report/render.hpp"
#include "report/run_document.hpp"
#include "report/grid_solve_text.hpp"
#include "report/solve_text.hpp"
#include "repl/repl_session.hpp"
#include "repl/repl_text.hpp"
#include "solve/grid_solve.hpp"
#include "solve/solve.hpp"
#include "sweep/sweep_spec.hpp"

namespace mlsi {

Repl::Status Repl::cmd_solve(const std::string& text, std::size_t args, std::uint32_t line) {
  SolveTask r;
  r.limits = options_.limits;
  std::string max, min, minimize, maximize, top;
  std::vector<std::string> varies;
  // The options come first, each `--name VALUE`, a value with spaces in double quotes.
  std::size_t i = args;
  for (;;) {
    i = text.find_first_not_of(" \t", i);
    if (i == std::string::npos || text.compare(i, 2, "--") != 0) break;
    std::size_t name_end = text.find_first_of(" \t", i);
    std::string name = text.substr(i, name_end == std::string::npos ? std::string::npos : name_end - i);
    std::size_t v = name_end == std::string::npos ? std::string::npos : text.find_first_not_of(" \t", name_end);
    if (v == std::string::npos) return error(fmt::format("`{}` needs a value", name));
    std::string value;
    if (text[v] == '"') {
      std::size_t close = text.find('"', v + 1);
      if (close == std::string::npos) return error(fmt::format("the value of `{}` has no closing `\"`", name));
      value = text.substr(v + 1, close - v - 1);
      i = close + 1;
    } else {
      std::size_t end = text.find_first_of(" \t", v);
      value = text.substr(v, end == std::string::npos ? std::string::npos : end - v);
      i = end == std::string::npos ? text.size() : end;
    }
    if (name == "--max") max = value;
    else if (name == "--min") min = value;
    else if (name == "--such-that") r.conditions.push_back(value);
    else if (name == "--for") r.domain = value;
    else if (name == "--tol") {
      char* end = nullptr;
      r.tolerance = std::strtod(value.c_str(), &end);
      if (end != value.c_str() + value.size() || !(r.tolerance > 0) || !(r.tolerance < 1))
        return error(fmt::format("--tol needs a number between 0 and 1 (exclusive), such as 1e-6; given `{}`", value));
    } else if (name == "--vary") {
      varies.push_back(value);
    } else if (name == "--minimize") {
      minimize = value;
    } else if (name == "--maximize") {
      maximize = value;
    } else if (name == "--top") {
      top = value;
    } else {
      return error(fmt::format("unknown option `{}` of `:solve`; it takes --max INPUT, --min INPUT, --such-that \"COND\", --for INPUT=LOW..HIGH, "
                               "--tol X, and for a grid --vary INPUT=VALUES, --minimize EXPR, --maximize EXPR and --top K",
                               name));
    }
  }
  if (!varies.empty()) {
    if (!max.empty() || !min.empty() || !r.domain.empty())
      return error("a grid solve (--vary) orders its points by --minimize or --maximize EXPR; --max, --min and --for solve for one input");
    if (minimize.empty() == maximize.empty()) return error("a grid solve (--vary) needs one of --minimize EXPR and --maximize EXPR");
    GridSolveRequest g;
    g.limits = options_.limits;
    for (const auto& v : varies) g.varies.push_back({v, VaryOptions{}});
    g.maximize = !maximize.empty();
    g.objective = g.maximize ? maximize : minimize;
    g.conditions = r.conditions;
    if (!top.empty()) {
      std::size_t k = 0;
      auto [end, ec] = std::from_chars(top.data(), top.data() + top.size(), k);
      if (ec != std::errc{} || end != top.data() + top.size() || k < 1 || k > 1'000'000)
        return error(fmt::format("--top needs a whole number from 1 to 1000000; given `{}`", top));
      g.top = k;
    }
    return solve_grid(std::move(g), text, i == std::string::npos ? text.size() : i, line);
  }
  if (!minimize.empty() || !maximize.empty() || !top.empty())
    return error("--minimize, --maximize and --top order the points of a grid: give the grid with --vary INPUT=VALUES");
  if (max.empty() == min.empty()) return error("`:solve` needs one of --max INPUT and --min INPUT, as in `:solve --max microbatch --such-that \"full <= 80 GB\" ActivationMemory`");
  if (r.conditions.empty()) return error("`:solve` needs at least one --such-that \"COND\"");
  r.maximize = !max.empty();
  r.input = r.maximize ? max : min;
  auto in = scenario_inputs(":solve", text, i == std::string::npos ? text.size() : i, line);
  if (!in) return Status::failed;

  ProgramSession& session = workspace_->session();
  Solve solve(r, session, in->scenario, in->given);
  Outcome prepared = solve.prepare();
  if (!prepared.ok()) {
    if (report()) return Status::failed;
    return error(prepared.message);
  }
  SolveAnswer answer;
  if (Outcome solved = solve.run(answer); !solved.ok()) return error(solved.message);
  Program& p = session.program();
  const Slot& input = p.scenarios[static_cast<std::size_t>(in->scenario)].slots[static_cast<std::size_t>(solve.slot())];
  if (answer.kind != SolveAnswer::Kind::solved) {
    io_.err << render_solve_no_answer(p, r, answer, input, input.display);
    return Status::failed;
  }
  try {
    GivenInputs given = solve.given_at(answer.value);
    ScenarioRun run = Evaluator(p, options_.limits).run(in->scenario, given);
    io_.out << run_document(p, run, given, RunDocumentOptions{in->config, Format::table, false, options_.limits, io_.colour})
            << render_solve_section(p, r, answer, input, run.display[static_cast<std::size_t>(solve.slot())]);
    return Status::ok;
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return Status::failed;
  }
}

Repl::Status Repl::solve_grid(GridSolveRequest request, const std::string& text, std::size_t scenario_at, std::uint32_t line) {
  auto in = scenario_inputs(":solve", text, scenario_at, line);
  if (!in) return Status::failed;
  ProgramSession& session = workspace_->session();
  GridSolve solve(std::move(request), session, in->scenario, in->given);
  Outcome prepared = solve.prepare();
  if (!prepared.ok()) {
    if (report()) return Status::failed;
    return error(prepared.message);
  }
  GridAnswer answer = solve.run();
  if (!answer.solved) {
    io_.err << render_grid_solve_no_answer(solve, answer);
    return Status::failed;
  }
  Program& p = session.program();
  try {
    GivenInputs given = solve.sweep().given_at(answer.best.front().index);
    ScenarioRun run = Evaluator(p, options_.limits).run(in->scenario, given);
    io_.out << run_document(p, run, given, RunDocumentOptions{in->config, Format::table, false, options_.limits, io_.colour})
            << render_grid_solve_section(solve, answer);
    return Status::ok;
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return Status::failed;
  }
}

}  // namespace mlsi
