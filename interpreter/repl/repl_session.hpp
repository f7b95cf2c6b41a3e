#pragma once
// The state of a REPL: one Session whose program grows with every declaration and `:load`, the last
// result `ans`, and the commands. It prints to the streams it is given, so tests drive it entry by entry.
//
// An entry that fails defines nothing: what it declared is taken back (units and dimensions excepted,
// which only register when their own declaration checks). A declaration replaces an earlier one of the
// same name made at the REPL, a built-in scenario, or one from an earlier `:load` of the same file;
// what was defined before keeps using the old definition. A name of the prelude or of another loaded
// file cannot be redefined.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "report/catalogue_listing.hpp"
#include "repl/repl_options.hpp"
#include "session/session.hpp"

namespace mlsi {

class Repl {
 public:
  enum class Status { ok, failed, quit };

  Repl(ReplOptions options, ReplStreams io);  // io.in and io.interactive are the loop's (repl.hpp)
  // False when the prelude or a --catalog file did not load (already reported).
  bool ready() const { return ready_; }
  // One complete entry, whose first line is line `line` of the session (for diagnostics: `<repl>:LINE:COL`).
  Status enter(const std::string& text, std::uint32_t line);
  const Program& program() const { return session_->program(); }

 private:
  // Enough to take back a failed entry: the sizes of the program's tables before it, the configs it
  // replaced, and (in undo_log_, while the snapshot lives) each change it makes to the name tables.
  // Its size is the entry's, whatever the session's length.
  struct Snapshot {
    std::size_t globals = 0, functions = 0, scenarios = 0, configs = 0, units = 0;
    std::vector<Config> replaced_configs;
    NameLogScope names;
  };

  void start();
  Snapshot snapshot();
  void rollback(Snapshot& s);
  // Takes the names a module is about to declare out of the tables, when they may be replaced.
  void replace_names(const std::string& text, const std::string& reload_path, Snapshot& s);
  bool replaceable(FileId file, const std::string& reload_path) const;
  FileId add_source(const std::string& text, std::uint32_t line);
  bool report();  // prints and clears the diagnostics; true when there were errors
  void set_ans(const Value& v, const Type& t, const DisplayUnit& d, Span span);

  Status expression(const std::string& text, std::uint32_t line);
  Status declaration(const std::string& text, std::uint32_t line);
  void describe_new(const ast::Module& module);
  std::string describe_global(int index);

  Status command(const std::string& text, std::uint32_t line);
  Status cmd_help();
  Status cmd_load(const std::string& path);
  Status cmd_run(const std::string& text, std::size_t args, std::uint32_t line);
  Status cmd_type(const std::string& text, std::size_t args, std::uint32_t line);
  Status cmd_show(const std::string& name);
  Status cmd_list(const std::string& kind);
  Status cmd_units(const std::string& text, std::size_t args, std::uint32_t line);
  Status listing(const Listing& l);
  Status cmd_explain(const std::string& text, std::size_t args, std::uint32_t line);
  Status cmd_reset();
  Status error(const std::string& message);

  ReplOptions options_;
  ReplStreams io_;
  std::unique_ptr<Session> session_;
  bool ready_ = false;
  std::vector<NameChange> undo_log_;  // the name changes of the entry being made (Snapshot)
};

// `1073.74 MB  [Information]`: a value with its unit, then its type.
std::string describe_value(const Program& p, const Value& v, const Type& t, const DisplayUnit& d);
// `fn ring(size: Information, n: Count) -> Time`
std::string signature(const Program& p, const Function& f);
// `scenario KvCache: inputs workload, batch; outputs total`
std::string scenario_summary(const Scenario& sc);
// `unit GiB (Information) = 1073741824 byte`
std::string unit_summary(const Program& p, const Unit& u);

}  // namespace mlsi
