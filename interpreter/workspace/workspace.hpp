#pragma once
// A session that grows entry by entry, as the REPL and `mlsi eval` enter them: an expression is evaluated
// and becomes `ans`; a declaration is added to the program; a file is loaded. Returns what each entry
// gave as values (report/entry_text.hpp writes them as text or JSON); never prints.
//
// An entry that fails defines nothing: what it declared is taken back (units and dimensions excepted,
// which only register when their own declaration checks). A declaration replaces an earlier one of the
// same name made by an entry, a built-in scenario, or one from an earlier load of the same file; what was
// defined before keeps using the old definition. A name of the prelude or of another loaded file cannot
// be redefined.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/name_undo.hpp"
#include "session/session.hpp"

namespace mlsi {

// How an entry ended. Its diagnostics (warnings, and the errors of a source_error) are left in the
// session's, for the caller to show.
enum class EntryStatus {
  ok,
  source_error,  // it does not parse or check: the session's diagnostics say why, or `message`
  failed,        // evaluating it failed: `failure`
};

// One thing an entry declared (or a file loaded), in the order written.
struct Declared {
  enum class Kind { let, function, scenario, config, unit, dimension, entry };  // entry: of a catalogue file (`type` its kind)
  Kind kind = Kind::let;
  std::string name;
  std::string scenario;  // a config's scenario
  // A let's value (evaluated when declared, so that its error shows at once).
  bool evaluated = false;  // a let of a loaded file is not
  Value value;
  Type type;
  DisplayUnit display;
};

struct EntryResult {
  EntryStatus status = EntryStatus::ok;
  std::string message;               // source_error without diagnostics
  std::optional<Diagnostic> failure;  // failed
  // An expression: its value, type and display unit.
  bool is_expression = false;
  Value value;
  Type type;
  DisplayUnit display;
  // A declaration: what it declared; a load: what the file defined, and its path.
  std::vector<Declared> declared;
  std::optional<std::string> loaded;
};

class Workspace {
 public:
  // `source_name` names the entries in diagnostics (`<repl>`, `<eval>`): `NAME:LINE:COL`.
  Workspace(ProgramSessionOptions options, EvaluationLimits limits, std::string source_name);

  // False when the prelude or a --catalog file did not load or check (the diagnostics say why).
  bool ready() const { return ready_; }
  // Loads the built-in scenarios, which entries may replace. False when they do not check: they are
  // taken back and their diagnostics dropped. An entry that calls one loads its files without this.
  bool load_builtin_scenarios();
  // What a session reading on demand (ProgramSessionOptions::read_on_demand) has not read yet, the built-in
  // scenarios too, once: for what lists or completes every name. False as load_builtin_scenarios.
  bool read_everything();

  ProgramSession& session() { return *session_; }
  Program& program() { return session_->program(); }
  const Program& program() const { return session_->program(); }
  const EvaluationLimits& limits() const { return limits_; }

  // One entry, whose first line is line `line` of the session, by its kind (workspace/entry_kind.hpp):
  // nothing for an empty one, a load for `import "FILE"`. A `:` command is the REPL's: a source_error.
  EntryResult enter(const std::string& text, std::uint32_t line);
  // An expression whose first line is line `line` of the session: its value, shown in the unit the
  // expression asks for (a catalogue field on its own in the unit the catalogue wrote). It becomes `ans`.
  EntryResult expression(const std::string& text, std::uint32_t line);
  // Declarations (let, fn, unit, dimension, scenario, config): each let evaluated.
  EntryResult declaration(const std::string& text, std::uint32_t line);
  // A file and its imports; loading a file again reloads it, its new definitions replacing the old ones.
  // A .toml file is a catalogue file (load_catalogue), a .json file a config.json (load_workload).
  EntryResult load(const std::string& path);
  // A catalogue file (`:load x.toml`): its entries join the catalogue, for the entries after it.
  EntryResult load_catalogue(const std::string& path);
  // A Hugging Face config.json (`:load config.json`): the Workload entry `--workload` makes of it, keyed
  // `key` (empty: as the config says), joins the catalogue.
  EntryResult load_workload(const std::string& path, const std::string& key = {});

  // A global's value, as a declared let (evaluated now); throws EvalError when it fails or its display
  // unit cannot show it.
  Declared let_value(int index);
  // Adds an entry's text as a source of the session, its first line numbered `line`.
  FileId add_source(const std::string& text, std::uint32_t line);
  // `ans` becomes this value, unless a file or the prelude declared its own `ans`.
  void set_ans(const Value& v, const Type& t, const DisplayUnit& d, Span span);
  // Whether a declaration in `file` may be replaced: an entry's, a built-in scenario's, or one of the
  // file being reloaded.
  bool replaceable(FileId file, const std::string& reload_path) const;

 private:
  // What a catalogue file loaded later added (its kinds and keys), or the error that kept it out.
  EntryResult catalogue_entries(const std::string& path, const std::optional<std::vector<std::pair<std::string, std::string>>>& added);
  // Enough to take back a failed entry: the sizes of the program's tables before it, the configs it
  // replaced, and (in undo_log_, while the snapshot lives) each change it makes to the name tables.
  // Its size is the entry's, whatever the session's length.
  struct Snapshot {
    std::size_t globals = 0, functions = 0, scenarios = 0, configs = 0, units = 0;
    std::vector<Config> replaced_configs;
    NameLogScope names;
  };
  Snapshot snapshot();
  // Before a declaration: what its text names of the prelude and the built-in scenarios (ProgramSession::
  // declare_prelude_named), outside the entry's snapshot.
  void read_what_names(const std::string& text);
  void rollback(Snapshot& s);
  // Takes the names a module is about to declare out of the tables, when they may be replaced.
  void replace_names(const std::string& text, const std::string& reload_path, Snapshot& s);
  std::vector<Declared> declared_by(const ast::Module& module);

  EvaluationLimits limits_;
  std::size_t max_file_size_;
  std::string source_name_;
  std::unique_ptr<ProgramSession> session_;
  bool ready_ = false;
  bool read_everything_ = false;  // read_everything() was called
  bool builtin_checked_ = true;   // what its load_builtin_scenarios() gave
  std::vector<NameChange> undo_log_;  // the name changes of the entry being made (Snapshot)
};

}  // namespace mlsi
