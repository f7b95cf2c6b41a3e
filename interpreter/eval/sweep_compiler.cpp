// The sweep kernel's compiler: a scenario, its varied inputs and a base point in; a SweepProgram out
// (eval/sweep_program.cpp runs it).
#include "eval/sweep_program.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mlsi {

// Builds a SweepProgram: decides which expressions depend on the varied inputs, folds the rest to
// constants through the ordinary evaluator, and emits one instruction per remaining operation.
class SweepCompiler {
 public:
  SweepCompiler(const Program& p, int scenario, const std::vector<int>& varied, const ScenarioRun& base)
      : p_(p), scenario_(scenario), s_(p.scenarios.at(static_cast<std::size_t>(scenario))), base_(base), ev_(p) {
    dependent_.assign(s_.slots.size(), 0);
    slot_reg_.assign(s_.slots.size(), kNone);
    // Inputs given for the whole sweep are constants, whatever their defaults would read.
    for (int i : s_.inputs)
      if (base.origin[static_cast<std::size_t>(i)] != "default") dependent_[static_cast<std::size_t>(i)] = 3;
    for (int v : varied) dependent_[static_cast<std::size_t>(v)] = 2;
    for (int v : varied) {
      std::uint32_t r = new_reg();
      code_.input_regs.push_back(r);
      slot_reg_[static_cast<std::size_t>(v)] = r;
    }
  }

  bool build(const std::vector<const CExpr*>& extra_bools, std::string* why, bool blocks) {
    try {
      for (std::size_t i = 0; i < s_.slots.size(); ++i) slot(static_cast<int>(i));
      for (int i : s_.inputs) {
        const Slot& sl = s_.slots[static_cast<std::size_t>(i)];
        if (sl.where && depends(*sl.where, {})) code_.checked_regs.push_back(compile(*sl.where, {}));
      }
      for (const auto& c : s_.checks)
        if (depends(c.condition, {})) code_.checked_regs.push_back(compile(c.condition, {}));
      // Extra conditions see the scenario's inputs then outputs as locals 0, 1, ...
      std::vector<std::uint32_t> locals;
      for (int i : s_.inputs) locals.push_back(slot_register_or_none(i));
      for (int i : s_.outputs) locals.push_back(slot_register_or_none(i));
      for (const CExpr* e : extra_bools) prog_.extra_register.push_back(compile(*e, locals));
      check_display_units();
    } catch (const Unsupported& u) {
      if (why) *why = u.what;
      return false;
    }
    mark_finite_checks();
    prog_.code_ = std::make_shared<const SweepProgram::Code>(std::move(code_));
    prog_.slot_register = slot_reg_;
    prog_.slot_varies.resize(s_.slots.size());
    for (std::size_t i = 0; i < s_.slots.size(); ++i) prog_.slot_varies[i] = dependent_[i] == 2;
    if (blocks) {
      prog_.regs_.resize(static_cast<std::size_t>(next_reg_) * SweepProgram::kBlock);
      for (const auto& [reg, value] : constants_)
        std::fill_n(prog_.regs_.begin() + static_cast<std::ptrdiff_t>(reg * SweepProgram::kBlock), SweepProgram::kBlock, value);
      prog_.ok_.resize(SweepProgram::kBlock);
      prog_.bad_.resize(SweepProgram::kBlock);
    }
    prog_.tree_facts = facts_;
    prog_.tree_facts.folded_steps = ev_.steps();
    prog_.point_regs_.resize(next_reg_);
    for (const auto& [reg, value] : constants_) prog_.point_regs_[reg] = value;
    return true;
  }

  SweepProgram take() { return std::move(prog_); }

 private:
  static constexpr std::uint32_t kNone = SweepProgram::kNoRegister;
  struct Unsupported {
    std::string what;
  };

  std::uint32_t new_reg() { return next_reg_++; }

  // Whether v is ±2^k with 1/v finite too.
  static bool power_of_two(double v) {
    int exponent = 0;
    return std::isfinite(v) && v != 0 && std::fabs(std::frexp(v, &exponent)) == 0.5 && std::isfinite(1.0 / v);
  }

  std::uint32_t constant(double v) {
    std::uint32_t r = new_reg();
    constants_.emplace_back(r, v);
    return r;
  }

  std::uint32_t slot_register_or_none(int i) {
    if (slot_reg_[static_cast<std::size_t>(i)] == kNone) {
      if (!base_.available.empty() && !base_.available[static_cast<std::size_t>(i)])
        throw Unsupported{"an input default that could not be evaluated"};
      const Value& v = base_.slots[static_cast<std::size_t>(i)];
      if (v.is_number()) slot_reg_[static_cast<std::size_t>(i)] = constant(v.number());
      else if (std::holds_alternative<bool>(v.v)) slot_reg_[static_cast<std::size_t>(i)] = constant(v.boolean() ? 1 : 0);
    }
    return slot_reg_[static_cast<std::size_t>(i)];
  }

  // Whether a slot reads a varied input, directly or through other slots.
  bool slot_depends(int i) {
    auto& d = dependent_[static_cast<std::size_t>(i)];
    if (d == 2) return true;
    if (d == 1 || d == 3) return false;  // 1: being decided (a cycle was rejected by the checker)
    d = 1;
    const Slot& sl = s_.slots[static_cast<std::size_t>(i)];
    std::vector<int> outer = std::exchange(fixed_locals_, {});  // a slot's expression has locals of its own
    bool result = sl.expr && depends(*sl.expr, {});
    fixed_locals_ = std::move(outer);
    d = result ? 2 : 3;
    return result;
  }

  bool depends(const CExpr& e, const std::vector<std::uint32_t>& locals) {
    switch (e.op) {
      case Op::constant:
      case Op::global: return false;
      case Op::slot: return slot_depends(e.index);
      // Parameters of an inlined function, conservatively; a `let ... in` name whose value is fixed is not.
      case Op::local: return std::find(fixed_locals_.begin(), fixed_locals_.end(), e.index) == fixed_locals_.end();
      case Op::let_in: {
        if (depends(e.kids[0], locals)) return true;
        fixed_locals_.push_back(e.index);
        bool body = depends(e.kids[1], locals);
        fixed_locals_.pop_back();
        return body;
      }
      case Op::call_local: {
        const Function& fn = s_.functions.at(static_cast<std::size_t>(e.index));
        for (int read : fn.slots_read)
          if (slot_depends(read)) return true;
        break;
      }
      default: break;
    }
    (void)locals;
    for (const auto& k : e.kids)
      if (depends(k, locals)) return true;
    return false;
  }

  std::uint32_t slot(int i) {
    auto ui = static_cast<std::size_t>(i);
    if (slot_reg_[ui] != kNone) return slot_reg_[ui];
    if (!slot_depends(i)) return slot_register_or_none(i);
    const Slot& sl = s_.slots[ui];
    // A slot is evaluated at every point, wherever it is read first: its formula is no branch.
    int outer = std::exchange(in_branch_, 0);
    std::uint32_t r = compile(*sl.expr, {});
    in_branch_ = outer;
    slot_reg_[ui] = r;
    return r;
  }

  // The value of an expression that does not depend on the varied inputs, from the base point.
  Value folded(const CExpr& e) {
    std::uint64_t read = ev_.defaults_read();
    Value v;
    try {
      v = ev_.value_in(e, scenario_, base_);
    } catch (const EvalError&) {
      throw Unsupported{"a value that fails at the base point"};
    }
    if (in_branch_ > 0) {
      facts_.branch_reads_default = facts_.branch_reads_default || ev_.defaults_read() != read;
      facts_.branch_reads_slot = facts_.branch_reads_slot || reads_slot(e);
    }
    return v;
  }

  // Whether evaluating `e` reads a slot of the scenario (directly or through one of its functions).
  bool reads_slot(const CExpr& e) const {
    if (e.op == Op::slot) return true;
    if (e.op == Op::call_local && !s_.functions.at(static_cast<std::size_t>(e.index)).slots_read.empty()) return true;
    for (const auto& k : e.kids)
      if (reads_slot(k)) return true;
    return false;
  }

  // Compiles an operand that the tree evaluator evaluates at some points only.
  std::uint32_t branch(const CExpr& e, const std::vector<std::uint32_t>& locals) {
    ++in_branch_;
    std::uint32_t r = compile(e, locals);
    --in_branch_;
    return r;
  }

  static bool arithmetic(VOp op) {
    switch (op) {
      case VOp::add: case VOp::sub: case VOp::mul: case VOp::div: case VOp::pow:
      case VOp::sqrt: case VOp::exp: case VOp::log: case VOp::log2: case VOp::log10: case VOp::mod: return true;
      default: return false;
    }
  }

  // Every arithmetic result (add, sub, mul, div, pow, sqrt, exp, log, log2, log10, mod) must be finite for the
  // fast path; it is checked unless it feeds an add, sub, mul or div numerator, which carries an infinity
  // or NaN on into its own result (IEEE 754), itself checked or carried further.
  void mark_finite_checks() {
    std::vector<bool> carried(next_reg_, false);
    for (const auto& in : code_.instructions) {
      if (in.op == VOp::add || in.op == VOp::sub || in.op == VOp::mul) carried[in.a] = carried[in.b] = true;
      if (in.op == VOp::div) carried[in.a] = true;
    }
    for (auto& in : code_.instructions) in.check_finite = arithmetic(in.op) && !carried[in.dst];
  }

  // An input or output whose value overflows the declared unit it is shown in (1e300 s in ns) fails the
  // run (Evaluator::run, display_overflow): its value divided by the unit's factor is computed and
  // checked finite like any result, so that the point goes to the evaluator for that message. Only a
  // unit smaller than the SI one can overflow a finite value.
  void check_display_units() {
    for (std::size_t i = 0; i < s_.slots.size(); ++i) {
      const Slot& sl = s_.slots[i];
      const DisplayUnit& unit = i < base_.display.size() ? base_.display[i] : sl.display;
      if (sl.kind == SlotKind::let || !sl.type.is_quantity() || unit.automatic || !(unit.factor < 1)) continue;
      if (!slot_depends(static_cast<int>(i))) continue;  // the base point's value, shown in the base run
      emit(VOp::div, slot(static_cast<int>(i)), constant(unit.factor));  // read by nothing: checked
    }
  }

  std::uint32_t emit(VOp op, std::uint32_t a, std::uint32_t b = 0, std::uint32_t c = 0) {
    std::uint32_t r = new_reg();
    code_.instructions.push_back(VInstr{op, r, a, b, c});
    return r;
  }

  std::uint32_t compile(const CExpr& e, const std::vector<std::uint32_t>& locals) {
    if (e.op == Op::local) {
      if (static_cast<std::size_t>(e.index) >= locals.size() || locals[static_cast<std::size_t>(e.index)] == kNone)
        throw Unsupported{"a list or record value inside a varied formula"};
      return locals[static_cast<std::size_t>(e.index)];
    }
    if (!depends(e, locals)) {
      Value v = folded(e);
      if (v.is_number()) return constant(v.number());
      if (std::holds_alternative<bool>(v.v)) return constant(v.boolean() ? 1 : 0);
      throw Unsupported{"a list, record or text value that depends on a varied input"};
    }
    ++facts_.compiled_nodes;
    if (e.op == Op::slot && in_branch_ > 0) facts_.branch_reads_slot = true;
    auto k = [&](std::size_t i) { return compile(e.kids[i], locals); };
    switch (e.op) {
      case Op::slot: return slot(e.index);
      case Op::negate: return emit(VOp::neg, k(0));
      case Op::logical_not: return emit(VOp::logical_not, k(0));
      case Op::add: return emit(VOp::add, k(0), k(1));
      case Op::sub: return emit(VOp::sub, k(0), k(1));
      case Op::mul: return emit(VOp::mul, k(0), k(1));
      case Op::div: {
        // By a power of two, dividing is multiplying by the reciprocal, with the same result to the bit
        // (IEEE 754: both round the same real number), and a multiplication takes a third of the time.
        if (!depends(e.kids[1], locals)) {
          if (Value d = folded(e.kids[1]); d.is_number() && power_of_two(d.number()))
            return emit(VOp::mul, k(0), constant(1.0 / d.number()));
        }
        return emit(VOp::div, k(0), k(1));
      }
      case Op::pow: return emit(VOp::pow, k(0), k(1));
      case Op::lt: return emit(VOp::lt, k(0), k(1));
      case Op::le: return emit(VOp::le, k(0), k(1));
      case Op::gt: return emit(VOp::gt, k(0), k(1));
      case Op::ge: return emit(VOp::ge, k(0), k(1));
      case Op::eq: return emit(VOp::eq, k(0), k(1));
      case Op::ne: return emit(VOp::ne, k(0), k(1));
      // The tree evaluator skips the right side when the left decides (and a branch not taken): both
      // are computed here, and noted as read at some points only.
      case Op::logical_and: return emit(VOp::logical_and, k(0), branch(e.kids[1], locals));
      case Op::logical_or: return emit(VOp::logical_or, k(0), branch(e.kids[1], locals));
      case Op::if_then: {
        if (!depends(e.kids[0], locals)) return folded(e.kids[0]).boolean() ? k(1) : k(2);
        return emit(VOp::select, k(0), branch(e.kids[1], locals), branch(e.kids[2], locals));
      }
      case Op::match: {
        if (depends(e.kids[0], locals)) throw Unsupported{"a match on a varied enumeration"};
        Value subject = folded(e.kids[0]);
        return k(static_cast<std::size_t>(e.map.at(static_cast<std::size_t>(subject.enumeration().index))));
      }
      case Op::let_in: {
        std::vector<std::uint32_t> inner = locals;
        if (inner.size() <= static_cast<std::size_t>(e.index)) inner.resize(static_cast<std::size_t>(e.index) + 1, kNone);
        inner[static_cast<std::size_t>(e.index)] = k(0);
        return compile(e.kids[1], inner);
      }
      case Op::call_fn:
      case Op::call_local: {
        if (++inline_depth_ > 32) throw Unsupported{"a recursive function"};
        // A scenario's own function reads the scenario's slots, which are this program's registers.
        const Function& fn = e.op == Op::call_fn ? p_.functions.at(static_cast<std::size_t>(e.index))
                                                 : s_.functions.at(static_cast<std::size_t>(e.index));
        std::vector<std::uint32_t> args(static_cast<std::size_t>(std::max<int>(fn.locals, static_cast<int>(e.kids.size()))), kNone);
        for (std::size_t i = 0; i < e.kids.size(); ++i) {
          if (!e.kids[i].type.is_quantity() && !e.kids[i].type.is_bool()) throw Unsupported{"a function of a list or record"};
          args[i] = k(i);
        }
        std::uint32_t r = compile(fn.body, args);
        --inline_depth_;
        return r;
      }
      case Op::builtin: {
        auto b = static_cast<Builtin>(e.index);
        switch (b) {
          case Builtin::sqrt: return emit(VOp::sqrt, k(0));
          case Builtin::exp: return emit(VOp::exp, k(0));
          case Builtin::log: return emit(VOp::log, k(0));
          case Builtin::log2: return emit(VOp::log2, k(0));
          case Builtin::log10: return emit(VOp::log10, k(0));
          case Builtin::ceil: return emit(VOp::ceil, k(0));
          case Builtin::floor: return emit(VOp::floor, k(0));
          case Builtin::round: return emit(VOp::round, k(0));
          case Builtin::abs: return emit(VOp::abs, k(0));
          case Builtin::is_whole: return emit(VOp::is_whole, k(0));
          case Builtin::mod: return emit(VOp::mod, k(0), k(1));  // mod by zero: NaN, found by the finite check
          case Builtin::min_args:
          case Builtin::max_args: {
            std::uint32_t r = k(0);
            for (std::size_t i = 1; i < e.kids.size(); ++i) r = emit(b == Builtin::min_args ? VOp::min : VOp::max, r, k(i));
            return r;
          }
          default: throw Unsupported{"a list function of a varied value"};
        }
      }
      default: throw Unsupported{"a list, record or scenario call that depends on a varied input"};
    }
  }

  const Program& p_;
  int scenario_;
  const Scenario& s_;
  const ScenarioRun& base_;
  Evaluator ev_;
  std::vector<int> dependent_;  // 0 unknown, 1 deciding, 2 dependent, 3 independent
  std::vector<std::uint32_t> slot_reg_;
  std::vector<std::pair<std::uint32_t, double>> constants_;
  std::uint32_t next_reg_ = 0;
  int inline_depth_ = 0;
  int in_branch_ = 0;  // > 0 inside an operand the tree evaluator evaluates at some points only
  SweepProgram::TreeFacts facts_;
  std::vector<int> fixed_locals_;  // `let ... in` names whose values no varied input changes (depends)
  SweepProgram::Code code_;
  SweepProgram prog_;
};

std::optional<SweepProgram> SweepProgram::compile(const Program& p, int scenario, const std::vector<int>& varied,
                                                  const ScenarioRun& base, const std::vector<const CExpr*>& extra_bools,
                                                  std::string* why) {
  SweepCompiler c(p, scenario, varied, base);
  if (!c.build(extra_bools, why, true)) return std::nullopt;
  return c.take();
}

std::optional<SweepProgram> SweepProgram::compile_points(const Program& p, int scenario, const std::vector<int>& varied,
                                                         const ScenarioRun& base, std::string* why) {
  SweepCompiler c(p, scenario, varied, base);
  if (!c.build({}, why, false)) return std::nullopt;
  return c.take();
}

}  // namespace mlsi
