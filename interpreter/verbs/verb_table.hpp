#pragma once
// Every verb of mlsi (`run`, `sweep`, `solve`, `list`, ...): its usage, what it does, its operands, the
// options it takes with the help it gives each, and the formats it writes. The command line's parser
// refuses an option a verb does not take from here; `mlsi --help`, `mlsi COMMAND --help`, the shell
// completions and the MCP tools' schemas are written from here.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "report/render.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// What a verb's operands are, as the completions offer them.
enum class Operand {
  none,              // repl, lsp, eval (expressions)
  scenario_or_file,  // run, sweep, solve, plot, schema: a built-in scenario or a .mls file
  mls_files,         // check, test, fmt, mcp
  toml_files,        // check-catalogue
  kind,              // list: a kind of `mlsi list`
  name,              // show: a scenario, catalogue entry or constant
  doc_target,        // doc: a scenario, `catalogue`, or a .mls file or folder
  from_hf,           // catalogue: `from-hf` then a config.json
  folder,            // validate
};

// An option as a verb lists it: the flag of the option table, how its help writes it (`-j N, --jobs N`)
// and its help line. `needs`: another option without which the verb refuses this one (--name: --workload).
struct VerbOption {
  VerbOption(std::string_view flag, std::string display, std::string help, std::string_view needs = {}, bool hidden = false)
      : flag(flag), display(std::move(display)), help(std::move(help)), needs(needs), hidden(hidden) {}
  std::string_view flag;
  std::string display;
  std::string help;
  std::string_view needs = {};
  bool hidden = false;  // taken, not listed in the help (`--name` of a run, `--output` beside `-o`)
};

// A format's name as --format takes it.
struct FormatName {
  FormatName(std::string_view name, Format format, bool alias = false) : name(name), format(format), alias(alias) {}
  std::string_view name;
  Format format;
  bool alias = false;  // accepted, not named in messages (`markdown` beside `md`)
};

// What a verb says when given an option it does not take, in its own words (`mlsi run --vary`).
struct VerbRefusal {
  std::string_view flag;
  std::string (*message)(const VerbRequest&);
};

struct Verb {
  Verb(std::string name, std::string usage, std::string summary, Operand operand, std::vector<VerbOption> options, bool run_options,
       std::vector<std::string_view> refused_run_options, std::vector<FormatName> formats, std::string_view called,
       std::string_view writes = {}, std::vector<VerbRefusal> refusals = {}, bool checks_format = false)
      : name(std::move(name)), usage(std::move(usage)), summary(std::move(summary)), operand(operand), options(std::move(options)),
        run_options(run_options), refused_run_options(std::move(refused_run_options)), formats(std::move(formats)), called(called),
        writes(writes), refusals(std::move(refusals)), checks_format(checks_format) {}
  std::string name;     // `run`
  std::string usage;    // after `mlsi `: `run FILE|NAME [options]`
  std::string summary;  // what it does
  Operand operand = Operand::none;
  std::vector<VerbOption> options;  // its own options, in the order of its help
  bool run_options = false;         // takes the run options (run, sweep, solve, plot)
  std::vector<std::string_view> refused_run_options;  // those of the run options it does not take
  // The formats it writes; empty: it takes no --format (saying `writes` instead, when given).
  std::vector<FormatName> formats;
  std::string_view called;  // how format messages name it: "`mlsi test --report`"
  std::string_view writes;
  std::vector<VerbRefusal> refusals;
  // --format takes any format's name, and the verb refuses those it does not write in its own words.
  bool checks_format = false;
};

// Every verb, in the order `mlsi --help` lists them; the one named `name`, or null; their names.
const std::vector<Verb>& verbs();
const Verb* find_verb(std::string_view name);
std::vector<std::string> verb_names();
// The options of `run`, `sweep`, `solve` and `plot`; the options of every verb.
const std::vector<VerbOption>& run_verb_options();
const std::vector<VerbOption>& common_verb_options();

// Whether `verb` takes the option `flag` (a flag of the option table); the entry its help lists, or null.
const VerbOption* verb_option(const Verb& verb, std::string_view flag);
// The options a verb's help lists, in order: its own, then the run options it takes, then the common ones.
std::vector<const VerbOption*> listed_options(const Verb& verb);

}  // namespace mlsi
