#include "interpreter/dimension.hpp"

#include <fmt/format.h>

#include <numeric>

namespace mlsi {

Rational Rational::make(std::int64_t n, std::int64_t d) {
  if (d < 0) { n = -n; d = -d; }
  auto g = std::gcd(n < 0 ? -n : n, d);
  if (g == 0) g = 1;
  return Rational{static_cast<std::int32_t>(n / g), static_cast<std::int32_t>(d / g)};
}
std::string Rational::str() const { return den == 1 ? fmt::format("{}", num) : fmt::format("{}/{}", num, den); }
Rational operator+(Rational a, Rational b) { return Rational::make(std::int64_t{a.num} * b.den + std::int64_t{b.num} * a.den, std::int64_t{a.den} * b.den); }
Rational operator-(Rational a, Rational b) { return Rational::make(std::int64_t{a.num} * b.den - std::int64_t{b.num} * a.den, std::int64_t{a.den} * b.den); }
Rational operator*(Rational a, Rational b) { return Rational::make(std::int64_t{a.num} * b.num, std::int64_t{a.den} * b.den); }

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
Dim Dim::operator*(const Dim& o) const {
  Dim d;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) d.exp[i] = exp[i] + o.exp[i];
  return d;
}
Dim Dim::operator/(const Dim& o) const {
  Dim d;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) d.exp[i] = exp[i] - o.exp[i];
  return d;
}
Dim Dim::pow(Rational r) const {
  Dim d;
  for (std::size_t i = 0; i < kMaxBaseDimensions; ++i) d.exp[i] = exp[i] * r;
  return d;
}

bool DimensionRegistry::add_base(const std::string& name, Dim& out) {
  if (base_names_.size() >= kMaxBaseDimensions) return false;
  out = Dim::base(base_names_.size());
  base_names_.push_back(name);
  named_.emplace_back(name, out);
  return true;
}
void DimensionRegistry::add_derived(const std::string& name, const Dim& d) { named_.emplace_back(name, d); }
const Dim* DimensionRegistry::find(const std::string& name) const {
  for (const auto& [n, d] : named_)
    if (n == name) return &d;
  return nullptr;
}
std::vector<std::string> DimensionRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& [n, d] : named_) out.push_back(n);
  return out;
}

std::string DimensionRegistry::format(const Dim& d) const {
  if (d.dimensionless()) return "Count";
  for (const auto& [n, nd] : named_)
    if (nd == d && n != "Count") return n;
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

}  // namespace mlsi
