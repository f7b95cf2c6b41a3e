// The REPL's `:solve`: `mlsi solve` over the session's scenarios (docs/language.md section 13.10).
//   :solve (--max|--min) INPUT --such-that "COND"... [--tol X] SCENARIO [INPUT=EXPR]... [config=NAME]
#include <fmt/format.h>

#include <cstdlib>

#include "report/render.hpp"
#include "report/solve_text.hpp"
#include "repl/repl_session.hpp"
#include "repl/repl_text.hpp"
#include "session/solve.hpp"

namespace mlsi {

Repl::Status Repl::cmd_solve(const std::string& text, std::size_t args, std::uint32_t line) {
  SolveRequest r;
  r.limits = options_.limits;
  std::string max, min;
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
    } else {
      return error(fmt::format("unknown option `{}` of `:solve`; it takes --max INPUT, --min INPUT, --such-that \"COND\", --for INPUT=LOW..HIGH and --tol X", name));
    }
  }
  if (max.empty() == min.empty()) return error("`:solve` needs one of --max INPUT and --min INPUT, as in `:solve --max microbatch --such-that \"full <= 80 GB\" ActivationMemory`");
  if (r.conditions.empty()) return error("`:solve` needs at least one --such-that \"COND\"");
  r.maximize = !max.empty();
  r.input = r.maximize ? max : min;
  auto in = scenario_inputs(":solve", text, i == std::string::npos ? text.size() : i, line);
  if (!in) return Status::failed;

  Session& session = workspace_->session();
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
    ScenarioRun run = Evaluator(p, options_.limits).run(in->scenario, solve.given_at(answer.value));
    io_.out << render_run(p, run, in->config, Format::table, io_.colour)
            << render_solve_section(p, r, answer, input, run.display[static_cast<std::size_t>(solve.slot())]);
    return Status::ok;
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return Status::failed;
  }
}

}  // namespace mlsi
