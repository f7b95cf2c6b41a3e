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
bool apply_config(ProgramSession& s, Evaluator& ev, const Config& config, GivenInputs& given);
bool apply_inputs_file(ProgramSession& s, Evaluator& ev, int scenario, const std::string& path, std::size_t max_file_size,
                       GivenInputs& given);
// `assignment` is `NAME=EXPR`; `origin` is what messages call its text (empty: what the caller calls
// `set`, ProgramSessionOptions::words).
bool apply_set(ProgramSession& s, Evaluator& ev, int scenario, const std::string& assignment, GivenInputs& given,
               const std::string& origin = {});
// --workload: the session's converted entry (ProgramSession::converted_workload) as the value of the scenario's
// one input of kind Workload. Returns that input's slot; -1 with `message` saying why there is none (the
// scenario has no Workload input, or several); -2 when the value was refused (the reason in diagnostics).
int apply_converted_workload(ProgramSession& s, Evaluator& ev, int scenario, GivenInputs& given, std::string& message);
// Checks the expression of one input's value (`name = expr`, already parsed) and evaluates it; `origin`
// says where it was given ("--set", ":run").
bool assign_input(ProgramSession& s, Evaluator& ev, int scenario, const std::string& name, Span name_span, const ast::Expr& expr,
                  const std::string& origin, GivenInputs& given);

}  // namespace mlsi
