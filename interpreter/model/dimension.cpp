#include "model/dimension.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <numeric>

namespace mlsi {

namespace {

// An exact fraction on the way to a Rational: 64-bit parts, not yet checked against the range.
struct Wide {
  std::int64_t num = 0;
  std::int64_t den = 1;
};

// n/d in lowest terms with d > 0, or nothing when d is 0 or a part would overflow 64 bits.
std::optional<Wide> lowest_terms(std::int64_t n, std::int64_t d) {
  if (d == 1 && n != INT64_MIN) return Wide{n, 1};  // a whole exponent, nearly all of them: nothing to reduce
  if (d == 0 || n == INT64_MIN || d == INT64_MIN) return std::nullopt;
  if (d < 0) { n = -n; d = -d; }
  std::int64_t g = std::gcd(n, d);  // d > 0, so g > 0
  return Wide{n / g, d / g};
}

bool in_range(const Wide& w) { return w.num >= -kMaxExponentPart && w.num <= kMaxExponentPart && w.den <= kMaxExponentPart; }

std::string wide_text(const Wide& w) { return w.den == 1 ? fmt::format("{}", w.num) : fmt::format("{}/{}", w.num, w.den); }

// a/b + c/d and a/b * c/d with every product and sum checked, exact when the result fits 64 bits.
std::optional<Wide> wide_add(Rational a, Rational b, bool subtract) {
  // Whole exponents (the common case): 32-bit parts cannot overflow 64 bits.
  if (a.den == 1 && b.den == 1) return Wide{subtract ? std::int64_t{a.num} - b.num : std::int64_t{a.num} + b.num, 1};
  std::int64_t x = 0, y = 0, n = 0, d = 0;
  if (__builtin_mul_overflow(std::int64_t{a.num}, std::int64_t{b.den}, &x) ||
      __builtin_mul_overflow(std::int64_t{b.num}, std::int64_t{a.den}, &y) ||
      (subtract ? __builtin_sub_overflow(x, y, &n) : __builtin_add_overflow(x, y, &n)) ||
      __builtin_mul_overflow(std::int64_t{a.den}, std::int64_t{b.den}, &d))
    return std::nullopt;
  return lowest_terms(n, d);
}
std::optional<Wide> wide_mul(Rational a, Rational b) {
  if (a.num == 0) return Wide{0, 1};  // an absent base dimension stays absent
  std::int64_t n = 0, d = 0;
  if (__builtin_mul_overflow(std::int64_t{a.num}, std::int64_t{b.num}, &n) ||
      __builtin_mul_overflow(std::int64_t{a.den}, std::int64_t{b.den}, &d))
    return std::nullopt;
  return lowest_terms(n, d);
}

std::optional<Rational> narrow(const std::optional<Wide>& w) {
  if (!w || !in_range(*w)) return std::nullopt;
  return Rational{static_cast<std::int32_t>(w->num), static_cast<std::int32_t>(w->den)};
}

// Applies `op` to every exponent; stops at the first one out of range and says which.
template <typename Op>
DimOutcome each_exponent(Op op) {
  Dim d;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) {
    std::optional<Wide> w = op(i);
    if (!w || !in_range(*w)) {
      DimOutcome out;
      out.base = i;
      if (w) out.exponent = wide_text(*w);
      return out;
    }
    d.exp[i] = Rational{static_cast<std::int32_t>(w->num), static_cast<std::int32_t>(w->den)};
  }
  return DimOutcome{d, 0, ""};
}

// The exponents of `a` and `b` added (or subtracted) when all of them are whole and every sum is in range,
// the case of nearly every dimension; false sends the caller to the exact path, which says what overflowed.
bool whole_sum(const Dim& a, const Dim& b, bool subtract, Dim& out) {
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) {
    const Rational x = a.exp[i], y = b.exp[i];
    if (x.den != 1 || y.den != 1) return false;
    const std::int64_t n = subtract ? std::int64_t{x.num} - y.num : std::int64_t{x.num} + y.num;
    if (n < -kMaxExponentPart || n > kMaxExponentPart) return false;
    out.exp[i] = Rational{static_cast<std::int32_t>(n), 1};
  }
  return true;
}

}  // namespace

std::optional<Rational> Rational::make(std::int64_t n, std::int64_t d) { return narrow(lowest_terms(n, d)); }
std::string Rational::str() const { return den == 1 ? fmt::format("{}", num) : fmt::format("{}/{}", num, den); }
std::optional<Rational> checked_add(Rational a, Rational b) { return narrow(wide_add(a, b, false)); }
std::optional<Rational> checked_sub(Rational a, Rational b) { return narrow(wide_add(a, b, true)); }
std::optional<Rational> checked_mul(Rational a, Rational b) { return narrow(wide_mul(a, b)); }

bool Dim::dimensionless() const {
  for (const auto& e : exp)
    if (!e.is_zero()) return false;
  return true;
}
Dim Dim::base(std::size_t index) {
  Dim d;
  d.exp[index] = Rational{1, 1};
  return d;
}
DimOutcome multiply(const Dim& a, const Dim& b) {
  if (Dim d; whole_sum(a, b, false, d)) return DimOutcome{d, 0, ""};
  return each_exponent([&](std::size_t i) { return wide_add(a.exp[i], b.exp[i], false); });
}
DimOutcome divide(const Dim& a, const Dim& b) {
  if (Dim d; whole_sum(a, b, true, d)) return DimOutcome{d, 0, ""};
  return each_exponent([&](std::size_t i) { return wide_add(a.exp[i], b.exp[i], true); });
}
DimOutcome power(const Dim& a, Rational r) {
  if (r == Rational{1, 1}) return DimOutcome{a, 0, ""};  // its exponents are in lowest terms and in range already
  return each_exponent([&](std::size_t i) { return wide_mul(a.exp[i], r); });
}

bool DimensionRegistry::add_base(const std::string& name, Dim& out, Origin origin) {
  if (base_names_.size() >= kMaxBaseDimensions) return false;
  out = Dim::base(base_names_.size());
  base_names_.push_back(name);
  named_.push_back({name, out, origin});
  return true;
}
void DimensionRegistry::add_derived(const std::string& name, const Dim& d, Origin origin) { named_.push_back({name, d, origin}); }
const Dim* DimensionRegistry::find(const std::string& name) const {
  for (const auto& n : named_)
    if (n.name == name && n.origin.owner == UINT32_MAX) return &n.dim;
  return nullptr;
}
const Dim* DimensionRegistry::find(const std::string& name, std::uint32_t home, const std::vector<std::uint32_t>& owners) const {
  const Dim* pub = find(name);
  if (owners.empty()) return pub;
  // The home file's own declaration first, public or kept to itself, then those of the files it sees.
  for (const auto& n : named_)
    if (n.name == name && n.origin.file == home && (n.origin.owner == UINT32_MAX || n.origin.owner == home)) return &n.dim;
  for (const auto& n : named_)
    if (n.name == name && std::find(owners.begin(), owners.end(), n.origin.owner) != owners.end()) return &n.dim;
  return pub;
}
const Dim* DimensionRegistry::find_private(const std::string& name, std::uint32_t owner) const {
  for (const auto& n : named_)
    if (n.name == name && n.origin.owner == owner) return &n.dim;
  return nullptr;
}
std::vector<std::string> DimensionRegistry::private_names() const {
  std::vector<std::string> out;
  for (const auto& n : named_)
    if (n.origin.owner != UINT32_MAX) out.push_back(n.name);
  return out;
}
std::vector<std::string> DimensionRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& n : named_)
    if (n.origin.owner == UINT32_MAX) out.push_back(n.name);
  return out;
}

std::string DimensionRegistry::format(const Dim& d) const {
  if (d.dimensionless()) return "Count";
  for (const auto& n : named_)
    if (n.dim == d && n.name != "Count") return n.name;
  return format_bases(d);
}

std::string DimensionRegistry::format_bases(const Dim& d) const {
  if (d.dimensionless()) return "Count";
  std::vector<std::string> num, den;
  for (std::size_t i = 0; i < base_names_.size(); ++i) {
    auto e = d.exp[i];
    if (e.is_zero()) continue;
    bool neg = e.num < 0;
    Rational a{neg ? -e.num : e.num, e.den};
    std::string term = base_names_[i];
    if (!(a == Rational{1, 1})) term += a.den == 1 ? fmt::format("^{}", a.num) : fmt::format("^({})", a.str());
    (neg ? den : num).push_back(term);
  }
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " * " : "") + v[i];
    return s;
  };
  std::string out = num.empty() ? "1" : join(num);
  if (!den.empty()) out += den.size() == 1 ? " / " + den[0] : " / (" + join(den) + ")";
  return out;
}

std::string DimensionRegistry::overflow_message(const DimOutcome& o) const {
  std::string base = o.base < base_names_.size() ? base_names_[o.base] : fmt::format("base dimension {}", o.base + 1);
  std::string exponent = o.exponent.empty() ? "(beyond 64 bits)" : o.exponent.find('/') != std::string::npos ? "(" + o.exponent + ")" : o.exponent;
  return fmt::format("dimension exponent too large: this gives {}^{} (a dimension exponent is a fraction whose numerator and denominator are at most {})",
                     base, exponent, kMaxExponentPart);
}

}  // namespace mlsi
