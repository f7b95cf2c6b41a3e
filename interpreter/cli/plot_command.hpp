#pragma once
// `mlsi plot` and `mlsi sweep --plot`: a sweep drawn as an SVG line chart, the first varied input on
// x, outputs on y, and one line per value of a second varied input.
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_options.hpp"
#include "plot/svg_plot.hpp"
#include "cli/sweep_run.hpp"

namespace mlsi {

int cmd_plot(const Options& o, CliStreams& io);

// The points one plot may draw (values of x, times lines, times outputs on y): more than an 800-pixel
// wide chart can show apart, and few enough that they are kept in memory (8 bytes each).
constexpr std::size_t kMaxPlotPoints = 100'000;

// The points of a prepared sweep, gathered into lines.
class SweepPlot {
 public:
  // Refuses (a usage error, message printed) a sweep of more points than a plot draws, or of more than
  // two varied inputs; meant for Sweep::prepare, before anything is evaluated.
  static std::optional<int> refuse(const std::vector<VarySpec>& varied, CliStreams& io);
  // Reads --y (default: the first numeric output) and checks that the sweep can be drawn; returns an
  // exit status (message printed) when it cannot.
  std::optional<int> setup(Sweep& sweep, const Options& o, CliStreams& io);
  void add(std::size_t index, const std::vector<SweepCell>& cells, const std::string& error);
  // Builds the chart in display units, or returns an exit status when it cannot be drawn.
  std::optional<int> chart(Sweep& sweep, const Options& o, CliStreams& io, LineChart& out) const;

 private:
  std::vector<std::size_t> y_columns_;
  std::size_t x_count_ = 0, series_count_ = 1;
  std::vector<std::vector<double>> y_;  // per y column and series value: one value per x, NaN: none
  std::size_t failed_ = 0;
  std::string first_error_;
};

// Writes `chart` to `path` ("-": standard output); returns an exit status when the file cannot be written.
int write_chart(const LineChart& chart, const std::string& path, CliStreams& io);

}  // namespace mlsi
