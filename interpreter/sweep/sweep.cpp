#include "sweep/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/display.hpp"
#include "session/input_formulas.hpp"
#include "session/scenario_conditions.hpp"
#include "syntax/parser.hpp"

namespace mlsi {

namespace {

// One line for an error column: the message, then its first note.
std::string one_line(const Diagnostic& d) {
  std::string s = d.message;
  if (!d.notes.empty()) s += " (" + d.notes.front() + ")";
  return s;
}

// The largest magnitude whose quotient by `factor` is finite: a column of a unit of that factor shows
// exactly the values in [-limit, limit], as a correctly rounded division by a positive number is
// monotonic (and x / -f is -(x / f)). A point is then checked by a comparison rather than a division
// per cell. DBL_MAX * |factor| is within an ulp or two of the bound; the steps find it exactly. A factor
// of 0 or NaN shows nothing.
double showable_limit(double factor) {
  factor = std::fabs(factor);  // x / -f is -(x / f)
  if (!(factor > 0)) return -1;
  constexpr double max = std::numeric_limits<double>::max(), inf = std::numeric_limits<double>::infinity();
  double limit = max * factor;
  while (limit < max && std::isfinite(std::nextafter(limit, inf) / factor)) limit = std::nextafter(limit, inf);
  while (limit > 0 && !std::isfinite(limit / factor)) limit = std::nextafter(limit, 0.0);
  return limit;
}

}  // namespace

std::vector<double> Sweep::list_numbers(const Value& v, const Type& t) {
  std::vector<double> out;
  if (!t.is_list() || !t.element->is_quantity() || !v.is_list()) return out;
  for (const Value& e : v.list()) out.push_back(e.number());
  return out;
}

Sweep::Sweep(SweepTask request)
    : request_(std::move(request)), owned_(std::make_unique<ProgramSession>(request_.session_options)), session_(*owned_),
      vary_origin_(request_.limits.words.name("vary")) {}

Sweep::Sweep(SweepTask request, ProgramSession& session, int scenario, GivenInputs given)
    : request_(std::move(request)), session_(session), scenario_(scenario), given_(std::move(given)),
      vary_origin_(request_.limits.words.name("vary")) {}

const Type& Sweep::column_type(std::size_t c) {
  const Scenario& sc = scenario();
  int slot = c < varies_.size() ? varies_[c].slot : sc.outputs[c - varies_.size()];
  return sc.slots[static_cast<std::size_t>(slot)].type;
}

const Value* Sweep::first_point_value(std::size_t c) {
  if (!base_ || c < varies_.size()) return nullptr;
  return &base_->slots[static_cast<std::size_t>(scenario().outputs[c - varies_.size()])];
}

Outcome Sweep::prepare(const VariedCheck& refuse) {
  if (owned_) {
    PreparedScenario run = prepare_run(session_, request_.run, request_.limits, request_.session_options.limits.max_file_size);
    warnings_ = std::move(run.warnings);
    if (!run.outcome.ok()) return run.outcome;
    scenario_ = run.scenario;
    given_ = std::move(run.given);
  }
  Program& p = session_.program();
  const Scenario& sc = scenario();
  for (const auto& r : request_.varies) {
    std::size_t first = session_.diagnostics().size();
    auto spec = parse_vary(session_, scenario_, r.text, request_.limits, r.options);
    // What is wrong with a varied input's values is about that input (their syntax errors stay syntax errors).
    session_.diagnostics().categorize_from(first, Category::input);
    if (!spec) return Outcome{Failure::usage, ""};
    for (const auto& prev : varies_)
      if (prev.slot == spec->slot) return Outcome{Failure::usage, fmt::format("input `{}` is varied twice", spec->name)};
    varies_.push_back(std::move(*spec));
  }
  if (Outcome counted = count_points(); !counted.ok()) return counted;
  if (refuse)
    if (Outcome refused = refuse(varies_); !refused.ok()) return refused;
  // The condition over the scenario's inputs then outputs.
  auto locals = scenario_local_names(sc);
  if (!request_.where.empty()) {
    where_ = session_.compile_condition(request_.where_origin.empty() ? request_.limits.words.name("where") : request_.where_origin,
                                        request_.where, locals, sc.file);
    if (!where_ || session_.diagnostics().has_errors()) return Outcome{Failure::usage, ""};
  }
  for (const auto& m : request_.measures) {
    auto e = session_.compile_local_expression(m.option, m.text, locals, sc.file);
    if (!e || session_.diagnostics().has_errors()) return Outcome{Failure::usage, ""};
    if (!e->type.is_quantity() && !e->type.is_bool()) {
      session_.diagnostics().error(e->span, fmt::format("{} needs a number, a quantity or a Bool, found {}", m.option, type_name(e->type, p.dims)));
      return Outcome{Failure::usage, ""};
    }
    measures_.push_back(std::move(*e));
  }

  // One ordinary run stands for everything the sweep does not vary; a sweep whose first point fails
  // is evaluated point by point.
  {
    GivenInputs g = given_;
    point_inputs(0, g);
    try {
      base_ = Evaluator(p, request_.limits).run(scenario_, g);
    } catch (const CallStopped&) {
      throw;
    } catch (const EvalError&) {
    }
  }
  std::vector<const CExpr*> extra;
  if (where_) extra.push_back(&*where_);
  for (const auto& m : measures_) extra.push_back(&m);
  // The compiled program takes every given input for a constant; a formula given over a varied input
  // (`--set dp=1024/(tp*pp)` with `--vary tp=...`) is evaluated again at each point, point by point.
  std::vector<int> slots;
  for (const auto& v : varies_) slots.push_back(v.slot);
  bool formula_varies = false;
  auto reads = slot_reads(p, scenario_, given_);
  for (std::size_t i = 0; i < given_.size(); ++i)
    if (given_[i] && given_[i]->in_scope && std::find(slots.begin(), slots.end(), static_cast<int>(i)) == slots.end())
      formula_varies = formula_varies || reads_any(reads, static_cast<int>(i), slots);
  // The compiled program computes numbers; a point with an entry, a case or a Bool varied is
  // evaluated by the tree evaluator, as `mlsi run --set` would.
  bool categorical = std::any_of(varies_.begin(), varies_.end(), [](const VarySpec& v) { return v.categorical(); });
  if (base_ && !formula_varies && !categorical) program_ = SweepProgram::compile(p, scenario_, slots, *base_, extra, nullptr);

  // Columns: the varied inputs, then every output, in fixed units.
  for (const auto& v : varies_) {
    names_.push_back(v.name);
    const Type& type = sc.slots[static_cast<std::size_t>(v.slot)].type;
    if (v.categorical()) {
      units_.push_back(DisplayUnit{"", 1, false});
      continue;
    }
    DisplayUnit u = effective_unit(Value(v.values.front()), type, v.display, p);
    // Every value of the column is known: one its unit cannot show (1e300 year -> as) is refused now. A
    // stepped range is monotonic, so its ends are its largest magnitudes and the only values checked.
    std::size_t count = v.values.size();
    std::size_t stride = v.values.is_stepped() && count > 1 ? count - 1 : 1;
    for (std::size_t i = 0; i < count; i += stride) {
      double x = v.values[i];
      if (!type.is_quantity() || std::isfinite(x / u.factor)) continue;
      if (auto d = display_overflow(fmt::format("a value of `{}`", v.name), Value(x), type, v.display, p, Span{}))
        return Outcome{Failure::unshowable, fmt::format("{} {}: {} ({})", request_.varies[static_cast<std::size_t>(&v - varies_.data())].options.flag,
                                                        v.name, d->message, d->notes.front())};
      u = si_display_unit(type.dim, p);  // the unit chosen for the first value does not suit them all
      break;
    }
    units_.push_back(u);
  }
  for (int i : sc.outputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    DisplayUnit u = base_ ? effective_unit(base_->slots[static_cast<std::size_t>(i)], sl.type, sl.display, p) : sl.display;
    if (u.automatic && sl.type.scalar().is_quantity())
      u = DisplayUnit{p.units.si_text(sl.type.scalar().dim) == "1" ? "" : p.units.si_text(sl.type.scalar().dim), 1, false};
    names_.push_back(sl.name);
    units_.push_back(u);
  }
  for (std::size_t c = 0; c < units_.size(); ++c)
    if (!(units_[c].factor >= 1)) small_units_.push_back(SmallUnit{c, showable_limit(units_[c].factor)});
  return {};
}

Outcome Sweep::count_points() {
  std::uint64_t total = 1;
  bool over = false;
  std::string product;
  for (const auto& v : varies_) {
    product += (product.empty() ? "" : " * ") + std::to_string(v.values.size());
    // Checked: 111620 * 8681 * 49477 * 384773 is 2^64 + 4, which must not become a sweep of 4 points.
    over = over || __builtin_mul_overflow(total, std::uint64_t{v.values.size()}, &total) || total > request_.limits.max_sweep_points;
  }
  if (over)
    return Outcome{Failure::usage, fmt::format("the sweep has {} points, more than the limit of {}; vary fewer values, or raise the limit "
                                               "with {} (at most {})",
                                               product, request_.limits.max_sweep_points, request_.limits.words.give("max_points", "N"), kMaxSweepPointsCap)};
  total_ = total;
  return {};
}

std::string Sweep::unshowable(const std::vector<PointCell>& cells) {
  for (std::size_t c = 0; c < names_.size(); ++c)
    if (cells[c].kind == PointCell::kNumber && !std::isfinite(cells[c].number / units_[c].factor)) {
      std::string si = program().units.si_text(column_type(c).scalar().dim);
      return fmt::format("`{}` is {}{}, which overflows to infinity in the unit of its column, `{}`", names_[c], format_number(cells[c].number),
                         si == "1" ? "" : " " + si, units_[c].text);
    }
  return "";
}

std::vector<Value> Sweep::varied_values(std::size_t index) const {
  std::vector<Value> values(varies_.size());
  for (std::size_t v = varies_.size(); v-- > 0;) {
    std::size_t n = varies_[v].values.size();
    values[v] = varies_[v].value(index % n);
    index /= n;
  }
  return values;
}

GivenInputs Sweep::given_at(std::size_t index) const {
  GivenInputs g = given_;
  point_inputs(index, g);
  return g;
}

void Sweep::point_inputs(std::size_t index, GivenInputs& g) const {
  for (std::size_t v = varies_.size(); v-- > 0;) {
    std::size_t n = varies_[v].values.size();
    g[static_cast<std::size_t>(varies_[v].slot)] = InputValue{varies_[v].value(index % n), vary_origin_, varies_[v].display, Span{}};
    index /= n;
  }
}

void Sweep::slow_point(std::size_t index, std::vector<PointCell>& cells, Chunk& out) {
  const Program& p = session_.program();
  const Scenario& sc = scenario();
  GivenInputs g = given_;
  point_inputs(index, g);
  for (std::size_t v = 0; v < varies_.size(); ++v) {
    const Value& x = g[static_cast<std::size_t>(varies_[v].slot)]->value;
    const Type& type = sc.slots[static_cast<std::size_t>(varies_[v].slot)].type;
    if (!varies_[v].categorical()) cells[v].set(x.number());
    else if (type.is_bool()) cells[v].set_bool(x.boolean());
    else cells[v].set_value(format_value(x, type, units_[v], p), x, {});
  }
  Evaluator ev(p, request_.limits);
  try {
    ScenarioRun run = ev.run(scenario_, g);
    std::vector<Value> locals;
    if (where_ || !measures_.empty()) locals = scenario_local_values(sc, run);
    if (where_ && !ev.value_with_locals(*where_, locals).boolean()) return;
    for (std::size_t m = 0; m < measures_.size(); ++m) {
      Value v = ev.value_with_locals(measures_[m], locals);
      PointCell& cell = cells[names_.size() + m];
      if (measures_[m].type.is_bool()) cell.set_bool(v.boolean());
      else cell.set(v.number());
    }
    for (std::size_t k = 0; k < sc.outputs.size(); ++k) {
      const Slot& sl = sc.slots[static_cast<std::size_t>(sc.outputs[k])];
      const Value& v = run.slots[static_cast<std::size_t>(sc.outputs[k])];
      PointCell& cell = cells[varies_.size() + k];
      if (sl.type.is_quantity()) cell.set(v.number());
      else if (sl.type.is_bool()) cell.set_bool(v.boolean());
      else cell.set_value(format_value(v, sl.type, units_[varies_.size() + k], p), v, list_numbers(v, sl.type));
    }
    emit(index, cells, out);
  } catch (const CallStopped&) {
    throw;  // the whole sweep stops, not only this point
  } catch (const EvalError& e) {
    if (where_) return;  // a point that fails cannot satisfy --where
    for (std::size_t k = varies_.size(); k < cells.size(); ++k) cells[k].set_text("");
    out.point(index, cells, one_line(e.diag));
  }
}

}  // namespace mlsi
