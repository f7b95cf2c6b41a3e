#pragma once
// Single runs of a scenario on the compiled kernel (eval/sweep_program.hpp) rather than the tree
// evaluator: the runs that give some inputs numbers (the varied ones) and every other input as one
// base run did. The kernel computes only what the varied inputs change; the base run stands for the rest
// (entries, lists, records, display units, availability, the calibration notes).
//
// A kernel run must give what the tree evaluator's run of the same point gives, to the bit, or nothing:
// compile() refuses a scenario whose runs it cannot stand for, and run() refuses a point the kernel
// flags (a `where` or `check` that fails, a result that is not finite, a branch it computes but the tree
// evaluator skips that divides by zero), whose run the tree evaluator then makes, failure message and
// all, as a sweep does.
#include <cstdint>
#include <optional>
#include <vector>

#include "eval/evaluator.hpp"
#include "eval/sweep_program.hpp"

namespace mlsi {

class CompiledRun {
 public:
  // Compiles `scenario` for runs that give the input slots `varied` numbers and every other given input
  // as `base` had it; `base` is the tree evaluator's run of one such point, which took `base_steps`
  // steps under `limits`. Nothing when:
  // - the kernel cannot compute what a varied input changes (a list, a record, a text: SweepProgram);
  // - the calibration notes may differ from the base run's at another point: a branch taken at some
  //   points only reads a calibration default, or (when the base run has notes) reads a slot, which the
  //   tree evaluator would then evaluate in another order and note in another order;
  // - the tree evaluator could stop where the kernel does not: a run may take more steps than `limits`
  //   allow, limits.max_milliseconds bounds it, or calls may nest less deep than by default.
  static std::optional<CompiledRun> compile(const Program& p, int scenario, std::vector<int> varied, ScenarioRun base,
                                            std::uint64_t base_steps, const EvaluationLimits& limits);

  // Computes the point whose varied inputs (in the order of varied()) are `inputs`, in `regs` (sized and
  // filled by the call). False: the tree evaluator must run this point (the kernel flags it, or the
  // call's budget says stop: its steps are counted as the tree evaluator's at most would be).
  bool run(std::vector<double>& regs, const double* inputs) const;

  // Slot `i`'s value after run(): its register, or the base run's value (what no varied input changes).
  Value value(const std::vector<double>& regs, std::size_t i) const;
  // Whether slot `i`'s value can differ from the base run's.
  bool varies(std::size_t i) const { return program_.slot_varies[i]; }

  const std::vector<int>& varied() const { return varied_; }
  const ScenarioRun& base() const { return base_; }
  // The most steps the tree evaluator takes for a point: the base run's, those folding the constants
  // took, and one per compiled node.
  std::uint64_t steps_bound() const { return steps_bound_; }

 private:
  CompiledRun(SweepProgram program, std::vector<int> varied, ScenarioRun base, std::vector<bool> boolean, std::uint64_t steps_bound);

  SweepProgram program_;
  std::vector<int> varied_;
  ScenarioRun base_;
  std::vector<bool> boolean_;  // per slot: a Bool, whose register holds 0 or 1
  std::uint64_t steps_bound_;
};

}  // namespace mlsi
