#include "report/grid_solve_text.hpp"

#include <fmt/format.h>

#include "model/display.hpp"
#include "model/value_json.hpp"
#include "report/listing_text.hpp"

namespace mlsi {

namespace {

std::string objective_text(GridSolve& s, double si, const DisplayUnit& unit) {
  return format_value(Value(si), s.objective_type(), unit, s.session().program());
}

// The varied inputs of a point, each shown as its column shows it.
std::vector<std::string> input_texts(GridSolve& s, std::size_t index) {
  Sweep& sweep = s.sweep();
  const Program& p = s.session().program();
  std::vector<Value> values = sweep.varied_values(index);
  std::vector<std::string> out;
  for (std::size_t v = 0; v < values.size(); ++v) out.push_back(format_value(values[v], sweep.column_type(v), sweep.column_units()[v], p));
  return out;
}

// `tp = 8, pp = 16`.
std::string point_text(GridSolve& s, std::size_t index) {
  std::vector<std::string> texts = input_texts(s, index);
  std::string out;
  for (std::size_t v = 0; v < texts.size(); ++v) out += fmt::format("{}{} = {}", v ? ", " : "", s.sweep().varied()[v].name, texts[v]);
  return out;
}

bool objective_is_varied(GridSolve& s) {
  for (const auto& v : s.sweep().varied())
    if (v.name == s.request().objective) return true;
  return false;
}

std::string conditions_text(const GridSolveRequest& r) {
  std::string out;
  for (const auto& c : r.conditions) out += (out.empty() ? "`" : " and `") + c + "`";
  return out;
}

// `20 points (4 x 5)`.
std::string grid_text(GridSolve& s) {
  std::string product;
  for (const auto& v : s.sweep().varied()) product += (product.empty() ? "" : " x ") + std::to_string(v.values.size());
  return fmt::format("{} point{}{}", s.sweep().total(), s.sweep().total() == 1 ? "" : "s", s.sweep().varied().size() > 1 ? " (" + product + ")" : "");
}

std::string holding_text(const GridSolveRequest& r) {
  if (r.conditions.empty()) return "for which the scenario's `where` and `check` pass";
  return fmt::format("for which {} {}", conditions_text(r), r.conditions.size() == 1 ? "holds" : "hold");
}

std::string tally(const GridAnswer& a) {
  return fmt::format("{} evaluated: {} feasible, {} failing the conditions, {} failing a `where` or `check` of the scenario", a.evaluated, a.feasible,
                     a.failed_conditions, a.failed_scenario);
}

std::string json_inputs(GridSolve& s, std::size_t index) {
  Sweep& sweep = s.sweep();
  const Program& p = s.session().program();
  std::vector<Value> values = sweep.varied_values(index);
  std::string out = "{";
  for (std::size_t v = 0; v < values.size(); ++v)
    out += fmt::format("{}{}: {}", v ? ", " : "", json_escape(sweep.varied()[v].name),
                       json_field(p, values[v], sweep.column_type(v), sweep.column_units()[v]));
  return out + "}";
}

}  // namespace

std::string render_grid_solve_section(GridSolve& s, const GridAnswer& a) {
  if (!a.solved) return "";
  const GridSolveRequest& r = s.request();
  DisplayUnit unit = s.objective_unit(a.best.front().objective);
  std::string out = fmt::format("\nsolve\n  `{}` = {} is the {} over the {} {} ({}), at {}\n", r.objective,
                                objective_text(s, a.best.front().objective, unit), r.maximize ? "largest" : "smallest", grid_text(s),
                                holding_text(r), tally(a), point_text(s, a.best.front().index));
  // An objective that is one of the varied inputs is already a column.
  const bool varied = objective_is_varied(s);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"rank"};
  for (const auto& v : s.sweep().varied()) header.push_back(v.name);
  if (!varied) header.push_back(r.objective);
  rows.push_back(header);
  for (std::size_t k = 0; k < a.best.size(); ++k) {
    std::vector<std::string> row{std::to_string(k + 1)};
    for (auto& t : input_texts(s, a.best[k].index)) row.push_back(std::move(t));
    if (!varied) row.push_back(objective_text(s, a.best[k].objective, unit));
    rows.push_back(std::move(row));
  }
  std::vector<bool> right(header.size(), true);
  std::string table = table_text(rows, right);
  out += fmt::format("  the feasible points, best first ({} of {}):\n", a.best.size(), a.feasible);
  for (std::size_t start = 0; start < table.size();) {
    std::size_t end = table.find('\n', start);
    out += "    " + table.substr(start, end - start) + "\n";
    start = end == std::string::npos ? table.size() : end + 1;
  }
  if (a.excluded)
    out += fmt::format("  a better point, {}{}, is excluded: {}\n", point_text(s, a.excluded->index),
                       varied ? "" : fmt::format(" (`{}` = {})", r.objective, objective_text(s, a.excluded->objective, unit)), a.excluded_reason);
  return out;
}

std::string render_grid_solve_no_answer(GridSolve& s, const GridAnswer& a) {
  if (a.solved) return "";
  const GridSolveRequest& r = s.request();
  std::string what = r.conditions.empty() ? "passes the scenario's `where` and `check`" : fmt::format("satisfies {}", conditions_text(r));
  std::string out = fmt::format("error: none of the {} {} ({})\n", grid_text(s), what, tally(a));
  if (a.excluded) {
    DisplayUnit unit = s.objective_unit(a.excluded->objective);
    out += fmt::format("  = note: the best point where the scenario runs, {} (`{}` = {}): {}\n", point_text(s, a.excluded->index), r.objective,
                       objective_text(s, a.excluded->objective, unit), a.excluded_reason);
  } else if (!a.first_error.empty()) {
    out += fmt::format("  = note: at {}: {}\n", point_text(s, 0), a.first_error);
  }
  return out;
}

std::string render_grid_solve_json(GridSolve& s, const GridAnswer& a) {
  const GridSolveRequest& r = s.request();
  const Program& p = s.session().program();
  double reference = a.solved ? a.best.front().objective : a.excluded ? a.excluded->objective : 1;
  DisplayUnit unit = s.objective_unit(reference);
  auto objective = [&](double si) { return json_field(p, Value(si), s.objective_type(), unit); };
  std::string best = "[";
  for (std::size_t k = 0; k < a.best.size(); ++k)
    best += fmt::format(R"({}{{"point": {}, "inputs": {}, "value": {}}})", k ? ", " : "", a.best[k].index, json_inputs(s, a.best[k].index),
                        objective(a.best[k].objective));
  best += "]";
  std::string boundary = "null";
  if (a.excluded)
    boundary = fmt::format(R"({{"point": {}, "inputs": {}, "value": {}, "fails": {}}})", a.excluded->index, json_inputs(s, a.excluded->index),
                           objective(a.excluded->objective), json_escape(a.excluded_reason));
  return fmt::format(R"({{"objective": {}, "direction": "{}", "result": "{}", "value": {}, "best": {}, "boundary": {}, "points": {}, )"
                     R"("evaluated": {}, "feasible": {}, "failed_conditions": {}, "failed_scenario": {}}})",
                     json_escape(r.objective), r.maximize ? "max" : "min", a.solved ? "solved" : "infeasible",
                     a.solved ? objective(a.best.front().objective) : "null", best, boundary, a.points, a.evaluated, a.feasible, a.failed_conditions,
                     a.failed_scenario);
}

}  // namespace mlsi
