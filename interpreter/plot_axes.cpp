#include "interpreter/plot_axes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace mlsi {

namespace {

// m * 10^e, computed so that a tick such as 0.3 is the double nearest to the decimal, not 3 * 0.1.
double scaled(double m, int e) {
  double p = 1;
  for (int i = 0; i < std::abs(e); ++i) p *= 10;
  return e >= 0 ? m * p : m / p;
}

int floor_log10(double x) {
  int e = static_cast<int>(std::floor(std::log10(x)));
  // log10 may round across a power of ten: settle on the exact one.
  if (scaled(1, e) > x) --e;
  else if (scaled(1, e + 1) <= x) ++e;
  return e;
}

}  // namespace

double AxisScale::fraction(double x) const {
  if (log) return (std::log10(x) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  return (x - lo) / (hi - lo);
}

namespace {

// Keeps the ticks within [lo, hi] and makes [lo, hi] the axis's range.
AxisScale narrowed(AxisScale a, double lo, double hi) {
  std::vector<double> inside;
  double slack = (hi - lo) * 1e-9;
  for (double t : a.ticks)
    if (t >= lo - slack && t <= hi + slack) inside.push_back(t);
  a.ticks = std::move(inside);
  a.lo = lo;
  a.hi = hi;
  return a;
}

}  // namespace

AxisScale linear_axis(double lo, double hi, int target, bool widen) {
  AxisScale a;
  if (!std::isfinite(lo) || !std::isfinite(hi)) return linear_axis(0, 1, target);
  if (!widen && lo != hi) return narrowed(linear_axis(lo, hi, target, true), std::min(lo, hi), std::max(lo, hi));
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) {
    double pad = lo == 0 ? 1 : std::fabs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  double raw = (hi - lo) / std::max(1, target);
  int e = floor_log10(raw);
  double r = raw / scaled(1, e);
  double m = r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10;
  if (m == 10) {
    m = 1;
    ++e;
  }
  double step = scaled(m, e);
  // Bounds within rounding of a tick are that tick.
  auto first = static_cast<long long>(std::floor(lo / step + 1e-9));
  auto last = static_cast<long long>(std::ceil(hi / step - 1e-9));
  for (long long k = first; k <= last; ++k) {
    double t = scaled(static_cast<double>(k) * m, e);
    a.ticks.push_back(t == 0 ? 0.0 : t);  // no -0
  }
  a.lo = a.ticks.front();
  a.hi = a.ticks.back();
  return a;
}

AxisScale log_axis(double lo, double hi, bool widen) {
  AxisScale a;
  a.log = true;
  if (!(lo > 0) || !(hi > 0) || !std::isfinite(lo) || !std::isfinite(hi)) return log_axis(1, 10);
  if (!widen && lo != hi) return narrowed(log_axis(lo, hi, true), std::min(lo, hi), std::max(lo, hi));
  if (hi < lo) std::swap(lo, hi);
  int e_lo = floor_log10(lo);
  int e_hi = floor_log10(hi);
  if (scaled(1, e_hi) < hi) ++e_hi;
  if (e_hi == e_lo) ++e_hi;
  int decades = e_hi - e_lo;
  int stride = (decades + 7) / 8;
  e_hi = e_lo + (decades + stride - 1) / stride * stride;
  for (int e = e_lo; e <= e_hi; e += stride) {
    a.ticks.push_back(scaled(1, e));
    if (decades <= 2 && e < e_hi) {
      a.ticks.push_back(scaled(2, e));
      a.ticks.push_back(scaled(5, e));
    }
  }
  a.lo = a.ticks.front();
  a.hi = a.ticks.back();
  return a;
}

std::string tick_label(double x, const AxisScale& axis) {
  if (x == 0) return "0";
  if (axis.log || std::fabs(x) >= 1e6 || std::fabs(x) < 1e-4) {
    int e = floor_log10(std::fabs(x));
    double m = x / scaled(1, e);
    if (e >= -4 && e < 6) return fmt::format("{}", std::round(x * 1e4) / 1e4);
    std::string mant = std::fabs(m - std::round(m)) < 1e-9 ? fmt::format("{}", std::round(m)) : fmt::format("{:.3g}", m);
    return fmt::format("{}e{}", mant, e);
  }
  // As many decimals as the step between ticks has.
  double step = axis.ticks.size() > 1 ? axis.ticks[1] - axis.ticks[0] : std::fabs(x);
  int decimals = std::max(0, -floor_log10(step * (1 + 1e-9)));
  return fmt::format("{:.{}f}", x, decimals);
}

}  // namespace mlsi
