#pragma once
// Input values for a run, lowest priority first: defaults, a config, an --inputs TOML file, --set.
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "session/session.hpp"

namespace mlsi {

using GivenInputs = std::vector<std::optional<InputValue>>;

// Each returns false after reporting a problem in the session's diagnostics (or throws EvalError when a
// value fails to evaluate).
bool apply_config(Session& s, Evaluator& ev, const Config& config, GivenInputs& given);
bool apply_inputs_file(Session& s, Evaluator& ev, int scenario, const std::string& path, std::size_t max_file_size,
                       GivenInputs& given);
bool apply_set(Session& s, Evaluator& ev, int scenario, const std::string& assignment, GivenInputs& given);
// Checks the expression of one input's value (`name = expr`, already parsed) and evaluates it; `origin`
// says where it was given ("--set", ":run").
bool assign_input(Session& s, Evaluator& ev, int scenario, const std::string& name, Span name_span, const ast::Expr& expr,
                  const std::string& origin, GivenInputs& given);

}  // namespace mlsi
