#include "model/unit_example.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mlsi {
namespace {

bool takes(const Unit& u, const char* set) {
  return std::find(u.prefix_sets.begin(), u.prefix_sets.end(), set) != u.prefix_sets.end();
}

// One base dimension to the first power (Information, Compute), not a derived one (1/Time for Hz).
bool base_dimension(const Dim& d) {
  int ones = 0;
  for (const auto& e : d.exp) {
    if (e.is_zero()) continue;
    if (!(e == Rational{1, 1})) return false;
    ++ones;
  }
  return ones == 1;
}

std::string written_unit(const Unit& u) {
  bool billions = base_dimension(u.dim) && takes(u, "large") && !takes(u, "small");
  return billions ? "G" + u.name : u.name;
}

bool literal_numbers(const CExpr& c) {
  if (c.op == Op::constant) return c.constant.is_number();
  if (c.op != Op::list) return false;
  return std::all_of(c.kids.begin(), c.kids.end(), literal_numbers);
}

}  // namespace

std::string example_unit(const Dim& d, const UnitRegistry& units) {
  if (const Unit* whole = units.display_base(d)) return written_unit(*whole);
  std::string num, den;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) {
    Rational e = d.exp[i];
    if (e.is_zero()) continue;
    const Unit* base = units.display_base(Dim::base(i));
    if (!base || e.den != 1) return units.si_text(d);
    std::int64_t power = e.num < 0 ? -e.num : e.num;
    std::string term = written_unit(*base) + (power == 1 ? "" : fmt::format("^{}", power));
    std::string& side = e.num < 0 ? den : num;
    side += (side.empty() ? "" : "*") + term;
  }
  if (num.empty()) num = "1";
  return den.empty() ? num : num + "/" + den;
}

std::string bare_number_note(const CExpr& found, const Type& want, const Program& p) {
  const Type& scalar = want.scalar();
  if (!scalar.is_quantity() || scalar.dim.dimensionless() || !found.type.scalar().is_count()) return {};
  if (found.type.is_list() != want.is_list() || !literal_numbers(found)) return {};
  std::string unit = example_unit(scalar.dim, p.units);
  if (unit == "1") return {};
  return fmt::format("add a unit, such as `{} {}`", p.sources.text(found.span), unit);
}

}  // namespace mlsi
