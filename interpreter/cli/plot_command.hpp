#pragma once
// `mlsi plot` and the chart of `mlsi sweep --plot`: a sweep drawn as an SVG line chart
// (plot/sweep_plot.hpp gathers the points), written to a file or standard output.
#include <string>

#include "cli/cli_options.hpp"
#include "plot/sweep_plot.hpp"

namespace mlsi {

int cmd_plot(const Options& o, CliStreams& io);

// The plot that --y, --log-x and --log-y ask for.
PlotRequest plot_request(const Options& o);

// Builds the chart of a sweep whose points `plot` has gathered and writes it to `path` ("-": standard
// output); returns the exit status (problems printed).
int draw_plot(Sweep& sweep, const SweepPlot& plot, const PlotRequest& request, const std::string& path, CliStreams& io);

}  // namespace mlsi
