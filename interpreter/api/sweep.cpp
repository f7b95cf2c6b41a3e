// Sweeps of the public API: sweep/sweep.hpp's Sweep (what `mlsi sweep` runs), its points passed to the
// caller's callback as public cells until the callback says stop, or gathered into columns.
#include "mlsi/session.hpp"

#include <fmt/format.h>

#include <cmath>
#include <sstream>

#include "api/detail.hpp"
#include "base/call_budget.hpp"
#include "report/sweep_rows.hpp"
#include "sweep/sweep.hpp"

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

SweepCell public_cell(const mlsi::PointCell& cell, double factor) {
  SweepCell out;
  switch (cell.kind) {
    case mlsi::PointCell::kNumber:
      out.kind = SweepCell::Kind::number;
      out.si = cell.number;
      out.number = detail::display_number(cell.number, factor);
      break;
    case mlsi::PointCell::kBool:
      out.kind = SweepCell::Kind::boolean;
      out.boolean = cell.number != 0;
      break;
    case mlsi::PointCell::kText:
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
  mlsi::SweepTask internal;
  // A scenario of the session's files asked for by name is looked up in a session of its own first.
  std::shared_ptr<mlsi::ProgramSession> loaded;
  if (request.run.file.empty() && !options.files.empty()) loaded = detail::open_session(options);
  internal.run = detail::internal_request(loaded.get(), request.run);
  loaded.reset();
  for (const auto& v : request.vary) internal.varies.push_back(VaryRequest{v, VaryOptions{request.vary_origin}});
  internal.where = request.where;
  internal.where_origin = request.where_origin;
  internal.limits = detail::evaluation_limits(options);
  internal.session_options = detail::session_options(options);
  StartedSweep started;
  started.sweep = std::make_shared<mlsi::Sweep>(std::move(internal));
  // The session the diagnostics point into is the sweep's own: they keep the whole sweep alive.
  std::shared_ptr<mlsi::ProgramSession> session(started.sweep, &started.sweep->session());
  for (const auto& file : options.files) session->load_file(file);
  Outcome outcome;
  try {
    outcome = started.sweep->prepare();
  } catch (const CallStopped& e) {  // the call's bound, or its hook, in the run that stands for the sweep
    session->diagnostics().add(e.diag);
    outcome = Outcome{Failure::evaluation, ""};
  }
  if (outcome.ok() && (request.shard_k < 1 || request.shard_k > request.shard_n))
    outcome = Outcome{Failure::usage, fmt::format("a shard K/N needs 1 <= K <= N; given {}/{}", request.shard_k, request.shard_n)};
  started.diagnostics = detail::outcome_diagnostics(session, started.sweep->warnings(), outcome);
  started.ok = outcome.ok();
  return started;
}

// The diagnostics of a sweep the call's bound stopped: the preparation's (warnings), then its error.
Diagnostics stopped_sweep(const StartedSweep& started, const CallStopped& e) {
  std::shared_ptr<mlsi::ProgramSession> session(started.sweep, &started.sweep->session());
  std::vector<mlsi::Diagnostic> list(started.sweep->warnings().list().begin(), started.sweep->warnings().list().end());
  list.push_back(e.diag);
  return detail::diagnostics_of(session, std::move(list));
}

SweepCell::Kind column_kind(mlsi::Sweep& sweep, std::size_t c) {
  const Type& t = sweep.column_type(c);
  if (t.is_quantity()) return SweepCell::Kind::number;
  if (t.is_bool()) return SweepCell::Kind::boolean;
  return SweepCell::Kind::text;
}

// What a text column's values are converted with: the program, and each column's type and unit.
struct ColumnTypes {
  const Program& program;
  std::vector<Type> types;
  const std::vector<DisplayUnit>& units;
};

// The points of one chunk as columns, as SweepTable holds them.
class TableChunk final : public mlsi::Sweep::Chunk {
 public:
  TableChunk(const std::vector<SweepCell::Kind>& kinds, const ColumnTypes& types) : columns_(kinds.size()), types_(types) {
    for (std::size_t c = 0; c < kinds.size(); ++c) columns_[c].kind = kinds[c];
  }

  void point(std::size_t index, const std::vector<mlsi::PointCell>& cells, const std::string& error) override {
    if (!error.empty()) errors_.emplace_back(index_.size(), error);
    index_.push_back(index);
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      SweepTableColumn& column = columns_[c];
      const mlsi::PointCell& cell = cells[c];
      switch (column.kind) {
        case SweepCell::Kind::number: column.si.push_back(cell.kind == mlsi::PointCell::kNumber ? cell.number : std::nan("")); break;
        case SweepCell::Kind::boolean: column.flags.push_back(cell.kind == mlsi::PointCell::kBool && cell.number != 0); break;
        case SweepCell::Kind::text:
          column.texts.push_back(cell.kind == mlsi::PointCell::kText ? cell.text : std::string());
          if (cell.kind == mlsi::PointCell::kText && cell.value)
            column.values.push_back(detail::public_value(types_.program, *cell.value, types_.types[c], types_.units[c]));
          else
            column.values.emplace_back();
          break;
      }
    }
  }

  // Appends the chunk's rows to `table` and empties the chunk.
  void append_to(SweepTable& table) {
    for (auto& [row, message] : errors_) table.errors.emplace_back(table.rows + row, std::move(message));
    table.index.insert(table.index.end(), index_.begin(), index_.end());
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      SweepTableColumn& to = table.columns[c];
      SweepTableColumn& from = columns_[c];
      to.si.insert(to.si.end(), from.si.begin(), from.si.end());
      to.flags.insert(to.flags.end(), from.flags.begin(), from.flags.end());
      to.texts.insert(to.texts.end(), std::make_move_iterator(from.texts.begin()), std::make_move_iterator(from.texts.end()));
      to.values.insert(to.values.end(), std::make_move_iterator(from.values.begin()), std::make_move_iterator(from.values.end()));
      from.si.clear();
      from.flags.clear();
      from.texts.clear();
      from.values.clear();
    }
    table.rows += index_.size();
    index_.clear();
    errors_.clear();
  }

 private:
  std::vector<SweepTableColumn> columns_;
  std::vector<std::uint64_t> index_;
  std::vector<std::pair<std::uint64_t, std::string>> errors_;
  const ColumnTypes& types_;
};

}  // namespace

SweepResult Session::sweep(const SweepRequest& request, const SweepCallback& callback) const {
  CallBudget budget(options_.limits.max_total_steps);
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
  try {
    sweep.run(request.shard_k, request.shard_n, [&](std::size_t index, const std::vector<mlsi::PointCell>& cells, const std::string& error) {
      if (result.stopped) return;
      point.index = index;
      point.error = error;
      point.cells.clear();
      for (std::size_t c = 0; c < factors.size(); ++c) point.cells.push_back(public_cell(cells[c], factors[c]));
      ++result.passed;
      if (!callback(result.columns, point)) result.stopped = true;
    }, [&] { return result.stopped; });
  } catch (const CallStopped& e) {
    result.ok = false;
    result.diagnostics = stopped_sweep(started, e);
  }
  return result;
}

SweepTable Session::sweep_table(const SweepRequest& request) const {
  CallBudget budget(options_.limits.max_total_steps);
  StartedSweep started = start(options_, request);
  SweepTable table;
  table.diagnostics = started.diagnostics;
  if (!started.ok) return table;
  mlsi::Sweep& sweep = *started.sweep;
  table.ok = true;
  table.total = sweep.total();
  std::vector<SweepColumn> columns = columns_of(sweep);
  for (std::size_t c = 0; c < columns.size(); ++c) table.columns.push_back(SweepTableColumn{std::move(columns[c]), column_kind(sweep, c), {}, {}, {}, {}});
  // Without a `where` every point is kept: the columns are sized once.
  if (request.where.empty() && request.shard_k >= 1 && request.shard_k <= request.shard_n) {
    auto range = sweep.shard_range(request.shard_k, request.shard_n);
    std::uint64_t rows = range.last - range.first;
    if (rows <= (std::uint64_t{1} << 32)) {
      table.index.reserve(rows);
      for (auto& column : table.columns)
        if (column.kind == SweepCell::Kind::number) column.si.reserve(rows);
    }
  }
  // Each chunk of points is gathered into columns of its own on the thread that computes it, then
  // appended to the table's in point order.
  std::vector<SweepCell::Kind> kinds;
  for (const auto& column : table.columns) kinds.push_back(column.kind);
  mlsi::Sweep::Parallel how;
  how.shard_k = request.shard_k;
  how.shard_n = request.shard_n;
  how.jobs = request.jobs;
  ColumnTypes types{sweep.program(), {}, sweep.column_units()};
  for (std::size_t c = 0; c < kinds.size(); ++c) types.types.push_back(sweep.column_type(c));
  how.make_chunk = [&] { return std::make_unique<TableChunk>(kinds, types); };
  how.take = [&](mlsi::Sweep::Chunk& c) {
    static_cast<TableChunk&>(c).append_to(table);
    return true;
  };
  try {
    sweep.run(how);
  } catch (const CallStopped& e) {
    SweepTable stopped;
    stopped.diagnostics = stopped_sweep(started, e);
    return stopped;
  }
  return table;
}

Document Session::sweep_document(const SweepRequest& request) const {
  CallBudget budget(options_.limits.max_total_steps);
  StartedSweep started = start(options_, request);
  Document d;
  d.diagnostics = started.diagnostics;
  if (!started.ok) return d;
  std::ostringstream out;
  SweepRowWriter writer(out, Format::json, *started.sweep);
  try {
    started.sweep->run(1, 1, [&](std::size_t, const std::vector<mlsi::PointCell>& cells, const std::string& error) { writer.row(cells, error); });
  } catch (const CallStopped& e) {
    d.diagnostics = stopped_sweep(started, e);
    return d;
  }
  writer.finish();
  d.ok = true;
  d.text = std::move(out).str();
  return d;
}

}  // namespace mlsi::api
