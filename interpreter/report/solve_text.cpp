#include "report/solve_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/display.hpp"
#include "model/value_json.hpp"

namespace mlsi {

namespace {

// A value of the solved input, in the unit its run shows it in: a continuous one with the digits its
// tolerance gives (1e-9: 10 significant digits), so that the answer and the value past it differ.
std::string shown(const Program& p, const Slot& input, const DisplayUnit& unit, double si, double tolerance) {
  if (!std::isfinite(si)) return si > 0 ? "infinity" : "-infinity";
  if (tolerance <= 0) return format_value(Value(si), input.type, unit, p);
  DisplayUnit u = effective_unit(Value(si), input.type, unit, p);
  int digits = std::clamp(static_cast<int>(std::ceil(-std::log10(tolerance))) + 1, 6, 17);
  return fmt::format("{:.{}g}", si / u.factor, digits) + (u.text.empty() ? "" : " " + u.text);
}

// `1 evaluation`, `46 evaluations`.
std::string evaluations(std::uint64_t n) { return fmt::format("{} evaluation{}", n, n == 1 ? "" : "s"); }

std::string conditions_text(const SolveTask& r) {
  std::string out;
  for (const auto& c : r.conditions) out += (out.empty() ? "`" : " and `") + c + "`";
  return out;
}

}  // namespace

std::string render_solve_section(const Program& p, const SolveTask& r, const SolveAnswer& a, const Slot& input, const DisplayUnit& unit) {
  auto value = [&](double si) { return shown(p, input, unit, si, a.tolerance); };
  std::string precision = a.whole ? "over whole numbers" : fmt::format("to a relative tolerance of {}", format_number(a.tolerance));
  std::string out = fmt::format("\nsolve\n  {} = {} is the {} value for which {} {} ({}; {})\n", r.input, value(a.value),
                                r.maximize ? "largest" : "smallest", conditions_text(r), r.conditions.size() == 1 ? "holds" : "hold", precision,
                                evaluations(a.evaluated));
  if (a.boundary) out += fmt::format("  at {}: {}\n", value(a.boundary->si), a.boundary->fails);
  return out;
}

std::string render_solve_no_answer(const Program& p, const SolveTask& r, const SolveAnswer& a, const Slot& input, const DisplayUnit& unit) {
  auto value = [&](double si) { return shown(p, input, unit, si, a.tolerance); };
  if (a.kind == SolveAnswer::Kind::infeasible) {
    std::string out = fmt::format("error: no value of `{}` satisfies {} (searched {} to {}, {})\n", r.input, conditions_text(r),
                                  value(a.domain_low), value(a.domain_high), evaluations(a.evaluated));
    if (a.boundary) out += fmt::format("  = note: even at {}: {}\n", value(a.boundary->si), a.boundary->fails);
    return out;
  }
  if (a.kind == SolveAnswer::Kind::unbounded)
    return fmt::format("error: every value of `{}` up to the end of its domain, {}, satisfies {}: the conditions do not bound it ({})\n",
                       r.input, value(a.value), conditions_text(r), evaluations(a.evaluated));
  return "";
}

std::string render_solve_json(const Program& p, const SolveTask& r, const SolveAnswer& a, const Slot& input, const DisplayUnit& unit) {
  const char* result = a.kind == SolveAnswer::Kind::solved ? "solved" : a.kind == SolveAnswer::Kind::infeasible ? "infeasible" : "unbounded";
  // Values as every JSON value is written, in the unit the answer's run shows the input in.
  auto value = [&](double si) { return std::isfinite(si) ? json_field(p, Value(si), input.type, unit) : std::string("null"); };
  std::string s = fmt::format(R"({{"objective": {}, "direction": "{}", "result": "{}", "value": {}, "whole": {}, "tolerance": {}, )",
                              json_escape(r.input), r.maximize ? "max" : "min", result, value(a.value), a.whole ? "true" : "false",
                              exact_number(a.tolerance));
  if (a.boundary)
    s += fmt::format(R"("boundary": {{"value": {}, "fails": {}}}, )", value(a.boundary->si), json_escape(a.boundary->fails));
  else
    s += R"("boundary": null, )";
  return s + fmt::format(R"("evaluated": {}}})", a.evaluated);
}

}  // namespace mlsi
