#include "commands/plot_command.hpp"

#include <fmt/format.h>

#include "base/activity.hpp"
#include "commands/run_setup.hpp"

namespace mlsi {

namespace {

// Writes `chart` to `path` ("-": standard output); returns an exit status when the file cannot be written.
int write_chart(const LineChart& chart, const std::string& path, Sink& io) {
  Activity activity("plotting");
  std::string svg = render_svg(chart);
  if (path == "-") {
    io.out << svg;
    return kExitOk;
  }
  return write_named_file(io, path, svg);
}

}  // namespace

PlotRequest plot_request(const VerbRequest& o) { return PlotRequest{o.plot_y, o.log_x, o.log_y}; }

int draw_plot(Sweep& sweep, const SweepPlot& plot, const PlotRequest& request, const std::string& path, Sink& io) {
  LineChart chart;
  if (Outcome drawn = plot.chart(sweep, request, chart); !drawn.ok()) return report_failure(sweep.session(), drawn, io);
  if (std::string gaps = plot.gaps(sweep); !gaps.empty()) io.err << "warning: " << gaps << "\n";
  return write_chart(chart, path, io);
}

int run_plot(const VerbRequest& o, Sink& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi plot` takes one FILE or scenario NAME");
  if (o.plot_x.empty()) return usage(io, "`mlsi plot` needs --x INPUT=VALUES, such as --x batch=1..64 or --x \"seq_len=1024..65536 *2\"");
  Sweep sweep(sweep_request(o, plot_varies(o.plot_x, o.plot_series, o.log_x)));
  Outcome prepared = sweep.prepare(&SweepPlot::refuse);
  show_diagnostics(sweep.session(), sweep.warnings(), io);
  if (!prepared.ok()) return report_failure(sweep.session(), prepared, io);
  SweepPlot plot;
  if (Outcome ready = plot.setup(sweep, plot_request(o)); !ready.ok()) return report_failure(sweep.session(), ready, io);
  sweep.run(1, 1, [&](std::size_t index, const std::vector<PointCell>& cells, const std::string& error) { plot.add(index, cells, error); });
  return draw_plot(sweep, plot, plot_request(o), o.output.empty() ? "-" : o.output, io);
}

}  // namespace mlsi
