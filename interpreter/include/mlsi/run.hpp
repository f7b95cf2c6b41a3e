#pragma once
// mlsi's public API: a scenario ready to evaluate, and the results of evaluating it (docs/api.md).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "mlsi/explanation.hpp"
#include "mlsi/value.hpp"

namespace mlsi::api {

namespace detail {
struct PreparedRun;
}

struct RunResult {
  // False when the evaluation failed: an input outside its `where`, a failed `check`, a division by
  // zero, a limit. The language stops a run at its first such problem, so there are no values then
  // and `diagnostics` holds that one error.
  bool ok = false;
  std::string scenario, config;
  std::vector<Item> inputs, outputs;  // in declaration order
  Diagnostics diagnostics;
  // The input or output named `name`, or null.
  const Item* input(std::string_view name) const;
  const Item* output(std::string_view name) const;
};

// A scenario loaded, checked and compiled, with its inputs gathered (Session::prepare). Nothing about
// it changes after it is made, so evaluate() and explain() may run on any number of threads at once
// (each evaluation has its own evaluator). A value: copies share the prepared program.
class Run {
 public:
  // False when it could not be prepared (a source error, an unknown scenario, config or input, an
  // input value that does not check); `diagnostics()` says why and evaluate() returns them.
  bool ok() const;
  const Diagnostics& diagnostics() const;  // the problems, or the warnings of a prepared run
  const std::string& scenario() const;
  const std::string& config() const;

  RunResult evaluate() const;
  Explanation explain() const;

  // For the implementation (interpreter/api/).
  explicit Run(std::shared_ptr<const detail::PreparedRun> prepared);

 private:
  std::shared_ptr<const detail::PreparedRun> prepared_;
};

}  // namespace mlsi::api
