#pragma once
// mlsi's public API: what a session reads and the bounds on everything it does (docs/api.md). Every
// limit of the command line is here, with the command line's default.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi::api {

struct Limits {
  std::size_t max_file_size = 16 * 1024 * 1024;  // bytes of one .mls, catalogue or inputs file (--max-file-size)
  int max_files = 1000;                          // files one session reads through imports (--max-files)
  int max_import_depth = 32;                     // imports within imports (--max-import-depth)
  int max_nesting = 200;                         // nested brackets and operators of one expression (--max-nesting)
  int max_call_depth = 200;                      // nested calls of functions and scenarios (--max-depth)
  std::size_t max_list_length = 10'000'000;      // entries of one list made by `range` or a comprehension (--max-list)
  std::uint64_t max_steps = 500'000'000;         // evaluation steps of one run or sweep point (--max-steps)
  std::uint64_t max_total_steps = 500'000'000;   // evaluation steps of one call, summed over its points (--max-total-steps)
  std::uint64_t max_sweep_points = 1'000'000'000'000'000;  // points of one sweep (--max-points)
};

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
