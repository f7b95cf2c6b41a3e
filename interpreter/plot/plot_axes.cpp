#include "plot/plot_axes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

namespace mlsi {

namespace {

constexpr double kMax = std::numeric_limits<double>::max();
// A range narrower than this fraction of its magnitude is drawn as one value: doubles hold about 16
// digits, so ticks any closer would be rounding noise with labels of 17 digits.
constexpr double kFlat = 1e-12;
// Decimal exponents beyond every double (10^-324 is 0, 10^309 is infinite): keeps the loops short.
constexpr int kExponentBound = 400;

// m * 10^e: for a whole m, the double nearest to that decimal, so that a tick such as 0.3 is 0.3 and not
// 3 * 0.1 (nor 10^-300 the product of 300 roundings); 0 or infinite beyond the doubles.
double scaled(double m, int e) {
  e = std::clamp(e, -kExponentBound, kExponentBound);
  if (m == 0) return 0;
  if (m != std::floor(m) || std::fabs(m) >= 1e15) return m * std::pow(10.0, e);
  char text[48];
  char* end = fmt::format_to_n(text, sizeof text, "{:.0f}e{}", m, e).out;
  double out = 0;
  if (std::from_chars(text, end, out).ec == std::errc::result_out_of_range)
    return e < 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), m);
  return out;
}

// The exponent of the power of ten at or below x; 0 for anything but a finite x above 0.
int floor_log10(double x) {
  if (!(x > 0) || !std::isfinite(x)) return 0;
  int e = static_cast<int>(std::floor(std::log10(x)));  // within [-324, 308]
  // log10 may round across a power of ten: settle on the exact one.
  if (scaled(1, e) > x) --e;
  else if (scaled(1, e + 1) <= x) ++e;
  return e;
}

// Keeps the ticks within [lo, hi] and makes [lo, hi] the axis's range.
AxisScale narrowed(AxisScale a, double lo, double hi) {
  std::vector<double> inside;
  // Within rounding of the ends: a part of the range on a linear axis (in halves: hi - lo may overflow),
  // of the values on a log axis.
  double slack = (hi / 2 - lo / 2) * 2e-9;
  auto in = [&](double t) { return a.log ? t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9) : t >= lo - slack && t <= hi + slack; };
  for (double t : a.ticks)
    if (in(t)) inside.push_back(t);
  a.ticks = std::move(inside);
  a.lo = lo;
  a.hi = hi;
  return a;
}

// A range too narrow to tick (see kFlat), or a single value.
bool flat(double lo, double hi) { return hi - lo <= std::max(std::fabs(lo), std::fabs(hi)) * kFlat; }

}  // namespace

double AxisScale::fraction(double x) const {
  double f = 0;
  if (log) {
    f = (std::log10(x) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  } else {
    double span = hi - lo;
    f = std::isfinite(span) ? (x - lo) / span : (x / 2 - lo / 2) / (hi / 2 - lo / 2);
  }
  // Every value drawn is within the axis; anything else stays a finite coordinate near the frame.
  if (std::isnan(f)) return 0;
  return std::clamp(f, -1.0, 2.0);
}

AxisScale linear_axis(double lo, double hi, int target, bool widen) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return linear_axis(0, 1, target);
  target = std::clamp(target, 1, 50);
  if (hi < lo) std::swap(lo, hi);
  if (flat(lo, hi)) {
    // One value: 10% either side of it (1 either side of 0), within the doubles.
    double mid = lo / 2 + hi / 2;
    // (At least the smallest normal double: 10% of a denormal may round to 0.)
    double pad = mid == 0 ? 1 : std::max(std::fabs(mid) * 0.1, std::numeric_limits<double>::min());
    lo = std::max(mid - pad, -kMax);
    hi = std::min(mid + pad, kMax);
  } else if (!widen) {
    return narrowed(linear_axis(lo, hi, target, true), lo, hi);
  }
  // Each term divided first: hi - lo may overflow.
  double raw = hi / target - lo / target;
  int e = floor_log10(raw);
  double r = raw / scaled(1, e);
  double m = !std::isfinite(r) ? 10 : r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10;
  if (m == 10) {
    m = 1;
    ++e;
  }
  double step = scaled(m, e);
  AxisScale a;
  a.lo = lo;
  a.hi = hi;
  // A step below the normal doubles (a range of denormals: 10^-320 is 9.99989e-321, so decimal ticks
  // would not be evenly spaced nor cover the values), or too many steps or too large multiples of it to
  // count in a long long (not expected after the flat test, but the loop below must stay bounded): the
  // ends are the ticks.
  if (!(raw > 0) || !(step >= std::numeric_limits<double>::min()) || !(hi / step - lo / step <= 4.0 * target + 4) || !(std::max(std::fabs(lo), std::fabs(hi)) / step < 1e15)) {
    a.ticks = {lo, hi};
    return a;
  }
  // Bounds within rounding of a tick are that tick. At most 4 * target + 6 ticks, by the test above.
  auto first = static_cast<long long>(std::floor(lo / step + 1e-9));
  auto last = static_cast<long long>(std::ceil(hi / step - 1e-9));
  for (long long k = first; k <= last; ++k) {
    double t = scaled(static_cast<double>(k) * m, e);
    if (std::isfinite(t)) a.ticks.push_back(t == 0 ? 0.0 : t);  // no -0
  }
  if (a.ticks.empty()) {
    a.ticks = {lo, hi};
    return a;
  }
  // The range widens to the outer ticks, unless one of them is beyond the doubles.
  if (std::isfinite(scaled(static_cast<double>(first) * m, e))) a.lo = a.ticks.front();
  if (std::isfinite(scaled(static_cast<double>(last) * m, e))) a.hi = a.ticks.back();
  // Not expected: the axis shows every value (to within the rounding that makes a bound a tick).
  if (!(a.lo < a.hi) || a.lo > lo + step * 1e-6 || a.hi < hi - step * 1e-6) {
    a.lo = lo;
    a.hi = hi;
    a.ticks = {lo, hi};
  }
  return a;
}

AxisScale log_axis(double lo, double hi, bool widen) {
  if (!(lo > 0) || !(hi > 0) || !std::isfinite(lo) || !std::isfinite(hi)) return log_axis(1, 10);
  if (hi < lo) std::swap(lo, hi);
  if (!widen && !flat(lo, hi)) {
    AxisScale a = narrowed(log_axis(lo, hi, true), lo, hi);
    // Within less than a decade there may be no power of ten, 2 or 5: ticks at linear steps instead.
    if (a.ticks.size() < 2) a.ticks = linear_axis(lo, hi, 6, false).ticks;
    return a;
  }
  int e_lo = floor_log10(lo);
  int e_hi = floor_log10(hi);
  if (scaled(1, e_hi) < hi) ++e_hi;
  if (e_hi == e_lo) {
    if (scaled(1, e_hi + 1) <= kMax) ++e_hi;
    else --e_lo;
  }
  int decades = e_hi - e_lo;  // at most 633
  int stride = (decades + 7) / 8;
  e_hi = e_lo + (decades + stride - 1) / stride * stride;
  AxisScale a;
  a.log = true;
  for (int e = e_lo; e <= e_hi; e += stride) {
    std::vector<double> decade{scaled(1, e)};
    if (decades <= 2 && e < e_hi) {
      decade.push_back(scaled(2, e));
      decade.push_back(scaled(5, e));
    }
    // Powers of ten that underflow to 0 or overflow are not ticks.
    for (double t : decade)
      if (t > 0 && t <= kMax) a.ticks.push_back(t);
  }
  // From a power of ten to a power of ten, unless one of them is beyond the doubles.
  double lo_power = scaled(1, e_lo), hi_power = scaled(1, e_hi);
  a.lo = lo_power > 0 ? std::min(lo, lo_power) : lo;
  a.hi = hi_power <= kMax ? std::max(hi, hi_power) : hi;
  if (!(a.lo < a.hi)) {
    // A single value at the end of the doubles: one decade below it.
    a.lo = hi / 10;
    a.hi = hi;
  }
  return narrowed(a, a.lo, a.hi);
}

namespace {

// x in scientific notation with at most `digits` significant digits, written as short as it reads: the
// shortest text that reads back as x when that is short enough (1e-323, not 9.88e-324), no `+`, no
// leading zeros in the exponent, no trailing zeros in the mantissa (2e7, 1.05e308, -5e307).
std::string scientific(double x, int digits) {
  char text[64];
  char* end = std::to_chars(text, text + sizeof text, x, std::chars_format::scientific).ptr;
  std::string_view shortest(text, static_cast<std::size_t>(end - text));
  std::size_t significant = 0;
  for (char c : shortest.substr(0, shortest.find('e'))) significant += c >= '0' && c <= '9';
  if (significant > static_cast<std::size_t>(digits))
    end = std::to_chars(text, text + sizeof text, x, std::chars_format::scientific, digits - 1).ptr;
  std::string_view written(text, static_cast<std::size_t>(end - text));
  std::size_t e = written.find('e');
  std::string_view mantissa = written.substr(0, e);
  if (mantissa.find('.') != std::string_view::npos) {
    mantissa = mantissa.substr(0, mantissa.find_last_not_of('0') + 1);
    if (mantissa.back() == '.') mantissa.remove_suffix(1);
  }
  std::string_view exponent = written.substr(e + 1);
  if (exponent.front() == '+') exponent.remove_prefix(1);
  int power = 0;
  std::from_chars(exponent.data(), exponent.data() + exponent.size(), power);
  return fmt::format("{}e{}", mantissa, power);
}

}  // namespace

std::string tick_label(double x, const AxisScale& axis) {
  if (x == 0) return "0";
  if (!std::isfinite(x)) return fmt::format("{}", x);
  // The distance to the nearest other tick (on a log axis the steps differ), or x itself.
  double step = std::fabs(x);
  for (double t : axis.ticks)
    if (t != x) step = std::min(step, std::fabs(t - x));
  // The decimals the step between ticks has (0.05: 2), so that neighbouring ticks differ.
  int decimals = std::clamp(-floor_log10(step * (1 + 1e-9)), 0, 20);
  if (std::fabs(x) >= 1e6 || std::fabs(x) < 1e-4) {
    // Enough digits that neighbouring ticks differ (1.000000002e6 next to 1.000000004e6), at least 3.
    int digits = std::clamp(floor_log10(std::fabs(x)) - floor_log10(step) + 1, 3, 17);
    return scientific(x, digits);
  }
  // A log axis at 1, 2 and 5 times powers of ten: each tick as short as it is (0.001, 0.5, 20000).
  if (axis.log && decimals <= 4) return fmt::format("{}", std::round(x * 1e4) / 1e4);
  return fmt::format("{:.{}f}", x, decimals);
}

}  // namespace mlsi
