#include "solve/grid_solve.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "model/display.hpp"
#include "session/scenario_conditions.hpp"

namespace mlsi {

namespace {

SweepTask grid_sweep(const GridSolveRequest& r) {
  SweepTask s{r.run, r.varies, "", {}, true, r.limits, r.session_options};
  const std::string origin = r.condition_origin.empty() ? r.limits.words.name("such_that") : r.condition_origin;
  for (const auto& c : r.conditions) s.measures.push_back({origin, c});
  s.measures.push_back({r.limits.words.name(r.maximize ? "maximize" : "minimize"), r.objective});
  return s;
}

}  // namespace

GridSolve::GridSolve(GridSolveRequest request) : request_(std::move(request)), sweep_(grid_sweep(request_)) {}

GridSolve::GridSolve(GridSolveRequest request, ProgramSession& session, int scenario, GivenInputs given)
    : request_(std::move(request)), sweep_(grid_sweep(request_), session, scenario, std::move(given)) {}

Outcome GridSolve::prepare() {
  if (request_.objective.empty()) return Outcome{Failure::usage, fmt::format("a grid solve needs an objective ({} or {})", request_.limits.words.name("minimize"), request_.limits.words.give("maximize", "EXPR"))};
  if (request_.top == 0) return Outcome{Failure::usage, request_.limits.words.name("top") + " needs at least 1 point"};
  Outcome prepared = sweep_.prepare();
  if (!prepared.ok()) return prepared;
  for (std::size_t k = 0; k < request_.conditions.size(); ++k)
    if (!sweep_.measures()[k].type.is_bool()) {
      session().diagnostics().error(sweep_.measures()[k].span, fmt::format("{} needs a Bool condition, found {}", sweep_.request().measures[k].option,
                                                                           type_name(sweep_.measures()[k].type, session().program().dims)));
      return Outcome{Failure::usage, ""};
    }
  if (!objective_type().is_quantity()) {
    session().diagnostics().error(sweep_.measures().back().span,
                                  fmt::format("{} needs a number or a quantity to order the points by, found {}",
                                              request_.limits.words.name(request_.maximize ? "maximize" : "minimize"), type_name(objective_type(), session().program().dims)));
    return Outcome{Failure::usage, ""};
  }
  return {};
}

bool GridSolve::better(const GridPoint& x, const GridPoint& y) const {
  if (x.objective != y.objective) return request_.maximize ? x.objective > y.objective : x.objective < y.objective;
  return x.index < y.index;
}

// The points of one chunk of the grid, counted and the best kept, on the thread that computes them.
class GridSolve::Chunk final : public Sweep::Chunk {
 public:
  explicit Chunk(const GridSolve& solve)
      : solve_(solve), first_measure_(solve.sweep_.column_names().size()), conditions_(solve.request_.conditions.size()) {}
  GridAnswer part;

  void point(std::size_t index, const std::vector<PointCell>& cells, const std::string& error) override {
    GridAnswer& a = part;
    ++a.evaluated;
    const PointCell& objective = cells[first_measure_ + conditions_];
    if (!error.empty() || objective.kind != PointCell::kNumber || !std::isfinite(objective.number)) {
      ++a.failed_scenario;
      if (a.first_error.empty()) a.first_error = error.empty() ? "the objective is not a finite number" : error;
      return;
    }
    GridPoint point{index, objective.number};
    bool holds = true;
    for (std::size_t k = 0; k < conditions_ && holds; ++k) holds = cells[first_measure_ + k].number != 0;
    if (!holds) {
      ++a.failed_conditions;
      if (!a.excluded || solve_.better(point, *a.excluded)) a.excluded = point;
      return;
    }
    ++a.feasible;
    auto better = [this](const GridPoint& x, const GridPoint& y) { return solve_.better(x, y); };
    if (a.best.size() == solve_.request_.top && !better(point, a.best.back())) return;
    a.best.insert(std::upper_bound(a.best.begin(), a.best.end(), point, better), point);
    if (a.best.size() > solve_.request_.top) a.best.pop_back();
  }

 private:
  const GridSolve& solve_;
  std::size_t first_measure_, conditions_;
};

void GridSolve::merge(GridAnswer& into, GridAnswer& part) const {
  into.evaluated += part.evaluated;
  into.feasible += part.feasible;
  into.failed_scenario += part.failed_scenario;
  into.failed_conditions += part.failed_conditions;
  if (into.first_error.empty()) into.first_error = std::move(part.first_error);
  if (part.excluded && (!into.excluded || better(*part.excluded, *into.excluded))) into.excluded = part.excluded;
  // Both lists best first; `better` orders every two points (ties by index), so the merged list is
  // the one a single pass over the grid keeps.
  std::vector<GridPoint> best;
  std::merge(into.best.begin(), into.best.end(), part.best.begin(), part.best.end(), std::back_inserter(best),
             [this](const GridPoint& x, const GridPoint& y) { return better(x, y); });
  if (best.size() > request_.top) best.resize(request_.top);
  into.best = std::move(best);
  part = GridAnswer{};
}

GridAnswer GridSolve::run() {
  GridAnswer a;
  a.points = sweep_.total();
  Sweep::Parallel how;
  how.jobs = request_.jobs;
  how.make_chunk = [this] { return std::make_unique<Chunk>(*this); };
  how.take = [&](Sweep::Chunk& c) {
    merge(a, static_cast<Chunk&>(c).part);
    return true;
  };
  sweep_.run(how);
  a.solved = !a.best.empty();
  // An excluded point matters only when it beats the answer: it says which condition binds.
  if (a.solved && a.excluded && !better(*a.excluded, a.best.front())) a.excluded.reset();
  if (a.excluded) a.excluded_reason = why_excluded(a.excluded->index);
  return a;
}

DisplayUnit GridSolve::objective_unit(double si) {
  const auto& names = sweep_.column_names();
  for (std::size_t c = 0; c < names.size(); ++c)
    if (names[c] == request_.objective) return sweep_.column_units()[c];
  return effective_unit(Value(si), objective_type(), DisplayUnit{}, session().program());
}

std::string GridSolve::why_excluded(std::size_t index) {
  const Program& p = session().program();
  const Scenario& sc = sweep_.scenario();
  Evaluator ev(p, request_.limits);
  try {
    ScenarioRun run = ev.run(sweep_.scenario_index(), sweep_.given_at(index));
    std::vector<Value> locals = scenario_local_values(sc, run);
    for (std::size_t k = 0; k < request_.conditions.size(); ++k)
      if (!ev.value_with_locals(sweep_.measures()[k], locals).boolean())
        return condition_failure(p, ev, sweep_.measures()[k], request_.conditions[k], locals);
  } catch (const EvalError& e) {
    return e.diag.message;
  }
  return "";
}

}  // namespace mlsi
