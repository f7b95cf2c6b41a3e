#include "plot/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "plot/plot_axes.hpp"

namespace mlsi {

namespace {

// Ten colours that stay apart from each other and from white (the "Tableau 10" hues).
constexpr std::array<const char*, 10> kColours = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                                  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
constexpr std::array<const char*, 3> kDashes = {"", "8 4", "2 3"};

constexpr double kWidth = 800, kHeight = 480;
constexpr double kLeft = 84, kTop = 48, kBottom = 64;
constexpr double kLegendWidth = 190, kRightPad = 28;

// A value range of the finite values of `values` (those above 0 for a log axis).
void widen(double& lo, double& hi, double v, bool log) {
  if (!std::isfinite(v) || (log && !(v > 0))) return;
  lo = std::min(lo, v);
  hi = std::max(hi, v);
}

AxisScale make_axis(double lo, double hi, bool log, bool widen) {
  if (lo > hi) return log ? log_axis(1, 10) : linear_axis(0, 1);
  return log ? log_axis(lo, hi, widen) : linear_axis(lo, hi, 6, widen);
}

std::string num(double x) { return fmt::format("{:.2f}", x); }

}  // namespace

std::string line_colour(std::size_t i) { return kColours[i % kColours.size()]; }

std::string xml_escape(const std::string& text) {
  std::string s;
  for (char c : text) {
    switch (c) {
      case '&': s += "&amp;"; break;
      case '<': s += "&lt;"; break;
      case '>': s += "&gt;"; break;
      case '"': s += "&quot;"; break;
      case '\'': s += "&apos;"; break;
      default: s += c;
    }
  }
  return s;
}

std::string render_svg(const LineChart& chart) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  double x_lo = inf, x_hi = -inf, y_lo = inf, y_hi = -inf;
  for (const auto& line : chart.lines)
    for (std::size_t i = 0; i < line.x.size(); ++i) {
      if (!std::isfinite(line.y[i])) continue;
      widen(x_lo, x_hi, line.x[i], chart.log_x);
      widen(y_lo, y_hi, line.y[i], chart.log_y);
    }
  // Every x is on the axis, even where no line has a value.
  for (const auto& line : chart.lines)
    for (double x : line.x) widen(x_lo, x_hi, x, chart.log_x);
  const bool bars = !chart.x_categories.empty();
  // A bar's length is its value: a linear y axis of bars reaches 0.
  if (bars && !chart.log_y) widen(y_lo, y_hi, 0, false);
  // x spans the points swept; y widens to round values.
  AxisScale xa = make_axis(x_lo, x_hi, chart.log_x, false);
  AxisScale ya = make_axis(y_lo, y_hi, chart.log_y, true);

  bool legend = chart.lines.size() > 1;
  double right = kWidth - (legend ? kLegendWidth : kRightPad);
  double bottom = kHeight - kBottom;
  // Bars: value i is the middle of the i-th of equal bands across the axis.
  const double band = bars ? (right - kLeft) / static_cast<double>(chart.x_categories.size()) : 0;
  auto px = [&](double x) { return bars ? kLeft + (x + 0.5) * band : kLeft + xa.fraction(x) * (right - kLeft); };
  auto py = [&](double y) { return bottom - ya.fraction(y) * (bottom - kTop); };

  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n",
      kWidth, kHeight);
  s += fmt::format("<title>{}</title>\n", xml_escape(chart.title));
  s += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", kWidth, kHeight);
  // Lines stay inside the frame; the clip leaves room for a whole dot on the frame itself.
  s += fmt::format("<clipPath id=\"plot-area\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n", num(kLeft - 4),
                   num(kTop - 4), num(right - kLeft + 8), num(bottom - kTop + 8));
  s += fmt::format("<text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
                   num((kLeft + right) / 2), xml_escape(chart.title));

  // Grid and ticks.
  s += "<g class=\"x-axis\">\n";
  for (std::size_t i = 0; i < chart.x_categories.size(); ++i) {
    double x = px(static_cast<double>(i));
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333333\"/>\n", num(x), num(bottom), num(bottom + 5));
    s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", num(x), num(bottom + 19), xml_escape(chart.x_categories[i]));
  }
  for (double t : bars ? std::vector<double>{} : xa.ticks) {
    double x = px(t);
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#e6e6e6\"/>\n", num(x), num(kTop), num(bottom));
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#333333\"/>\n", num(x), num(bottom), num(bottom + 5));
    s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", num(x), num(bottom + 19), xml_escape(tick_label(t, xa)));
  }
  s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\">{}</text>\n", num((kLeft + right) / 2),
                   num(kHeight - 18), xml_escape(chart.x_label));
  s += "</g>\n<g class=\"y-axis\">\n";
  for (double t : ya.ticks) {
    double y = py(t);
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#e6e6e6\"/>\n", num(kLeft), num(y), num(right));
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#333333\"/>\n", num(kLeft - 5), num(y), num(kLeft));
    s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", num(kLeft - 8), num(y + 4), xml_escape(tick_label(t, ya)));
  }
  s += fmt::format("<text transform=\"translate(20 {}) rotate(-90)\" text-anchor=\"middle\" font-size=\"13\">{}</text>\n",
                   num((kTop + bottom) / 2), xml_escape(chart.y_label));
  s += "</g>\n";
  s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333333\"/>\n", num(kLeft), num(kTop),
                   num(right - kLeft), num(bottom - kTop));

  if (bars) {
    // In each band, the lines' bars side by side over 80 % of it, from the value 0 (the bottom of a
    // log axis) to the value.
    s += "<g class=\"bars\" clip-path=\"url(#plot-area)\" stroke=\"none\">\n";
    double width = 0.8 * band / static_cast<double>(chart.lines.size());
    double base = chart.log_y ? bottom : py(std::clamp(0.0, ya.lo, ya.hi));
    for (std::size_t l = 0; l < chart.lines.size(); ++l) {
      const PlotLine& line = chart.lines[l];
      for (std::size_t i = 0; i < line.x.size(); ++i) {
        if (!std::isfinite(line.y[i]) || (chart.log_y && !(line.y[i] > 0))) continue;
        double left = px(line.x[i]) - 0.4 * band + static_cast<double>(l) * width;
        double top = std::min(base, py(line.y[i])), height = std::fabs(base - py(line.y[i]));
        s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", num(left), num(top), num(width), num(height),
                         line_colour(l));
      }
    }
    s += "</g>\n";
  }
  // Lines: a path broken where a y is missing; a lone point between gaps is a dot.
  s += "<g clip-path=\"url(#plot-area)\" fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\">\n";
  for (std::size_t l = 0; l < (bars ? 0 : chart.lines.size()); ++l) {
    const PlotLine& line = chart.lines[l];
    std::string colour = line_colour(l);
    std::string dash = kDashes[(l / kColours.size()) % kDashes.size()];
    std::string path, dots;
    auto usable = [&](std::size_t i) {
      return std::isfinite(line.y[i]) && std::isfinite(line.x[i]) && (!chart.log_y || line.y[i] > 0) && (!chart.log_x || line.x[i] > 0);
    };
    bool few = line.x.size() <= 24;  // few points: mark each one
    for (std::size_t i = 0; i < line.x.size(); ++i) {
      if (!usable(i)) continue;
      bool starts = i == 0 || !usable(i - 1);
      bool ends = i + 1 == line.x.size() || !usable(i + 1);
      if (!(starts && ends)) path += fmt::format("{}{} {} ", starts ? "M" : "L", num(px(line.x[i])), num(py(line.y[i])));
      if (few || (starts && ends))
        dots += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"{}\" stroke=\"none\"/>\n", num(px(line.x[i])), num(py(line.y[i])), colour);
    }
    if (!path.empty()) {
      path.pop_back();
      s += fmt::format("<path d=\"{}\" stroke=\"{}\"{}/>\n", path, colour, dash.empty() ? "" : fmt::format(" stroke-dasharray=\"{}\"", dash));
    }
    s += dots;
  }
  s += "</g>\n";

  if (legend) {
    double lx = right + 16, ly = kTop + 6;
    s += "<g class=\"legend\">\n";
    if (!chart.legend_title.empty()) {
      s += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", num(lx), num(ly + 4), xml_escape(chart.legend_title));
      ly += 20;
    }
    // As many entries as fit beside the plot; the rest are counted.
    auto fit = static_cast<std::size_t>((kHeight - ly - 24) / 18);
    std::size_t shown = chart.lines.size() <= fit ? chart.lines.size() : fit - 1;
    for (std::size_t l = 0; l < shown; ++l) {
      std::string dash = kDashes[(l / kColours.size()) % kDashes.size()];
      s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"3\"{}/>\n", num(lx), num(ly), num(lx + 24),
                       num(ly), line_colour(l), dash.empty() ? "" : fmt::format(" stroke-dasharray=\"{}\"", dash));
      s += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", num(lx + 32), num(ly + 4), xml_escape(chart.lines[l].label));
      ly += 18;
    }
    if (shown < chart.lines.size())
      s += fmt::format("<text x=\"{}\" y=\"{}\">... {} more</text>\n", num(lx + 32), num(ly + 4), chart.lines.size() - shown);
    s += "</g>\n";
  }
  s += "</svg>\n";
  return s;
}

}  // namespace mlsi
