// `mlsi sweep`: a scenario over the cartesian product of varied inputs, one row per point, streamed
// (with --plot FILE.svg also drawn as a chart, see plot_command.hpp).
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include "base/whole_number.hpp"
#include "commands/plot_command.hpp"
#include "commands/run_setup.hpp"
#include "report/sweep_rows.hpp"

namespace mlsi {

namespace {

// A chunk of a parallel sweep's points: their rows formatted on the thread that computed them, and,
// for a chart, the points themselves (a chart has few: SweepPlot::refuse). Runs of plain points are
// written as rows straight from the compiled program's registers, when the format can.
class RowsChunk final : public Sweep::Chunk {
 public:
  RowsChunk(const SweepRowFormat& format, bool keep_points) : format_(format), keep_points_(keep_points) {}
  void point(std::size_t index, const std::vector<PointCell>& cells, const std::string& error) override {
    line_.clear();
    format_.row(line_, cells, error);
    rows.append(line_);
    if (keep_points_) points.push_back({index, cells, error});
  }
  bool takes_runs() const override { return !keep_points_ && format_.writes_runs(); }
  void plain_points(const Sweep::PointRun& run) override { format_.rows(rows, run); }
  struct Point {
    std::size_t index;
    std::vector<PointCell> cells;
    std::string error;
  };
  RowBuffer rows;
  std::vector<Point> points;

 private:
  const SweepRowFormat& format_;
  bool keep_points_;
  std::string line_;  // one row of point()'s
};

}  // namespace

int run_sweep(const VerbRequest& o, Sink& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi sweep` takes one FILE or scenario NAME");
  if (o.varies.empty()) return usage(io, "`mlsi sweep` needs at least one --vary INPUT=VALUES");
  std::uint64_t shard_k = 1, shard_n = 1;
  if (!o.shard.empty()) {
    // K and N in decimal digits only: `1/1e3`, `1.5/3` or `2/3abc` must not be read as some other shard.
    auto slash = o.shard.find('/');
    WholeNumber k = parse_whole(std::string_view(o.shard).substr(0, slash), kMaxSweepPointsCap, "K");
    WholeNumber n = slash == std::string::npos ? WholeNumber{0, "no `/`"} : parse_whole(std::string_view(o.shard).substr(slash + 1), kMaxSweepPointsCap, "N");
    if (!k.error.empty() || !n.error.empty() || k.value > n.value)
      return usage(io, fmt::format("--shard needs K/N, two whole numbers in decimal digits with 1 <= K <= N <= {}, such as 2/8; given `{}`",
                                   kMaxSweepPointsCap, o.shard));
    shard_k = k.value;
    shard_n = n.value;
  }
  if (o.plot_file.empty() && (!o.plot_y.empty() || o.log_x || o.log_y))
    return usage(io, "--y, --log-x and --log-y choose what `mlsi sweep --plot FILE.svg` draws; add --plot");
  std::vector<VaryRequest> varies;
  // A range alone reads as on `mlsi plot --x`: evenly spaced points, geometric on the x axis of --log-x.
  for (std::size_t i = 0; i < o.varies.size(); ++i) varies.push_back({o.varies[i], VaryOptions{{}, kRangePoints, o.log_x && i == 0}});
  Sweep sweep(sweep_request(o, std::move(varies)));
  Sweep::VariedCheck refuse_plot;
  if (!o.plot_file.empty()) refuse_plot = &SweepPlot::refuse;
  Outcome prepared = sweep.prepare(refuse_plot);
  show_diagnostics(sweep.session(), sweep.warnings(), io);
  if (!prepared.ok()) return report_failure(sweep.session(), prepared, io);
  std::optional<SweepPlot> plot;
  if (!o.plot_file.empty()) {
    plot.emplace();
    if (Outcome ready = plot->setup(sweep, plot_request(o)); !ready.ok()) return report_failure(sweep.session(), ready, io);
  }

  // The rows of each chunk are formatted where its points are computed, and written here in point
  // order: the output is the same whatever the threads.
  SweepRowWriter writer(io.out, o.format, sweep);
  Sweep::Parallel how;
  how.shard_k = shard_k;
  how.shard_n = shard_n;
  how.jobs = o.jobs;
  how.make_chunk = [&] { return std::make_unique<RowsChunk>(writer.format(), plot.has_value()); };
  how.take = [&](Sweep::Chunk& c) {
    auto& chunk = static_cast<RowsChunk&>(c);
    writer.rows(chunk.rows.view());
    chunk.rows.clear();
    for (const auto& p : chunk.points) plot->add(p.index, p.cells, p.error);
    chunk.points.clear();
    return static_cast<bool>(io.out);  // a failed output (a full disk, a closed pipe) ends the sweep
  };
  sweep.run(how);
  writer.finish();
  if (!plot) return kExitOk;
  return draw_plot(sweep, *plot, plot_request(o), o.plot_file, io);
}

}  // namespace mlsi
