#pragma once
// A sweep drawn as a line chart: the first varied input on x, outputs on y, and one line per value of a
// second varied input. Problems are returned (session/run_request.hpp Outcome), never printed.
#include <cstddef>
#include <string>
#include <vector>

#include "plot/svg_plot.hpp"
#include "session/sweep.hpp"

namespace mlsi {

// The points one plot may draw (values of x, times lines, times outputs on y): more than an 800-pixel
// wide chart can show apart, and few enough that they are kept in memory (8 bytes each).
constexpr std::size_t kMaxPlotPoints = 100'000;

// What a plot asks for beyond the sweep: the outputs on y (comma separated, as --y is written; empty:
// the first numeric output) and which axes are logarithmic.
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
  void add(std::size_t index, const std::vector<SweepCell>& cells, const std::string& error);
  // Builds the chart in display units, once every point is added.
  Outcome chart(Sweep& sweep, const PlotRequest& request, LineChart& out) const;
  // After chart(): a warning that points failed and are gaps in the lines; empty when none did.
  std::string gaps(const Sweep& sweep) const;

 private:
  std::vector<std::size_t> y_columns_;
  std::size_t x_count_ = 0, series_count_ = 1;
  std::vector<std::vector<double>> y_;  // per y column and series value: one value per x, NaN: none
  std::size_t failed_ = 0;
  std::string first_error_;
};

}  // namespace mlsi
