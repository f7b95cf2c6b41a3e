#include "session/compiled_run.hpp"

#include <limits>
#include <utility>

#include "base/call_budget.hpp"

namespace mlsi {

namespace {

// a + b, or the largest count when that overflows.
std::uint64_t saturated_sum(std::uint64_t a, std::uint64_t b) {
  std::uint64_t s = 0;
  return __builtin_add_overflow(a, b, &s) ? std::numeric_limits<std::uint64_t>::max() : s;
}

}  // namespace

CompiledRun::CompiledRun(SweepProgram program, std::vector<int> varied, ScenarioRun base, std::vector<bool> boolean, std::uint64_t steps_bound)
    : program_(std::move(program)), varied_(std::move(varied)), base_(std::move(base)), boolean_(std::move(boolean)), steps_bound_(steps_bound) {}

std::optional<CompiledRun> CompiledRun::compile(const Program& p, int scenario, std::vector<int> varied, ScenarioRun base,
                                                std::uint64_t base_steps, const EvaluationLimits& limits) {
  // The tree evaluator checks the clock and the depth of calls; the kernel has neither to check. At the
  // default depth, a point nests its calls as the base run did (the kernel inlines at most 32 levels of
  // the formulas a varied input changes).
  if (limits.max_milliseconds != 0 || limits.max_call_depth < EvaluationLimits{}.max_call_depth) return std::nullopt;
  auto program = SweepProgram::compile_points(p, scenario, varied, base, nullptr);
  if (!program) return std::nullopt;
  const SweepProgram::TreeFacts& facts = program->tree_facts;
  if (facts.branch_reads_default || (facts.branch_reads_slot && !base.calibration_notes.empty())) return std::nullopt;
  std::uint64_t bound = saturated_sum(saturated_sum(base_steps, facts.folded_steps), facts.compiled_nodes);
  if (bound > limits.max_steps || (limits.max_total_steps != 0 && bound > limits.max_total_steps)) return std::nullopt;
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  std::vector<bool> boolean(sc.slots.size());
  for (std::size_t i = 0; i < sc.slots.size(); ++i) boolean[i] = sc.slots[i].type.is_bool();
  return CompiledRun(std::move(*program), std::move(varied), std::move(base), std::move(boolean), bound);
}

bool CompiledRun::run(std::vector<double>& regs, const double* inputs) const {
  // What the tree evaluator's first step does: count its steps towards the call's budget, whose hook
  // may cancel the call (it is asked at a budget's first steps). A stop is the tree evaluator's to report.
  if (CallBudget* budget = CallBudget::current(); budget && budget->spend(steps_bound_) != CallBudget::Stop::no) return false;
  regs = program_.point_registers();
  return program_.run_point_in(regs.data(), inputs);
}

Value CompiledRun::value(const std::vector<double>& regs, std::size_t i) const {
  std::uint32_t r = program_.slot_register[i];
  if (r == SweepProgram::kNoRegister) return base_.slots[i];
  return boolean_[i] ? Value(regs[r] != 0) : Value(regs[r]);
}

}  // namespace mlsi
