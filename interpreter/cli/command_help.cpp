#include "cli/command_help.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/catalogue_fields.hpp"
#include "report/catalogue_listing.hpp"

namespace mlsi {

namespace {

constexpr std::size_t kWidth = 96;         // lines are wrapped before this column
constexpr std::size_t kSummaryColumn = 35;  // of a command's summary in `mlsi --help`
constexpr std::size_t kOptionColumn = 23;   // of an option's help

// `mlsi list`'s kinds, from the library's list: "(hardware, workloads, ...), or scenarios, units or constants".
std::string kinds_phrase() {
  std::vector<std::string> catalogue, others;
  for (const auto& k : listable_kinds())
    (std::any_of(kind_views().begin(), kind_views().end(), [&](const KindView& v) { return k == v.plural; }) ? catalogue : others).push_back(k);
  std::string out = "(";
  for (std::size_t i = 0; i < catalogue.size(); ++i) out += (i ? ", " : "") + catalogue[i];
  out += "), or ";
  for (std::size_t i = 0; i < others.size(); ++i) out += (i == 0 ? "" : i + 1 == others.size() ? " or " : ", ") + others[i];
  return out;
}

// Words of a text, a `code phrase` or a "quoted phrase" kept whole so that it is never split across lines.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool code = false, quoted = false;  // inside `...`, inside "..." (outside code)
  for (char c : text) {
    if (c == '`') code = !code;
    if (c == '"' && !code) quoted = !quoted;
    if (c == ' ' && !code && !quoted) {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

// `text` after `lead` padded to `column`, wrapped at kWidth, each further line indented to `column`. A
// lead that leaves less than `gap` spaces before the column: the text starts on the next line (a
// command's summary below a long usage), or, with `gap` 0, two spaces after it (an option's help).
std::string wrapped(const std::string& lead, const std::string& text, std::size_t column, std::size_t gap) {
  std::string out = lead;
  std::size_t last = lead.rfind('\n') == std::string::npos ? lead.size() : lead.size() - lead.rfind('\n') - 1;
  if (!lead.empty() && (lead.find('\n') != std::string::npos || last + std::max<std::size_t>(gap, 1) > column)) {
    if (gap > 0) out += "\n";
    else out += "  ";
  }
  std::size_t at = out.size() - (out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
  bool first = true;
  for (const auto& w : words_of(text)) {
    if (at < column) {
      out += std::string(column - at, ' ');
      at = column;
    } else if (!first && at + 1 + w.size() > kWidth) {
      out += "\n" + std::string(column, ' ');
      at = column;
    } else if (!first) {
      out += ' ';
      ++at;
    }
    out += w;
    at += w.size();
    first = false;
  }
  return out + "\n";
}

// A usage line wrapped at kWidth, further lines indented by 12.
std::string usage_lines(const std::string& lead, const std::string& usage) {
  std::string out = lead;
  std::size_t at = lead.size();
  bool first = true;
  for (const auto& w : words_of(usage)) {
    if (!first && at + 1 + w.size() > kWidth) {
      out += "\n" + std::string(12, ' ');
      at = 12;
    } else if (!first) {
      out += ' ';
      ++at;
    }
    out += w;
    at += w.size();
    first = false;
  }
  return out;
}

std::vector<CommandHelp> make_commands() {
  return {
      {"run", "run FILE|NAME [options]", "evaluate a scenario and print its results", {}, true},
      {"check", "check FILE...", "parse and check files without evaluating", {}, false},
      {"test", "test [PATH...] [--config NAME] [--report [--format table|md|json]] [--published]",
       "verify every config's `expect` (files or folders; no PATH: the built-in scenarios); --config: only the configs named NAME; "
       "--report: one row per expectation, expected "
       "against computed with the error and its published source; --published: only the expectations that cite a `source`",
       {{"--config NAME", "only the configs named NAME (an error if no config has that name)"},
        {"--report", "one row per expectation: expected, computed, the error and its source"},
        {"--format table|md|json", "the report's format (with --report; table by default)"},
        {"--published", "only the expectations that cite a `source`"}}, false},
      {"validate", "validate [FOLDER] [--format table|json] [--catalog FILE]",
       "the validation table: every `expect measured` of FOLDER's .mls files (default: `validation`), one domain per subfolder, "
       "measured against mlsi's value with the signed error, then the mean and max |error| per output against the targets of "
       "the domain's validation.toml, which also names the catalogue files its rows read. Exit status 1 when a domain's mean or max |error| is above its "
       "target, 3 when a file does not check",
       {{"--format table|json", "the report's format (table by default)"}}, false},
      {"sweep", "sweep FILE|NAME --vary INPUT=VALUES... [--where COND] [-j N] [--shard K/N] [run options]",
       "one row per point of the cartesian product of the --vary values: `1,2,4`, `1024..16384 step 1024`, `1024..65536 *2`, "
       "`\"1 TB/s..4 TB/s step 0.5 TB/s\"`, `1..64` (50 points, both ends included); --plot FILE.svg [--y OUTPUT] [--log-x] [--log-y] also draws the first varied input on x, "
       "the second as lines",
       {{"--vary INPUT=VALUES", "an input and its values: a list, a range with a step, `a..b *FACTOR`, or `a..b` (50 points); "
                                "catalogue entries, enumeration cases or true,false as a list (repeatable)"},
        {"--where COND", "only the points where the condition over inputs and outputs holds"},
        {"-j N, --jobs N", "compute on N threads (default: every core the process may use); the output is the same for any N"},
        {"--shard K/N", "only the K-th of N contiguous parts of the points (1 <= K <= N), for running a sweep on N machines: the parts, "
                        "concatenated in K order with the header once, are the whole output"},
        {"--plot FILE.svg", "also draw the points: the first varied input on x, the second as lines"},
        {"--y OUTPUT", "the output --plot draws (default: the first numeric one or list of numbers); OUTPUT[N]: entry N of a list"},
        {"--log-x", "a logarithmic x axis (with --plot)"},
        {"--log-y", "a logarithmic y axis (with --plot)"}},
       true},
      {"solve", "solve FILE|NAME (--max INPUT | --min INPUT | --vary INPUT=VALUES... (--minimize EXPR | --maximize EXPR)) [--such-that COND]... "
                "[--for INPUT=LOW..HIGH] [--tol X] [--top K] [-j N] [run options]",
       "the largest (--max) or smallest (--min) value of one input for which every --such-that condition over the inputs and "
       "outputs holds and every `where` and `check` of the scenario passes, in the domain its `where` allows; a whole-number "
       "input exactly, another to a relative tolerance; then the scenario's results there and the first value past the answer. "
       "With --vary: the point of the grid (as `mlsi sweep` evaluates it) whose objective is smallest (largest) among those where "
       "the conditions hold, ties to the first point of the grid, with the runners-up and the better point a condition excludes. "
       "Exit status 1 when no value satisfies, when every value does up to the domain's end, or when the conditions are not monotone in the input",
       {{"--max INPUT", "the input made as large as the conditions allow"},
        {"--min INPUT", "the input made as small as the conditions allow"},
        {"--such-that COND", "a Bool over the scenario's inputs and outputs, as --where (repeatable: all must hold)"},
        {"--for INPUT=LOW..HIGH", "search only from LOW to HIGH (in the input's unit: `\"1 byte..8 byte\"`), within what its `where` allows"},
        {"--tol X", "the relative tolerance of an input that is not a whole number (default 1e-9)"},
        {"--vary INPUT=VALUES", "an input of the grid and its values, as `mlsi sweep` takes them (repeatable)"},
        {"--minimize EXPR", "order the grid's points by EXPR over the inputs and outputs (a number), smallest first"},
        {"--maximize EXPR", "the same, largest first"},
        {"--top K", "how many of the best feasible points of the grid to show (default 5)"},
        {"-j N, --jobs N", "evaluate the grid on N threads (default: every core the process may use); the answer is the same for any N"}},
       true},
      {"plot", "plot FILE|NAME --x INPUT=VALUES [--y OUTPUT[,OUTPUT]] [--series INPUT=VALUES] [--log-x] [--log-y] [-o FILE.svg] [run options]",
       "an SVG line chart (standard output without -o), or bars when --x varies catalogue entries, enumeration cases or Bools; a range `a..b` on --x takes 50 points as on --vary (geometric with --log-x), on --series 5; a list output on --y is a line per entry, OUTPUT[N] its entry N (from 0)",
       {{"--x INPUT=VALUES", "the input on the x axis and its values"},
        {"--y OUTPUT[,OUTPUT]", "the outputs drawn (repeatable; default: the first numeric one or list of numbers); OUTPUT[N]: entry N of a list"},
        {"--series INPUT=VALUES", "a second input, one line per value"},
        {"--log-x", "a logarithmic x axis (a range is then geometric)"},
        {"--log-y", "a logarithmic y axis"},
        {"-o FILE.svg", "write the chart to FILE.svg (--output FILE.svg)"}},
       true},
      {"eval", "eval EXPR... [-e EXPR] [--format table|json]",
       "evaluate expressions and declarations as the REPL does (each EXPR an entry of one session, in order; `mlsi -e EXPR`, "
       "repeatable, is the same)",
       {{"-e EXPR", "one more entry (repeatable; `mlsi -e EXPR` needs no `eval`)"},
        {"--format table|json", "the REPL's lines (table, the default), or one JSON array with an object per entry"}}, false},
      {"list", "list [KIND] [--sort FIELD|-FIELD] [--where COND] [--format table|json|csv]",
       "list catalogue entries of a KIND " + kinds_phrase() + "; no KIND: every kind, with what it holds and how many entries",
       {{"--sort FIELD|-FIELD", "sort catalogue entries by a field, ascending (`-FIELD`: descending)"},
        {"--where COND", "only the catalogue entries for which the condition over their fields holds"},
        {"--format table|json|csv", "a table (the default), JSON, or CSV (the unit in the header)"}}, false},
      {"show", "show NAME [--source] [--format table|json]",
       "a catalogue entry, scenario, constant, function or unit (with no such name: the names that contain NAME, ignoring case)",
       {{"--source", "the text of the .mls file that declares the scenario NAME, as it is (a built-in one's pack file)"},
        {"--format table|json", "a table (the default) or JSON"}}, false},
      {"check-catalogue", "check-catalogue FILE...", "validate catalogue TOML files", {}, false},
      {"catalogue", "catalogue from-hf CONFIG.json [--name KEY]",
       "print the Workload catalogue entry of a Hugging Face config.json, a local file (model types llama, mistral, qwen2, phi3, gemma2, "
       "mixtral, qwen2_moe, deepseek_v2, deepseek_v3): its shapes, and its parameters and active parameters counted from them, as TOML "
       "that --catalog takes",
       {{"--name KEY", "the entry's key (default: made from the last part of `_name_or_path`, else from `model_type`)"}}, false},
      {"schema", "schema [FILE|NAME] [--format json]",
       "the JSON Schema (draft 2020-12) of every command's JSON output, or of `mlsi run FILE|NAME --format json`",
       {{"--format json", "JSON (the only format)"}}, false},
      {"fmt", "fmt PATH... [--write|--check]",
       "print files in canonical layout (a folder: its .mls files; `-`: standard input); --write (-w) rewrites changed files, --check "
       "lists the files that are not canonical and exits 1",
       {{"--write", "rewrite the files that are not canonical (-w)"}, {"-w", "the same as --write"},
        {"--check", "list the files that are not canonical and exit 1 if any"}}, false},
      {"doc", "doc [PATH|NAME|catalogue] [--format markdown|html] [-o FILE]",
       "a reference page from the `##` docs and declarations: a file, a folder (recursively), a built-in scenario, all built-in "
       "scenarios (no PATH), or the catalogue",
       {{"--format markdown|html", "the page's format (markdown by default)"}, {"-o FILE", "write the page to FILE (--output FILE)"}}, false},
      {"repl", "repl", "an interactive session (also plain `mlsi` at a terminal)", {}, false},
      {"lsp", "lsp", "a language server (LSP 3.17) on standard input and output, for editors: diagnostics as you type, hover, completion, "
                     "definitions, references, formatting, each output's value and each expectation's result beside it (docs/editors.md)",
       {}, false},
      {"mcp", "mcp [FILE...]", "a Model Context Protocol server on standard input and output: the tools run, check, explain, list, show, "
                               "sweep and solve over the built-in scenarios and FILEs, and their reference pages as resources",
       {}, false},
  };
}

}  // namespace

const std::vector<CommandHelp>& command_helps() {
  static const std::vector<CommandHelp> commands = make_commands();
  return commands;
}

const std::vector<OptionHelp>& run_option_helps() {
  static const std::vector<OptionHelp> options = {
      {"--scenario NAME", "the scenario to run when FILE declares several"},
      {"--config NAME", "start from a named configuration"},
      {"--set NAME=EXPR", "set an input (repeatable), e.g. --set batch=4 --set \"bytes_per_value=1 byte\""},
      {"--inputs FILE.toml", "set inputs from a TOML file (NAME = value or \"expression\")"},
      {"--workload FILE.json", "set the scenario's one input of kind Workload to the entry that `mlsi catalogue from-hf` makes of "
                               "a Hugging Face config.json (with --name KEY as its key)"},
      {"--format FORMAT", "table (default), json or csv, and jsonl for `mlsi sweep` (each command takes only the formats it writes)"},
      {"--explain", "each output's derivation: its formula, the values substituted, the lets and inputs it uses (with where each input "
                    "came from), catalogue fields with their entry's source, and the constants it depends on (as a tree, or with "
                    "--format json as JSON); `mlsi run`, and `mlsi solve` at its answer"},
  };
  return options;
}

const std::vector<OptionHelp>& common_option_helps() {
  static const std::vector<OptionHelp> options = {
      {"--catalog FILE.toml", "add catalogue entries (repeatable); MLSI_PATH=DIR:DIR adds every .toml file of those folders first"},
      {"--max-depth N", "nested calls allowed (default 200)"},
      {"--max-list N", "entries allowed in one list (default 10000000)"},
      {"--max-steps N", "evaluation steps allowed (default 500000000)"},
      {"--max-total-steps N", "evaluation steps of the whole command, summed over a sweep's points or a solve's values (default 500000000)"},
      {"--max-nesting N", "brackets and operators nested in a file (default 200)"},
      {"--max-import-depth N", "imports nested in imports (default 32, at most 1000)"},
      {"--max-files N", "files one program may load (default 1000)"},
      {"--max-file-size N", "bytes one .mls or catalogue file may have (default 16777216, at most 1073741824)"},
      {"--max-errors N", "problems shown per file (default 50); a problem repeated in a file is shown once, with where else it occurs"},
      {"--max-points N", "points of one sweep or plot (default 1000000000000000, at most 9007199254740992)"},
  };
  return options;
}

const CommandHelp* find_command_help(const std::string& name) {
  for (const auto& c : command_helps())
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : command_helps()) names.push_back(c.name);
  return names;
}

namespace {

std::string option_lines(const std::vector<OptionHelp>& options, const std::string& command) {
  std::string out;
  for (const auto& o : options) {
    // --explain is among the run options but only `mlsi run` and `mlsi solve` take it.
    if (!command.empty() && command != "run" && command != "solve" && o.name == "--explain") continue;
    out += wrapped("  " + o.name, o.help, kOptionColumn, 0);
  }
  return out;
}

}  // namespace

std::string overview_help() {
  std::string out = "mlsi — run, check and test .mls scenarios with statically checked units\n\nusage:\n";
  for (const auto& c : command_helps()) {
    std::string usage = usage_lines("  mlsi ", c.usage);
    // A usage of several lines puts the summary below its last line.
    out += wrapped(usage, c.summary, kSummaryColumn, 3);
  }
  out += "  mlsi --help | --version\n\nrun options:\n";
  out += option_lines(run_option_helps(), "");
  out += "\ncommon options:\n";
  out += option_lines(common_option_helps(), "");
  out += "\n"
         "`mlsi COMMAND --help` (or `mlsi help COMMAND`) shows one command's usage and options.\n"
         "Input values come, lowest priority first, from the default, the config, --inputs and --set.\n"
         "Exit status: 0 success, 1 an evaluation, check or expectation failed, 2 usage error,\n"
         "3 parse or check error in a source file.\n";
  return out;
}

std::string command_help(const CommandHelp& c) {
  std::string out = usage_lines("usage: mlsi ", c.usage) + "\n\n" + wrapped("", c.summary, 0, 0);
  if (!c.options.empty()) out += "\noptions:\n" + option_lines(c.options, c.name);
  if (c.run_options) out += "\nrun options:\n" + option_lines(run_option_helps(), c.name);
  out += "\ncommon options:\n" + option_lines(common_option_helps(), c.name);
  return out;
}

}  // namespace mlsi
