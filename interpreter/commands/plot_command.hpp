#pragma once
// `mlsi plot` and the chart of `mlsi sweep --plot`: a sweep drawn as an SVG line chart
// (plot/sweep_plot.hpp gathers the points), written to a file or standard output.
#include <string>

#include "commands/verbs.hpp"
#include "sweep/sweep.hpp"
#include "plot/sweep_plot.hpp"

namespace mlsi {

// The plot that --y, --log-x and --log-y ask for.
PlotRequest plot_request(const VerbRequest& o);

// Builds the chart of a sweep whose points `plot` has gathered and writes it to `path` ("-": standard
// output); returns the exit status (problems printed).
int draw_plot(Sweep& sweep, const SweepPlot& plot, const PlotRequest& request, const std::string& path, Sink& io);

}  // namespace mlsi
