// The unit a value is shown in when no `-> unit` names one: among its dimension's display units and their
// prefixed forms, one that shows it from 1 to below 1000 (1024 for a binary prefix) in the fewest digits.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "model/display.hpp"
#include "model/units.hpp"

namespace mlsi {

namespace {

struct Candidate {
  std::string name;
  double factor;
  bool binary = false;
};

// A unit and every prefixed form it takes.
void add_candidates(const Unit& u, std::vector<Candidate>& out) {
  out.push_back({u.name, u.factor, false});
  for (const auto& set : prefix_sets()) {
    if (std::find(u.prefix_sets.begin(), u.prefix_sets.end(), set.name) == u.prefix_sets.end()) continue;
    bool binary = std::string(set.name) == "binary";
    for (const auto& [p, f] : set.prefixes) out.push_back({std::string(p) + u.name, u.factor * f, binary});
  }
}

// The candidate that writes |v| most simply: among those that put it in [1, 1000) (or [1, 1024) for a
// binary prefix) the shortest number wins, so 85899345920 B is `80 GiB` and 2.8e12 B is `2.8 TB`;
// failing that, the largest unit not above the value.
ResolvedUnit choose(double v, const std::vector<Candidate>& candidates, const Dim& d, const std::string& suffix) {
  v = std::fabs(v);
  const Candidate* best = nullptr;
  std::size_t best_len = SIZE_MAX;
  if (v != 0 && std::isfinite(v)) {
    for (const auto& c : candidates) {
      double scaled = v / c.factor;
      double limit = c.binary ? 1024 : 1000;
      if (scaled < 1 || scaled >= limit) continue;
      std::size_t len = fmt::format("{:.6g}", scaled).size();
      if (len < best_len || (len == best_len && c.factor > best->factor)) {
        best = &c;
        best_len = len;
      }
    }
    if (!best)
      for (const auto& c : candidates)
        if (v / c.factor >= 1 && (!best || c.factor > best->factor)) best = &c;
  }
  if (!best) best = &candidates.front();
  return ResolvedUnit{best->factor, d, best->name + suffix};
}

}  // namespace

ResolvedUnit auto_display_unit(double value_in_si, const Dim& d, const UnitRegistry& units, const DimensionRegistry& dims,
                               const CountLabel& label) {
  if (const Unit* l = label ? units.label_unit(label.unit) : nullptr; l && (label.power == 1 || label.power == -1)) {
    if (label.power == 1) {
      // A count of tokens (`2.048 ktok`) or tokens over one base unit (`3 ktok/s`): the label leads
      // with its prefixes.
      std::vector<Candidate> candidates;
      add_candidates(*l, candidates);
      if (d.dimensionless()) return choose(value_in_si, candidates, d, "");
      std::optional<std::size_t> only;
      for (std::size_t i = 0; i < kMaxBaseDimensions; ++i)
        if (!d.exp[i].is_zero()) only = only ? kMaxBaseDimensions : i;
      const Unit* per = only && *only < kMaxBaseDimensions && d.exp[*only] == Rational{-1, 1} ? units.display_base(Dim::base(*only)) : nullptr;
      if (per) {
        for (auto& c : candidates) c.factor /= per->factor;
        return choose(value_in_si, candidates, d, "/" + per->name);
      }
      // Tokens times bytes is shown as bytes: `tok*GB` would read as a typo.
    } else if (!d.dimensionless()) {
      // Per token: `25 ms/tok`, `1.4 GFLOP/tok`.
      ResolvedUnit r = auto_display_unit(value_in_si, d, units, dims);
      if (r.text.find(" (SI)") == std::string::npos) r.text += "/" + l->name;
      return r;
    }
  }
  if (d.dimensionless()) return ResolvedUnit{1, d, ""};
  std::vector<Candidate> candidates;
  for (const Unit* u : units.display_units(d)) add_candidates(*u, candidates);
  if (!candidates.empty()) return choose(value_in_si, candidates, d, "");
  // A compound dimension: a prefixed numerator unit over the base units of the rest (`TB/s`, `USD/J`).
  std::string num, den;
  const Unit* lead = nullptr;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) {
    auto e = d.exp[i];
    if (e.is_zero()) continue;
    const Unit* b = units.display_base(Dim::base(i));
    if (!b) return ResolvedUnit{1, d, dims.format_bases(d) + " (SI)"};
    if (!lead && e == Rational{1, 1} && b->prefixable()) {
      lead = b;
      continue;
    }
    bool neg = e.num < 0;
    Rational a{neg ? -e.num : e.num, e.den};
    std::string term = b->name + (a == Rational{1, 1} ? "" : a.den == 1 ? fmt::format("^{}", a.num) : fmt::format("^({})", a.str()));
    if (neg) den += "/" + term;
    else num += "*" + term;
  }
  if (lead) {
    std::vector<Candidate> candidates;
    add_candidates(*lead, candidates);
    return choose(value_in_si, candidates, d, num + den);
  }
  std::string text = (num.empty() ? "1" : num.substr(1)) + den;
  return ResolvedUnit{1, d, text};
}

}  // namespace mlsi
