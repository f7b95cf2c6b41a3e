#include "tests/unit/input_domains.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/evaluator.hpp"

namespace mlsi_test {

namespace {

using mlsi::CExpr;
using mlsi::Op;

constexpr double kInf = std::numeric_limits<double>::infinity();

bool reads_slots(const CExpr& e) {
  if (e.op == Op::slot || e.op == Op::local) return true;
  return std::any_of(e.kids.begin(), e.kids.end(), reads_slots);
}

// The bounds and integrality that the conjuncts of `e` (the `where` of domains[self]) state.
void read_conjuncts(const mlsi::Program& p, const CExpr& e, std::size_t self, std::vector<InputDomain>& domains) {
  InputDomain& d = domains[self];
  if (e.op == Op::logical_and) {
    for (const auto& k : e.kids) read_conjuncts(p, k, self, domains);
    return;
  }
  auto is_self = [&](const CExpr& k) { return k.op == Op::slot && k.index == d.slot; };
  if (e.op == Op::builtin && static_cast<mlsi::Builtin>(e.index) == mlsi::Builtin::is_whole && is_self(e.kids[0])) {
    d.whole = true;
    return;
  }
  bool upper = false, strict = false;
  switch (e.op) {
    case Op::lt: upper = true, strict = true; break;
    case Op::le: upper = true; break;
    case Op::gt: strict = true; break;
    case Op::ge: break;
    default: return;
  }
  const CExpr* other = nullptr;
  if (is_self(e.kids[0])) {
    other = &e.kids[1];
  } else if (is_self(e.kids[1])) {
    other = &e.kids[0];
    upper = !upper;  // `0 < x` bounds x from below
  } else {
    return;
  }
  Bound b;
  b.strict = strict;
  if (other->op == Op::slot) {
    auto it = std::find_if(domains.begin(), domains.end(), [&](const InputDomain& o) { return o.slot == other->index; });
    if (it == domains.end()) return;  // an input that is not drawn
    b.other = static_cast<int>(it - domains.begin());
  } else if (!reads_slots(*other)) {
    try {
      mlsi::Value v = mlsi::Evaluator(p).value(*other);
      if (!v.is_number()) return;
      b.value = v.number();
    } catch (const mlsi::EvalError&) {
      return;  // a bound that cannot be evaluated states nothing the sampler can use
    }
  } else {
    return;
  }
  (upper ? d.upper : d.lower).push_back(b);
}

// The tightest of `bounds` given the values drawn so far: (value, strict); infinite when none.
std::pair<double, bool> tightest(const std::vector<Bound>& bounds, bool upper, const std::vector<double>& point,
                                 const std::vector<bool>& drawn) {
  std::pair<double, bool> t{upper ? kInf : -kInf, false};
  for (const Bound& b : bounds) {
    if (b.other >= 0 && !drawn[static_cast<std::size_t>(b.other)]) continue;
    double v = b.other >= 0 ? point[static_cast<std::size_t>(b.other)] : b.value;
    bool tighter = upper ? v < t.first : v > t.first;
    if (tighter || (v == t.first && b.strict)) t = {v, b.strict};
  }
  return t;
}

}  // namespace

std::vector<InputDomain> input_domains(const mlsi::Program& p, int scenario, const std::vector<int>& inputs,
                                       const mlsi::ScenarioRun* defaults) {
  const mlsi::Scenario& sc = p.scenarios.at(static_cast<std::size_t>(scenario));
  std::vector<InputDomain> domains;
  for (int slot : inputs) {
    auto s = static_cast<std::size_t>(slot);
    InputDomain d;
    d.slot = slot;
    d.name = sc.slots[s].name;
    if (defaults && defaults->available[s] && defaults->slots[s].is_number()) {
      d.has_default = true;
      d.default_value = defaults->slots[s].number();
      if (d.default_value != 0) d.centre = std::fabs(d.default_value);
    }
    domains.push_back(std::move(d));
  }
  for (std::size_t i = 0; i < domains.size(); ++i)
    if (const auto& where = sc.slots[static_cast<std::size_t>(domains[i].slot)].where) read_conjuncts(p, *where, i, domains);
  return domains;
}

InputSampler::InputSampler(std::vector<InputDomain> domains, std::uint64_t seed) : domains_(std::move(domains)), state_(seed) {
  // Inputs bounded by others come after them; a cycle of bounds (which no `where` here has) is broken
  // by drawing the first input of it with the bounds it can see.
  std::vector<bool> placed(domains_.size(), false);
  while (order_.size() < domains_.size()) {
    std::size_t before = order_.size();
    for (std::size_t i = 0; i < domains_.size(); ++i) {
      if (placed[i]) continue;
      bool ready = true;
      for (const auto* bounds : {&domains_[i].lower, &domains_[i].upper})
        for (const Bound& b : *bounds) ready = ready && (b.other < 0 || placed[static_cast<std::size_t>(b.other)]);
      if (ready) placed[i] = true, order_.push_back(i);
    }
    if (order_.size() == before)
      for (std::size_t i = 0; i < domains_.size(); ++i)
        if (!placed[i]) {
          placed[i] = true, order_.push_back(i);
          break;
        }
  }
}

// splitmix64: a fixed, fully specified sequence (std::uniform_real_distribution differs between
// standard libraries).
double InputSampler::uniform() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1p-53;
}

double InputSampler::draw(const InputDomain& d, const std::vector<double>& point, const std::vector<bool>& drawn) {
  auto [lo, lo_strict] = tightest(d.lower, false, point, drawn);
  auto [hi, hi_strict] = tightest(d.upper, true, point, drawn);
  // The smallest and largest values inside.
  double first = d.whole ? (lo_strict ? std::floor(lo) + 1 : std::ceil(lo)) : (lo_strict ? std::nextafter(lo, kInf) : lo);
  double last = d.whole ? (hi_strict ? std::ceil(hi) - 1 : std::floor(hi)) : (hi_strict ? std::nextafter(hi, -kInf) : hi);
  if (first > last) return first;  // an empty range (a bound by another input): the evaluator rejects it
  // Now and then the default itself, so that a scenario whose checks tie inputs together (tp·pp·dp
  // equal to the fleet's accelerators) still runs at some points where others vary.
  if (d.has_default && uniform() < 0.3) return std::clamp(d.default_value, first, last);
  if (uniform() < 0.05) {
    // The first or the last value inside; with neither bound, zero or a negative value.
    bool at_first = uniform() < 0.5;
    if (std::isfinite(first) && (at_first || !std::isfinite(last))) return first;
    if (std::isfinite(last)) return last;
    return at_first ? 0.0 : -d.centre;
  }
  // A sign the domain allows (mostly positive, as nearly every input's default is), then a magnitude
  // log-uniform over [centre / 1e6, centre * 1e6] within the bounds; over [centre / 1e3, centre * 1e3]
  // for a whole number, which may be the length of a list (`range(trials)`).
  bool negative = last <= 0 || (first < 0 && uniform() < 0.15);
  double mlo = negative ? std::max(-last, 0.0) : std::max(first, 0.0);
  double mhi = negative ? -first : last;
  const double decades = d.whole ? 1e3 : 1e6;
  double a = std::max(mlo, d.centre / decades), b = std::min(mhi, d.centre * decades);
  if (a > b) {  // the bounds lie beyond the decades around the centre
    if (mhi < d.centre / decades) a = std::max(mlo, mhi / decades), b = mhi;
    else a = mlo, b = std::min(mhi, mlo * decades);
  }
  double x = a > 0 ? std::exp(std::log(a) + uniform() * (std::log(b) - std::log(a))) : a + uniform() * (b - a);
  if (negative) x = -x;
  if (d.whole) x = std::round(x);
  return std::clamp(x, first, last);
}

std::vector<double> InputSampler::inside() {
  std::vector<double> point(domains_.size(), 0);
  std::vector<bool> drawn(domains_.size(), false);
  for (std::size_t i : order_) {
    point[i] = draw(domains_[i], point, drawn);
    drawn[i] = true;
  }
  return point;
}

std::vector<OutsideValue> InputSampler::outside(const std::vector<double>& point) const {
  std::vector<OutsideValue> out;
  for (std::size_t i = 0; i < domains_.size(); ++i) {
    const InputDomain& d = domains_[i];
    for (bool upper : {false, true})
      for (const Bound& b : upper ? d.upper : d.lower) {
        double v = b.other >= 0 ? point[static_cast<std::size_t>(b.other)] : b.value;
        if (!std::isfinite(v)) continue;
        std::string why = std::string(upper ? "above" : "below") + " a bound of `" + d.name + "`";
        double away = upper ? kInf : -kInf;
        // The bound itself when it is strict, else the next double beyond it; a whole input also one
        // whole number beyond, which breaks the bound alone.
        out.push_back({i, b.strict ? v : std::nextafter(v, away), why});
        if (d.whole && v == std::floor(v)) out.push_back({i, b.strict ? v : v + (upper ? 1 : -1), why});
      }
    if (d.whole) {
      auto [hi, hi_strict] = tightest(d.upper, true, point, std::vector<bool>(domains_.size(), true));
      (void)hi_strict;
      double fraction = point[i] + 0.5 < hi ? point[i] + 0.5 : point[i] - 0.5;
      if (fraction != std::floor(fraction)) out.push_back({i, fraction, "a fraction for whole `" + d.name + "`"});
    }
  }
  return out;
}

}  // namespace mlsi_test
