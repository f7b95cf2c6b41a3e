#pragma once
// A line chart as a self-contained SVG document: axes with ticks and labels, one line per series,
// a legend, a title. Points whose y is NaN leave a gap in their line. Over a categorical x the same
// chart is drawn as grouped bars, one bar per line in each value's group; a NaN y draws no bar.
#include <string>
#include <vector>

namespace mlsi {

struct PlotLine {
  std::string label;
  std::vector<double> x, y;  // in the axes' units; y NaN: no value at that x
};

struct LineChart {
  std::string title;
  std::string x_label, y_label;  // "name (unit)"
  std::string legend_title;      // empty: the legend has no heading
  bool log_x = false, log_y = false;
  std::vector<PlotLine> lines;
  // Names of the values of a categorical x (catalogue entries, enumeration cases, Bools): the chart is
  // then bars, one group per name, whose lines' x are the indices 0, 1, ... of these names.
  std::vector<std::string> x_categories;
};

// The colour of line `i`: distinct for the first ten, then repeating with a dash pattern.
std::string line_colour(std::size_t i);
std::string xml_escape(const std::string& text);
std::string render_svg(const LineChart& chart);

}  // namespace mlsi
