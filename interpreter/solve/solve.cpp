#include "solve/solve.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "model/display.hpp"
#include "session/scenario_conditions.hpp"
#include "sweep/sweep_spec.hpp"

namespace mlsi {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// How far a search goes toward an end the domain leaves open: 2^53 (beyond it whole numbers are not
// all doubles) or 1e300.
constexpr double kWholeReach = 9007199254740992.0;
constexpr double kContinuousReach = 1e300;
// Points of the domain sampled to see that feasibility changes once; a whole domain this small or
// smaller is evaluated at every value instead.
constexpr int kSamples = 33;
constexpr double kScanAll = 64;

bool reads_slots(const CExpr& e) {
  if (e.op == Op::slot || e.op == Op::local || e.op == Op::call_local) return true;
  return std::any_of(e.kids.begin(), e.kids.end(), reads_slots);
}

// No answer because the scenario cannot be evaluated at `xs[k]`, one of the three values `cited` (where
// feasibility changed twice): the error, where it is and what raises a limit, at which value, and what
// the conditions did at the other two.
std::string unevaluable(const SourceManager& sources, const std::string& input, const std::vector<double>& xs,
                        const std::vector<bool>& ok, const std::size_t (&cited)[3], std::size_t k, const Diagnostic& error) {
  std::string where;
  if (error.span.valid()) {
    LineCol lc = sources.line_col(error.span.file, error.span.begin);
    where = fmt::format("{}:{}:{}", sources.file(error.span.file).name, lc.line, lc.col);
  }
  for (const auto& note : error.notes) where += (where.empty() ? "" : "; ") + note;
  std::string others;
  for (std::size_t c : cited)
    if (c != k) others += fmt::format("{}{} at {}", others.empty() ? "" : " and ", ok[c] ? "hold" : "fail", format_number(xs[c]));
  return fmt::format("the scenario cannot be evaluated at `{}` = {}: {}{}{}{}; the conditions {} (of {} values sampled), so no boundary is given",
                     input, format_number(xs[k]), error.message, where.empty() ? "" : " (", where, where.empty() ? "" : ")", others, xs.size());
}

}  // namespace

Solve::Solve(SolveTask request)
    : request_(std::move(request)), owned_(std::make_unique<ProgramSession>(request_.session_options)), session_(*owned_), low_(-kInfinity), high_(kInfinity) {}

Solve::Solve(SolveTask request, ProgramSession& session, int scenario, GivenInputs given)
    : request_(std::move(request)), session_(session), scenario_(scenario), given_(std::move(given)), low_(-kInfinity), high_(kInfinity) {}

Outcome Solve::prepare() {
  if (owned_) {
    PreparedScenario run = prepare_run(session_, request_.run, request_.limits, request_.session_options.limits.max_file_size);
    warnings_ = std::move(run.warnings);
    if (!run.outcome.ok()) return run.outcome;
    scenario_ = run.scenario;
    given_ = std::move(run.given);
  }
  const Scenario& sc = session_.program().scenarios[static_cast<std::size_t>(scenario_)];
  auto it = sc.slot_index.find(request_.input);
  std::string inputs;
  std::vector<std::string> numeric;
  for (int i : sc.inputs)
    if (sc.slots[static_cast<std::size_t>(i)].type.is_quantity()) {
      numeric.push_back(sc.slots[static_cast<std::size_t>(i)].name);
      inputs += (inputs.empty() ? "`" : ", `") + numeric.back() + "`";
    }
  if (it == sc.slot_index.end() || sc.slots[static_cast<std::size_t>(it->second)].kind != SlotKind::input) {
    std::string close = closest_name(request_.input, numeric);
    return Outcome{Failure::usage, fmt::format("`{}` is not an input of {}{}; its numeric inputs are {}", request_.input, sc.name,
                                               close.empty() ? "" : fmt::format(" (did you mean `{}`?)", close), inputs)};
  }
  slot_ = it->second;
  if (!sc.slots[static_cast<std::size_t>(slot_)].type.is_quantity())
    return Outcome{Failure::usage, fmt::format("`{}` is not a number or a quantity, so it has no largest or smallest value; the numeric inputs of {} are {}",
                                               request_.input, sc.name, inputs)};
  if (request_.conditions.empty()) return Outcome{Failure::usage, fmt::format("a solve needs at least one {} condition", request_.limits.words.name("such_that"))};
  auto names = scenario_local_names(sc);
  for (const auto& text : request_.conditions) {
    auto c = session_.compile_condition(condition_origin(), text, names, sc.file);
    if (!c || session_.diagnostics().has_errors()) return Outcome{Failure::usage, ""};
    conditions_.push_back(std::move(*c));
  }
  read_domain();
  if (!request_.domain.empty()) {
    // `INPUT=LOW..HIGH` read as --vary reads a range (its two ends are its first and last values).
    auto spec = parse_vary(session_, scenario_, request_.domain, request_.limits, VaryOptions{request_.limits.words.name("for"), 2, false});
    if (!spec) return Outcome{Failure::usage, ""};
    if (spec->slot != slot_)
      return Outcome{Failure::usage, fmt::format("{} names `{}`, but the input solved for is `{}`", request_.limits.words.name("for"), spec->name, request_.input)};
    auto [lo, hi] = std::minmax_element(spec->values.begin(), spec->values.end());
    if (spec->values.size() < 2 || *lo == *hi)
      return Outcome{Failure::usage, fmt::format("{} needs a range `{}=LOW..HIGH` with LOW below HIGH; given `{}`", request_.limits.words.name("for"), request_.input, request_.domain)};
    low_ = std::max(low_, whole_ ? std::ceil(*lo) : *lo);
    high_ = std::min(high_, whole_ ? std::floor(*hi) : *hi);
    if (!(low_ <= high_))
      return Outcome{Failure::usage, fmt::format("{} `{}` leaves no value that the `where` of `{}` allows", request_.limits.words.name("for"), request_.domain, request_.input)};
  }
  return {};
}

void Solve::read_domain() {
  const Program& p = session_.program();
  const Slot& sl = p.scenarios[static_cast<std::size_t>(scenario_)].slots[static_cast<std::size_t>(slot_)];
  if (!sl.where) return;
  std::vector<std::pair<Op, double>> bounds;  // `x OP value`, with x on the left
  auto is_self = [&](const CExpr& e) { return e.op == Op::slot && e.index == slot_; };
  auto visit = [&](const auto& self, const CExpr& e) -> void {
    if (e.op == Op::logical_and) {
      for (const auto& k : e.kids) self(self, k);
      return;
    }
    if (e.op == Op::builtin && static_cast<Builtin>(e.index) == Builtin::is_whole && e.kids.size() == 1 && is_self(e.kids[0])) {
      whole_ = true;
      return;
    }
    if (e.op != Op::lt && e.op != Op::le && e.op != Op::gt && e.op != Op::ge) return;
    bool left = is_self(e.kids[0]);
    if (!left && !is_self(e.kids[1])) return;
    const CExpr& other = e.kids[left ? 1 : 0];
    if (reads_slots(other)) return;
    try {
      double v = Evaluator(p, request_.limits).value(other).number();
      // `1 <= x` is `x >= 1`.
      Op op = left ? e.op : e.op == Op::lt ? Op::gt : e.op == Op::le ? Op::ge : e.op == Op::gt ? Op::lt : Op::le;
      bounds.emplace_back(op, v);
    } catch (const EvalError&) {
    }
  };
  visit(visit, *sl.where);
  for (auto [op, v] : bounds) {
    double lo = -kInfinity, hi = kInfinity;
    if (op == Op::ge) lo = whole_ ? std::ceil(v) : v;
    if (op == Op::gt) lo = whole_ ? std::floor(v) + 1 : std::nextafter(v, kInfinity);
    if (op == Op::le) hi = whole_ ? std::floor(v) : v;
    if (op == Op::lt) hi = whole_ ? std::ceil(v) - 1 : std::nextafter(v, -kInfinity);
    low_ = std::max(low_, lo);
    high_ = std::min(high_, hi);
  }
  // A bound read before is_whole was seen: make it whole.
  if (whole_) {
    if (std::isfinite(low_)) low_ = std::ceil(low_);
    if (std::isfinite(high_)) high_ = std::floor(high_);
  }
}

GivenInputs Solve::given_at(double value) {
  GivenInputs g = given_;
  const Slot& sl = session_.program().scenarios[static_cast<std::size_t>(scenario_)].slots[static_cast<std::size_t>(slot_)];
  DisplayUnit display = g[static_cast<std::size_t>(slot_)] ? g[static_cast<std::size_t>(slot_)]->display : sl.display;
  g[static_cast<std::size_t>(slot_)] = InputValue{Value(value), request_.limits.words.name(request_.maximize ? "max" : "min"), display, Span{}};
  return g;
}

bool Solve::feasible(double value, std::string& why, std::optional<Diagnostic>* error) {
  ++evaluated_;
  Evaluator ev(session_.program(), request_.limits);
  try {
    return conditions_hold(ev, ev.run(scenario_, given_at(value)), why);
  } catch (const CallStopped&) {
    throw;  // the whole solve stops, not only this value
  } catch (const EvalError& e) {
    why = e.diag.message;
    if (error && e.diag.category == Category::evaluation) *error = e.diag;
    return false;
  }
}

bool Solve::conditions_hold(Evaluator& ev, const ScenarioRun& run, std::string& why) {
  const Program& p = session_.program();
  std::vector<Value> locals = scenario_local_values(p.scenarios[static_cast<std::size_t>(scenario_)], run);
  for (std::size_t k = 0; k < conditions_.size(); ++k) {
    if (ev.value_with_locals(conditions_[k], locals).boolean()) continue;
    why = condition_failure(p, ev, conditions_[k], request_.conditions[k], locals);
    return false;
  }
  return true;
}

Outcome Solve::run(SolveAnswer& answer) {
  answer = SolveAnswer{};
  answer.whole = whole_;
  answer.tolerance = whole_ ? 0 : request_.tolerance;
  answer.domain_low = low_;
  answer.domain_high = high_;
  const double dir = request_.maximize ? 1 : -1;
  const double far_end = request_.maximize ? high_ : low_;   // the end the answer is sought toward
  const double near_end = request_.maximize ? low_ : high_;  // the other end
  const double reach = whole_ ? kWholeReach : kContinuousReach;
  auto clamp = [&](double x) { return std::clamp(x, low_, high_); };

  // The interval searched: the domain, with an end it leaves open moved out from the input's own value
  // (its default, config or --set value), doubling the distance, until feasibility there differs from
  // feasibility at that value, or the reach of a double.
  // The run at the input's own value is the first evaluation: when that value is in the domain as it
  // is, its feasibility is read from that run.
  double anchor = std::isfinite(low_) ? low_ : std::isfinite(high_) ? high_ : 0;
  std::string why_anchor;
  std::optional<Diagnostic> anchor_error;  // evaluating at the anchor failed otherwise than on a where or check
  std::optional<bool> anchor_feasible;
  ++evaluated_;
  try {
    Evaluator ev(session_.program(), request_.limits);
    ScenarioRun run = ev.run(scenario_, given_);
    const Value& v = run.slots[static_cast<std::size_t>(slot_)];
    if (v.is_number()) {
      anchor = v.number();
      double in_domain = clamp(whole_ ? std::round(anchor) : anchor);
      if (in_domain == anchor) anchor_feasible = conditions_hold(ev, run, why_anchor);
    }
  } catch (const CallStopped&) {
    throw;
  } catch (const EvalError& e) {
    const auto& given = given_[static_cast<std::size_t>(slot_)];
    if (given && given->value.is_number()) {
      anchor = given->value.number();
      double in_domain = clamp(whole_ ? std::round(anchor) : anchor);
      if (in_domain == anchor) {
        anchor_feasible = false;
        why_anchor = e.diag.message;
        if (e.diag.category == Category::evaluation) anchor_error = e.diag;
      }
    }
  }
  if (whole_) anchor = std::round(anchor);
  anchor = clamp(anchor);
  const bool anchor_ok = anchor_feasible ? *anchor_feasible : feasible(anchor, why_anchor, &anchor_error);
  // From `from` toward `side`, doubling the distance, the first value whose feasibility is not `ok`.
  auto open_end = [&](double from, double side, bool ok) {
    double distance = std::max(1.0, std::fabs(from));
    double x = from + side * distance;
    std::string why;
    while (std::fabs(x) < reach && feasible(x, why) == ok) {
      distance *= 2;
      x = from + side * distance;
    }
    return std::clamp(x, -reach, reach);
  };
  // With the near end open, a feasible value of the input's own is where the search starts (the
  // answer lies beyond it when the conditions are monotone); else the first feasible value toward
  // the near end.
  double start = std::isfinite(near_end) ? near_end : anchor_ok ? anchor : open_end(anchor, -dir, false);
  std::string why_start = why_anchor;
  std::optional<Diagnostic> start_error = anchor_error;
  if (start != anchor) start_error.reset();
  bool start_ok = start == anchor ? anchor_ok : feasible(start, why_start, &start_error);
  // With the far end open: the input's own value when it lies beyond the start and feasibility differs
  // there, else the first value beyond the start (or beyond the input's value) where it does.
  double end = far_end;
  if (!std::isfinite(end)) {
    bool beyond = dir * (anchor - start) > 0;
    if (beyond && start_ok && !anchor_ok) end = anchor;  // feasibility ends between the two
    else if (beyond) end = open_end(anchor, dir, anchor_ok);
    else end = open_end(start, dir, start_ok);
    // Feasible where the expansion stopped: the feasible values may go on; find where they end.
    std::string why;
    if (std::fabs(end) < reach && feasible(end, why)) end = open_end(end, dir, true);
  }

  // The values sampled from start to end, each feasible or not: all of them in a small whole domain.
  std::vector<double> xs;
  double span = std::fabs(end - start);
  if (whole_ && span < kScanAll) {
    for (double x = start; dir * (end - x) >= 0; x += dir) xs.push_back(x);
  } else {
    for (int i = 0; i <= kSamples - 1; ++i) {
      double x = start + (end - start) * i / (kSamples - 1);
      if (whole_) x = std::round(x);
      if (xs.empty() || x != xs.back()) xs.push_back(x);
    }
    xs.back() = end;
  }
  std::vector<bool> ok(xs.size());
  std::vector<std::string> why(xs.size());
  std::vector<std::optional<Diagnostic>> error(xs.size());
  ok[0] = start_ok;
  why[0] = why_start;
  for (std::size_t i = 1; i < xs.size(); ++i) ok[i] = feasible(xs[i], why[i], &error[i]);
  std::vector<std::size_t> flips;
  for (std::size_t i = 1; i < xs.size(); ++i)
    if (ok[i] != ok[i - 1]) flips.push_back(i);
  answer.evaluated = evaluated_;
  answer.monotone = flips.size() <= 1;

  bool scanned_all = whole_ && span < kScanAll;
  if (flips.size() > 1 && !scanned_all) {
    bool first = ok[flips[0] - 1];
    // A value of the three where the scenario could not be evaluated at all (a division by zero, the
    // --max-list limit) is neither feasible nor not: that error is what to report, and where, not a
    // want of monotony.
    const std::size_t cited[] = {flips[0] - 1, flips[0], flips[1]};
    for (std::size_t k : cited) {
      if (ok[k]) continue;
      if (k == 0 && !error[0]) {
        std::string again;
        feasible(xs[0], again, &error[0]);
      }
      if (!error[k] || error[k]->category != Category::evaluation) continue;
      return Outcome{Failure::evaluation, unevaluable(session_.program().sources, request_.input, xs, ok, cited, k, *error[k])};
    }
    return Outcome{Failure::evaluation,
                   fmt::format("the conditions are not monotone in `{}`: they {} at {}, {} at {}, and {} again at {} (of {} values sampled); "
                               "a boundary found by bisection could be wrong, so none is given",
                               request_.input, first ? "hold" : "fail", format_number(xs[flips[0] - 1]), first ? "fail" : "hold",
                               format_number(xs[flips[0]]), first ? "hold" : "fail", format_number(xs[flips[1]]), xs.size())};
  }
  // The feasible value furthest toward the far end among those evaluated.
  std::optional<std::size_t> best;
  for (std::size_t i = xs.size(); i-- > 0;)
    if (ok[i]) {
      best = i;
      break;
    }
  if (!best && start_error) {
    // The search starts where the scenario cannot be evaluated (an overflow unrelated to the conditions):
    // the samples beyond it cannot tell "no value satisfies" from a window of feasible values they
    // stepped over, so the error is the answer, where it happened.
    answer.evaluated = evaluated_;
    Diagnostic d = *start_error;
    d.notes.push_back(fmt::format("while solving for `{}`: at {} = {}, where the search starts ({} evaluations); narrow the domain with {}",
                                  request_.input, request_.input, format_number(start), evaluated_, request_.limits.words.name("for")));
    session_.diagnostics().add(std::move(d));
    return Outcome{Failure::evaluation, ""};
  }
  if (!best) {
    answer.kind = SolveAnswer::Kind::infeasible;
    answer.value = xs[0];
    answer.boundary = SolveBoundary{xs[0], why[0], std::nullopt};
    return {};
  }
  if (*best + 1 == xs.size()) {
    answer.kind = SolveAnswer::Kind::unbounded;
    answer.value = xs.back();
    return {};
  }
  // Bisection between the last feasible sample and the next one.
  double a = xs[*best], b = xs[*best + 1];
  std::string why_b = why[*best + 1];
  if (!scanned_all) {
    for (;;) {
      double gap = std::fabs(b - a);
      if (whole_ ? gap <= 1 : gap <= request_.tolerance * std::max(std::fabs(a), std::fabs(b))) break;
      double m = whole_ ? a + dir * std::floor(gap / 2) : a + (b - a) / 2;
      if (m == a || m == b) break;
      std::string w;
      if (feasible(m, w)) a = m;
      else {
        b = m;
        why_b = w;
      }
    }
  }
  answer.kind = SolveAnswer::Kind::solved;
  answer.value = a;
  answer.boundary = SolveBoundary{b, why_b, std::nullopt};
  answer.evaluated = evaluated_;
  return {};
}

}  // namespace mlsi
