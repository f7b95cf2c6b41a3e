// Plot axes and SVG over awkward data: constant and nearly constant values, ranges of 1e-300 and of a
// few denormals, values near ±1.8e308. Every axis must have finite ends in order, a bounded number of
// finite ticks within it, distinct readable labels, and finite positions for the data; every SVG only
// finite coordinates. (Before: a nearly constant range looped for seconds on an exponent near INT_MIN,
// ±1e308 gave `nan` coordinates, and a range of denormals had its step underflow to 0.)
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "plot/plot_axes.hpp"
#include "plot/svg_plot.hpp"
#include "tests/unit/plot_support.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi::AxisScale;

// Linear axes are asked for about 6 ticks: the step is at least the range / 6, so a widened axis spans
// at most 6 steps plus the rounding out at either end, 8 steps or 9 ticks. A log axis has at most 9
// decades ticked (every `stride`-th of up to 8 strides, plus one), or 1, 2, 5 over two decades (7).
constexpr std::size_t kMaxTicks = 9;

// The invariants of an axis that shows `data`.
void expect_valid(const AxisScale& a, const std::vector<double>& data, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_TRUE(std::isfinite(a.lo) && std::isfinite(a.hi)) << a.lo << " " << a.hi;
  ASSERT_LT(a.lo, a.hi);
  if (a.log) {
    EXPECT_GT(a.lo, 0);
  }
  EXPECT_GE(a.ticks.size(), 1u);
  EXPECT_LE(a.ticks.size(), kMaxTicks);
  for (std::size_t i = 0; i < a.ticks.size(); ++i) {
    double t = a.ticks[i];
    ASSERT_TRUE(std::isfinite(t));
    if (i > 0) {
      EXPECT_LT(a.ticks[i - 1], t);
    }
    double f = a.fraction(t);
    EXPECT_GE(f, -1e-6) << t;
    EXPECT_LE(f, 1 + 1e-6) << t;
    std::string label = mlsi::tick_label(t, a);
    EXPECT_FALSE(label.empty());
    EXPECT_EQ(label.find("nan"), std::string::npos) << label;
    EXPECT_EQ(label.find("inf"), std::string::npos) << label;
    EXPECT_LE(label.size(), 24u) << label;
    if (i > 0) {
      EXPECT_NE(mlsi::tick_label(a.ticks[i - 1], a), label) << "two ticks labelled alike";
    }
  }
  for (double d : data) {
    double f = a.fraction(d);
    EXPECT_GE(f, -1e-9) << d;
    EXPECT_LE(f, 1 + 1e-9) << d;
  }
}

std::string fmt_pair(double lo, double hi) {
  char text[80];
  std::snprintf(text, sizeof text, "%.17g .. %.17g", lo, hi);
  return text;
}

using mlsi_test::ticks;

std::vector<std::string> labels(const AxisScale& a) {
  std::vector<std::string> out;
  for (double t : a.ticks) out.push_back(mlsi::tick_label(t, a));
  return out;
}

std::vector<double> awkward_values() {
  return {0,       1,      1 + 1e-15, 1 + 2 * DBL_EPSILON, -1,        1e-300,   2e-300,  1e-300 * (1 + 1e-13), 1e308,
          -1e308,  DBL_MAX, -DBL_MAX, 1.5e308,             DBL_MIN,   5e-324,   1e-323,  1e-320,              -5e-324,
          1e6,     1e6 + 1e-9, 123456.789, 1e-5,           -7e-310,   4.2e15,   1e22};
}

TEST(PlotAxesAwkward, EveryPairOfAwkwardValuesGivesAValidAxis) {
  auto values = awkward_values();
  for (double lo : values)
    for (double hi : values) {
      std::vector<double> data = {lo, hi};
      std::string what = fmt_pair(lo, hi);
      expect_valid(mlsi::linear_axis(lo, hi), data, "linear " + what);
      expect_valid(mlsi::linear_axis(lo, hi, 6, false), data, "linear exact " + what);
      if (lo > 0 && hi > 0) {
        expect_valid(mlsi::log_axis(lo, hi), data, "log " + what);
        expect_valid(mlsi::log_axis(lo, hi, false), data, "log exact " + what);
      }
    }
}

// Finite doubles of every kind from a fixed seed: any bit pattern, denormals and huge powers of two,
// small fractions, and pairs one double apart.
TEST(PlotAxesAwkward, SeededRandomFiniteValues) {
  std::mt19937_64 rng(16);
  auto any = [&] {
    for (;;) {
      double x = 0;
      switch (rng() % 3) {
        case 0: {
          std::uint64_t bits = rng();
          std::memcpy(&x, &bits, sizeof x);
          break;
        }
        case 1: x = std::ldexp(static_cast<double>(rng() % 1000), static_cast<int>(rng() % 2100) - 1075); break;
        default: x = static_cast<double>(rng() % 2000) / 7.0 - 100;
      }
      if (std::isfinite(x)) return rng() % 2 ? x : -x;
    }
  };
  for (int i = 0; i < 1500; ++i) {
    double lo = any(), hi = rng() % 4 == 0 ? std::nextafter(lo, INFINITY) : any();
    if (!std::isfinite(hi)) continue;
    std::vector<double> data = {lo, hi};
    std::string what = fmt_pair(lo, hi);
    expect_valid(mlsi::linear_axis(lo, hi), data, "linear " + what);
    expect_valid(mlsi::linear_axis(lo, hi, 6, false), data, "linear exact " + what);
    double a = std::fabs(lo), b = std::fabs(hi);
    if (a > 0 && b > 0) {
      expect_valid(mlsi::log_axis(a, b), {a, b}, "log " + what);
      expect_valid(mlsi::log_axis(a, b, false), {a, b}, "log exact " + what);
    }
    if (HasFailure()) return;  // one pair's report is enough
  }
}

TEST(PlotAxesAwkward, ConstantAndNearlyConstantValuesArePadded) {
  // 1 and 1 + 1e-15 differ by 1e-15 of their size, under the 1e-12 below which a range is one value:
  // 10% either side of their middle, 0.9..1.1, ticked by 0.05 (0.2 / 6 = 0.033 rounds up to 0.05).
  auto a = mlsi::linear_axis(1, 1 + 1e-15);
  EXPECT_EQ(ticks(a), (std::vector<double>{0.9, 0.95, 1, 1.05, 1.1}));
  EXPECT_EQ(labels(a), (std::vector<std::string>{"0.90", "0.95", "1.00", "1.05", "1.10"}));
  EXPECT_NEAR(a.fraction(1), 0.5, 1e-12);
  // The same for an x axis, which otherwise runs exactly over its values.
  EXPECT_EQ(ticks(mlsi::linear_axis(1, 1 + 2 * DBL_EPSILON, 6, false)), ticks(a));
  // A constant 1e308: 9e307..1.1e308 (range 2e307, / 6 = 3.3e306, rounds up to a step of 5e306).
  auto big = mlsi::linear_axis(1e308, 1e308);
  EXPECT_EQ(ticks(big), (std::vector<double>{9e307, 9.5e307, 1e308, 1.05e308, 1.1e308}));
  EXPECT_EQ(labels(big), (std::vector<std::string>{"9e307", "9.5e307", "1e308", "1.05e308", "1.1e308"}));
  // A constant largest double: 10% above it overflows, so the axis ends at it; of the ticks by 5e306 from
  // 1.6e308, 1.8e308 is beyond the doubles.
  auto top = mlsi::linear_axis(DBL_MAX, DBL_MAX);
  EXPECT_EQ(top.hi, DBL_MAX);
  EXPECT_EQ(top.lo, 1.6e308);
  EXPECT_EQ(ticks(top), (std::vector<double>{1.6e308, 1.65e308, 1.7e308, 1.75e308}));
  EXPECT_DOUBLE_EQ(top.fraction(DBL_MAX), 1);
  // On a log axis a constant is widened to the decade around it.
  EXPECT_EQ(ticks(mlsi::log_axis(1 + 1e-15, 1, false)), (std::vector<double>{1, 2, 5, 10}));
}

TEST(PlotAxesAwkward, TinyRanges) {
  // 1e-300..2e-300 exactly: a raw step of 1.67e-301 rounds up to 2e-301; each tick is the double
  // nearest its decimal, so it equals the literal.
  auto a = mlsi::linear_axis(1e-300, 2e-300, 6, false);
  EXPECT_EQ(ticks(a), (std::vector<double>{1e-300, 1.2e-300, 1.4e-300, 1.6e-300, 1.8e-300, 2e-300}));
  EXPECT_EQ(labels(a), (std::vector<std::string>{"1e-300", "1.2e-300", "1.4e-300", "1.6e-300", "1.8e-300", "2e-300"}));
  EXPECT_EQ(a.lo, 1e-300);
  EXPECT_EQ(a.hi, 2e-300);
  auto z = mlsi::linear_axis(0, 1e-300, 6, false);
  EXPECT_EQ(labels(z), (std::vector<std::string>{"0", "2e-301", "4e-301", "6e-301", "8e-301", "1e-300"}));
  // Denormals: the smallest double and twice it. A step of a sixth of the range is below the normal
  // doubles, so the two values are the ticks, each labelled with the shortest text that reads back as it
  // (what one writes for it).
  auto d = mlsi::linear_axis(5e-324, 1e-323, 6, false);
  EXPECT_EQ(ticks(d), (std::vector<double>{5e-324, 1e-323}));
  EXPECT_EQ(labels(d), (std::vector<std::string>{"5e-324", "1e-323"}));
  EXPECT_DOUBLE_EQ(d.fraction(5e-324), 0);
  EXPECT_DOUBLE_EQ(d.fraction(1e-323), 1);
  // A log axis over them: 10^-324 is 0 and no tick; 5e-324 and 10^-323 are.
  auto l = mlsi::log_axis(5e-324, 1e-323);
  EXPECT_EQ(ticks(l), (std::vector<double>{5e-324, 1e-323}));
  EXPECT_EQ(labels(l), (std::vector<std::string>{"5e-324", "1e-323"}));
  // Two neighbouring denormals near 7e-318, 4.94e-324 apart: decimal ticks would not be doubles there.
  // The second is 7.1233989...e-318, and 7.1234e-318 is within half a spacing (2.47e-324) of it.
  double near = 7.123394e-318, next = std::nextafter(near, 1.0);
  auto n = mlsi::linear_axis(near, next);
  EXPECT_EQ(ticks(n), (std::vector<double>{near, next}));
  EXPECT_EQ(labels(n), (std::vector<std::string>{"7.123394e-318", "7.1234e-318"}));
  // A log x axis within one decade, between the ticks 2 and 5: linear steps of 0.2 (1 / 6 rounds up).
  EXPECT_EQ(ticks(mlsi::log_axis(3, 4, false)), (std::vector<double>{3, 3.2, 3.4, 3.6, 3.8, 4}));
}

TEST(PlotAxesAwkward, HugeValues) {
  // -1e308..1e308: the range 2e308 overflows; a sixth of it is 3.3e307, which rounds up to 5e307.
  auto a = mlsi::linear_axis(-1e308, 1e308);
  EXPECT_EQ(ticks(a), (std::vector<double>{-1e308, -5e307, 0, 5e307, 1e308}));
  EXPECT_EQ(labels(a), (std::vector<std::string>{"-1e308", "-5e307", "0", "5e307", "1e308"}));
  EXPECT_DOUBLE_EQ(a.fraction(0), 0.5);
  EXPECT_DOUBLE_EQ(a.fraction(-1e308), 0);
  EXPECT_DOUBLE_EQ(a.fraction(1e308), 1);
  // The whole range of the doubles: a step of 1e308 (a sixth, 6e307, rounds up to 1e308); the ticks
  // at ±2e308 overflow, so the axis ends at the values themselves.
  auto all = mlsi::linear_axis(-DBL_MAX, DBL_MAX);
  EXPECT_EQ(ticks(all), (std::vector<double>{-1e308, 0, 1e308}));
  EXPECT_EQ(all.lo, -DBL_MAX);
  EXPECT_EQ(all.hi, DBL_MAX);
  // Log: 1e-300..1.5e308 is 609 decades (10^-300 to 10^309), ticked every 77th from 10^-300: the last
  // power, 10^316, is beyond the doubles, so the axis ends at 1.5e308.
  auto l = mlsi::log_axis(1e-300, 1.5e308);
  EXPECT_EQ(ticks(l), (std::vector<double>{1e-300, 1e-223, 1e-146, 1e-69, 1e8, 1e85, 1e162, 1e239}));
  EXPECT_EQ(l.hi, 1.5e308);
  EXPECT_EQ(labels(l).back(), "1e239");
}

TEST(PlotAxesAwkward, LabelsOfAxesMadeByHand) {
  // Ticks closer than the labels' default digits are told apart; a step of 0 or a tick below 10^-323
  // still gives a label (these once reached floor(log10(0)), an exponent near INT_MIN).
  AxisScale close{1e6, 1e6 + 4e-3, false, {1e6, 1e6 + 2e-3, 1e6 + 4e-3}};
  EXPECT_EQ(labels(close), (std::vector<std::string>{"1e6", "1.000000002e6", "1.000000004e6"}));
  AxisScale same{0, 2, false, {1, 1}};
  EXPECT_EQ(mlsi::tick_label(1, same), "1");
  AxisScale tiny{0, 1e-323, false, {0, 5e-324}};
  EXPECT_EQ(mlsi::tick_label(5e-324, tiny), "5e-324");
}

// Every number of a coordinate attribute or path of `svg`.
std::vector<double> coordinates(const std::string& svg) {
  std::vector<double> out;
  static const std::regex attribute(R"re(\b(?:x|y|x1|y1|x2|y2|cx|cy|width|height|d)="([^"]*)")re");
  static const std::regex number(R"re(-?[0-9.]+(?:e[-+]?[0-9]+)?|nan|inf)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), attribute); it != std::sregex_iterator(); ++it) {
    std::string text = (*it)[1];
    for (auto n = std::sregex_iterator(text.begin(), text.end(), number); n != std::sregex_iterator(); ++n)
      out.push_back(n->str() == "nan" || n->str() == "inf" ? NAN : std::strtod(n->str().c_str(), nullptr));
  }
  return out;
}

TEST(PlotAxesAwkward, SvgCoordinatesStayFiniteAndOnThePage) {
  struct Case {
    std::vector<double> x, y;
    bool log_x = false, log_y = false;
  };
  std::vector<Case> cases = {
      {{1, 2, 3}, {1, 1 + 1e-15, 1}},
      {{1, 1 + 2 * DBL_EPSILON}, {5, 6}},
      {{0, 1e-300, 2e-300}, {1, 2, 3}},
      {{5e-324, 1e-323}, {5e-324, 1e-323}, true, true},
      {{1, 2, 3, 4}, {1e308, -1e308, DBL_MAX, -DBL_MAX}},
      {{1, 2}, {1.5e308, 1e-300}, false, true},
      {{7, 7, 7}, {0, 0, 0}},
  };
  for (std::size_t c = 0; c < cases.size(); ++c) {
    mlsi::LineChart chart;
    chart.title = "awkward";
    chart.log_x = cases[c].log_x;
    chart.log_y = cases[c].log_y;
    chart.lines.push_back({"line", cases[c].x, cases[c].y});
    std::string svg = mlsi::render_svg(chart);
    EXPECT_EQ(svg.find("nan"), std::string::npos) << c;
    EXPECT_EQ(svg.find("inf"), std::string::npos) << c;
    auto numbers = coordinates(svg);
    EXPECT_GT(numbers.size(), 20u) << c;
    for (double v : numbers) {
      EXPECT_TRUE(std::isfinite(v)) << c;
      // The page is 800 x 480; a tick stays within the frame, a dot may sit on it.
      EXPECT_GE(v, -1) << c;
      EXPECT_LE(v, 800) << c;
    }
    // Every point of the line is drawn (few points: each has a dot).
    std::size_t dots = 0;
    for (auto at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++dots;
    EXPECT_EQ(dots, cases[c].x.size()) << c;
  }
}

}  // namespace
