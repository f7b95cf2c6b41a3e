#pragma once
// mlsi's public API: what a session reads and the bounds on everything it does (docs/api.md). Every
// limit of the command line is here, with the command line's default, its largest value and its help.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace mlsi::api {

// Every bound of a session, with the command line's default. What each one bounds, its largest value,
// its option and its names are in kLimitTable below, the one place every front end reads them from.
struct Limits {
  std::size_t max_file_size = 16 * 1024 * 1024;
  int max_files = 1000;
  int max_import_depth = 32;
  int max_nesting = 200;
  int max_call_depth = 200;
  std::size_t max_list_length = 10'000'000;
  std::uint64_t max_steps = 500'000'000;
  std::uint64_t max_total_steps = 500'000'000;
  std::uint64_t max_sweep_points = 1'000'000'000'000'000;
};

// One member of Limits, as every front end names, bounds and explains it: set_limit() and the Python and
// WebAssembly modules by `name`, the command line by `flag` (its option, its help line and the manual
// page), messages by `option` (the key of SessionOptions::words).
struct LimitInfo {
  std::string_view name;    // the member of Limits, set_limit()'s name, the key of Python's `limits=`: `max_call_depth`
  std::string_view option;  // what the Python module's and the MCP tools' requests call the option: `max_depth`
  std::string_view flag;    // the command line's option: `--max-depth`
  // The largest value an option takes: imports recurse once per level, spans hold 32-bit offsets, and a
  // sweep's point numbers stay exact as doubles.
  std::uint64_t maximum;
  std::string_view meaning;        // the help's line, before `(default N)`: `nested calls allowed`
  bool help_names_maximum;         // the help says `(default N, at most MAXIMUM)`
  std::uint64_t (*get)(const Limits&);
  void (*set)(Limits&, std::uint64_t);  // a value from 1 to `maximum`
  constexpr std::uint64_t default_value() const { return get(Limits{}); }
};

namespace detail {
template <auto member>
constexpr LimitInfo limit(std::string_view name, std::string_view option, std::string_view flag, std::uint64_t maximum,
                          std::string_view meaning, bool help_names_maximum = false) {
  return {name, option, flag, maximum, meaning, help_names_maximum,
          [](const Limits& l) { return static_cast<std::uint64_t>(l.*member); },
          [](Limits& l, std::uint64_t n) { l.*member = static_cast<std::remove_reference_t<decltype(l.*member)>>(n); }};
}
}  // namespace detail

// Every member of Limits, in its order.
inline constexpr std::array<LimitInfo, 9> kLimitTable = {
    detail::limit<&Limits::max_file_size>("max_file_size", "max_file_size", "--max-file-size", std::uint64_t{1} << 30,
                                          "bytes one .mls or catalogue file may have", true),
    detail::limit<&Limits::max_files>("max_files", "max_files", "--max-files", 1'000'000, "files one program may load"),
    detail::limit<&Limits::max_import_depth>("max_import_depth", "max_import_depth", "--max-import-depth", 1000, "imports nested in imports",
                                             true),
    detail::limit<&Limits::max_nesting>("max_nesting", "max_nesting", "--max-nesting", 10'000, "brackets and operators nested in a file"),
    detail::limit<&Limits::max_call_depth>("max_call_depth", "max_depth", "--max-depth", 100'000, "nested calls allowed"),
    detail::limit<&Limits::max_list_length>("max_list_length", "max_list", "--max-list", std::uint64_t{1} << 53, "entries allowed in one list"),
    detail::limit<&Limits::max_steps>("max_steps", "max_steps", "--max-steps", 1'000'000'000'000'000'000, "evaluation steps allowed"),
    detail::limit<&Limits::max_total_steps>("max_total_steps", "max_total_steps", "--max-total-steps", 1'000'000'000'000'000'000,
                                            "evaluation steps of the whole command, summed over a sweep's points or a solve's values"),
    detail::limit<&Limits::max_sweep_points>("max_sweep_points", "max_points", "--max-points", std::uint64_t{1} << 53,
                                             "points of one sweep or plot", true),
};

// The row of kLimitTable whose `name`, `option` or `flag` is `key`; a key that is none of them does not
// compile where a constant is needed, and is a logic error elsewhere.
constexpr const LimitInfo& limit_info(std::string_view key) {
  for (const auto& limit : kLimitTable)
    if (limit.name == key || limit.option == key || limit.flag == key) return limit;
  throw std::logic_error("no limit is called that");
}

// Sets the member of `limits` named `name` (`max_steps`, `max_call_depth`, ...) from `text` as the command
// line reads its option (`--max-steps`, `--max-depth`, ...): a whole number from 1 to the option's
// largest value, in decimal digits only. Returns why not, in the command line's words with `name` for
// the option (`max_call_depth is at most 100000, given `4294967297``, `max_steps needs a positive whole
// number, given `-1``), or nothing once set; `what`, when given, names the value in the message instead
// (`limits.maxSteps`). When `name` is not a limit, nothing is set and the message lists those that are.
std::optional<std::string> set_limit(Limits& limits, std::string_view name, std::string_view text, std::string_view what = {});
// The names set_limit() takes, in the order of Limits.
const std::vector<std::string>& limit_names();

// While a CancelHook lives, every call of the API made on its thread asks `cancelled` now and then (about
// every million evaluation steps, and between blocks of a sweep's points), on that thread only; once it
// returns true, the call stops, with the error `evaluation cancelled`, on every thread it runs on. The
// Python module's hook checks for Ctrl-C. Hooks nest: each one in force is asked.
class CancelHook {
 public:
  explicit CancelHook(std::function<bool()> cancelled);
  ~CancelHook();
  CancelHook(const CancelHook&) = delete;
  CancelHook& operator=(const CancelHook&) = delete;

 private:
  struct Scope;
  std::unique_ptr<Scope> scope_;
};

// What the caller calls one thing it gives (docs/api.md, "The caller's words").
struct CallerWord {
  // Its name in messages (`limits["max_steps"]`); empty: the caller has no way to give it, and messages
  // leave out the advice that would use it.
  std::string name;
  // How a value given to it is written, `{}` standing for the value (`limits={"max_steps": {}}`);
  // empty: the name, a space and the value.
  std::string form;
};

struct SessionOptions {
  // Catalogue files (TOML) added to the built-in catalogue, in order; a later entry of the same name
  // overrides with `override = true`, as `--catalog FILE` does.
  std::vector<std::string> catalogues;
  // Catalogue entries given as TOML text, not files (Python's `catalog_text=`): each a name for messages
  // (`<catalog_text>`) and its text, read after `catalogues`, under the same rules.
  std::vector<std::pair<std::string, std::string>> catalogue_texts;
  // A Hugging Face config.json (Python's `workload_config=`): the Workload entry `mlsi catalogue from-hf`
  // makes of it joins the catalogue, keyed `workload_key` (empty: made from the config), and every run
  // sets the scenario's one input of kind Workload to it, as `mlsi run --workload FILE.json` does.
  std::string workload_config;
  std::string workload_key;
  // .mls files loaded (with their imports) into every run, after the built-in prelude: their scenarios
  // run by name as the built-in ones do.
  std::vector<std::string> files;
  Limits limits;
  // What the caller calls the request fields and limits that messages advise with, by the name the
  // command line's options have in the Python module and the MCP tools (`max_steps`, `max_depth`,
  // `max_points`, `set`, `scenario`, `inputs`, `for`, `where`, ...). A field not here is called by its
  // name in this API (`raise the limit with max_steps N`; `max_call_depth` for `max_depth`); the API
  // reads no inputs file, so a message offers `inputs` only when a caller names it here.
  std::map<std::string, CallerWord> words;
};

}  // namespace mlsi::api
