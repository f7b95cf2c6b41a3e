#include "eval/evaluator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/activity.hpp"
#include "model/display.hpp"
#include "base/stack_guard.hpp"

namespace mlsi {

void Evaluator::fail(Span span, std::string message, std::vector<std::string> notes, Category category) {
  Diagnostic d;
  d.span = span;
  d.message = std::move(message);
  d.notes = std::move(notes);
  d.category = category;
  throw EvalError{std::move(d)};
}

// How the caller gives an input that has no default: `give it with --set batch=VALUE, in a config, or
// with --inputs FILE.toml` on the command line; only the ways the caller has.
namespace {
std::string missing_input_advice(const CallerWords& words, const std::string& input) {
  std::vector<std::string> ways;
  if (words.has("set")) ways.push_back("with " + words.give("set", input + "=VALUE"));
  if (words.has("config")) ways.emplace_back("in a config");
  if (words.has("inputs")) ways.push_back("with " + words.give("inputs", "FILE.toml"));
  if (ways.empty()) return "give it a value";
  std::string out = "give it " + ways[0];
  for (std::size_t i = 1; i < ways.size(); ++i) out += (i + 1 < ways.size() ? ", " : ways.size() == 2 ? " or " : ", or ") + ways[i];
  return out;
}
}  // namespace

// One level of function or scenario call, left also when the call fails: a failure that is caught (an
// unused default that cannot be evaluated) must not leave the depth counted.
Evaluator::CallDepth::CallDepth(Evaluator& ev, const CExpr& e) : ev_(ev) {
  if (ev_.depth_ >= ev_.limits_.max_call_depth)
    ev_.fail(e.span, fmt::format("calls nested deeper than {} (a runaway recursion?)", ev_.limits_.max_call_depth), {"raise the limit with " + ev_.limits_.words.give("max_depth", "N")});
  ++ev_.depth_;
}
Evaluator::CallDepth::~CallDepth() { --ev_.depth_; }

Evaluator::Evaluator(const Program& program, EvaluationLimits limits)
    : p_(program),
      limits_(limits),
      started_(limits.max_milliseconds ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{}),
      budget_(CallBudget::current()) {}

void Evaluator::step(const CExpr& e) { charge(1, e); }

Evaluator::ReportSteps::~ReportSteps() {
  if (ev.budget_ && ev.steps_ > ev.reported_) {
    (void)ev.budget_->spend(ev.steps_ - ev.reported_);
    ev.reported_ = ev.steps_;
  }
}

// Work on the n entries of a list counts as n steps: `range(1e7)`, `xs * 2` or `sum(xs)` on ten million
// entries is as much work as ten million nodes, and must not escape --max-steps.
void Evaluator::charge(std::size_t n, const CExpr& e) {
  steps_ += n;
  if (steps_ > limits_.max_steps)
    fail(e.span, fmt::format("evaluation stopped after {} steps", limits_.max_steps), {"raise the limit with " + limits_.words.give("max_steps", "N")});
  if (steps_ >= next_check_) check_bounds(e);
}

// Every 65536 steps (about a millisecond of work), not at every step; the first step of an evaluator
// too, so that a call whose budget is spent stops at its next point however small the points are.
void Evaluator::check_bounds(const CExpr& e) {
  next_check_ = steps_ + 65536;
  if (limits_.max_milliseconds) {
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_).count();
    if (static_cast<std::uint64_t>(spent) > limits_.max_milliseconds)
      fail(e.span, fmt::format("evaluation stopped after {} ms", limits_.max_milliseconds));
  }
  if (!budget_) return;
  CallBudget::Stop stop = budget_->spend(steps_ - reported_);
  reported_ = steps_;
  if (stop == CallBudget::Stop::no) return;
  CallStopped stopped;
  stopped.diag.span = e.span;
  stopped.diag.category = Category::evaluation;
  if (stop == CallBudget::Stop::cancelled) {
    stopped.diag.message = "evaluation cancelled";
  } else {
    stopped.diag.message = fmt::format("evaluation stopped after {} steps in all", budget_->spent_one()->max_steps());
    stopped.diag.notes = {"the steps of every evaluation of one call add up (the points of a sweep, the values a solve tries)",
                          "raise the limit with " + limits_.words.give("max_total_steps", "N")};
  }
  stopped.rendered = render(p_.sources, stopped.diag, false);
  throw stopped;
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
  ReportSteps report{*this};
  const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(scenario));
  Instance inst{&s, std::vector<Value>(s.slots.size()), std::vector<std::uint8_t>(s.slots.size(), 0), {}};
  ScenarioRun out;
  out.scenario = scenario;
  calibration_notes_.clear();
  out.origin.assign(s.slots.size(), "");
  out.display.resize(s.slots.size());
  for (std::size_t i = 0; i < s.slots.size(); ++i) {
    out.display[i] = s.slots[i].display;
    if (i < given.size() && given[i] && given[i]->in_scope) {
      // Evaluated when first read, as a default is.
      inst.given_formula.resize(s.slots.size(), nullptr);
      inst.given_formula[i] = given[i]->expr.get();
      out.origin[i] = given[i]->origin;
      if (!given[i]->display.automatic) out.display[i] = given[i]->display;
    } else if (i < given.size() && given[i]) {
      inst.slots[i] = given[i]->value;
      inst.state[i] = 3;
      out.origin[i] = given[i]->origin;
      if (!given[i]->display.automatic) out.display[i] = given[i]->display;
    } else if (s.slots[i].kind == SlotKind::input) {
      out.origin[i] = "default";
      if (!s.slots[i].expr) fail(s.slots[i].span, fmt::format("input `{}` has no default and was not given", s.slots[i].name),
                                 {missing_input_advice(limits_.words, s.slots[i].name)}, Category::input);
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
    // Most values show finitely: the subject is formatted only for one that does not.
    if (out.display[i].automatic || !sl.type.scalar().is_quantity() || shows_finite(inst.slots[i], out.display[i].factor)) continue;
    Span span = i < given.size() && given[i] ? given[i]->span : sl.expr ? sl.expr->span : sl.span;
    if (auto d = display_overflow(fmt::format("`{}`", sl.name), inst.slots[i], sl.type, out.display[i], p_, span.valid() ? span : sl.span)) {
      d->category = Category::evaluation;
      throw EvalError{std::move(*d)};
    }
  }
  out.slots = std::move(inst.slots);
  out.available.resize(out.slots.size());
  for (std::size_t i = 0; i < out.slots.size(); ++i) out.available[i] = inst.state[i] == 2;
  out.calibration_notes = std::move(calibration_notes_);
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
      if (!all_true(ok, nullptr)) report_check(c, f);
    }
    throw;
  }
  for (const auto& c : s.checks)
    if (!all_true(eval(c.condition, f), nullptr)) report_check(c, f);
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
    bool given = k < inst.given_formula.size() && inst.given_formula[k];
    try {
      inst.slots[k] = eval(inst.formula_of(k), own);
    } catch (WhereError&) {
      inst.state[k] = 0;
      throw;  // another default this one reads breaks its own rule
    } catch (EvalError&) {
      inst.state[k] = 4;
      if (given) throw;  // a value the user gave must be valid even when nothing reads it
      continue;
    }
    inst.state[k] = 2;
    check_where(inst, i);
  }
}

void Evaluator::report_check(const Check& c, Frame& f) {
  std::string cond(p_.sources.text(c.condition.span));
  std::vector<std::string> notes;
  if (c.message) notes.push_back(fmt::format("the condition is `{}`", cond));
  for (auto& value : comparison_values(c.condition, f)) notes.push_back(std::move(value));
  if (c.message) fail(c.condition.span, fmt::format("check failed: {}", *c.message), std::move(notes), Category::check);
  fail(c.condition.span, fmt::format("check failed: `{}`", cond), std::move(notes), Category::check);
}

std::vector<std::string> Evaluator::comparison_values(const CExpr& condition, Frame& f) {
  std::vector<std::string> notes;
  bool comparison = condition.op == Op::lt || condition.op == Op::le || condition.op == Op::gt ||
                    condition.op == Op::ge || condition.op == Op::eq || condition.op == Op::ne;
  if (!comparison || condition.kids.size() != 2) return notes;
  for (const CExpr& side : condition.kids) {
    if (side.op == Op::constant) continue;  // a literal already shows its value in the condition
    Value v;
    try {
      v = eval(side, f);
    } catch (EvalError&) {
      continue;
    }
    if (v.is_list()) continue;
    DisplayUnit unit;
    if (side.op == Op::slot && f.instance) unit = display_of(*f.instance, side.index);
    notes.push_back(fmt::format("`{}` is {}", p_.sources.text(side.span), format_value(v, side.type, unit, p_)));
  }
  return notes;
}

const DisplayUnit& Evaluator::display_of(const Instance& inst, int i) const {
  auto k = static_cast<std::size_t>(i);
  return &inst == top_ && top_display_ ? (*top_display_)[k] : inst.scenario->slots[k].display;
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
  const DisplayUnit& unit = display_of(inst, i);
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
  d.category = Category::input;
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
    d.category = Category::evaluation;
    throw CycleError{{std::move(d)}};
  }
  inst.state[i] = 1;
  Frame f;
  f.instance = &inst;
  f.locals.resize(static_cast<std::size_t>(inst.scenario->locals));
  try {
    inst.slots[i] = eval(inst.formula_of(i), f);
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
  ReportSteps report{*this};
  Frame f;
  return eval(e, f);
}

Value Evaluator::value_in(const CExpr& e, int scenario, const ScenarioRun& run, const std::vector<Value>* locals) {
  Activity activity("evaluating");
  ReportSteps report{*this};
  const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(scenario));
  Instance inst{&s, run.slots, std::vector<std::uint8_t>(s.slots.size(), 2), {}};
  for (std::size_t i = 0; i < run.available.size(); ++i)
    if (!run.available[i]) inst.state[i] = 0;  // evaluated (or failing) when read
  Frame f;
  f.instance = &inst;
  if (locals) f.locals = *locals;
  f.locals.resize(std::max(f.locals.size(), static_cast<std::size_t>(s.locals)));
  return eval(e, f);
}

Value Evaluator::value_with_locals(const CExpr& e, std::vector<Value> locals) {
  Activity activity("evaluating");
  ReportSteps report{*this};
  Frame f;
  f.locals = std::move(locals);
  return eval(e, f);
}

}  // namespace mlsi
