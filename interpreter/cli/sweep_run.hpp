#pragma once
// A prepared sweep: a scenario loaded, its varied inputs and --where parsed, evaluated point by point or
// by a compiled block program. `mlsi sweep` writes its points as rows; `mlsi plot` draws them.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_options.hpp"
#include "session/inputs.hpp"
#include "eval/sweep_program.hpp"
#include "session/sweep_spec.hpp"

namespace mlsi {

// One value of a point: a number in SI, a Bool, or text (lists, records; empty after an error).
struct SweepCell {
  enum Kind { kNumber, kBool, kText } kind = kText;
  double number = 0;
  std::string text;
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
  }
};

// A --vary-like argument: the text `INPUT=SPEC` and how to read it.
struct VaryRequest {
  std::string text;
  VaryOptions options;
};

class Sweep {
 public:
  explicit Sweep(const Options& o);
  Sweep(const Sweep&) = delete;
  Sweep& operator=(const Sweep&) = delete;

  // Loads the scenario and reads the varied inputs and --where; returns an exit status (diagnostics
  // printed) when the sweep cannot run. `refuse`, when given, sees the varied inputs before anything is
  // evaluated and may stop the sweep with an exit status (a plot of more points than it can show).
  using VariedCheck = std::function<std::optional<int>(const std::vector<VarySpec>&)>;
  std::optional<int> prepare(const Options& o, CliStreams& io, const std::vector<VaryRequest>& requests, const VariedCheck& refuse = {});

  Session& session() { return session_; }
  const Program& program() { return session_.program(); }
  const Scenario& scenario() { return session_.program().scenarios[static_cast<std::size_t>(scenario_)]; }
  const std::vector<VarySpec>& varied() const { return varies_; }
  std::size_t total() const { return total_; }
  // The columns of a point: the varied inputs, then every output, with the unit each is shown in.
  const std::vector<std::string>& column_names() const { return names_; }
  const std::vector<DisplayUnit>& column_units() const { return units_; }
  // The type of column `c`.
  const Type& column_type(std::size_t c);

  // Calls `point(index, cells, error)` for every point of the shard (points are numbered from 0, the
  // last varied input fastest). A point that fails has an error and text cells after the inputs; a
  // point that fails --where is left out. Stops early once `stopped` says so (the output failed).
  using PointFn = std::function<void(std::size_t, const std::vector<SweepCell>&, const std::string&)>;
  void run(std::size_t shard_k, std::size_t shard_n, const PointFn& point, const std::function<bool()>& stopped = {});

 private:
  // The product of the --vary counts, with checked arithmetic: more than --max-points is a usage error.
  std::optional<int> count_points(const Options& o, CliStreams& io);
  // Why the cells of a point cannot be shown in their columns' units (1e306 s in a column of ns), if so.
  std::string unshowable(const std::vector<SweepCell>& cells);
  // Passes a computed point on, as an error when a cell cannot be shown.
  void emit(std::size_t index, std::vector<SweepCell>& cells, const PointFn& point);
  void point_inputs(std::size_t index, GivenInputs& g) const;
  void slow_point(std::size_t index, std::vector<SweepCell>& cells, const PointFn& point);

  Session session_;
  Limits limits_;
  int scenario_ = -1;
  GivenInputs given_;
  std::vector<VarySpec> varies_;
  std::size_t total_ = 1;
  std::optional<CExpr> where_;
  std::optional<ScenarioRun> base_;
  std::optional<SweepProgram> program_;
  std::vector<std::string> names_;
  std::vector<DisplayUnit> units_;
};

}  // namespace mlsi
