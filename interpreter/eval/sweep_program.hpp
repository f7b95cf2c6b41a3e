#pragma once
// A scenario compiled for sweeps: a flat program over registers of doubles, evaluated over blocks of
// points (each instruction runs over the whole block). Everything a sweep does not vary is folded to a
// constant from one ordinary run, so the program holds only the arithmetic that depends on the varied
// inputs: no name look-up, no allocation and no unit work per point.
//
// The compiled instructions are shared and never change once compiled; the registers are each copy's
// own. A copy is how a sweep gives each of its threads the program: copies run at once on different
// threads, each on its own registers, reading the same instructions.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/program.hpp"

namespace mlsi {

enum class VOp : std::uint8_t {
  neg, logical_not, add, sub, mul, div, pow, lt, le, gt, ge, eq, ne, logical_and, logical_or, select,
  sqrt, exp, log, log2, log10, ceil, floor, round, abs, is_whole, min, max, mod,
};

struct VInstr {
  VOp op;
  std::uint32_t dst, a, b, c;
  // An arithmetic result checked for being finite. A result that feeds an add, sub, mul or the numerator
  // of a div needs no check of its own: infinity or NaN there makes that result infinite or NaN too.
  bool check_finite = false;
};

class SweepProgram {
 public:
  // Compiles `scenario` for points that vary `varied` (input slots); `base` is an ordinary run of one
  // point, whose values stand for everything that does not depend on the varied inputs. Returns nothing
  // when a formula that depends on a varied input is not plain arithmetic (a list, a record, a
  // recursive call): the sweep then evaluates point by point.
  static std::optional<SweepProgram> compile(const Program& p, int scenario, const std::vector<int>& varied,
                                             const ScenarioRun& base, const std::vector<const CExpr*>& extra_bools,
                                             std::string* why);
  // The same, for one point at a time only (run_point, run_point_in): no block registers are made, so a
  // program kept for single runs costs its registers once, not kBlock times; run() must not be called.
  static std::optional<SweepProgram> compile_points(const Program& p, int scenario, const std::vector<int>& varied,
                                                    const ScenarioRun& base, std::string* why);

  static constexpr std::size_t kBlock = 256;

  // Evaluates `count` (<= kBlock) points whose varied inputs are given column by column
  // (inputs[v][k]); results are read with value(register, k). ok(k) is false for a point whose `where`,
  // `check` or an extra condition fails or whose arithmetic is not finite: it is re-evaluated point by
  // point for its exact message.
  void run(const std::vector<const double*>& inputs, std::size_t count);
  double value(std::uint32_t reg, std::size_t k) const { return regs_[reg * kBlock + k]; }
  // Register `reg`'s values of the block, value(reg, k) at [k]: where they stay for this copy's life.
  const double* column(std::uint32_t reg) const { return regs_.data() + std::size_t{reg} * kBlock; }
  bool ok(std::size_t k) const { return ok_[k] != 0; }

  // One point at a time, with the same instructions over scalar registers (no per-block set-up):
  // `inputs` holds one value per varied input. Returns what ok(0) would; results are read with
  // point_value(register). The same point gives the same doubles as run().
  bool run_point(const double* inputs);
  double point_value(std::uint32_t reg) const { return point_regs_[reg]; }
  // run_point over registers of the caller's (`regs`, a copy of point_registers(): its constants), so
  // that threads share one program: results are read at regs[register].
  bool run_point_in(double* regs, const double* inputs) const;
  const std::vector<double>& point_registers() const { return point_regs_; }

  // What a single run needs to know to stand for the tree evaluator's run of the same point
  // (session/compiled_run.hpp): how many steps that run takes at most, and whether the calibration notes
  // it writes can differ from the base point's. A branch taken at some points only (an `if` whose
  // condition is varied, the right side of a varied `and`/`or`, which the tree evaluator skips) may read
  // a calibration default, or a slot that the tree evaluator then evaluates earlier than at the base
  // point, and so write its notes in another order.
  struct TreeFacts {
    std::uint64_t folded_steps = 0;    // steps the tree evaluator took to fold the constants
    std::uint64_t compiled_nodes = 0;  // expression nodes compiled: at most one tree step each
    bool branch_reads_default = false;
    bool branch_reads_slot = false;
  };
  TreeFacts tree_facts;

  // The register of each slot (outputs included) and of each extra condition; kNoRegister for a slot the
  // kernel does not compute (its value is the base point's).
  static constexpr std::uint32_t kNoRegister = UINT32_MAX;
  std::vector<std::uint32_t> slot_register;
  // Per slot: whether its value changes with the varied inputs (else it is the base point's).
  std::vector<bool> slot_varies;
  std::vector<std::uint32_t> extra_register;
  std::size_t instructions() const { return code_->instructions.size(); }

 private:
  // What compiling decided, read-only from then on: shared by every copy.
  struct Code {
    std::vector<VInstr> instructions;
    std::vector<std::uint32_t> input_regs;    // per varied input
    std::vector<std::uint32_t> checked_regs;  // Bool registers that must be true
  };
  std::shared_ptr<const Code> code_;
  std::vector<double> regs_;                  // registers x kBlock, constants filled in
  std::vector<std::uint8_t> ok_;
  std::vector<double> bad_;  // per lane: 0, or NaN when the point needs the point-by-point path
  std::vector<double> point_regs_;  // registers of run_point, constants filled in
  friend class SweepCompiler;
};

}  // namespace mlsi
