// Running a prepared sweep: its points computed block by block by the compiled program (or point by
// point), on one thread or several, and passed on in point order. A sweep of millions of points spends
// here what it does not spend formatting numbers, so what can be is decided once per chunk (which cell
// takes which register, which columns can overflow and from what magnitude) or per block (which points
// are plain), and plain points go to a chunk that takes them in runs, with no cells and no call each.
#include <algorithm>
#include <cmath>

#include "base/activity.hpp"
#include "base/in_order.hpp"
#include "model/display.hpp"
#include "sweep/sweep.hpp"

namespace mlsi {

namespace {

// The error of a point that has none, passed by reference with every row.
const std::string kNoError;

}  // namespace

bool Sweep::showable(const std::vector<PointCell>& cells) const {
  // Every value computed is finite (the evaluator and the compiled program see to it), and a finite value
  // divided by a factor of 1 or more stays finite.
  for (const SmallUnit& s : small_units_) {
    const PointCell& c = cells[s.column];
    if (c.kind == PointCell::kNumber && !(std::fabs(c.number) <= s.limit)) return false;
  }
  return true;
}

void Sweep::emit(std::size_t index, std::vector<PointCell>& cells, Chunk& out) {
  if (showable(cells)) {
    out.point(index, cells, kNoError);
    return;
  }
  std::string error = unshowable(cells);
  if (!error.empty())
    for (std::size_t k = varies_.size(); k < cells.size(); ++k) cells[k].set_text("");
  out.point(index, cells, error);
}

// Outputs the compiled program does not compute (lists, records, text) are the base point's, formatted once.
struct Sweep::Constants {
  std::vector<std::string> cells;
  std::vector<Value> values;
  std::vector<std::vector<double>> numbers;
  // Per output, how the compiled program gives it: its register (UINT32_MAX: a constant cell), a Bool.
  std::vector<std::uint32_t> registers;
  std::vector<char> is_bool;
};

Sweep::Constants Sweep::constants() {
  Constants k;
  if (!program_) return k;
  const Program& p = session_.program();
  const Scenario& sc = scenario();
  k.cells.resize(sc.outputs.size());
  k.values.resize(sc.outputs.size());
  k.numbers.resize(sc.outputs.size());
  for (std::size_t o = 0; o < sc.outputs.size(); ++o) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(sc.outputs[o])];
    if (sl.type.is_quantity() || sl.type.is_bool()) continue;
    k.values[o] = base_->slots[static_cast<std::size_t>(sc.outputs[o])];
    k.cells[o] = format_value(k.values[o], sl.type, units_[varies_.size() + o], p);
    k.numbers[o] = list_numbers(k.values[o], sl.type);
  }
  for (std::size_t o = 0; o < sc.outputs.size(); ++o) {
    std::uint32_t reg = program_->slot_register[static_cast<std::size_t>(sc.outputs[o])];
    k.registers.push_back(k.cells[o].empty() ? reg : UINT32_MAX);
    k.is_bool.push_back(sc.slots[static_cast<std::size_t>(sc.outputs[o])].type.is_bool() ? 1 : 0);
  }
  return k;
}

// One thread's own: a copy of the compiled program (its registers), the varied inputs of a block, the cells.
struct Sweep::Worker {
  // A cell of a compiled point and the block's column it is read from: a varied input, a measure or an
  // output, a number or a Bool.
  struct Fill {
    std::size_t cell;
    CellColumn column;
  };
  // A column whose unit is smaller than the SI one, and the largest magnitude it shows.
  struct Limit {
    const double* values;
    double limit;
  };

  std::optional<SweepProgram> program;
  std::vector<std::vector<double>> columns;
  std::vector<const double*> column_ptrs;
  std::vector<PointCell> cells;
  std::vector<std::size_t> digits;  // the next point's position in each varied input's values
  // The cells a compiled point fills from columns: the first `before_outputs` are its varied inputs and
  // measures, the rest its outputs; `constant` its constant outputs.
  std::vector<Fill> fills;
  std::size_t before_outputs = 0;
  std::vector<std::size_t> constant;
  // For runs of plain points: every column's source, in column order, and the columns that can overflow.
  std::vector<CellColumn> run_columns;
  std::vector<Limit> limits;
  std::vector<std::uint8_t> plain;  // per point of the block: whether it is plain

  Worker(const std::optional<SweepProgram>& compiled, std::size_t varied, std::size_t cell_count)
      : program(compiled), columns(varied, std::vector<double>(SweepProgram::kBlock)), cells(cell_count), plain(SweepProgram::kBlock) {
    for (auto& c : columns) column_ptrs.push_back(c.data());
  }
};

Sweep::Range Sweep::shard_range(std::size_t shard_k, std::size_t shard_n) const {
  // Block k (from 0) starts after k blocks of `size` points and min(k, larger) extra points: no product
  // that could overflow.
  std::size_t size = total_ / shard_n, larger = total_ % shard_n;
  auto start = [&](std::size_t k) { return k * size + std::min(k, larger); };
  return Range{start(shard_k - 1), start(shard_k)};
}

namespace {

// The varied inputs of the next `n` points into `columns`, counted on from `digit` like an odometer (the
// last input fastest): no division per point, and each run of points along the last input, the others
// fixed, written in one loop.
void fill_inputs(const std::vector<VarySpec>& varies, std::vector<std::size_t>& digit, std::vector<std::vector<double>>& columns, std::size_t n) {
  if (varies.empty()) return;
  const std::size_t fast = varies.size() - 1;
  const AxisValues& axis = varies[fast].values;
  for (std::size_t k = 0; k < n;) {
    const std::size_t from = digit[fast], run = std::min(n - k, axis.size() - from);
    for (std::size_t v = 0; v < fast; ++v) std::fill_n(columns[v].data() + k, run, varies[v].values[digit[v]]);
    double* column = columns[fast].data() + k;
    for (std::size_t j = 0; j < run; ++j) column[j] = axis[from + j];
    k += run;
    digit[fast] += run;
    for (std::size_t v = fast; v > 0 && digit[v] == varies[v].values.size(); --v) {
      digit[v] = 0;
      ++digit[v - 1];
    }
  }
}

}  // namespace

// Which of the block's `n` points are plain (Sweep::PointRun): computed, kept by --where (`where`, if
// any), every number within its column's limit. Column by column, in loops without a branch per point.
void Sweep::mark_plain(const double* where, std::size_t n, Worker& w) {
  std::uint8_t* plain = w.plain.data();
  for (std::size_t k = 0; k < n; ++k) plain[k] = w.program->ok(k) ? 1 : 0;
  if (where)
    for (std::size_t k = 0; k < n; ++k) plain[k] &= where[k] != 0 ? 1 : 0;
  for (const Worker::Limit& l : w.limits)
    for (std::size_t k = 0; k < n; ++k) plain[k] &= std::fabs(l.values[k]) <= l.limit ? 1 : 0;
}

bool Sweep::assign_columns(const Constants& constant, Worker& w, bool takes_runs) {
  const SweepProgram& program = *w.program;
  const std::size_t varied = varies_.size();
  w.fills.clear();
  w.constant.clear();
  for (std::size_t v = 0; v < varied; ++v) w.fills.push_back({v, {w.columns[v].data(), false}});
  const std::size_t measure_base = where_ ? 1 : 0;
  for (std::size_t m = 0; m < measures_.size(); ++m)
    w.fills.push_back({names_.size() + m, {program.column(program.extra_register[measure_base + m]), measures_[m].type.is_bool()}});
  w.before_outputs = w.fills.size();
  for (std::size_t o = 0; o < constant.registers.size(); ++o) {
    if (constant.registers[o] == UINT32_MAX) w.constant.push_back(o);
    else w.fills.push_back({varied + o, {program.column(constant.registers[o]), constant.is_bool[o] != 0}});
  }
  // Runs need every cell a column of the block: the fills are then the columns, in order.
  w.run_columns.clear();
  w.limits.clear();
  if (!takes_runs || !measures_.empty() || !w.constant.empty() || request_.measures_only) return false;
  for (const Worker::Fill& f : w.fills) w.run_columns.push_back(f.column);
  for (const SmallUnit& s : small_units_)
    if (!w.run_columns[s.column].boolean) w.limits.push_back({w.run_columns[s.column].values, s.limit});
  return true;
}

void Sweep::compute(std::size_t first, std::size_t last, const Constants& constant, Worker& w, Chunk& out) {
  std::vector<PointCell>& cells = w.cells;
  if (!w.program) {
    for (std::size_t i = first; i < last; ++i) slow_point(i, cells, out);
    return;
  }
  // The compiled program counts no steps: a block of its points is where the call may be cancelled.
  if (CallBudget* budget = CallBudget::current(); budget && budget->poll() == CallBudget::Stop::cancelled) {
    CallStopped stopped;
    stopped.diag.message = "evaluation cancelled";
    stopped.diag.category = Category::evaluation;
    stopped.rendered = "error: evaluation cancelled\n";
    throw stopped;
  }
  SweepProgram& program = *w.program;
  const std::size_t varied = varies_.size();
  const bool runs = assign_columns(constant, w, out.takes_runs());
  const Worker::Fill* fills = w.fills.data();
  const std::size_t fill_count = request_.measures_only ? w.before_outputs : w.fills.size();
  const double* where = where_ ? program.column(program.extra_register[0]) : nullptr;

  // The position of point `first` in each varied input's values; fill_inputs counts on from it.
  std::vector<std::size_t>& digit = w.digits;
  digit.assign(varied, 0);
  for (std::size_t v = varied, index = first; v-- > 0;) {
    digit[v] = index % varies_[v].values.size();
    index /= varies_[v].values.size();
  }
  constexpr std::size_t B = SweepProgram::kBlock;
  for (std::size_t start = first; start < last; start += B) {
    const std::size_t n = std::min(B, last - start);
    fill_inputs(varies_, digit, w.columns, n);
    program.run(w.column_ptrs, n);
    if (runs) mark_plain(where, n, w);
    // Points [from, k) of the block are a run of plain points not yet passed on.
    std::size_t from = 0;
    auto pass_run = [&](std::size_t k) {
      if (k > from) out.plain_points(PointRun{start + from, k - from, from, w.run_columns.data()});
      from = k + 1;
    };
    for (std::size_t k = 0; k < n; ++k) {
      if (runs && w.plain[k]) continue;
      pass_run(k);
      if (!program.ok(k)) {
        slow_point(start + k, cells, out);
        continue;
      }
      if (where && where[k] == 0) continue;
      for (std::size_t f = 0; f < fill_count; ++f) {
        double x = fills[f].column.values[k];
        if (fills[f].column.boolean) cells[fills[f].cell].set_bool(x != 0);
        else cells[fills[f].cell].set(x);
      }
      if (request_.measures_only) {
        out.point(start + k, cells, kNoError);
        continue;
      }
      for (std::size_t o : w.constant) cells[varied + o].set_value(constant.cells[o], constant.values[o], constant.numbers[o]);
      emit(start + k, cells, out);
    }
    pass_run(n);
  }
}

namespace {

// run()'s callback as a chunk: each point passed straight on.
class CallbackChunk final : public Sweep::Chunk {
 public:
  explicit CallbackChunk(const Sweep::PointFn& point) : point_(point) {}
  void point(std::size_t index, const std::vector<PointCell>& cells, const std::string& error) override { point_(index, cells, error); }

 private:
  const Sweep::PointFn& point_;
};

}  // namespace

void Sweep::run(std::size_t shard_k, std::size_t shard_n, const PointFn& point, const std::function<bool()>& stopped) {
  Activity activity("sweeping");
  Range range = shard_range(shard_k, shard_n);
  Constants constant = constants();
  Worker worker(program_, varies_.size(), names_.size() + measures_.size());
  CallbackChunk chunk(point);
  constexpr std::size_t B = SweepProgram::kBlock;
  for (std::size_t i = range.first; i < range.last && !(stopped && stopped()); i += B)
    compute(i, std::min(range.last, i + B), constant, worker, chunk);
}

void Sweep::run(const Parallel& how) {
  Activity activity("sweeping");
  Range range = shard_range(how.shard_k, how.shard_n);
  Constants constant = constants();
  const std::size_t points = range.last - range.first;
  InOrderWork work;
  work.chunks = (points + kChunkPoints - 1) / kChunkPoints;
  work.jobs = how.jobs == 0 ? available_cores() : how.jobs;
  work.jobs = static_cast<unsigned>(std::min<std::size_t>(work.jobs, std::max<std::size_t>(1, work.chunks)));
  work.window = 2 * std::size_t{work.jobs};
  std::vector<std::unique_ptr<Chunk>> slots;
  for (std::size_t s = 0; s < work.window; ++s) slots.push_back(how.make_chunk());
  // Each thread's registers and cells, made on the calling thread before any starts.
  std::vector<Worker> workers;
  workers.reserve(work.jobs);
  for (unsigned t = 0; t < work.jobs; ++t) workers.emplace_back(program_, varies_.size(), names_.size() + measures_.size());
  work.produce = [&](std::size_t chunk, std::size_t slot, unsigned worker) {
    // The activity is per thread: the calling thread's is named above.
    std::optional<Activity> computing;
    if (worker != 0) computing.emplace("sweeping");
    std::size_t first = range.first + chunk * kChunkPoints;
    compute(first, std::min(range.last, first + kChunkPoints), constant, workers[worker], *slots[slot]);
  };
  work.consume = [&](std::size_t, std::size_t slot) { return how.take(*slots[slot]); };
  run_in_order(work);
}

}  // namespace mlsi
