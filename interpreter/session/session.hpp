#pragma once
// A session: the prelude, the catalogue and the user's files loaded into one checked Program.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mlsi/options.hpp"
#include "base/caller_words.hpp"
#include "catalogue/hf_config.hpp"
#include "check/compiler.hpp"
#include "source/diagnostics.hpp"
#include "source/embedded.hpp"
#include "model/program.hpp"

namespace mlsi {

class CatalogueLoader;

struct ProgramSessionOptions {
  std::vector<std::string> catalogues;  // --catalog FILE.toml, in order
  // Catalogue TOML given as text (the API's SessionOptions::catalogue_texts, --catalog-text): a name for
  // messages and the text, read after `catalogues`, at most limits.max_file_size bytes as a file.
  std::vector<std::pair<std::string, std::string>> catalogue_texts;
  // The caller's limits (mlsi/options.hpp): a session reads those on files, max_import_depth, max_files
  // (files read from disk: .mls files and catalogue files together), max_file_size and max_nesting (the
  // parser's, for the files it loads); its runs are given theirs (eval/evaluator.hpp EvaluationLimits).
  api::Limits limits;
  std::size_t max_diagnostics = kDefaultMaxDiagnostics;  // kept in diagnostics(); the rest are counted
  // Read a built-in catalogue entry only when its name is first looked up (Catalogue::find), and the
  // prelude's constants and functions only when a file (or a --set, --vary, --where text) mentions one
  // of their names, so that a run pays for what it uses. The catalogue part only without user
  // catalogues, whose every problem must be reported; commands that list or browse everything leave it off.
  bool read_on_demand = false;
  // A Hugging Face config.json converted to a Workload entry (catalogue/hf_config.hpp) and loaded after the
  // catalogues (`--workload FILE.json`, `mlsi catalogue from-hf`), and the entry's key (`--name`; empty:
  // made from the config). The file counts towards limits.max_files.
  std::string workload_config;
  std::string workload_key;
  // The text that stands for a file on disk, by canonical path, or null: an editor's unsaved document,
  // which the files importing it see as it is on screen (interpreter/index/). Asked once per file read, so
  // that a check costs nothing per document the editor has open (they were copied into every check).
  std::function<const std::string*(const std::string& canonical_path)> overlay;
  // What the caller calls what it gives (the limits above, `scenario`, `set`, `workload`, `name`): the
  // messages of a session and its runs advise in its words.
  CallerWords words;
};

// The names a text declares with `keyword` (`let `, `fn `, `scenario `): the word after it at the start
// of a line.
std::vector<std::string> declared_names(std::string_view text, std::string_view keyword);

class ProgramSession {
 public:
  explicit ProgramSession(ProgramSessionOptions options = {});

  Program& program() { return *program_; }
  const ProgramSessionOptions& options() const { return options_; }
  // The entry converted from ProgramSessionOptions::workload_config, once it loaded without a problem.
  const std::optional<HfWorkload>& converted_workload() const { return converted_workload_; }
  DiagnosticLog& diagnostics() { return diags_; }
  // The compiler, with the prelude files that texts loaded since the last call mention declared first.
  Compiler& compiler() {
    declare_prelude_mentioned();
    return compiler_;
  }
  // The program's globals, functions and scenarios were cut to these sizes (Compiler::truncated).
  void truncated(std::size_t globals, std::size_t functions, std::size_t scenarios) {
    compiler_.truncated(globals, functions, scenarios);
  }

  // Loads a file and its imports, and declares what they define. Returns the file's id, or nothing when
  // it cannot be read (the reason is in diagnostics()). A path the command line gives (no import_span)
  // that is not on disk but names a built-in pack file (source/embedded.hpp builtin_pack_file) loads that.
  std::optional<FileId> load_file(const std::string& path, Span import_span = {});
  // Loads a text as the file at `path` (which need not exist): its imports are read beside it, and a file
  // importing `path` gets this text. An editor's document. Nothing when it does not parse.
  std::optional<FileId> load_document(const std::string& path, std::string text);
  // Loads the built-in scenarios (scenarios/training) embedded in the binary.
  void load_builtin_scenarios();
  // Loads the built-in scenario files a run of the scenario `name` needs: those that mention it (its
  // declaration, configs for it) and those declaring a scenario they mention, in turn. All of them when
  // none declares `name`, so that the message about an unknown name can list every one.
  void load_builtin_scenarios_for(const std::string& name);
  // Loads the built-in scenarios that the texts added since the last call mention and that no
  // declaration has taken (a user's scenario, function or let of that name wins), with the built-in
  // scenarios those call: a file may call `ParallelLayout(...)` as it calls its own scenarios. check()
  // does this first; a caller that compiles a text after check() calls it before it holds a reference
  // into program().scenarios, which this may grow.
  void load_builtin_scenarios_called();
  // Before a text is added, what adding it would read: the prelude files it mentions, and the built-in
  // scenarios it calls with those they call (true when a built-in file was loaded). So that a REPL entry
  // that fails takes back its own declarations, not these (workspace/workspace.cpp).
  void declare_prelude_named(std::string_view text) { declare_prelude_mentioned_in(text); }
  bool load_builtin_scenarios_named(std::string_view text);
  // Reads what ProgramSessionOptions::read_on_demand left unread: every prelude file and catalogue entry (for a
  // REPL's completion and listings). Not the built-in scenarios: load_builtin_scenarios does that.
  void read_everything();
  // The names (as diagnostics give them) of the files this session has parsed as modules, in order: what a
  // command paid for (tests/unit/startup_files_test.cpp: a run by name parses no pack file it does not use).
  const std::vector<std::string>& parsed_files() const { return parsed_files_; }
  // Compiles everything declared so far; false when there are errors.
  bool check();
  // Reads a catalogue file after the session started (the REPL's `:load x.toml`): its entries join the
  // catalogue, their references resolved against every entry loaded before. Returns the kind and key of
  // each entry it adds; nothing when it has errors (diagnostics() says which), the catalogue then as before.
  std::optional<std::vector<std::pair<std::string, std::string>>> load_catalogue_file(const std::string& path);
  // The same for a Hugging Face config.json (the REPL's `:load config.json`): the Workload entry that
  // `--workload` makes of it, keyed `key` (empty: made from the config). Not set as any scenario's input.
  std::optional<std::vector<std::pair<std::string, std::string>>> load_workload_file(const std::string& path, const std::string& key);
  // Scenarios a file itself declares (not those it imports).
  std::vector<int> scenarios_of(FileId file) const;
  // Declares a source text (REPL line, test) as a module.
  std::optional<FileId> load_text(const std::string& name, std::string text);
  // A condition given on the command line (`--where COND`) over named values (an entry's fields, a
  // scenario's inputs and outputs): parsed and compiled as a Bool, errors into diagnostics(). Empty when
  // it does not parse.
  // `home`: the file whose units and dimensions the text names, for a condition over a scenario's values
  // (model/private_scopes.hpp).
  std::optional<CExpr> compile_condition(const std::string& option, const std::string& text,
                                         const std::vector<std::pair<std::string, Type>>& names, FileId home = kNoFile);
  // The same for an expression of any type (`--minimize step_time * devices`).
  std::optional<CExpr> compile_local_expression(const std::string& option, const std::string& text,
                                                const std::vector<std::pair<std::string, Type>>& names, FileId home = kNoFile);

 private:
  void load_embedded_prelude();
  FileId load_builtin_file(std::size_t embedded_index, int depth = 0);  // once; its id
  bool builtin_loaded(std::size_t embedded_index) const {
    return embedded_index < builtin_loaded_.size() && builtin_loaded_[embedded_index] != kNoFile;
  }
  // A built-in pack file named on the command line (`mlsi run activation_memory.mls`), with the built-in
  // files a run of its scenarios needs; its id.
  FileId load_builtin_named(std::size_t embedded_index);
  // `import PATH` in the built-in file shown as `importer`: the embedded file beside it.
  void load_builtin_import(std::string_view importer, std::string_view path, Span span, int depth);
  void load_catalogues();
  void load_workload_config(CatalogueLoader& loader);
  // Reads the config.json at `path` and loads its Workload entry (keyed `key`, or as the config says) into
  // `loader`: the entry and the id of its TOML, or nothing (diagnostics() says why).
  std::optional<std::pair<HfWorkload, FileId>> convert_workload(CatalogueLoader& loader, const std::string& path, const std::string& key);
  // A catalogue file loaded after the session started: `load` reads it into catalogue_loader_ and gives
  // its id; the catalogue is as before when it has an error.
  std::optional<std::vector<std::pair<std::string, std::string>>> load_later(const std::function<std::optional<FileId>()>& load);
  std::optional<FileId> load_module(FileId file, int depth);
  // Whether `module` declares a unit of the name of a replaceable prelude unit (`unit tok: Tokens`).
  bool replaces_prelude_unit(const ast::Module& module) const;
  // Prelude files read on demand (ProgramSessionOptions::read_on_demand): the names each declares, from a scan
  // of its `let NAME` and `fn NAME` lines. A name mentioned parses its own declaration, not the whole
  // file: each `let` or `fn` at the start of a line begins a part, which runs to the next one (a prelude
  // file's declarations are one after the other, their lines after the first indented; PreludeParts.*).
  struct PreludePart {
    DeclarationPart text;  // source/embedded.hpp
    bool declared = false;
  };
  struct DeferredPrelude {
    std::string shown_name;
    std::string_view text;  // an embedded file's
    std::span<const std::string_view> globals, functions;  // the build's index of it (static storage)
    bool declared = false;  // every part
    FileId id = kNoFile;    // once a part of it is read
    std::vector<PreludePart> parts;  // made when a part is first asked for
    std::size_t undeclared_parts = 0;
  };
  // Declares the deferred prelude declarations whose names the text mentions (as a word anywhere: a
  // comment too).
  void declare_prelude_mentioned_in(std::string_view text);
  // The same for every source added since the last call (a prelude file's own text is not looked at: each
  // of its parts was, when it was declared).
  void declare_prelude_mentioned();
  // Every declaration of the file not declared yet: the whole file parsed when none of it is.
  void declare_prelude(DeferredPrelude& file);
  // The part declaring `name` of the file, with the parts its text mentions first.
  void declare_prelude_part(DeferredPrelude& file, std::string_view name);
  void declare_prelude_part(DeferredPrelude& file, PreludePart& part);

  // Files read from disk, towards ProgramSessionOptions::limits.max_files: the .mls files and the catalogue files.
  std::size_t files_read() const { return program_->loaded_paths.size() + catalogue_files_read_; }

  ProgramSessionOptions options_;
  std::unique_ptr<Program> program_;
  DiagnosticLog diags_;
  Compiler compiler_;
  std::vector<std::string> import_stack_;
  std::vector<FileId> builtin_loaded_;  // per embedded file: its id once loaded
  std::vector<std::string> parsed_files_;
  std::vector<DeferredPrelude> deferred_prelude_;
  // Declared name -> its deferred file, sorted by name (the first file that declares a name keeps it): the
  // index's names, not copies, in one array made once.
  std::vector<std::pair<std::string_view, std::size_t>> prelude_names_;
  // Per first character, a bit per length (the last for 63 and longer) of those names: most words of a text
  // are no prelude name, and this says so without the map's string comparisons.
  std::array<std::uint64_t, 256> prelude_name_shapes_{};
  bool may_be_prelude_name(std::string_view word) const {
    return (prelude_name_shapes_[static_cast<unsigned char>(word[0])] >> std::min<std::size_t>(word.size(), 63)) & 1U;
  }
  std::size_t prelude_undeclared_ = 0;
  std::size_t sources_scanned_ = 0;
  std::size_t builtin_scanned_ = 0;  // sources looked at by load_builtin_scenarios_called
  std::size_t catalogue_files_read_ = 0;
  std::shared_ptr<CatalogueLoader> catalogue_loader_;  // kept for load_catalogue_file
  std::optional<HfWorkload> converted_workload_;
  bool import_stack_reported_ = false;  // an import chain ran out of stack (stack_guard.hpp); said once
};

}  // namespace mlsi
