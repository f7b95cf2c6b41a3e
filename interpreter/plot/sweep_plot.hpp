#pragma once
// A sweep drawn as a line chart: the first varied input on x, outputs on y, and one line per value of a
// second varied input. Problems are returned (session/run_request.hpp Outcome), never printed.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plot/svg_plot.hpp"
#include "sweep/sweep.hpp"

namespace mlsi {

// The points one plot may draw (values of x, times lines, times outputs on y): more than an 800-pixel
// wide chart can show apart, and few enough that they are kept in memory (8 bytes each).
constexpr std::size_t kMaxPlotPoints = 100'000;

// What a plot asks for beyond the sweep: the outputs on y (comma separated, as --y is written; empty:
// the first numeric output) and which axes are logarithmic. An output that is a list of numbers is one
// line per entry, or one entry when indexed as in the language (`per_device[3]`, from 0).
struct PlotRequest {
  std::string y;
  bool log_x = false, log_y = false;
};

// The varied inputs of a plot: `x` on the x axis and, unless empty, `series` as one line per value
// (both `INPUT=VALUES`, named --x and --series in messages); an `a..b` range gives 50 points on x, 5 lines.
std::vector<VaryRequest> plot_varies(const std::string& x, const std::string& series, bool log_x);

// The points of a prepared sweep, gathered into lines.
class SweepPlot {
 public:
  // Refuses (a usage failure) a sweep of more points than a plot draws, or of more than two varied
  // inputs; meant for Sweep::prepare, before anything is evaluated.
  static Outcome refuse(const std::vector<VarySpec>& varied);
  // Reads the outputs on y and checks that the sweep can be drawn. A problem with an output named on y
  // is in the session's diagnostics.
  Outcome setup(Sweep& sweep, const PlotRequest& request);
  // Takes one point of Sweep::run.
  void add(std::size_t index, const std::vector<PointCell>& cells, const std::string& error);
  // Builds the chart in display units, once every point is added.
  Outcome chart(Sweep& sweep, const PlotRequest& request, LineChart& out) const;
  // After chart(): a warning that points failed and are gaps in the lines, or that lists had more
  // entries than lines drawn; empty when neither happened.
  std::string gaps(const Sweep& sweep) const;

 private:
  // One line of each series value: an output column, or one entry of a list output.
  struct YLine {
    std::size_t column = 0;
    std::optional<std::size_t> entry;
    std::string written;  // as --y writes it: `per_device[2]`
    std::string name;     // in the legend: the output, `per_device[2]`, or the entry's label
  };
  // Adds what one item of --y names (`per_device`, `per_device[3]`) as lines; problems are diagnostics.
  void add_output(Sweep& sweep, const std::string& item, Span span);
  std::vector<std::size_t> y_columns_;  // the outputs named on y, in order
  std::vector<std::string> y_written_;  // each as written on y (`per_device[3]`)
  std::vector<YLine> lines_;
  std::vector<std::pair<std::size_t, std::size_t>> whole_lists_;  // column, entries at the first point
  std::size_t longer_lists_ = 0;  // points whose list had more entries than that: the rest is not drawn
  std::size_t x_count_ = 0, series_count_ = 1;
  std::vector<std::vector<double>> y_;  // per y column and series value: one value per x, NaN: none
  std::size_t failed_ = 0;
  std::string first_error_;
};

}  // namespace mlsi
