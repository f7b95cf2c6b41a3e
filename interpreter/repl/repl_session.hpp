#pragma once
// The state of a REPL: a Workspace (workspace/workspace.hpp) whose program grows with every declaration and
// `:load`, the last result `ans`, and the commands. It prints to the streams it is given, so tests drive
// it entry by entry. What an entry declares, replaces and takes back on failure is the Workspace's.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "report/catalogue_listing.hpp"
#include "report/entry_text.hpp"  // describe_value, signature, scenario_summary, unit_summary
#include "repl/repl_options.hpp"
#include "solve/grid_solve.hpp"
#include "session/inputs.hpp"
#include "workspace/workspace.hpp"

namespace mlsi {

class Repl {
 public:
  enum class Status { ok, failed, quit };

  Repl(ReplOptions options, ReplStreams io);  // io.in and io.interactive are the loop's (repl.hpp)
  // False when the prelude or a --catalog file did not load (already reported).
  bool ready() const { return ready_; }
  // Not ready only because a file the command line names cannot be read (a missing --catalog file).
  bool unreadable() const { return unreadable_; }
  // One complete entry, whose first line is line `line` of the session (for diagnostics: `<repl>:LINE:COL`).
  Status enter(const std::string& text, std::uint32_t line);
  const Program& program() const { return workspace_->program(); }
  // Reads every name of the prelude, the catalogue and the built-in scenarios, once: before a command or
  // a completion, which may list any of them (an entry reads only those it names).
  void read_everything();

 private:
  void start();
  bool report();  // prints and clears the diagnostics; true when there were errors
  // Prints what an entry gave (its diagnostics, then its lines or its failure).
  Status show(const EntryResult& r);

  Status command(const std::string& text, std::uint32_t line);
  Status cmd_help();
  Status cmd_load(const std::string& path);
  Status cmd_run(const std::string& text, std::size_t args, std::uint32_t line);
  // `SCENARIO [INPUT=EXPR]... [config=NAME]` from `args` on: the scenario and its inputs, or nothing
  // (the problems reported). `command` names the command in messages.
  struct ScenarioInputs {
    int scenario = -1;
    GivenInputs given;
    std::string config;
    Span name_span;
  };
  std::optional<ScenarioInputs> scenario_inputs(const std::string& command, const std::string& text, std::size_t args, std::uint32_t line);
  Status cmd_solve(const std::string& text, std::size_t args, std::uint32_t line);
  // `:solve --vary ...`: the scenario and its inputs from `scenario_at` in `text`.
  Status solve_grid(GridSolveRequest request, const std::string& text, std::size_t scenario_at, std::uint32_t line);
  Status cmd_type(const std::string& text, std::size_t args, std::uint32_t line);
  Status cmd_show(const std::string& name);
  Status cmd_source(const std::string& scenario);
  Status cmd_list(const std::string& kind);
  Status cmd_units(const std::string& text, std::size_t args, std::uint32_t line);
  Status listing(const Listing& l);
  Status cmd_explain(const std::string& text, std::size_t args, std::uint32_t line);
  Status cmd_reset();
  Status error(const std::string& message);

  ReplOptions options_;
  ReplStreams io_;
  std::unique_ptr<Workspace> workspace_;
  bool ready_ = false;
  bool unreadable_ = false;
};

}  // namespace mlsi
