// The display unit a type written in units gives (language.md §12, rules 2 and 4): `output c: USD/kWh`
// shows in `USD/kWh` as `output m: GiB` shows in `GiB`, so that a table reads in the unit the author
// declared without a `-> USD/kWh` repeating it.
#include <fmt/format.h>

#include <cmath>

#include "check/compiler.hpp"

namespace mlsi {

namespace {

struct PoweredUnit {
  const Unit* unit;
  Rational power;
};

// Adds `power` of `u` to `terms`, merging it with a term of the same unit.
bool add_term(std::vector<PoweredUnit>& terms, const Unit* u, Rational power) {
  for (auto& t : terms) {
    if (t.unit != u) continue;
    auto sum = checked_add(t.power, power);
    if (!sum) return false;
    t.power = *sum;
    return true;
  }
  terms.push_back({u, power});
  return true;
}

std::string power_text(Rational a) {
  if (a == Rational{1, 1}) return "";
  return a.den == 1 ? fmt::format("^{}", a.num) : fmt::format("^({})", a.str());
}

// The units of a type made only of units, `1` and operators (`USD/kWh`, `1/s`, `B/s^2`), with their
// powers; nothing when a part is a dimension or anything else.
bool unit_terms(const ast::TypeExpr& t, Rational scale, const Program& p, std::vector<PoweredUnit>& out) {
  using K = ast::TypeExpr::Kind;
  switch (t.kind) {
    case K::one: return true;
    case K::mul: return unit_terms(t.operands[0], scale, p, out) && unit_terms(t.operands[1], scale, p, out);
    case K::div: {
      auto inverse = checked_mul(scale, Rational{-1, 1});
      return inverse && unit_terms(t.operands[0], scale, p, out) && unit_terms(t.operands[1], *inverse, p, out);
    }
    case K::pow: {
      auto exponent = Rational::make(t.power, t.power_den);
      auto scaled = exponent ? checked_mul(scale, *exponent) : std::nullopt;
      return scaled && unit_terms(t.operands[0], *scaled, p, out);
    }
    case K::name: {
      // resolve_type's order: a type, a dimension or a kind of that name is not a unit.
      NameScope scope = p.scopes.scope_of(t.span.file);
      if (p.type_index.count(t.name) || p.dims.find(t.name, scope.home, scope.owners) || p.catalogue.kinds.count(t.name)) return false;
      const Unit* u = p.units.find(t.name, &scope);
      return u && add_term(out, u, scale);
    }
    default: return false;
  }
}

}  // namespace

std::optional<DisplayUnit> Compiler::unit_display_of(const ast::TypeExpr& t) const {
  std::vector<PoweredUnit> terms;
  if (!unit_terms(t, Rational{1, 1}, p_, terms)) return std::nullopt;
  NameScope scope = p_.scopes.scope_of(t.span.file);
  // Written as mlsi writes a unit and a quantity literal reads one: the numerator's units joined by
  // `*`, then each denominator unit after a `/` (`USD/kW/h`, `1/s`).
  std::string numerator, denominator;
  double factor = 1;
  CountLabel label;
  for (const auto& term : terms) {
    if (term.power.is_zero()) continue;
    if (const Unit* l = p_.units.label_unit(term.unit->name, &scope); l && term.power.den == 1)
      label = label.unit.empty() || label.unit == l->name ? CountLabel{l->name, label.power + term.power.num} : CountLabel{"-", 0};
    factor *= std::pow(term.unit->factor, static_cast<double>(term.power.num) / term.power.den);
    bool negative = term.power.num < 0;
    std::string text = term.unit->name + power_text(Rational{negative ? -term.power.num : term.power.num, term.power.den});
    if (negative) denominator += "/" + text;
    else numerator += (numerator.empty() ? "" : "*") + text;
  }
  if (numerator.empty() && denominator.empty()) return std::nullopt;  // `1`: a plain number
  if (!std::isfinite(factor) || factor == 0) return std::nullopt;
  return DisplayUnit{(numerator.empty() ? "1" : numerator) + denominator, factor, false, label ? label : CountLabel{}};
}

}  // namespace mlsi
