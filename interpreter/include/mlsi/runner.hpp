#pragma once
// mlsi's public API: a scenario loaded and checked once and run many times with other inputs, as a
// notebook's loop or the Python module's mlsi.run call it (docs/api.md).
#include <memory>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "mlsi/request.hpp"
#include "mlsi/run.hpp"

namespace mlsi::api {

namespace detail {
struct RunnerState;
}

// Runner::run(inputs) gives exactly what Session::run gives for the runner's request with `inputs`
// set after its own, without reading and checking the sources again: a value given as a number
// (RunRequest::set(name, number, unit)) costs one evaluation; a value given as text is read once, the
// first time that text is given for that input. Whatever fails is run again the slow way, so its
// diagnostics are the ones Session::run gives.
//
// A Runner works on the sources as they were when it was made: a file changed on disk afterwards is
// not seen (make a new Runner). Threads: run() may be called from any number of threads at once.
class Runner {
 public:
  // False when the runner's request itself cannot be prepared; run() then returns why.
  bool ok() const;
  const Diagnostics& diagnostics() const;
  RunResult run(const std::vector<InputSetting>& inputs = {}) const;

  // For the implementation (interpreter/api/).
  explicit Runner(std::shared_ptr<detail::RunnerState> state);
  const detail::RunnerState& state() const { return *state_; }

 private:
  std::shared_ptr<detail::RunnerState> state_;
};

}  // namespace mlsi::api
