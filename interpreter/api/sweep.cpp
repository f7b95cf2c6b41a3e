// Sweeps of the public API: session/sweep.hpp's Sweep (what `mlsi sweep` runs), its points passed to the
// caller's callback as public cells, until the callback says stop.
#include "mlsi/session.hpp"

#include "api/detail.hpp"
#include "session/sweep.hpp"

namespace mlsi::api {

namespace {

std::vector<SweepColumn> columns_of(mlsi::Sweep& sweep) {
  std::vector<SweepColumn> columns;
  for (std::size_t c = 0; c < sweep.column_names().size(); ++c) {
    bool quantity = sweep.column_type(c).scalar().is_quantity();
    columns.push_back(SweepColumn{sweep.column_names()[c], quantity ? sweep.column_units()[c].text : "", c < sweep.varied().size()});
  }
  return columns;
}

SweepCell public_cell(const mlsi::SweepCell& cell, double factor) {
  SweepCell out;
  switch (cell.kind) {
    case mlsi::SweepCell::kNumber:
      out.kind = SweepCell::Kind::number;
      out.si = cell.number;
      out.number = detail::display_number(cell.number, factor);
      break;
    case mlsi::SweepCell::kBool:
      out.kind = SweepCell::Kind::boolean;
      out.boolean = cell.number != 0;
      break;
    case mlsi::SweepCell::kText:
      out.kind = SweepCell::Kind::text;
      out.text = cell.text;
      break;
  }
  return out;
}

}  // namespace

SweepResult Session::sweep(const SweepRequest& request, const SweepCallback& callback) const {
  mlsi::SweepRequest internal;
  // A scenario of the session's files asked for by name is looked up in a session of its own first.
  std::shared_ptr<mlsi::Session> loaded;
  if (request.run.file.empty() && !options_.files.empty()) loaded = detail::open_session(options_);
  internal.run = detail::internal_request(loaded.get(), request.run);
  loaded.reset();
  for (const auto& v : request.vary) internal.varies.push_back(VaryRequest{v, VaryOptions{}});
  internal.where = request.where;
  internal.max_points = options_.limits.max_sweep_points;
  internal.limits = detail::evaluation_limits(options_.limits);
  internal.session_options = detail::session_options(options_);
  auto sweep = std::make_shared<mlsi::Sweep>(std::move(internal));
  // The session the diagnostics point into is the sweep's own: they keep the whole sweep alive.
  std::shared_ptr<mlsi::Session> session(sweep, &sweep->session());
  for (const auto& file : options_.files) session->load_file(file);

  SweepResult result;
  Outcome outcome = sweep->prepare();
  result.diagnostics = detail::outcome_diagnostics(session, sweep->warnings(), outcome);
  if (!outcome.ok()) return result;
  result.ok = true;
  result.total = sweep->total();
  result.columns = columns_of(*sweep);
  std::vector<double> factors;
  for (const auto& u : sweep->column_units()) factors.push_back(u.factor);

  SweepPoint point;
  // Sweep::run looks at `stopped` between blocks of points: the points after a stop are dropped here.
  sweep->run(1, 1, [&](std::size_t index, const std::vector<mlsi::SweepCell>& cells, const std::string& error) {
    if (result.stopped) return;
    point.index = index;
    point.error = error;
    point.cells.clear();
    for (std::size_t c = 0; c < factors.size(); ++c) point.cells.push_back(public_cell(cells[c], factors[c]));
    ++result.passed;
    if (!callback(result.columns, point)) result.stopped = true;
  }, [&] { return result.stopped; });
  return result;
}

}  // namespace mlsi::api
