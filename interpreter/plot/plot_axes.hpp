#pragma once
// The scale of a plot axis: its range widened to round values, and ticks at 1-2-5 steps (linear) or at
// powers of ten (log).
#include <string>
#include <vector>

namespace mlsi {

struct AxisScale {
  double lo = 0, hi = 1;
  bool log = false;
  std::vector<double> ticks;
  // The position of `x` along the axis, 0 at lo and 1 at hi.
  double fraction(double x) const;
};

// An axis over [lo, hi] with about `target` ticks at multiples of 1, 2 or 5 times a power of ten.
// `widen`: the axis runs from the tick at or below lo to the tick at or above hi; else it runs from lo to
// hi exactly, with the ticks between them (an x axis whose points are the data).
AxisScale linear_axis(double lo, double hi, int target = 6, bool widen = true);
// An axis over [lo, hi] (both above 0) ticked at powers of ten (every second or third when there are
// many decades; also at 2 and 5 within one or two decades). `widen`: from a power of ten to a power of
// ten; else from lo to hi exactly, with the ticks between them.
AxisScale log_axis(double lo, double hi, bool widen = true);
// The text of a tick: as few digits as the axis's ticks need to differ.
std::string tick_label(double x, const AxisScale& axis);

}  // namespace mlsi
