#pragma once
// The compiled program: checked declarations whose expressions refer to slots, locals, globals,
// functions and scenarios by index. Evaluation needs no name look-up and no dimension work.
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/caller_words.hpp"
#include "syntax/ast.hpp"
#include "model/catalogue.hpp"
#include "model/dimension.hpp"
#include "model/name_undo.hpp"
#include "model/name_uses.hpp"
#include "model/once_value.hpp"
#include "model/private_scopes.hpp"
#include "source/source.hpp"
#include "model/types.hpp"
#include "model/units.hpp"
#include "model/values.hpp"

namespace mlsi {

enum class Op : std::uint8_t {
  constant, slot, local, global,
  negate, logical_not, add, sub, mul, div, pow,
  lt, le, gt, ge, eq, ne, logical_and, logical_or,
  if_then, builtin, call_fn, call_scenario, field, has_field, index, list, comprehension, record, match,
  call_local,  // a function declared in the running scenario: index into Scenario::functions
  let_in,      // kids: the value, then the body, which reads the value as local `index`
};

enum class Builtin : std::uint8_t {
  len, sum, mean, min_list, max_list, min_args, max_args, range, sqrt, exp, log, log2, log10, ceil, floor, round, abs,
  is_whole, argmax, argmin, index_of, zip, mod, max_by, min_by,
  erlang_c, normal_quantile, exponential_quantile,  // language.md §9 "Queueing and quantiles"
};

struct CExpr {
  Op op = Op::constant;
  Span span;
  Span op_span;
  Type type;
  Value constant;
  int index = 0;            // slot, local, global, function, scenario, field, builtin or comprehension local
  std::vector<CExpr> kids;
  std::vector<int> map;     // match: case -> arm; call_scenario: argument -> input slot
};

struct DisplayUnit {
  std::string text;  // empty: a plain number, or chosen automatically when `automatic`
  double factor = 1;
  bool automatic = true;
  // What the value counts (`tok` for a token rate), which an automatic choice shows (language.md §12).
  CountLabel label = {};
};

enum class SlotKind { input, let, output };

struct Slot {
  SlotKind kind = SlotKind::let;
  std::string name;
  Span span;
  Type type;
  std::optional<CExpr> expr;   // an input's default, or the formula of a let/output
  std::optional<CExpr> where;  // inputs only
  DisplayUnit display;
  std::string doc;
};

struct Check {
  CExpr condition;
  std::optional<std::string> message;
  Span span;
};

enum class State { pending, in_progress, done, failed };

struct Function {
  std::string name;
  std::string doc;
  Span span;
  const ast::FnDecl* decl = nullptr;
  State state = State::pending;
  std::vector<std::string> params;
  std::vector<Type> param_types;
  Type result;
  bool result_known = false;
  CExpr body;
  int locals = 0;
  // A scenario's own function: the slots its body reads, directly or through the scenario's other
  // functions, so that a slot calling it depends on them (cycles, sweeps).
  std::vector<int> slots_read;
  std::vector<int> local_calls;  // the scenario's functions its body calls (while checking)
};

struct Scenario {
  std::string name;
  std::string doc;
  Span span;
  FileId file = kNoFile;
  const ast::ScenarioDecl* decl = nullptr;
  State state = State::pending;
  std::vector<Slot> slots;
  std::vector<int> inputs, outputs;
  std::vector<Check> checks;
  std::shared_ptr<RecordType> result;  // the record a call returns: one field per output
  int locals = 0;                      // locals needed by comprehensions in its expressions
  std::unordered_map<std::string, int> slot_index;  // slot by name: a scenario may have 100,000 of them
  // Its own `fn`s, which see its slots; a deque, so that a function being checked stays in place.
  std::deque<Function> functions;
  int find_slot(const std::string& name) const;
  int find_function(const std::string& name) const;  // -1: none
  int add_slot(Slot slot);  // returns its index
};


// `type Name = T` (language.md §4.6): resolved on first use, so that a type may name one declared below it.
struct NamedType {
  std::string name;
  std::string doc;
  Span span;
  const ast::TypeDecl* decl = nullptr;
  State state = State::pending;
  Type type;
  DisplayUnit display;  // a type that is a unit name (`type Memory = GiB`) shows values in it
};

struct Global {
  std::string name;
  std::string doc;
  Span span;
  const ast::LetDecl* decl = nullptr;
  State state = State::pending;
  Type type;
  CExpr expr;
  DisplayUnit display;
  int locals = 0;
  // Its value once evaluated. A let reads only constants, the catalogue and other lets, so the value
  // never changes; without it a chain of lets each using the previous one is evaluated again from the
  // start at every read (quadratic over a REPL session, and as deep as the chain is long). Set once,
  // safely from any thread: evaluators of one program may run at once (docs/api.md).
  OnceValue value;
};

struct ConfigSetting {
  int slot = 0;
  Span span;
  CExpr value;
  DisplayUnit display;
};
struct Expectation {
  int slot = 0;
  Span span;
  CExpr value;
  std::optional<CExpr> tolerance;
  bool relative = true;
  std::string source;  // where the expected value was published; empty: none
  bool measured = false;  // `expect measured`: a value measured on a real run, reported with its error
};
struct Config {
  std::string name;
  std::string doc;
  Span span;
  FileId file = kNoFile;
  int scenario = -1;
  std::vector<ConfigSetting> sets;
  std::vector<Expectation> expects;
};

struct Program {
  // The caller's words (the session's), for the checker's advice: how a catalogue file is given.
  CallerWords words;
  SourceManager sources;
  DimensionRegistry dims;
  UnitRegistry units;
  PrivateScopes scopes;  // the dimensions and units of built-in pack files, and who sees them
  Catalogue catalogue;
  std::vector<std::unique_ptr<ast::Module>> modules;
  std::map<std::string, FileId> loaded_paths;  // canonical path -> file, for imports; see name_log

  // Deques: declaring a file (a prelude file read on demand, an import, a REPL entry) appends while
  // references to earlier declarations are held, and a reference into a deque survives an append.
  std::deque<Global> globals;
  std::deque<Function> functions;
  std::deque<Scenario> scenarios;
  std::deque<Config> configs;
  std::deque<NamedType> types;
  // Changed only through bind_name and unbind_name (name_undo.hpp), which log into name_log when set.
  std::map<std::string, int> global_index, function_index, scenario_index, type_index;
  std::vector<NameChange>* name_log = nullptr;
  // Set by an editor's index (interpreter/index/): the checker records what each name it resolves refers to.
  NameUses* uses = nullptr;
  // Prelude constants and functions not declared yet (ProgramSessionOptions::read_on_demand): only for
  // did-you-mean, which must suggest them as if they were.
  // (The names of the build's index of the embedded prelude: static storage.)
  std::vector<std::string_view> deferred_globals, deferred_functions;

  // The scenario named `name` (or `nameScenario`), as a pointer or as its index (-1: none).
  const Scenario* find_scenario(const std::string& name) const;
  int find_scenario_index(const std::string& name) const;
};

}  // namespace mlsi
