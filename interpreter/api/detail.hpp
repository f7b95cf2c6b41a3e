#pragma once
// What the public types (include/mlsi/) hide: the internal session each operation works in, and the
// conversions of internal values and diagnostics to public ones.
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "eval/evaluator.hpp"
#include "mlsi/diagnostics.hpp"
#include "mlsi/options.hpp"
#include "mlsi/request.hpp"
#include "mlsi/run.hpp"
#include "mlsi/runner.hpp"
#include "mlsi/value.hpp"
#include "session/inputs.hpp"
#include "session/compiled_run.hpp"
#include "session/run_request.hpp"
#include "session/session.hpp"

namespace mlsi::api::detail {

// The diagnostics of an operation and the session whose sources they point into.
struct DiagnosticSource {
  std::shared_ptr<mlsi::ProgramSession> session;  // read only, never changed once the diagnostics are made
  std::vector<mlsi::Diagnostic> internal;
};

// The public form of `list`, whose spans point into the session's sources.
Diagnostics diagnostics_of(const std::shared_ptr<mlsi::ProgramSession>& session, std::vector<mlsi::Diagnostic> list);
// The public form of the session's diagnostics (plus `extra`); the session's list is cleared.
Diagnostics take_diagnostics(const std::shared_ptr<mlsi::ProgramSession>& session, std::vector<mlsi::Diagnostic> extra = {});
// A problem that is in no source (the command line's usage errors): a diagnostic without a span.
mlsi::Diagnostic plain_error(std::string message);

// What every run of a scenario shows the same for its inputs and outputs, by slot: their type names and
// the dimensions of their quantities (formatted once, not per run).
struct SlotTexts {
  std::vector<std::string> types, dimensions;
};

// A scenario ready to evaluate (Run), or why it is not.
struct PreparedRun {
  std::shared_ptr<mlsi::ProgramSession> session;
  bool ok = false;
  int scenario = -1;
  std::string scenario_name, config;
  GivenInputs given;
  mlsi::EvaluationLimits limits;
  Diagnostics diagnostics;
  std::vector<mlsi::Diagnostic> warnings;  // `diagnostics` as the library made them, for a run to add its notes to
  SlotTexts texts;
};

mlsi::ProgramSessionOptions session_options(const SessionOptions& options);
mlsi::EvaluationLimits evaluation_limits(const SessionOptions& options);
// The caller's words (SessionOptions::words) over the API's own: its limits by their names in Limits
// (`max_call_depth`, not the command line's `max_depth`), and no inputs file, which the API does not read.
mlsi::CallerWords caller_words(const SessionOptions& options);
// A fresh internal session with the options' catalogues and files loaded (not yet checked).
std::shared_ptr<mlsi::ProgramSession> open_session(const SessionOptions& options);
// The request as `mlsi run` would make it. `loaded`, when given, has the session's files loaded: a
// scenario of one of them asked for by name is then run from its file.
mlsi::RunTask internal_request(mlsi::ProgramSession* loaded, const RunRequest& request);
// The warnings, the session's diagnostics (then cleared) and the outcome's message, in that order.
std::vector<mlsi::Diagnostic> outcome_list(const std::shared_ptr<mlsi::ProgramSession>& session, const mlsi::DiagnosticLog& warnings, const Outcome& outcome);
// outcome_list in its public form.
Diagnostics outcome_diagnostics(const std::shared_ptr<mlsi::ProgramSession>& session, const mlsi::DiagnosticLog& warnings, const Outcome& outcome);
// Loads and checks what `request` names and gathers its inputs (session/run_request.hpp).
std::shared_ptr<PreparedRun> prepare(const SessionOptions& options, const RunRequest& request);

// A value as the public API gives it, shown in `display` (the unit declared or chosen for it).
Value public_value(const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& display);
// public_value into `out`; `dimension`, when given, is the type's dimension already formatted.
void fill_public_value(Value& out, const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& display,
                       const std::string* dimension);
// An input or output of a run, as RunResult lists it.
Item item_of(const Program& p, const Slot& slot, const ScenarioRun& run, int index);
SlotTexts slot_texts(const Program& p, const Scenario& sc);
// item_of into `item`, with the slot's texts from `texts` when given.
void fill_item(Item& item, const Program& p, const Slot& slot, const ScenarioRun& run, int index, const SlotTexts* texts);
// The same for slot `index`'s value, display unit and availability given one by one.
void fill_item(Item& item, const Program& p, const Slot& slot, const mlsi::Value& value, const DisplayUnit& display, bool available, int index,
               const SlotTexts* texts);
// The diagnostics of a successful run that read the calibration defaults `notes`: the preparation's,
// then one note per entry (docs/catalogue.md §2.14).
Diagnostics run_diagnostics(const PreparedRun& prepared, const std::vector<CalibrationNote>& notes);
// Run::evaluate of `prepared` with `given` in place of its inputs.
RunResult evaluate_run(const PreparedRun& prepared, const GivenInputs& given);
// A number in a display unit exactly as `mlsi run --format json` writes it.
double display_number(double si, double factor);

// The compiled kernels of one Runner (session/compiled_run.hpp), one per shape of the inputs its runs
// give: which input slots are given numbers (varied from run to run) and which texts (the same texts
// each time, folded into the kernel as its base run had them). Runs of a shape go to the tree evaluator
// until its second run, which compiles the kernel; later runs use it.
struct KernelKey {
  std::vector<int> numbers;                        // slots, ascending
  std::vector<std::pair<int, std::string>> texts;  // (slot, text), by slot
  // (Not `<=>`: the WebAssembly build's libc++ has no three-way comparison of vectors.)
  bool operator<(const KernelKey& o) const { return std::tie(numbers, texts) < std::tie(o.numbers, o.texts); }
};
struct CompiledRuns {
  struct Kernel {
    int tree_runs = 0;
    bool tried = false;  // compiled, or found not to compile
    std::unique_ptr<const CompiledRun> run;
    Diagnostics diagnostics;  // of every run on it: the preparation's, then the base run's notes
    // Every run's inputs and outputs as the base run gives them: those no varied input changes are
    // copied, not formatted again.
    std::vector<Item> inputs, outputs;
  };
  std::map<KernelKey, Kernel> kernels;
  // Runs made on a kernel: what tests/unit/compiled_run_test.cpp checks went through it.
  mutable std::atomic<std::uint64_t> kernel_runs{0};
};
// The runs `runner` made on its kernels so far.
std::uint64_t kernel_runs(const Runner& runner);
// The run of `prepared` on the kernel of `key` with `numbers` (the values of key.numbers' slots, in SI)
// given as `values` gave them (their display units), or nothing when there is no kernel or it leaves
// the point to the tree evaluator.
std::optional<RunResult> compiled_result(const PreparedRun& prepared, const CompiledRuns& runs, const KernelKey& key, const double* numbers,
                                         const std::vector<const InputValue*>& values);
// Counts a run of `key` that the tree evaluator made with `given`; the second compiles the kernel.
void count_tree_run(const PreparedRun& prepared, CompiledRuns& runs, const KernelKey& key, const GivenInputs& given);

}  // namespace mlsi::api::detail
