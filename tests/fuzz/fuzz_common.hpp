#pragma once
// Shared by the libFuzzer targets: evaluation with limits small enough that every input finishes in
// milliseconds (a finding is a crash, a sanitizer report, a leak or a time-out, never a slow input that
// the limits would stop anyway), and what a user would see printed.
#include <string>

#include "eval/evaluator.hpp"
#include "session/inputs.hpp"
#include "report/render.hpp"
#include "session/session.hpp"

namespace mlsi::fuzz {

inline Limits small_limits() {
  Limits l;
  l.max_steps = 200'000;
  l.max_list_length = 10'000;
  return l;
}

// Renders the session's diagnostics as the CLI prints them, then forgets them.
inline void drain(Session& s) {
  std::string text = render_all(s.program().sources, s.diagnostics(), false);
  s.diagnostics().clear();
  (void)text;
}

// Runs a scenario with the given inputs and renders the results in every format, or the error.
inline void run_and_render(Session& s, Evaluator& ev, int scenario, const GivenInputs& given, const std::string& config) {
  Program& p = s.program();
  try {
    ScenarioRun run = ev.run(scenario, given);
    for (Format f : {Format::table, Format::json, Format::csv}) (void)render_run(p, run, config, f, f == Format::table);
  } catch (const EvalError& e) {
    (void)render(p.sources, e.diag, false);
  }
}

}  // namespace mlsi::fuzz
