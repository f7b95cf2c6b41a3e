#pragma once
// The answer of a solve as `mlsi solve` and the REPL's `:solve` print it (docs/language.md section
// 13.10): after the scenario's results, a `solve` section with the answer and the first value past it;
// no answer (infeasible, unbounded) as an error's text; the `solve` object of `--format json`.
#include <string>

#include "solve/solve.hpp"

namespace mlsi {

// `input` is the solved input's slot; `unit` the unit its run shows it in.
std::string render_solve_section(const Program& p, const SolveTask& r, const SolveAnswer& a, const Slot& input, const DisplayUnit& unit);
// `error: no value of ... satisfies ...` with its note, or `error: every value ...`; empty when solved.
std::string render_solve_no_answer(const Program& p, const SolveTask& r, const SolveAnswer& a, const Slot& input, const DisplayUnit& unit);
std::string render_solve_json(const Program& p, const SolveTask& r, const SolveAnswer& a, const Slot& input, const DisplayUnit& unit);

}  // namespace mlsi
