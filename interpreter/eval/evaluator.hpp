#pragma once
// Evaluates compiled scenarios. Values are SI doubles; every run-time problem (a failed `where` or
// `check`, division by zero, NaN, infinity, a domain error, an index out of range, an absent catalogue
// field, a limit) is an EvalError carrying a diagnostic with its span.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mlsi/options.hpp"
#include "base/caller_words.hpp"
#include "base/call_budget.hpp"
#include "source/diagnostics.hpp"
#include "model/calibration.hpp"
#include "model/program.hpp"

namespace mlsi {

struct EvalError {
  Diagnostic diag;
};
// A value needed while it is being computed. Inside a `where` it means the condition reads a formula
// that reads the input itself: the check waits until the formulas are done.
struct CycleError : EvalError {};
// An input that fails its `where`: the most specific explanation, reported as it is.
struct WhereError : EvalError {};
// The whole call must stop (base/call_budget.hpp): its steps summed over every evaluation passed
// --max-total-steps, or its caller cancelled it. Reported as any EvalError is; a loop that goes on after
// a failed evaluation (a sweep's points, a solve's values) lets this one through, to stop the call.
// `rendered` is its diagnostic as text, made where its sources are known, for a front end that catches
// it where they no longer are.
struct CallStopped : EvalError {
  std::string rendered;
};

// Bounds that keep every evaluation finite: the public API's (mlsi/options.hpp: their defaults, largest
// values and flags), of which an evaluator reads max_call_depth (deep enough for any honest formula, a
// runaway recursion stops long before the C++ stack would), max_list_length, max_steps (of one run) and
// max_total_steps (of one whole call, summed over its evaluations: the CallBudget a front end puts in
// force with it, base/call_budget.hpp), and what a front end adds. One struct, so that a request carries
// every limit in one place and the API's pass through whole.
struct EvaluationLimits : api::Limits {
  // Wall-clock time of one evaluator, in milliseconds; 0: none. A front end that must answer while a
  // user types (the language server) bounds each evaluation by time as well as by steps.
  std::uint64_t max_milliseconds = 0;
  // What the caller calls these limits and what it gives (`max_steps`, `set`): the advice of a message
  // that one stopped an evaluation, or that an input has no value, is in its words.
  CallerWords words;
};

// Where an input's value came from, for messages and for --explain.
struct InputValue {
  Value value;
  std::string origin;  // "default", "config long_context", "--set", "inputs.toml"
  DisplayUnit display;
  Span span;           // the expression that gave it, if any
  // That expression, compiled (outside any scenario, unless in_scope): --explain shows its terms and
  // their provenance.
  std::shared_ptr<const CExpr> expr = nullptr;
  // The expression reads the scenario's other inputs (`--set dp=1024/(tp*pp)`): `value` is not used,
  // and the run evaluates `expr` in the scenario as it would the input's default.
  bool in_scope = false;
};

struct ScenarioRun {
  int scenario = -1;
  std::vector<Value> slots;
  std::vector<std::string> origin;  // per input slot
  std::vector<DisplayUnit> display; // per slot: the unit it is shown in
  std::vector<bool> available;      // per slot: false for an unused default that could not be evaluated
  // The calibration defaults the run read, per entry (docs/catalogue.md §2.14): the documents say so.
  std::vector<CalibrationNote> calibration_notes;
};

// `mod(x, y)`: the remainder with the sign of `y` (floored, as in Python); NaN when `y` is 0. One
// formula for the evaluator and the sweep kernel, so that both paths agree to the bit.
double floored_remainder(double x, double y);

class Evaluator {
 public:
  explicit Evaluator(const Program& program, EvaluationLimits limits = {});

  // Evaluates every input (checking `where`), let, output and check. `given` has one entry per slot.
  ScenarioRun run(int scenario, const std::vector<std::optional<InputValue>>& given);
  // A value outside any scenario (a config value, `--set`, an `expect`).
  Value value(const CExpr& e);
  // A value of an expression compiled with locals (Compiler::compile_with_locals).
  Value value_with_locals(const CExpr& e, std::vector<Value> locals);
  // A value of an expression of `scenario` when every slot is known (the sweep compiler folds what a
  // sweep does not vary this way).
  // With `locals`, the body of one of the scenario's own functions, its parameters given.
  Value value_in(const CExpr& e, int scenario, const ScenarioRun& run, const std::vector<Value>* locals = nullptr);

  // Evaluation steps taken so far (what --max-steps bounds), and calibration defaults read so far (each
  // read, not each note): the compiled kernel bounds a run's steps and tells a branch that reads a
  // default by them (eval/sweep_program.hpp).
  std::uint64_t steps() const { return steps_; }
  std::uint64_t defaults_read() const { return defaults_read_; }

 private:
  struct Instance {
    const Scenario* scenario;
    std::vector<Value> slots;
    // 0 pending, 1 evaluating, 2 done, 3 given but `where` not checked, 4 an unused default that failed
    std::vector<std::uint8_t> state;
    // Per slot: an input's value given as an expression in the scenario (InputValue::in_scope), which
    // replaces its default; empty for a scenario that is called.
    std::vector<const CExpr*> given_formula = {};
    const CExpr& formula_of(std::size_t slot) const {
      return slot < given_formula.size() && given_formula[slot] ? *given_formula[slot] : *scenario->slots[slot].expr;
    }
  };
  struct Frame {
    std::vector<Value> locals;
    Instance* instance = nullptr;
  };

  struct CallDepth {
    CallDepth(Evaluator& ev, const CExpr& e);
    ~CallDepth();
    CallDepth(const CallDepth&) = delete;
    CallDepth& operator=(const CallDepth&) = delete;
    Evaluator& ev_;
  };

  void evaluate_instance(Instance& inst);
  void check_where(Instance& inst, int slot);
  [[noreturn]] void report_check(const Check& c, Frame& f);
  // The unit slot `i` of `inst` shows in: the run's own choice for the scenario run at the top, else the declared one.
  const DisplayUnit& display_of(const Instance& inst, int i) const;
  // "`a` is 48 GB" for each side of a failed comparison that is not a literal, so the message shows the numbers.
  std::vector<std::string> comparison_values(const CExpr& condition, Frame& f);
  Value slot(Instance& inst, int index, Span use);
  Value eval(const CExpr& e, Frame& f);
  Value arith(Op op, const Value& a, const Value& b, const CExpr& e);
  Value compare(Op op, const Value& a, const Value& b, const CExpr& e);
  Value builtin(const CExpr& e, Frame& f);
  Value unary_math(Builtin b, const Value& v, const CExpr& e);
  // argmax, argmin, index_of, zip and mod of evaluated arguments (evaluate_list_functions.cpp).
  Value list_function(Builtin b, const std::vector<Value>& args, const CExpr& e);
  Value remainder(const Value& a, const Value& b, const CExpr& e);
  // erlang_c and exponential_quantile of evaluated arguments, and normal_quantile of one number
  // (evaluate_queueing.cpp): each refuses the arguments outside its domain with a message, never NaN.
  Value queueing_function(Builtin b, const std::vector<Value>& args, const CExpr& e);
  double normal_quantile(double p, const CExpr& e);
  // `scalar(x, y)` entry by entry when `a` or `b` is a list (language.md §10): a list with a single value,
  // or two lists of one length (else an error at `where`); otherwise `scalar(a, b)`.
  template <typename Scalar>
  Value broadcast(const Value& a, const Value& b, const CExpr& e, Span where, Scalar scalar);
  // max_by, min_by: the entry with the largest (smallest) key, evaluated entry by entry.
  Value keyed_extreme(const CExpr& e, Frame& f);
  double finite(double x, const CExpr& e, const char* what);
  [[noreturn]] void fail(Span span, std::string message, std::vector<std::string> notes = {}, Category category = Category::evaluation);
  void step(const CExpr& e);
  void charge(std::size_t n, const CExpr& e);
  // The clock (max_milliseconds) and the call's budget, every 65,536 steps.
  void check_bounds(const CExpr& e);
  // Reports the steps not yet reported to the call's budget when an evaluation ends, however it ends.
  struct ReportSteps {
    Evaluator& ev;
    ~ReportSteps();
  };

  const Program& p_;
  EvaluationLimits limits_;
  // The instance `run` evaluates and where its inputs came from, for the notes of a failed `where`.
  const Instance* top_ = nullptr;
  const std::vector<std::string>* top_origin_ = nullptr;
  const std::vector<DisplayUnit>* top_display_ = nullptr;
  std::vector<std::pair<Instance*, int>> deferred_wheres_;
  std::vector<CalibrationNote> calibration_notes_;  // what run() hands on in ScenarioRun
  std::uint64_t defaults_read_ = 0;
  int depth_ = 0;
  std::uint64_t steps_ = 0;
  std::chrono::steady_clock::time_point started_;
  std::uint64_t next_check_ = 0;  // the step count at which check_bounds() runs next
  CallBudget* budget_;            // the call's, in force on the thread that made this evaluator
  std::uint64_t reported_ = 0;    // steps reported to budget_
};

template <typename Scalar>
Value Evaluator::broadcast(const Value& a, const Value& b, const CExpr& e, Span where, Scalar scalar) {
  if (!a.is_list() && !b.is_list()) return scalar(a, b);
  charge((a.is_list() ? a : b).list().size(), e);
  List out;
  if (a.is_list() && b.is_list()) {
    if (a.list().size() != b.list().size())
      fail(where, fmt::format("lists of different lengths ({} and {})", a.list().size(), b.list().size()));
    for (std::size_t i = 0; i < a.list().size(); ++i) out.push_back(scalar(a.list()[i], b.list()[i]));
  } else if (a.is_list()) {
    for (const auto& x : a.list()) out.push_back(scalar(x, b));
  } else {
    for (const auto& y : b.list()) out.push_back(scalar(a, y));
  }
  return Value(std::move(out));
}

}  // namespace mlsi
