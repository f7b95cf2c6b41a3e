#include "eval/evaluator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/activity.hpp"
#include "model/display.hpp"
#include "base/stack_guard.hpp"

namespace mlsi {

void Evaluator::fail(Span span, std::string message, std::vector<std::string> notes) {
  Diagnostic d;
  d.span = span;
  d.message = std::move(message);
  d.notes = std::move(notes);
  throw EvalError{std::move(d)};
}

// One level of function or scenario call, left also when the call fails: a failure that is caught (an
// unused default that cannot be evaluated) must not leave the depth counted.
Evaluator::CallDepth::CallDepth(Evaluator& ev, const CExpr& e) : ev_(ev) {
  if (ev_.depth_ >= ev_.limits_.max_call_depth)
    ev_.fail(e.span, fmt::format("calls nested deeper than {} (a runaway recursion?)", ev_.limits_.max_call_depth), {"raise the limit with --max-depth N"});
  ++ev_.depth_;
}
Evaluator::CallDepth::~CallDepth() { --ev_.depth_; }

void Evaluator::step(const CExpr& e) { charge(1, e); }

// Work on the n entries of a list counts as n steps: `range(1e7)`, `xs * 2` or `sum(xs)` on ten million
// entries is as much work as ten million nodes, and must not escape --max-steps.
void Evaluator::charge(std::size_t n, const CExpr& e) {
  steps_ += n;
  if (steps_ > limits_.max_steps)
    fail(e.span, fmt::format("evaluation stopped after {} steps", limits_.max_steps), {"raise the limit with --max-steps N"});
}

double Evaluator::finite(double x, const CExpr& e, const char* what) {
  if (std::isfinite(x)) return x;
  if (std::isnan(x)) fail(e.op_span, fmt::format("{} is not a number (NaN)", what));
  fail(e.op_span, fmt::format("{} overflows to infinity", what));
}

namespace {
bool all_true(const Value& v, std::size_t* failed_index) {
  if (!v.is_list()) return v.boolean();
  const auto& l = v.list();
  for (std::size_t i = 0; i < l.size(); ++i)
    if (!all_true(l[i], nullptr)) {
      if (failed_index) *failed_index = i;
      return false;
    }
  return true;
}
}  // namespace

ScenarioRun Evaluator::run(int scenario, const std::vector<std::optional<InputValue>>& given) {
  Activity activity("evaluating");
  const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(scenario));
  Instance inst{&s, std::vector<Value>(s.slots.size()), std::vector<std::uint8_t>(s.slots.size(), 0)};
  ScenarioRun out;
  out.scenario = scenario;
  out.origin.assign(s.slots.size(), "");
  out.display.resize(s.slots.size());
  for (std::size_t i = 0; i < s.slots.size(); ++i) {
    out.display[i] = s.slots[i].display;
    if (i < given.size() && given[i]) {
      inst.slots[i] = given[i]->value;
      inst.state[i] = 3;
      out.origin[i] = given[i]->origin;
      if (!given[i]->display.automatic) out.display[i] = given[i]->display;
    } else if (s.slots[i].kind == SlotKind::input) {
      out.origin[i] = "default";
      if (!s.slots[i].expr) fail(s.slots[i].span, fmt::format("input `{}` has no default and was not given", s.slots[i].name),
                                 {fmt::format("give it with --set {}=VALUE, in a config, or with --inputs FILE.toml", s.slots[i].name)});
    }
  }
  top_ = &inst;
  top_origin_ = &out.origin;
  top_display_ = &out.display;
  struct Reset {
    Evaluator& ev;
    ~Reset() {
      ev.top_ = nullptr;
      ev.top_origin_ = nullptr;
      ev.top_display_ = nullptr;
    }
  } reset{*this};
  evaluate_instance(inst);
  // An input or output shown in a unit it overflows (1e300 year -> as) is an error at its conversion,
  // like any other result that is not finite. (A let is shown only by --explain, which falls back to SI:
  // it must not fail a run, or a sweep's point, that never shows it.)
  for (std::size_t i = 0; i < s.slots.size(); ++i) {
    const Slot& sl = s.slots[i];
    if (inst.state[i] != 2 || sl.kind == SlotKind::let) continue;
    Span span = i < given.size() && given[i] ? given[i]->span : sl.expr ? sl.expr->span : sl.span;
    if (auto d = display_overflow(fmt::format("`{}`", sl.name), inst.slots[i], sl.type, out.display[i], p_, span.valid() ? span : sl.span))
      throw EvalError{std::move(*d)};
  }
  out.slots = std::move(inst.slots);
  out.available.resize(out.slots.size());
  for (std::size_t i = 0; i < out.slots.size(); ++i) out.available[i] = inst.state[i] == 2;
  return out;
}

void Evaluator::evaluate_instance(Instance& inst) {
  const Scenario& s = *inst.scenario;
  Frame f;
  f.instance = &inst;
  f.locals.resize(static_cast<std::size_t>(s.locals));
  // Given inputs are checked against their `where` first; defaults are evaluated when first used and
  // checked as soon as known; a default nothing uses is never needed (`total_flops` given: `tokens` is
  // not read).
  std::size_t deferred_from = deferred_wheres_.size();
  try {
    // Given values are checked first: they are known, and a bad one is the likeliest cause of any
    // later failure.
    for (int i : s.inputs)
      if (inst.state[static_cast<std::size_t>(i)] == 3) slot(inst, i, s.slots[static_cast<std::size_t>(i)].span);
    for (std::size_t i = 0; i < s.slots.size(); ++i)
      if (s.slots[i].kind != SlotKind::input) slot(inst, static_cast<int>(i), s.slots[i].span);
    // `where` conditions that read formulas of their own input, now that the formulas are known.
    while (deferred_wheres_.size() > deferred_from) {
      auto [owner, input] = deferred_wheres_.back();
      deferred_wheres_.pop_back();
      if (owner == &inst) check_where(inst, input);
    }
  } catch (WhereError&) {
    deferred_wheres_.resize(std::min(deferred_wheres_.size(), deferred_from));
    throw;
  } catch (EvalError&) {
    // A `where` that waited for the formulas names the bad input better than the formula that broke.
    std::vector<int> waiting;
    for (std::size_t k = deferred_from; k < deferred_wheres_.size(); ++k)
      if (deferred_wheres_[k].first == &inst) waiting.push_back(deferred_wheres_[k].second);
    deferred_wheres_.resize(std::min(deferred_wheres_.size(), deferred_from));
    for (int input : waiting) check_where(inst, input);
    deferred_wheres_.resize(std::min(deferred_wheres_.size(), deferred_from));
    // A formula failed; a `check` that states the broken precondition explains it better (a check
    // `a + b < 1` before the division by `1 - a - b`), so failed checks are reported first.
    for (const auto& c : s.checks) {
      Value ok;
      try {
        ok = eval(c.condition, f);
      } catch (EvalError&) {
        continue;
      }
      if (!all_true(ok, nullptr)) report_check(c);
    }
    throw;
  }
  for (const auto& c : s.checks)
    if (!all_true(eval(c.condition, f), nullptr)) report_check(c);
  // Defaults no formula read: evaluated for display when they can be; one that cannot (it reads a field
  // the entry lacks) is shown as not used. A default whose value is known has its `where` checked like
  // any other input's: a `where` that fails or cannot be evaluated is an error even when nothing reads
  // the input.
  for (int i : s.inputs) {
    auto k = static_cast<std::size_t>(i);
    if (inst.state[k] != 0) continue;
    inst.state[k] = 1;
    Frame own;
    own.instance = &inst;
    own.locals.resize(static_cast<std::size_t>(s.locals));
    try {
      inst.slots[k] = eval(*s.slots[k].expr, own);
    } catch (WhereError&) {
      inst.state[k] = 0;
      throw;  // another default this one reads breaks its own rule
    } catch (EvalError&) {
      inst.state[k] = 4;
      continue;
    }
    inst.state[k] = 2;
    check_where(inst, i);
  }
}

void Evaluator::report_check(const Check& c) {
  std::string cond(p_.sources.text(c.condition.span));
  if (c.message) fail(c.condition.span, fmt::format("check failed: {}", *c.message), {fmt::format("the condition is `{}`", cond)});
  fail(c.condition.span, fmt::format("check failed: `{}`", cond));
}

void Evaluator::check_where(Instance& inst, int i) {
  const Slot& sl = inst.scenario->slots[static_cast<std::size_t>(i)];
  if (!sl.where) return;
  Frame f;
  f.instance = &inst;
  f.locals.resize(static_cast<std::size_t>(inst.scenario->locals));
  Value ok;
  try {
    ok = eval(*sl.where, f);
  } catch (CycleError&) {
    deferred_wheres_.emplace_back(&inst, i);
    return;
  }
  std::size_t bad = 0;
  if (all_true(ok, &bad)) return;
  const Value& v = inst.slots[static_cast<std::size_t>(i)];
  const DisplayUnit& unit = &inst == top_ && top_display_ ? (*top_display_)[static_cast<std::size_t>(i)] : sl.display;
  std::string shown = format_value(v, sl.type, unit, p_);
  std::string cond(p_.sources.text(sl.where->span));
  std::vector<std::string> notes;
  if (ok.is_list() && v.is_list() && ok.list().size() == v.list().size() && bad < v.list().size())
    notes.push_back(fmt::format("entry {} is {}", bad, format_value(v.list()[bad], *sl.type.element, unit, p_)));
  if (&inst == top_ && top_origin_) {
    const std::string& origin = (*top_origin_)[static_cast<std::size_t>(i)];
    if (!origin.empty() && origin != "default") notes.push_back(fmt::format("`{}` was given by {}", sl.name, origin));
  }
  Diagnostic d;
  d.span = sl.where->span;
  d.message = fmt::format("input `{}` = {} does not satisfy `{}`", sl.name, shown, cond);
  d.notes = std::move(notes);
  throw WhereError{{std::move(d)}};
}

Value Evaluator::slot(Instance& inst, int index, Span use) {
  auto i = static_cast<std::size_t>(index);
  if (inst.state[i] == 2) return inst.slots[i];
  const Slot& sl = inst.scenario->slots[i];
  if (inst.state[i] == 3) {  // a given input whose `where` is not checked yet
    inst.state[i] = 2;
    check_where(inst, index);
    return inst.slots[i];
  }
  if (inst.state[i] == 1) {
    Diagnostic d;
    d.span = use;
    d.message = fmt::format("`{}` depends on itself", sl.name);
    throw CycleError{{std::move(d)}};
  }
  inst.state[i] = 1;
  Frame f;
  f.instance = &inst;
  f.locals.resize(static_cast<std::size_t>(inst.scenario->locals));
  try {
    inst.slots[i] = eval(*sl.expr, f);
  } catch (EvalError&) {
    inst.state[i] = 0;  // not known: a later read may try again
    throw;
  }
  inst.state[i] = 2;
  if (sl.kind == SlotKind::input) {
    try {
      check_where(inst, index);
    } catch (EvalError&) {
      // Not known to be valid: a caller that survives the error (an unused default that read this
      // one) must not take the value as checked; the input is evaluated again, and fails again, later.
      inst.state[i] = 0;
      throw;
    }
  }
  return inst.slots[i];
}

Value Evaluator::value(const CExpr& e) {
  Activity activity("evaluating");
  Frame f;
  return eval(e, f);
}

Value Evaluator::value_in(const CExpr& e, int scenario, const ScenarioRun& run) {
  Activity activity("evaluating");
  const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(scenario));
  Instance inst{&s, run.slots, std::vector<std::uint8_t>(s.slots.size(), 2)};
  for (std::size_t i = 0; i < run.available.size(); ++i)
    if (!run.available[i]) inst.state[i] = 0;  // evaluated (or failing) when read
  Frame f;
  f.instance = &inst;
  f.locals.resize(static_cast<std::size_t>(s.locals));
  return eval(e, f);
}

Value Evaluator::value_with_locals(const CExpr& e, std::vector<Value> locals) {
  Activity activity("evaluating");
  Frame f;
  f.locals = std::move(locals);
  return eval(e, f);
}

Value Evaluator::arith(Op op, const Value& a, const Value& b, const CExpr& e) {
  if (a.is_list() || b.is_list()) {
    charge((a.is_list() ? a : b).list().size(), e);
    List out;
    if (a.is_list() && b.is_list()) {
      if (a.list().size() != b.list().size())
        fail(e.op_span, fmt::format("lists of different lengths ({} and {})", a.list().size(), b.list().size()));
      for (std::size_t i = 0; i < a.list().size(); ++i) out.push_back(arith(op, a.list()[i], b.list()[i], e));
    } else if (a.is_list()) {
      for (const auto& x : a.list()) out.push_back(arith(op, x, b, e));
    } else {
      for (const auto& y : b.list()) out.push_back(arith(op, a, y, e));
    }
    return Value(std::move(out));
  }
  double x = a.number(), y = b.number();
  switch (op) {
    case Op::add: return finite(x + y, e, "the sum");
    case Op::sub: return finite(x - y, e, "the difference");
    case Op::mul: return finite(x * y, e, "the product");
    case Op::div:
      if (y == 0) fail(e.op_span, "division by zero", {fmt::format("`{}` is 0", p_.sources.text(e.kids[1].span))});
      return finite(x / y, e, "the quotient");
    case Op::pow:
      if (x < 0 && y != std::floor(y)) fail(e.op_span, fmt::format("a negative number ({}) to a fractional power ({}) is not a real number", format_number(x), format_number(y)));
      if (x == 0 && y < 0) fail(e.op_span, "zero to a negative power (division by zero)");
      return finite(std::pow(x, y), e, "the power");
    default: return Value(0.0);
  }
}

Value Evaluator::compare(Op op, const Value& a, const Value& b, const CExpr& e) {
  if (a.is_list() || b.is_list()) {
    charge((a.is_list() ? a : b).list().size(), e);
    List out;
    if (a.is_list() && b.is_list()) {
      if (a.list().size() != b.list().size())
        fail(e.op_span, fmt::format("lists of different lengths ({} and {})", a.list().size(), b.list().size()));
      for (std::size_t i = 0; i < a.list().size(); ++i) out.push_back(compare(op, a.list()[i], b.list()[i], e));
    } else if (a.is_list()) {
      for (const auto& x : a.list()) out.push_back(compare(op, x, b, e));
    } else {
      for (const auto& y : b.list()) out.push_back(compare(op, a, y, e));
    }
    return Value(std::move(out));
  }
  if (a.is_number()) {
    double x = a.number(), y = b.number();
    switch (op) {
      case Op::lt: return Value(x < y);
      case Op::le: return Value(x <= y);
      case Op::gt: return Value(x > y);
      case Op::ge: return Value(x >= y);
      case Op::eq: return Value(x == y);
      case Op::ne: return Value(x != y);
      default: break;
    }
  }
  bool equal = false;
  if (std::holds_alternative<bool>(a.v)) equal = a.boolean() == b.boolean();
  else if (std::holds_alternative<std::string>(a.v)) equal = a.text() == b.text();
  else if (std::holds_alternative<EnumValue>(a.v)) equal = a.enumeration().index == b.enumeration().index;
  return Value(op == Op::eq ? equal : !equal);
}

Value Evaluator::unary_math(Builtin b, const Value& v, const CExpr& e) {
  if (v.is_list()) {
    charge(v.list().size(), e);
    List out;
    for (const auto& x : v.list()) out.push_back(unary_math(b, x, e));  // element by element
    return Value(std::move(out));
  }
  double x = v.number();
  if (b == Builtin::is_whole) return Value(x == std::floor(x));
  auto domain = [&](const char* fn, const char* need) {
    fail(e.kids[0].span, fmt::format("`{}` of {} is undefined: it needs {}", fn, format_number(x), need));
  };
  switch (b) {
    case Builtin::sqrt: if (x < 0) domain("sqrt", "a number >= 0"); return std::sqrt(x);
    case Builtin::exp: return finite(std::exp(x), e, "the exponential");
    case Builtin::log: if (x <= 0) domain("log", "a number > 0"); return std::log(x);
    case Builtin::log2: if (x <= 0) domain("log2", "a number > 0"); return std::log2(x);
    case Builtin::log10: if (x <= 0) domain("log10", "a number > 0"); return std::log10(x);
    case Builtin::ceil: return std::ceil(x);
    case Builtin::floor: return std::floor(x);
    case Builtin::round: return std::round(x);
    case Builtin::abs: return std::fabs(x);
    default: return x;
  }
}

Value Evaluator::builtin(const CExpr& e, Frame& f) {
  auto b = static_cast<Builtin>(e.index);
  std::vector<Value> args;
  args.reserve(e.kids.size());
  for (const auto& k : e.kids) args.push_back(eval(k, f));
  auto numbers = [&](const Value& v, const char* fn) -> const List& {
    const List& l = v.list();
    charge(l.size(), e);
    if (l.empty()) fail(e.kids[0].span, fmt::format("`{}` of an empty list", fn));
    return l;
  };
  switch (b) {
    case Builtin::len: return Value(static_cast<double>(args[0].list().size()));
    case Builtin::sum: {
      charge(args[0].list().size(), e);
      double s = 0;
      for (const auto& x : args[0].list()) s += x.number();
      return finite(s, e, "the sum");
    }
    case Builtin::mean: {
      const List& l = numbers(args[0], "mean");
      double s = 0;
      for (const auto& x : l) s += x.number();
      return finite(s / static_cast<double>(l.size()), e, "the mean");
    }
    case Builtin::min_list:
    case Builtin::max_list: {
      const List& l = numbers(args[0], b == Builtin::min_list ? "min" : "max");
      double r = l[0].number();
      for (const auto& x : l) r = b == Builtin::min_list ? std::min(r, x.number()) : std::max(r, x.number());
      return r;
    }
    case Builtin::min_args:
    case Builtin::max_args: {
      double r = args[0].number();
      for (const auto& x : args) r = b == Builtin::min_args ? std::min(r, x.number()) : std::max(r, x.number());
      return r;
    }
    case Builtin::range: {
      double lo = args.size() == 2 ? args[0].number() : 0;
      double hi = args.back().number();
      for (const auto& a : args)
        if (a.number() != std::floor(a.number())) fail(e.span, fmt::format("`range` needs whole numbers, given {}", format_number(a.number())));
      // Beyond 2^53 consecutive whole numbers are not all doubles: `i + 1 == i`, and counting would
      // never end.
      for (const auto& a : args)
        if (std::fabs(a.number()) > 9007199254740992.0)
          fail(e.span, fmt::format("`range` needs whole numbers of at most 2^53 (9007199254740992), given {}", format_number(a.number())));
      double n = hi - lo;
      if (n > static_cast<double>(limits_.max_list_length))
        fail(e.span, fmt::format("`range` of {} entries is longer than the limit of {}", format_number(n), limits_.max_list_length), {"raise the limit with --max-list N"});
      auto count = n > 0 ? static_cast<std::size_t>(n) : std::size_t{0};
      charge(count, e);
      List out;
      out.reserve(count);
      for (std::size_t i = 0; i < count; ++i) out.emplace_back(lo + static_cast<double>(i));
      return Value(std::move(out));
    }
    default: return unary_math(b, args[0], e);
  }
}

Value Evaluator::eval(const CExpr& e, Frame& f) {
  step(e);
  if (stack_exhausted())
    fail(e.span, "evaluation nested too deeply: it runs out of stack",
         {"a deep recursion (see --max-depth) or a long chain of definitions that each use the next"});
  switch (e.op) {
    case Op::constant: return e.constant;
    case Op::slot: return slot(*f.instance, e.index, e.span);
    case Op::local: return f.locals[static_cast<std::size_t>(e.index)];
    case Op::global: {
      const Global& g = p_.globals[static_cast<std::size_t>(e.index)];
      return g.value.get([&] {
        Frame gf;
        gf.locals.resize(static_cast<std::size_t>(g.locals));
        return eval(g.expr, gf);
      });
    }
    case Op::negate: {
      Value v = eval(e.kids[0], f);
      return arith(Op::mul, v, Value(-1.0), e);
    }
    case Op::logical_not: {
      Value v = eval(e.kids[0], f);
      if (!v.is_list()) return Value(!v.boolean());
      List out;
      for (const auto& x : v.list()) out.emplace_back(!x.boolean());
      return Value(std::move(out));
    }
    case Op::add:
    case Op::sub:
    case Op::mul:
    case Op::div:
    case Op::pow: return arith(e.op, eval(e.kids[0], f), eval(e.kids[1], f), e);
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
    case Op::eq:
    case Op::ne: return compare(e.op, eval(e.kids[0], f), eval(e.kids[1], f), e);
    case Op::logical_and:
    case Op::logical_or: {
      Value a = eval(e.kids[0], f);
      bool is_and = e.op == Op::logical_and;
      if (!a.is_list()) {
        if (a.boolean() != is_and) return a;  // short-circuit
        Value b = eval(e.kids[1], f);
        if (!b.is_list()) return b;
        List out;
        for (const auto& x : b.list()) out.emplace_back(is_and ? a.boolean() && x.boolean() : a.boolean() || x.boolean());
        return Value(std::move(out));
      }
      Value b = eval(e.kids[1], f);
      List out;
      const List& la = a.list();
      if (b.is_list() && b.list().size() != la.size())
        fail(e.op_span, fmt::format("lists of different lengths ({} and {})", la.size(), b.list().size()));
      for (std::size_t i = 0; i < la.size(); ++i) {
        bool y = b.is_list() ? b.list().at(i).boolean() : b.boolean();
        out.emplace_back(is_and ? la[i].boolean() && y : la[i].boolean() || y);
      }
      return Value(std::move(out));
    }
    case Op::if_then: return eval(e.kids[0], f).boolean() ? eval(e.kids[1], f) : eval(e.kids[2], f);
    case Op::builtin: return builtin(e, f);
    case Op::call_fn: {
      const Function& fn = p_.functions[static_cast<std::size_t>(e.index)];
      Frame callee;
      callee.locals.resize(static_cast<std::size_t>(std::max<int>(fn.locals, static_cast<int>(e.kids.size()))));
      for (std::size_t i = 0; i < e.kids.size(); ++i) callee.locals[i] = eval(e.kids[i], f);
      CallDepth call{*this, e};
      return eval(fn.body, callee);
    }
    case Op::call_scenario: {
      const Scenario& s = p_.scenarios[static_cast<std::size_t>(e.index)];
      Instance inst{&s, std::vector<Value>(s.slots.size()), std::vector<std::uint8_t>(s.slots.size(), 0)};
      for (std::size_t i = 0; i < e.kids.size(); ++i) {
        auto slot_index = static_cast<std::size_t>(e.map[i]);
        inst.slots[slot_index] = eval(e.kids[i], f);
        inst.state[slot_index] = 3;
      }
      {
        CallDepth call{*this, e};
        try {
          evaluate_instance(inst);
        } catch (EvalError& err) {
          auto lc = p_.sources.line_col(e.span.file, e.span.begin);
          err.diag.notes.push_back(fmt::format("in the call of scenario `{}` at {}:{}:{}", s.name, p_.sources.file(e.span.file).name, lc.line, lc.col));
          throw;
        }
      }
      RecordValue r;
      r.type = s.result;
      for (int o : s.outputs) r.fields.emplace_back(inst.slots[static_cast<std::size_t>(o)]);
      return Value(std::move(r));
    }
    case Op::field: {
      Value v = eval(e.kids[0], f);
      const RecordValue& r = v.record();
      const auto& field = r.fields[static_cast<std::size_t>(e.index)];
      if (!field) {
        const std::string& fname = r.type->fields[static_cast<std::size_t>(e.index)];
        fail(e.op_span, fmt::format("{} {} has no field {} (its source does not give one)", r.type->name, r.key, fname));
      }
      return *field;
    }
    case Op::has_field: {
      Value v = eval(e.kids[0], f);
      return Value(v.record().fields[static_cast<std::size_t>(e.index)].has_value());
    }
    case Op::index: {
      Value l = eval(e.kids[0], f);
      double i = eval(e.kids[1], f).number();
      const List& list = l.list();
      if (i != std::floor(i)) fail(e.kids[1].span, fmt::format("a list index must be a whole number, given {}", format_number(i)));
      if (i < 0 || i >= static_cast<double>(list.size()))
        fail(e.kids[1].span, fmt::format("index {} is out of range: the list has {} entr{} (indices 0 to {})", format_number(i),
                                         list.size(), list.size() == 1 ? "y" : "ies", list.empty() ? 0 : list.size() - 1));
      return list[static_cast<std::size_t>(i)];
    }
    case Op::list: {
      List out;
      out.reserve(e.kids.size());
      for (const auto& k : e.kids) out.push_back(eval(k, f));
      return Value(std::move(out));
    }
    case Op::comprehension: {
      Value src = eval(e.kids[0], f);
      auto idx = static_cast<std::size_t>(e.index);
      if (f.locals.size() <= idx) f.locals.resize(idx + 1);
      List out;
      for (const auto& x : src.list()) {
        f.locals[idx] = x;
        if (e.kids.size() > 2 && !eval(e.kids[2], f).boolean()) continue;
        out.push_back(eval(e.kids[1], f));
        if (out.size() > limits_.max_list_length)
          fail(e.span, fmt::format("a list longer than the limit of {} entries", limits_.max_list_length), {"raise the limit with --max-list N"});
      }
      return Value(std::move(out));
    }
    case Op::record: {
      RecordValue r;
      r.type = e.type.record;
      for (const auto& k : e.kids) r.fields.emplace_back(eval(k, f));
      return Value(std::move(r));
    }
    case Op::match: {
      Value subject = eval(e.kids[0], f);
      int arm = e.map.at(static_cast<std::size_t>(subject.enumeration().index));
      return eval(e.kids[static_cast<std::size_t>(arm)], f);
    }
  }
  return Value(0.0);
}

}  // namespace mlsi
