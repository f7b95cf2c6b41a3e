#include "model/units.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/display.hpp"
#include "model/unit_hints.hpp"

namespace mlsi {

const std::vector<PrefixSet>& prefix_sets() {
  static const std::vector<PrefixSet> sets = {
      {"large", {{"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}, {"E", 1e18}, {"Z", 1e21}, {"Y", 1e24}}},
      {"small", {{"m", 1e-3}, {"u", 1e-6}, {"n", 1e-9}, {"p", 1e-12}, {"f", 1e-15}, {"a", 1e-18}}},
      {"binary",
       {{"Ki", 1024.0}, {"Mi", 1048576.0}, {"Gi", 1073741824.0}, {"Ti", 1099511627776.0}, {"Pi", 1125899906842624.0},
        {"Ei", 1152921504606846976.0}}},
  };
  return sets;
}

std::optional<std::string> unusable_factor(const Unit& u, const std::vector<std::string>& sets, const UnitRegistry& units) {
  auto unusable = [](double f) { return !std::isfinite(f) || f == 0; };
  // The unit as written in SI, made only for a message (every start declares the prelude's units).
  auto written = [&] {
    std::string si = units.si_text(u.dim);
    return si == "1" ? format_number(u.factor) : fmt::format("{} {}", format_number(u.factor), si);
  };
  if (unusable(u.factor)) return fmt::format("unit `{}` is {}: a unit must be a finite quantity other than 0", u.name, written());
  for (const auto& set : prefix_sets()) {
    if (std::find(sets.begin(), sets.end(), set.name) == sets.end()) continue;
    for (const auto& [prefix, factor] : set.prefixes)
      if (unusable(u.factor * factor))
        return fmt::format("unit `{}` is {}, and its prefixed form `{}{}` ({} times that) is beyond the range of a double",
                           u.name, written(), prefix, u.name, format_number(factor));
  }
  return std::nullopt;
}

namespace {

std::string_view after_measured_prefix(std::string_view name, std::string_view prefix) {
  if (name.size() <= prefix.size() || !name.starts_with(prefix)) return {};
  return name.substr(prefix.size());
}

// What follows `prefix` in `name`, or empty when `name` does not start with it or is nothing more. The
// first characters are compared before the prefix is measured, here where it inlines: most prefixes
// (thousands of lookups at start-up) differ there.
inline std::string_view after_prefix(std::string_view name, const char* prefix) {
  if (name.empty() || name[0] != prefix[0]) return {};
  return after_measured_prefix(name, prefix);
}

// The prefixed form `name` of `base`, if `base` takes a prefix that makes `name`.
std::optional<Unit> prefixed_form(const std::string& name, const Unit& base) {
  for (const auto& set : prefix_sets()) {
    if (std::find(base.prefix_sets.begin(), base.prefix_sets.end(), set.name) == base.prefix_sets.end()) continue;
    for (const auto& [prefix, factor] : set.prefixes) {
      if (after_prefix(name, prefix) != base.name) continue;
      Unit u = base;
      u.name = name;
      u.factor = base.factor * factor;
      u.base = base.name;
      u.prefix_sets.clear();
      u.display = false;
      u.from_dimension = false;
      return u;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> UnitRegistry::add(Unit unit, const std::vector<std::string>& sets) {
  if (unit.owner != kNoFile) {
    // Private to a pack file: in that file it shadows a public unit of its name (the prelude's `tok`),
    // and outside it it does not exist, so it collides only with the file's own units. (That no built-in
    // pack shadows a prelude unit but a replaceable one is a test: PrivateScopes.*.)
    NameScope own{unit.owner, {unit.owner}};
    std::vector<std::string> names = {unit.name};
    for (const auto& set_name : sets)
      for (const auto& set : prefix_sets())
        if (set_name == set.name)
          for (const auto& prefix : set.prefixes) names.push_back(prefix.first + unit.name);
    for (const auto& n : names)
      if (find_private(n, own)) return n;
    unit.prefix_sets = sets;
    private_.push_back(std::move(unit));
    return std::nullopt;
  }
  // A name may mean one unit only: the new one, its prefixed forms, the units declared before and theirs.
  // A replaceable unit gives way: the prelude's `tok` to a file's own `unit tok: Tokens` (the unit is
  // replaced), and its prefixed form `ktok` to a file's own `unit ktok` (found first from now on).
  // Within one file a name still means one unit.
  if (const Unit* existing = find(unit.name)) {
    if (!replaceable_by(unit.name, unit.span.file)) return unit.name;
    if (existing->base.empty()) remove(unit.name);
    else prefixed_.erase(unit.name);
  }
  for (const auto& set_name : sets) {
    for (const auto& set : prefix_sets()) {
      if (set_name != set.name) continue;
      unit.prefix_sets.push_back(set_name);
      for (const auto& prefix : set.prefixes) {
        std::string name = prefix.first + unit.name;
        const Unit* existing = find(name);
        if (!existing) continue;
        if (!replaceable_by(name, unit.span.file)) return name;
        remove(existing->base.empty() ? name : existing->base);
      }
    }
  }
  declared_.push_back(unit.name);
  units_.emplace(unit.name, std::move(unit));
  return std::nullopt;
}

bool UnitRegistry::replaceable_by(const std::string& name, FileId file) const {
  const Unit* existing = find_public(name);
  if (!existing) return false;
  const Unit& owner = existing->base.empty() ? *existing : units_.at(existing->base);
  return owner.replaceable && owner.span.file != file;
}

void UnitRegistry::remove(const std::string& name) {
  units_.erase(name);
  declared_.erase(std::remove(declared_.begin(), declared_.end(), name), declared_.end());
  std::erase_if(prefixed_, [&](const auto& entry) { return entry.second.base == name; });
}

const Unit* UnitRegistry::label_unit(const std::string& name, const NameScope* scope) const {
  const Unit* u = find(name, scope);
  if (u && !u->base.empty()) u = find(u->base, scope);
  return u && u->from_dimension && u->dim.dimensionless() ? u : nullptr;
}

const Unit* UnitRegistry::find(const std::string& name, const NameScope* scope) const {
  const Unit* pub = find_public(name);
  if (!scope || scope->owners.empty() || private_.empty()) return pub;
  // The home file's own unit first: a user's `unit tok: Tokens` in the file that calls ServingFleet.
  if (pub && (pub->base.empty() ? pub->span.file : units_.at(pub->base).span.file) == scope->home) return pub;
  if (const Unit* mine = find_private(name, *scope)) return mine;
  return pub;
}

const Unit* UnitRegistry::find_private(const std::string& name, const NameScope& scope) const {
  // The home file's own units first (a user's `unit tok: Tokens` in the file that calls ServingFleet),
  // then those of the files it sees.
  for (bool own : {true, false}) {
    auto wanted = [&](FileId owner) { return own ? owner == scope.home : owner != scope.home && scope.sees(owner); };
    for (const auto& u : private_)
      if (u.name == name && wanted(u.owner)) return &u;
    for (const auto& u : private_prefixed_)
      if (u.name == name && wanted(u.owner)) return &u;
    for (const auto& base : private_)
      if (wanted(base.owner))
        if (auto u = prefixed_form(name, base)) return &private_prefixed_.emplace_back(std::move(*u));
  }
  return nullptr;
}

const Unit* UnitRegistry::find_public(const std::string& name) const {
  if (auto it = units_.find(name); it != units_.end()) return &it->second;
  if (auto it = prefixed_.find(name); it != prefixed_.end()) return &it->second;
  // A prefix and a declared unit that takes it. Prefixed forms are made when first looked up: the
  // prelude's units have about a thousand, and making them all was a tenth of the start-up time.
  for (const auto& set : prefix_sets()) {
    for (const auto& [prefix, factor] : set.prefixes) {
      std::string_view rest = after_prefix(name, prefix);
      if (rest.empty()) continue;
      auto base = units_.find(std::string(rest));
      if (base == units_.end()) continue;
      const auto& takes = base->second.prefix_sets;
      if (std::find(takes.begin(), takes.end(), set.name) == takes.end()) continue;
      Unit u = base->second;
      u.name = name;
      u.factor = base->second.factor * factor;
      u.base = base->first;
      u.prefix_sets.clear();
      u.display = false;
      u.from_dimension = false;
      return &prefixed_.emplace(name, std::move(u)).first->second;
    }
  }
  return nullptr;
}

std::vector<std::string> UnitRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& name : declared_) {
    out.push_back(name);
    for (const auto& set_name : units_.at(name).prefix_sets)
      for (const auto& set : prefix_sets())
        if (set_name == set.name)
          for (const auto& prefix : set.prefixes) out.push_back(prefix.first + name);
  }
  return out;
}

std::vector<const Unit*> UnitRegistry::display_units(const Dim& d) const {
  std::vector<const Unit*> out;
  for_each_declared([&](const Unit& u) {
    if (u.dim == d && u.display) out.push_back(&u);
  });
  if (out.empty())
    if (const Unit* b = display_base(d)) out.push_back(b);
  return out;
}

const Unit* UnitRegistry::display_base(const Dim& d) const {
  const Unit* shown = nullptr;
  const Unit* fallback = nullptr;
  for_each_declared([&](const Unit& u) {
    if (!(u.dim == d)) return;
    if (u.display && !shown) shown = &u;
    if (u.from_dimension && !fallback) fallback = &u;
  });
  return shown ? shown : fallback;
}

std::string UnitRegistry::si_text(const Dim& d) const {
  if (d.dimensionless()) return "1";
  const Unit* whole = nullptr;
  for_each_declared([&](const Unit& u) {
    if (!whole && u.from_dimension && u.dim == d) whole = &u;
  });
  if (whole) return whole->name;
  std::string num, den;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) {
    auto e = d.exp[i];
    if (e.is_zero()) continue;
    std::string name = "?";
    bool named = false;
    for_each_declared([&](const Unit& u) {
      if (!named && u.from_dimension && u.dim == Dim::base(i)) {
        name = u.name;
        named = true;
      }
    });
    bool neg = e.num < 0;
    Rational a{neg ? -e.num : e.num, e.den};
    std::string term = name + (a == Rational{1, 1} ? "" : a.den == 1 ? fmt::format("^{}", a.num) : fmt::format("^({})", a.str()));
    std::string& side = neg ? den : num;
    side += (side.empty() ? "" : "*") + term;
  }
  return (num.empty() ? "1" : num) + (den.empty() ? "" : "/" + den);
}

std::optional<Dim> UnitRegistry::expected_of_unknown(const ast::UnitExpr& u, const Dim& expected, const NameScope* scope) const {
  // expected = U^(±p) * (the known terms): U^(±p) = expected / known, when U is the only unknown term.
  Dim known;
  const ast::UnitTerm* unknown = nullptr;
  for (const auto& t : u.terms) {
    if (t.name.empty()) continue;
    const Unit* found = find(t.name, scope);
    if (!found) {
      if (unknown) return std::nullopt;
      unknown = &t;
      continue;
    }
    auto exponent = Rational::make(t.power, t.power_den);
    if (!exponent) return std::nullopt;
    DimOutcome d = power(found->dim, *exponent);
    if (d.ok()) d = t.divide ? divide(known, *d.dim) : multiply(known, *d.dim);
    if (!d.ok()) return std::nullopt;
    known = *d.dim;
  }
  if (!unknown || unknown->power == 0) return std::nullopt;
  DimOutcome rest = divide(expected, known);
  // U^(p/q) = rest, so U = rest^(q/p).
  auto exponent = Rational::make(unknown->divide ? -unknown->power_den : unknown->power_den, unknown->power);
  if (!exponent) return std::nullopt;
  if (rest.ok()) rest = power(*rest.dim, *exponent);
  if (!rest.ok()) return std::nullopt;
  return *rest.dim;
}

std::optional<ResolvedUnit> UnitRegistry::resolve(const ast::UnitExpr& u, const DimensionRegistry& dims,
                                                  const SourceManager& sources, DiagnosticLog& diags, const UnitContext* context,
                                                  const NameScope* scope) const {
  ResolvedUnit r;
  bool ok = true;
  bool mixed_labels = false;  // `tok/sample`: no one label
  // What an unknown term would have to be, worked out only when a term is unknown (most texts have none).
  std::optional<Dim> unknown_expected;
  bool unknown_expected_known = false;
  for (std::size_t i = 0; i < u.terms.size(); ++i) {
    const auto& t = u.terms[i];
    if (i > 0) r.text += t.divide ? "/" : "*";
    else if (t.divide) r.text += "1/";
    if (t.name.empty()) {
      r.text += "1";
      continue;
    }
    const Unit* found = find(t.name, scope);
    if (!found) {
      if (!unknown_expected_known && context && context->expected) unknown_expected = expected_of_unknown(u, *context->expected, scope);
      unknown_expected_known = true;
      UnknownUnit unknown{t.name, i == 0, t.divide, context ? context->number : "", unknown_expected, false};
      unknown.names_value = i == 0 && context && context->names_value && context->names_value(t.name);
      auto& d = diags.error(t.span, unknown_unit_message(unknown));
      d.notes = unknown_unit_notes(unknown, *this);
      ok = false;
      continue;
    }
    // A unit of 0 or beyond a double was refused where it was declared: said once, there.
    if (!std::isfinite(found->factor) || found->factor == 0) {
      ok = false;
      continue;
    }
    auto exponent = Rational::make(t.power, t.power_den);
    if (!exponent) {
      diags.error(t.span, fmt::format("the power of `{}` is too large", t.name));
      ok = false;
      continue;
    }
    r.text += t.name;
    if (exponent->den != 1) r.text += fmt::format("^({})", exponent->str());
    else if (exponent->num != 1) r.text += fmt::format("^{}", exponent->num);
    double f = std::pow(found->factor, static_cast<double>(exponent->num) / exponent->den);
    DimOutcome d = power(found->dim, *exponent);
    if (d.ok()) d = t.divide ? divide(r.dim, *d.dim) : multiply(r.dim, *d.dim);
    if (!d.ok()) {
      diags.error(t.span, dims.overflow_message(d));
      ok = false;
      continue;
    }
    r.dim = *d.dim;
    r.factor = t.divide ? r.factor / f : r.factor * f;
    if (const Unit* label = label_unit(t.name, scope); label && exponent->den == 1) {
      int p = t.divide ? -exponent->num : exponent->num;
      if (r.label.unit.empty() || r.label.unit == label->name) r.label = CountLabel{label->name, r.label.power + p};
      else mixed_labels = true;
    }
    // `big^2` with `unit big = 1e200 s` is 1e400 s^2: no value could be shown in it.
    if (ok && (!std::isfinite(f) || f == 0 || !std::isfinite(r.factor) || r.factor == 0)) {
      diags.error(u.span, fmt::format("the unit `{}` is beyond the range of a double: its size in SI units {}", sources.text(u.span),
                                      std::isfinite(r.factor) ? "underflows to 0" : "overflows to infinity"));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  if (mixed_labels || r.label.power == 0) r.label = {};
  return r;
}

}  // namespace mlsi
