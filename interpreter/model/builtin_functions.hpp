#pragma once
// The built-in functions, in one table: the checker resolves a call by it, the evaluator runs the
// `Builtin` it names, and hover, completion, did-you-mean and the language reference (docs/language.md §9)
// read their names, signatures and summaries from it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/program.hpp"

namespace mlsi {

struct BuiltinFunction {
  std::string_view name;
  // What a call runs; `has` has none: it tests a field's presence and is compiled as a field access.
  std::optional<Builtin> builtin;
  std::string_view signature;  // "min(xs) | min(a, b, ...)"
  std::string_view summary;    // one line, for hover and completion
};

// Every built-in function, in docs/language.md §9's order; `ln` is another name of `log`.
const std::vector<BuiltinFunction>& builtin_functions();
// The function of that name, or null.
const BuiltinFunction* find_builtin_function(std::string_view name);
// Every name, for completion and did-you-mean.
std::vector<std::string> builtin_function_names();
// "ceil(x): a Count rounded up", or empty for a name that is not a built-in function.
std::string builtin_function_summary(std::string_view name);

}  // namespace mlsi
