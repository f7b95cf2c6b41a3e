#include "session/scenario_conditions.hpp"

#include <fmt/format.h>

#include "model/display.hpp"

namespace mlsi {

namespace {

const char* comparison_text(Op op) {
  switch (op) {
    case Op::lt: return "<";
    case Op::le: return "<=";
    case Op::gt: return ">";
    case Op::ge: return ">=";
    case Op::eq: return "==";
    case Op::ne: return "!=";
    default: return nullptr;
  }
}

}  // namespace

std::vector<std::pair<std::string, Type>> scenario_local_names(const Scenario& sc) {
  std::vector<std::pair<std::string, Type>> names;
  for (int i : sc.inputs) names.emplace_back(sc.slots[static_cast<std::size_t>(i)].name, sc.slots[static_cast<std::size_t>(i)].type);
  for (int i : sc.outputs) names.emplace_back(sc.slots[static_cast<std::size_t>(i)].name, sc.slots[static_cast<std::size_t>(i)].type);
  return names;
}

std::vector<Value> scenario_local_values(const Scenario& sc, const ScenarioRun& run) {
  std::vector<Value> locals;
  for (int i : sc.inputs) locals.push_back(run.slots[static_cast<std::size_t>(i)]);
  for (int i : sc.outputs) locals.push_back(run.slots[static_cast<std::size_t>(i)]);
  return locals;
}

std::string condition_failure(const Program& p, Evaluator& ev, const CExpr& c, const std::string& text, const std::vector<Value>& locals) {
  std::string why = fmt::format("`{}` fails", text);
  const char* op = comparison_text(c.op);
  if (!op || c.kids.size() != 2) return why;
  Value left = ev.value_with_locals(c.kids[0], locals), right = ev.value_with_locals(c.kids[1], locals);
  const Type& lt = c.kids[0].type;
  std::string left_text = format_value(left, lt, DisplayUnit{}, p), right_text = format_value(right, c.kids[1].type, DisplayUnit{}, p);
  why += fmt::format(": {} = {}", p.sources.text(c.kids[0].span), left_text);
  if (lt.is_quantity() && c.kids[1].type.is_quantity()) {
    DisplayUnit unit = effective_unit(right, c.kids[1].type, DisplayUnit{}, p);
    std::string in_right = format_value(left, lt, unit, p);
    // Just past a continuous answer the two sides agree to 6 digits: then all of the left's digits.
    if (in_right == right_text) in_right = exact_number(left.number() / unit.factor) + (unit.text.empty() ? "" : " " + unit.text);
    if (in_right != left_text) why += " (" + in_right + ")";
  }
  return why + fmt::format(", not {} {}", op, right_text);
}

}  // namespace mlsi
