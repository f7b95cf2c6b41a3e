#pragma once
// Conditions given on the command line over a scenario's inputs and outputs (`--where`, `--such-that`,
// `--minimize`): the names they see, the values a run gives those names, and why one fails at a run.
#include <string>
#include <utility>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/program.hpp"

namespace mlsi {

// The scenario's inputs then outputs, as locals 0, 1, ... of an expression compiled over them.
std::vector<std::pair<std::string, Type>> scenario_local_names(const Scenario& sc);
// Their values in `run`, in the same order.
std::vector<Value> scenario_local_values(const Scenario& sc, const ScenarioRun& run);

// Why `condition` (written `text`) is false with `locals`: "`total <= 80 GB` fails", and for a
// comparison its left side there, also in the right side's unit ("total = 76.5 GiB (82.1443 GB), not
// <= 80 GB").
std::string condition_failure(const Program& p, Evaluator& ev, const CExpr& condition, const std::string& text, const std::vector<Value>& locals);

}  // namespace mlsi
