// A Runner's runs on the compiled kernel (session/compiled_run.hpp): compiled for a shape of inputs at
// its second run, then used for every run of that shape that the kernel does not leave to the tree
// evaluator. Each gives what the tree evaluator's run gives: the same doubles, display units, notes.
#include <utility>

#include "api/detail.hpp"
#include "model/display.hpp"

namespace mlsi::api::detail {

namespace {

// Shapes of inputs one runner compiles kernels for, at most: a loop of runs has one or a few.
constexpr std::size_t kMaxKernels = 16;

// The display unit a run shows given input `i` in (as Evaluator::run chooses it).
const DisplayUnit& given_display(const Slot& slot, const InputValue& given) { return given.display.automatic ? slot.display : given.display; }

}  // namespace

std::optional<RunResult> compiled_result(const PreparedRun& prepared, const CompiledRuns& runs, const KernelKey& key, const double* numbers,
                                         const std::vector<const InputValue*>& values) {
  auto it = runs.kernels.find(key);
  if (it == runs.kernels.end() || !it->second.run) return std::nullopt;
  const CompiledRun& kernel = *it->second.run;
  const Program& p = prepared.session->program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(prepared.scenario)];
  // A given number its display unit cannot show (1e300 s in ns) fails the tree evaluator's run.
  for (std::size_t v = 0; v < key.numbers.size(); ++v) {
    const DisplayUnit& d = given_display(sc.slots[static_cast<std::size_t>(key.numbers[v])], *values[v]);
    if (!d.automatic && !shows_finite(mlsi::Value(numbers[v]), d.factor)) return std::nullopt;
  }
  std::vector<double> regs;
  if (!kernel.run(regs, numbers)) return std::nullopt;
  RunResult result;
  result.scenario = prepared.scenario_name;
  result.config = prepared.config;
  result.diagnostics = it->second.diagnostics;
  result.ok = true;
  const ScenarioRun& base = kernel.base();
  auto fill = [&](Item& item, int slot) {
    auto i = static_cast<std::size_t>(slot);
    const DisplayUnit* display = &base.display[i];
    for (std::size_t v = 0; v < key.numbers.size(); ++v)
      if (key.numbers[v] == slot) display = &given_display(sc.slots[i], *values[v]);
    fill_item(item, p, sc.slots[i], kernel.value(regs, i), *display, base.available.empty() || base.available[i], slot, &prepared.texts);
  };
  result.inputs = it->second.inputs;
  result.outputs = it->second.outputs;
  for (std::size_t k = 0; k < sc.inputs.size(); ++k)
    if (kernel.varies(static_cast<std::size_t>(sc.inputs[k]))) fill(result.inputs[k], sc.inputs[k]);
  for (std::size_t k = 0; k < sc.outputs.size(); ++k)
    if (kernel.varies(static_cast<std::size_t>(sc.outputs[k]))) fill(result.outputs[k], sc.outputs[k]);
  runs.kernel_runs.fetch_add(1, std::memory_order_relaxed);
  return result;
}

void count_tree_run(const PreparedRun& prepared, CompiledRuns& runs, const KernelKey& key, const GivenInputs& given) {
  if (runs.kernels.size() >= kMaxKernels && !runs.kernels.contains(key)) return;
  CompiledRuns::Kernel& k = runs.kernels[key];
  if (k.tried || ++k.tree_runs < 2) return;
  // An input given as a formula over the others (`dp=1024/(tp*pp)`) is evaluated in the scenario: the
  // kernel would take its base value for a constant (as a sweep, it leaves such runs to the tree evaluator).
  for (const auto& g : given)
    if (g && g->in_scope) {
      k.tried = true;
      return;
    }
  const Program& p = prepared.session->program();
  // The base run, again: the tree evaluator's ScenarioRun, and its steps.
  Evaluator ev(p, prepared.limits);
  std::optional<ScenarioRun> base;
  try {
    base = ev.run(prepared.scenario, given);
  } catch (const CallStopped&) {
    return;  // cancelled: tried again at a later run
  } catch (const EvalError&) {
  }
  k.tried = true;
  if (!base) return;
  std::optional<CompiledRun> compiled;
  try {
    compiled = CompiledRun::compile(p, prepared.scenario, key.numbers, *base, ev.steps(), prepared.limits);
  } catch (const CallStopped&) {
    k.tried = false;
    return;
  }
  if (!compiled) return;
  k.diagnostics = run_diagnostics(prepared, compiled->base().calibration_notes);
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(prepared.scenario)];
  k.inputs.resize(sc.inputs.size());
  k.outputs.resize(sc.outputs.size());
  for (std::size_t j = 0; j < sc.inputs.size(); ++j) fill_item(k.inputs[j], p, sc.slots[static_cast<std::size_t>(sc.inputs[j])], *base, sc.inputs[j], &prepared.texts);
  for (std::size_t j = 0; j < sc.outputs.size(); ++j) fill_item(k.outputs[j], p, sc.slots[static_cast<std::size_t>(sc.outputs[j])], *base, sc.outputs[j], &prepared.texts);
  k.run = std::make_unique<const CompiledRun>(std::move(*compiled));
}

}  // namespace mlsi::api::detail
