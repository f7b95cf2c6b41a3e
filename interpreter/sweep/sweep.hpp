#pragma once
// A prepared sweep: a scenario loaded, its varied inputs and --where parsed, evaluated point by point or
// by a compiled block program, each point passed to a callback as it is computed. `mlsi sweep` writes
// the points as rows; `mlsi plot` draws them (plot/sweep_plot.hpp).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/sweep_program.hpp"
#include "session/inputs.hpp"
#include "session/run_request.hpp"
#include "sweep/sweep_spec.hpp"

namespace mlsi {

// The most api::Limits::max_sweep_points allows (mlsi/options.hpp): below 2^53 every point number and count is
// exact as a double (JSON, plots), and the 64-bit arithmetic of point numbers and shards cannot wrap.
inline constexpr std::uint64_t kMaxSweepPointsCap = api::limit_info("max_sweep_points").maximum;

// One value of a point: a number in SI, a Bool, or text (lists, records; empty after an error) with the
// value it shows, for JSON. A list of numbers also keeps its entries in SI, for a plot to draw.
struct PointCell {
  enum Kind { kNumber, kBool, kText } kind = kText;
  double number = 0;
  std::string text;
  std::vector<double> entries;
  std::optional<Value> value;
  void set(double x) {
    kind = kNumber;
    number = x;
  }
  void set_bool(bool b) {
    kind = kBool;
    number = b ? 1 : 0;
  }
  void set_text(std::string t) {
    kind = kText;
    text = std::move(t);
    entries.clear();
    value.reset();
  }
  void set_value(std::string shown, Value v, std::vector<double> numbers) {
    set_text(std::move(shown));
    value = std::move(v);
    entries = std::move(numbers);
  }
};

// A --vary-like argument: the text `INPUT=SPEC` and how to read it.
struct VaryRequest {
  std::string text;
  VaryOptions options;
};

// An expression over the inputs and outputs computed at every point besides its columns (a number or
// a Bool: a solve's objective and conditions), and the option it came from, for messages.
struct SweepMeasure {
  std::string option;
  std::string text;
};

// What a sweep asks for: a run, the inputs it varies (the first varied is the slowest), a condition
// over the inputs and outputs that a point must meet to be kept (`--where`, empty: none), measures,
// and limits.
struct SweepTask {
  RunTask run;
  std::vector<VaryRequest> varies;
  std::string where;
  std::vector<SweepMeasure> measures;
  // Only the measures are wanted (a solve): a point computed by the compiled program is passed on with
  // its varied inputs and measures, its output cells left as they were, unformatted and unchecked.
  bool measures_only = false;
  EvaluationLimits limits;  // limits.max_sweep_points bounds the product of the varied counts
  ProgramSessionOptions session_options;  // of the session the sweep loads its scenario into
  std::string where_origin = {};  // what messages call the text of `where`; empty: the caller's word (EvaluationLimits::words)
};

class Sweep {
 public:
  // A sweep in a session of its own, which loads what `request.run` names.
  explicit Sweep(SweepTask request);
  // A sweep of a scenario of `session` (the REPL's), with `given` its inputs; `request.run` is not used.
  Sweep(SweepTask request, ProgramSession& session, int scenario, GivenInputs given);
  Sweep(const Sweep&) = delete;
  Sweep& operator=(const Sweep&) = delete;

  // Loads the scenario and reads the varied inputs and the condition; returns why the sweep cannot
  // run, if it cannot (once loading and checking succeeded, their warnings are in warnings()). `refuse`,
  // when given, sees the varied inputs before anything is evaluated and may stop the sweep (a plot of
  // more points than it can show).
  using VariedCheck = std::function<Outcome(const std::vector<VarySpec>&)>;
  Outcome prepare(const VariedCheck& refuse = {});

  const SweepTask& request() const { return request_; }
  const DiagnosticLog& warnings() const { return warnings_; }
  ProgramSession& session() { return session_; }
  const Program& program() { return session_.program(); }
  const Scenario& scenario() { return session_.program().scenarios[static_cast<std::size_t>(scenario_)]; }
  int scenario_index() const { return scenario_; }
  const std::vector<VarySpec>& varied() const { return varies_; }
  std::size_t total() const { return total_; }
  // The columns of a point: the varied inputs, then every output, with the unit each is shown in.
  const std::vector<std::string>& column_names() const { return names_; }
  const std::vector<DisplayUnit>& column_units() const { return units_; }
  // The type of column `c`.
  const Type& column_type(std::size_t c);
  // The value of output column `c` at the sweep's first point, or null when that point fails: how long
  // a list output is, before anything else is evaluated.
  const Value* first_point_value(std::size_t c);

  // The varied inputs' values at point `index`, and the inputs of an ordinary run of that point.
  std::vector<Value> varied_values(std::size_t index) const;
  GivenInputs given_at(std::size_t index) const;
  // The compiled measures, in the order of request().measures.
  const std::vector<CExpr>& measures() const { return measures_; }

  // The points of shard K of N, [first, last): the K-th of N contiguous blocks of the point order, whose
  // sizes differ by one at most (the first total % N blocks are the larger), so that the shards'
  // outputs, concatenated in K order, are the unsharded output.
  struct Range {
    std::size_t first = 0, last = 0;
  };
  Range shard_range(std::size_t shard_k, std::size_t shard_n) const;

  // Calls `point(index, cells, error)` for every point of the shard in order, on the calling thread
  // (points are numbered from 0, the last varied input fastest). The cells are the columns, then one
  // per measure (a number or a Bool). A point that fails has an error and text cells after the inputs;
  // a point that fails --where is left out. Stops early once `stopped` says so (the output failed): it
  // is asked after each block of SweepProgram::kBlock points.
  using PointFn = std::function<void(std::size_t, const std::vector<PointCell>&, const std::string&)>;
  void run(std::size_t shard_k, std::size_t shard_n, const PointFn& point, const std::function<bool()>& stopped = {});

  // What a parallel run makes of the points of one chunk (a contiguous run of points), on the thread
  // that computes them: rows of text, columns, the best points of the chunk. `point` is called with the
  // chunk's points in order, as run()'s callback is.
  //
  // A chunk may instead take runs of plain points whole (takes_runs()): consecutive points that the
  // compiled program computed, whose columns are all numbers and Bools, with no error (every number
  // shows in its column's unit, --where kept them). They are read straight from the program's registers,
  // with no cells filled and no call per point: a sweep to CSV writes its rows from them. Only a sweep
  // without measures or constant outputs passes runs; its other points still come through point(), all
  // in order.
  struct CellColumn {
    const double* values;
    bool boolean;  // a Bool: true when not 0
  };
  struct PointRun {
    // Points first, ..., first + count - 1; column c of point first + k is columns[c].values[offset + k].
    std::size_t first = 0, count = 0, offset = 0;
    const CellColumn* columns = nullptr;  // one per column (column_names())
  };
  class Chunk {
   public:
    virtual ~Chunk() = default;
    virtual void point(std::size_t index, const std::vector<PointCell>& cells, const std::string& error) = 0;
    virtual bool takes_runs() const { return false; }
    virtual void plain_points(const PointRun&) {}
  };
  struct Parallel {
    std::size_t shard_k = 1, shard_n = 1;
    unsigned jobs = 1;  // threads, the calling one included; 0: available_cores()
    // Makes a chunk; a run makes a few (twice the jobs) and reuses them.
    std::function<std::unique_ptr<Chunk>()> make_chunk;
    // A chunk's points, on the calling thread, chunks in the order of their points; takes what the
    // chunk holds (leaving it empty for the next) and returns false to stop the sweep.
    std::function<bool(Chunk&)> take;
  };
  // The points of the shard computed on `jobs` threads at once, each with its own copy of the compiled
  // program's registers and its own cells; what they make of them is taken on the calling thread in
  // point order, through a reorder buffer of a few chunks, so that memory does not grow with the
  // points. What is taken is what run() would pass on, in the same order, whatever the jobs.
  void run(const Parallel& how);

  // Points per chunk of a parallel run: 8 of the compiled program's blocks.
  static constexpr std::size_t kChunkPoints = 8 * SweepProgram::kBlock;

 private:
  // The product of the varied counts, with checked arithmetic: more than max_points is a usage error.
  Outcome count_points();
  // Why the cells of a point cannot be shown in their columns' units (1e306 s in a column of ns), if so;
  // showable() says whether they can, without building a message.
  std::string unshowable(const std::vector<PointCell>& cells);
  bool showable(const std::vector<PointCell>& cells) const;
  // Passes a computed point on, as an error when a cell cannot be shown.
  void emit(std::size_t index, std::vector<PointCell>& cells, Chunk& out);
  void point_inputs(std::size_t index, GivenInputs& g) const;
  // The entries of a list of numbers in SI; none for any other value (a list of lists, of records).
  static std::vector<double> list_numbers(const Value& v, const Type& t);
  void slow_point(std::size_t index, std::vector<PointCell>& cells, Chunk& out);
  // What one thread of a run owns, and what every thread reads.
  struct Worker;
  struct Constants;
  Constants constants();
  // Decides, once per compute(), which column of the block each cell of a compiled point is read from;
  // returns whether plain points go in runs to a chunk that `takes_runs`.
  bool assign_columns(const Constants& constant, Worker& w, bool takes_runs);
  // Marks which of the `n` points of the block `w` computed are plain, passed on in runs.
  static void mark_plain(const double* where, std::size_t n, Worker& w);
  // Computes the points [first, last) into `out`, with `w`'s registers and cells.
  void compute(std::size_t first, std::size_t last, const Constants& k, Worker& w, Chunk& out);

  SweepTask request_;
  std::unique_ptr<ProgramSession> owned_;
  ProgramSession& session_;
  DiagnosticLog warnings_;
  int scenario_ = -1;
  GivenInputs given_;
  std::vector<VarySpec> varies_;
  std::string vary_origin_;  // a varied input's origin: what the caller calls `vary`
  std::size_t total_ = 1;
  std::optional<CExpr> where_;
  std::vector<CExpr> measures_;
  std::optional<ScenarioRun> base_;
  std::optional<SweepProgram> program_;
  std::vector<std::string> names_;
  std::vector<DisplayUnit> units_;
  // The columns whose unit is smaller than the SI one: only there can a finite value overflow, and
  // does when its magnitude is above `limit`.
  struct SmallUnit {
    std::size_t column;
    double limit;
  };
  std::vector<SmallUnit> small_units_;
};

}  // namespace mlsi
