// Sweeps of the public API: session/sweep.hpp's Sweep (what `mlsi sweep` runs), its points passed to the
// caller's callback as public cells until the callback says stop, or gathered into columns.
#include "mlsi/session.hpp"

#include <cmath>
#include <sstream>

#include "api/detail.hpp"
#include "report/sweep_rows.hpp"
#include "session/sweep.hpp"

namespace mlsi::api {

namespace {

std::vector<SweepColumn> columns_of(mlsi::Sweep& sweep) {
  std::vector<SweepColumn> columns;
  const Program& p = sweep.program();
  for (std::size_t c = 0; c < sweep.column_names().size(); ++c) {
    const Type& type = sweep.column_type(c).scalar();
    bool quantity = type.is_quantity();
    SweepColumn column;
    column.name = sweep.column_names()[c];
    column.unit = quantity ? sweep.column_units()[c].text : "";
    column.varied = c < sweep.varied().size();
    if (quantity) {
      column.dimension = p.dims.format(type.dim);
      column.si_unit = p.units.si_text(type.dim);
      if (column.si_unit == "1") column.si_unit.clear();
      column.factor = sweep.column_units()[c].factor;
    }
    columns.push_back(std::move(column));
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

// The sweep `request` asks for, prepared in a session of its own; `diagnostics` and `ok` say how that went.
struct StartedSweep {
  std::shared_ptr<mlsi::Sweep> sweep;
  bool ok = false;
  Diagnostics diagnostics;
};

StartedSweep start(const SessionOptions& options, const SweepRequest& request) {
  mlsi::SweepRequest internal;
  // A scenario of the session's files asked for by name is looked up in a session of its own first.
  std::shared_ptr<mlsi::Session> loaded;
  if (request.run.file.empty() && !options.files.empty()) loaded = detail::open_session(options);
  internal.run = detail::internal_request(loaded.get(), request.run);
  loaded.reset();
  for (const auto& v : request.vary) internal.varies.push_back(VaryRequest{v, VaryOptions{}});
  internal.where = request.where;
  internal.max_points = options.limits.max_sweep_points;
  internal.limits = detail::evaluation_limits(options.limits);
  internal.session_options = detail::session_options(options);
  StartedSweep started;
  started.sweep = std::make_shared<mlsi::Sweep>(std::move(internal));
  // The session the diagnostics point into is the sweep's own: they keep the whole sweep alive.
  std::shared_ptr<mlsi::Session> session(started.sweep, &started.sweep->session());
  for (const auto& file : options.files) session->load_file(file);
  Outcome outcome = started.sweep->prepare();
  started.diagnostics = detail::outcome_diagnostics(session, started.sweep->warnings(), outcome);
  started.ok = outcome.ok();
  return started;
}

SweepCell::Kind column_kind(mlsi::Sweep& sweep, std::size_t c) {
  const Type& t = sweep.column_type(c);
  if (t.is_quantity()) return SweepCell::Kind::number;
  if (t.is_bool()) return SweepCell::Kind::boolean;
  return SweepCell::Kind::text;
}

}  // namespace

SweepResult Session::sweep(const SweepRequest& request, const SweepCallback& callback) const {
  StartedSweep started = start(options_, request);
  SweepResult result;
  result.diagnostics = started.diagnostics;
  if (!started.ok) return result;
  mlsi::Sweep& sweep = *started.sweep;
  result.ok = true;
  result.total = sweep.total();
  result.columns = columns_of(sweep);
  std::vector<double> factors;
  for (const auto& u : sweep.column_units()) factors.push_back(u.factor);

  SweepPoint point;
  // Sweep::run looks at `stopped` between blocks of points: the points after a stop are dropped here.
  sweep.run(1, 1, [&](std::size_t index, const std::vector<mlsi::SweepCell>& cells, const std::string& error) {
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

SweepTable Session::sweep_table(const SweepRequest& request) const {
  StartedSweep started = start(options_, request);
  SweepTable table;
  table.diagnostics = started.diagnostics;
  if (!started.ok) return table;
  mlsi::Sweep& sweep = *started.sweep;
  table.ok = true;
  table.total = sweep.total();
  std::vector<SweepColumn> columns = columns_of(sweep);
  for (std::size_t c = 0; c < columns.size(); ++c) table.columns.push_back(SweepTableColumn{std::move(columns[c]), column_kind(sweep, c), {}, {}, {}});
  // Without a `where` every point is kept: the columns are sized once.
  if (request.where.empty() && table.total <= (std::uint64_t{1} << 32)) {
    table.index.reserve(table.total);
    for (auto& column : table.columns)
      if (column.kind == SweepCell::Kind::number) column.si.reserve(table.total);
  }
  sweep.run(1, 1, [&](std::size_t index, const std::vector<mlsi::SweepCell>& cells, const std::string& error) {
    if (!error.empty()) table.errors.emplace_back(table.rows, error);
    table.index.push_back(index);
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      SweepTableColumn& column = table.columns[c];
      const mlsi::SweepCell& cell = cells[c];
      switch (column.kind) {
        case SweepCell::Kind::number: column.si.push_back(cell.kind == mlsi::SweepCell::kNumber ? cell.number : std::nan("")); break;
        case SweepCell::Kind::boolean: column.flags.push_back(cell.kind == mlsi::SweepCell::kBool && cell.number != 0); break;
        case SweepCell::Kind::text: column.texts.push_back(cell.kind == mlsi::SweepCell::kText ? cell.text : std::string()); break;
      }
    }
    ++table.rows;
  });
  return table;
}

Document Session::sweep_document(const SweepRequest& request) const {
  StartedSweep started = start(options_, request);
  Document d;
  d.diagnostics = started.diagnostics;
  if (!started.ok) return d;
  std::ostringstream out;
  SweepRowWriter writer(out, Format::json, *started.sweep);
  started.sweep->run(1, 1, [&](std::size_t, const std::vector<mlsi::SweepCell>& cells, const std::string& error) { writer.row(cells, error); });
  writer.finish();
  d.ok = true;
  d.text = std::move(out).str();
  return d;
}

}  // namespace mlsi::api
