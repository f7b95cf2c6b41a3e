#include "verbs/verb_table.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/catalogue_fields.hpp"
#include "report/catalogue_listing.hpp"

namespace mlsi {

namespace {

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

// A limit's option as every verb's help lists it, all from the limit (mlsi/options.hpp): `--max-depth N`,
// its meaning, its default, and its largest value where the help names it.
VerbOption limit_option(std::string_view flag) {
  const api::LimitInfo& limit = api::limit_info(flag);
  std::string help = fmt::format("{} (default {}", limit.meaning, limit.default_value());
  if (limit.help_names_maximum) help += fmt::format(", at most {}", limit.maximum);
  return VerbOption(limit.flag, fmt::format("{} N", limit.flag), help + ")");
}

using FormatList = std::vector<FormatName>;
const FormatName kTable{"table", Format::table}, kJson{"json", Format::json}, kCsv{"csv", Format::csv}, kJsonl{"jsonl", Format::jsonl},
    kMd{"md", Format::markdown}, kHtml{"html", Format::html};

// The first operand of a run, or FILE when there is none, to name in a message.
std::string first_operand(const VerbRequest& r) { return r.positional.empty() ? "FILE" : r.positional.front(); }

std::vector<Verb> make_verbs() {
  std::vector<Verb> v;
  v.push_back({"run", "run FILE|NAME [options]", "evaluate a scenario and print its results", Operand::scenario_or_file, {}, true, {},
               FormatList{kTable, kJson, kCsv, kMd, {"markdown", Format::markdown, true}, kHtml}, "`mlsi run`", "",
               // Silently running the defaults instead would print numbers for a point nobody asked for.
               {{"--vary", [](const VerbRequest& r) {
                   return fmt::format("`mlsi run` evaluates one point: give an input with --set, or vary it with `mlsi sweep {} --vary {}`",
                                      first_operand(r), r.varies.empty() ? "INPUT=VALUES" : r.varies.front());
                 }}}});
  v.push_back({"check", "check FILE...", "parse and check files without evaluating", Operand::mls_files, {}, false, {},
               FormatList{}, "`mlsi check`"});
  v.push_back({"test", "test [PATH...] [--config NAME] [--report [--format table|md|json]] [--published]",
               "verify every config's `expect` (files or folders, or a built-in pack: training, serving, systems, plan, and inference for serving "
               "and systems; no PATH: the built-in scenarios); --config: only the configs named NAME; "
               "--report: one row per expectation, expected "
               "against computed with the error and its published source; --published: only the expectations that cite a `source`",
               Operand::mls_files,
               {{"--config", "--config NAME", "only the configs named NAME (an error if no config has that name)"},
                {"--report", "--report", "one row per expectation: expected, computed, the error and its source"},
                {"--format", "--format table|md|json", "the report's format (with --report; table by default)"},
                {"--published", "--published", "only the expectations that cite a `source`"}},
               false, {}, FormatList{kTable, kMd, {"markdown", Format::markdown, true}, kJson}, "`mlsi test --report`"});
  v.push_back({"validate", "validate [FOLDER] [--format table|json] [--catalog FILE]",
               "the validation table: every `expect measured` of FOLDER's .mls files (default: `validation`), one domain per subfolder, "
               "measured against mlsi's value with the signed error, then the mean and max |error| per output against the targets of "
               "the domain's validation.toml, which also names the catalogue files its rows read. Exit status 1 when a domain's mean or max |error| is above its "
               "target, 3 when a file does not check",
               Operand::folder, {{"--format", "--format table|json", "the report's format (table by default)"}}, false, {},
               FormatList{kTable, kJson}, "`mlsi validate`"});
  v.push_back({"sweep", "sweep FILE|NAME --vary INPUT=VALUES... [--where COND] [-j N] [--shard K/N] [run options]",
               "one row per point of the cartesian product of the --vary values: `1,2,4`, `1024..16384 step 1024`, `1024..65536 *2`, "
               "`\"1 TB/s..4 TB/s step 0.5 TB/s\"`, `1..64` (50 points, both ends included); --plot FILE.svg [--y OUTPUT] [--log-x] [--log-y] also draws the first varied input on x, "
               "the second as lines",
               Operand::scenario_or_file,
               {{"--vary", "--vary INPUT=VALUES", "an input and its values: a list, a range with a step, `a..b *FACTOR`, or `a..b` (50 points); "
                                                  "catalogue entries, enumeration cases or true,false as a list (repeatable)"},
                {"--where", "--where COND", "only the points where the condition over inputs and outputs holds"},
                {"--jobs", "-j N, --jobs N", "compute on N threads (default: every core the process may use); the output is the same for any N"},
                {"--shard", "--shard K/N", "only the K-th of N contiguous parts of the points (1 <= K <= N), for running a sweep on N machines: the parts, "
                                           "concatenated in K order with the header once, are the whole output"},
                {"--plot", "--plot FILE.svg", "also draw the points: the first varied input on x, the second as lines"},
                {"--y", "--y OUTPUT", "the output --plot draws (default: the first numeric one or list of numbers); OUTPUT[N]: entry N of a list"},
                {"--log-x", "--log-x", "a logarithmic x axis (with --plot)"},
                {"--log-y", "--log-y", "a logarithmic y axis (with --plot)"}},
               true, {"--explain"}, FormatList{kTable, kJson, kJsonl, kCsv}, "`mlsi sweep`"});
  v.push_back({"solve", "solve FILE|NAME (--max INPUT | --min INPUT | --vary INPUT=VALUES... (--minimize EXPR | --maximize EXPR)) [--such-that COND]... "
                        "[--for INPUT=LOW..HIGH] [--tol X] [--top K] [-j N] [run options]",
               "the largest (--max) or smallest (--min) value of one input for which every --such-that condition over the inputs and "
               "outputs holds and every `where` and `check` of the scenario passes, in the domain its `where` allows; a whole-number "
               "input exactly, another to a relative tolerance; then the scenario's results there and the first value past the answer. "
               "With --vary: the point of the grid (as `mlsi sweep` evaluates it) whose objective is smallest (largest) among those where "
               "the conditions hold, ties to the first point of the grid, with the runners-up and the better point a condition excludes. "
               "Exit status 1 when no value satisfies, when every value does up to the domain's end, or when the conditions are not monotone in the input",
               Operand::scenario_or_file,
               {{"--max", "--max INPUT", "the input made as large as the conditions allow"},
                {"--min", "--min INPUT", "the input made as small as the conditions allow"},
                {"--such-that", "--such-that COND", "a Bool over the scenario's inputs and outputs, as --where (repeatable: all must hold)"},
                {"--for", "--for INPUT=LOW..HIGH", "search only from LOW to HIGH (in the input's unit: `\"1 byte..8 byte\"`), within what its `where` allows"},
                {"--tol", "--tol X", "the relative tolerance of an input that is not a whole number (default 1e-9)"},
                {"--vary", "--vary INPUT=VALUES", "an input of the grid and its values, as `mlsi sweep` takes them (repeatable)"},
                {"--minimize", "--minimize EXPR", "order the grid's points by EXPR over the inputs and outputs (a number), smallest first"},
                {"--maximize", "--maximize EXPR", "the same, largest first"},
                {"--top", "--top K", "how many of the best feasible points of the grid to show (default 5)"},
                {"--jobs", "-j N, --jobs N", "evaluate the grid on N threads (default: every core the process may use); the answer is the same for any N"}},
               true, {}, FormatList{kTable, kJson}, "`mlsi solve`"});
  v.push_back({"plot", "plot FILE|NAME --x INPUT=VALUES [--y OUTPUT[,OUTPUT]] [--series INPUT=VALUES] [--log-x] [--log-y] [-o FILE.svg] [run options]",
               "an SVG line chart (standard output without -o), or bars when --x varies catalogue entries, enumeration cases or Bools; a range `a..b` on --x takes 50 points as on --vary (geometric with --log-x), on --series 5; a list output on --y is a line per entry, OUTPUT[N] its entry N (from 0)",
               Operand::scenario_or_file,
               {{"--x", "--x INPUT=VALUES", "the input on the x axis and its values"},
                {"--y", "--y OUTPUT[,OUTPUT]", "the outputs drawn (repeatable; default: the first numeric one or list of numbers); OUTPUT[N]: entry N of a list"},
                {"--series", "--series INPUT=VALUES", "a second input, one line per value"},
                {"--log-x", "--log-x", "a logarithmic x axis (a range is then geometric)"},
                {"--log-y", "--log-y", "a logarithmic y axis"},
                {"--output", "-o FILE.svg", "write the chart to FILE.svg (--output FILE.svg)"},
                // Read as `mlsi sweep` reads it (language.md section 13), not listed in the help.
                {"--where", "--where COND", "only the points where the condition over inputs and outputs holds", {}, true}},
               true, {"--explain"}, FormatList{}, "`mlsi plot`", "it writes SVG",
               {{"--vary", [](const VerbRequest&) { return std::string("`mlsi plot` varies inputs with --x and --series, not --vary"); }},
                {"--shard", [](const VerbRequest&) { return std::string("`mlsi plot` draws every point; --shard is for `mlsi sweep`"); }}}});
  v.push_back({"eval", "eval EXPR... [-e EXPR] [--format table|json]",
               "evaluate expressions and declarations as the REPL does (each EXPR an entry of one session, in order; `mlsi -e EXPR`, "
               "repeatable, is the same)",
               Operand::none,
               {{"-e", "-e EXPR", "one more entry (repeatable; `mlsi -e EXPR` needs no `eval`)"},
                {"--format", "--format table|json", "the REPL's lines (table, the default), or one JSON array with an object per entry"}},
               false, {}, FormatList{kTable, kJson}, "`mlsi eval`", "", {}, true});
  v.push_back({"list", "list [KIND] [--sort FIELD|-FIELD] [--where COND] [--top K] [--format table|json|csv]",
               "list catalogue entries of a KIND " + kinds_phrase() + "; no KIND: every kind, with what it holds and how many entries",
               Operand::kind,
               {{"--sort", "--sort FIELD|-FIELD", "sort catalogue entries by a field, ascending (`-FIELD`: descending)"},
                {"--where", "--where COND", "only the catalogue entries for which the condition over their fields holds"},
                {"--top", "--top K", "only the first K catalogue entries, after --where and --sort (the count says of how many)"},
                {"--format", "--format table|json|csv", "a table (the default), JSON, or CSV (the unit in the header)"}},
               false, {}, FormatList{kTable, kJson, kCsv}, "`mlsi list`"});
  v.push_back({"show", "show NAME [--source] [--format table|json]",
               "a catalogue entry, scenario, constant, function or unit (with no such name: the names that contain NAME, ignoring case)",
               Operand::name,
               {{"--source", "--source", "the text of the .mls file that declares the scenario NAME, as it is (a built-in one's pack file)"},
                {"--format", "--format table|json", "a table (the default) or JSON"}},
               false, {}, FormatList{kTable, kJson}, "`mlsi show`"});
  v.push_back({"check-catalogue", "check-catalogue FILE...", "validate catalogue TOML files", Operand::toml_files, {}, false, {},
               FormatList{}, "`mlsi check-catalogue`"});
  v.push_back({"catalogue", "catalogue from-hf CONFIG.json [--name KEY]",
               "print the Workload catalogue entry of a Hugging Face config.json, a local file (model types llama, mistral, qwen2, phi3, gemma2, "
               "mixtral, qwen2_moe, deepseek_v2, deepseek_v3): its shapes, and its parameters and active parameters counted from them, as TOML "
               "that --catalog takes",
               Operand::from_hf, {{"--name", "--name KEY", "the entry's key (default: made from the last part of `_name_or_path`, else from `model_type`)"}},
               false, {}, FormatList{}, "`mlsi catalogue`", "", {}, true});
  v.push_back({"schema", "schema [FILE|NAME] [--format json]",
               "the JSON Schema (draft 2020-12) of every command's JSON output, or of `mlsi run FILE|NAME --format json`",
               Operand::scenario_or_file,
               {{"--format", "--format json", "JSON (the only format)"},
                // The scenario is found as `mlsi run` finds it, from the same options (not listed in the help).
                {"--scenario", "--scenario NAME", "the scenario when FILE declares several", {}, true},
                {"--config", "--config NAME", "the configuration of the run", {}, true},
                {"--set", "--set NAME=EXPR", "an input of the run", {}, true},
                {"--inputs", "--inputs FILE.toml", "inputs of the run", {}, true}},
               false, {}, FormatList{kJson}, "`mlsi schema`", "", {}, true});
  v.push_back({"fmt", "fmt PATH... [--write|--check]",
               "print files in canonical layout (a folder: its .mls files; `-`: standard input); --write (-w) rewrites changed files, --check "
               "lists the files that are not canonical and exits 1",
               Operand::mls_files,
               {{"--write", "--write", "rewrite the files that are not canonical (-w)"}, {"--write", "-w", "the same as --write"},
                {"--check", "--check", "list the files that are not canonical and exit 1 if any"}},
               false, {}, FormatList{}, "`mlsi fmt`"});
  v.push_back({"doc", "doc [PATH|NAME|catalogue] [--format markdown|html] [-o FILE]",
               "a reference page from the `##` docs and declarations: a file, a folder (recursively), a built-in scenario, a built-in pack "
               "(training, serving, systems, plan; inference: serving and systems), all built-in scenarios (no PATH), or the catalogue",
               Operand::doc_target,
               {{"--format", "--format markdown|html", "the page's format (markdown by default)"},
                {"--output", "-o FILE", "write the page to FILE (--output FILE)"}},
               false, {}, FormatList{{"markdown", Format::markdown}, {"md", Format::markdown, true}, kHtml}, "`mlsi doc`"});
  v.push_back({"repl", "repl", "an interactive session (also plain `mlsi` at a terminal)", Operand::none, {}, false, {},
               FormatList{}, "`mlsi repl`"});
  v.push_back({"lsp", "lsp", "a language server (LSP 3.17) on standard input and output, for editors: diagnostics as you type, hover, completion, "
                             "definitions, references, formatting, each output's value and each expectation's result beside it (docs/editors.md)",
               Operand::none, {}, false, {}, FormatList{}, "`mlsi lsp`", "it speaks JSON-RPC"});
  v.push_back({"mcp", "mcp [FILE...]", "a Model Context Protocol server on standard input and output: the tools run, check, explain, list, show, "
                                       "sweep and solve over the built-in scenarios and FILEs, and their reference pages as resources",
               Operand::mls_files, {}, false, {}, FormatList{}, "`mlsi mcp`", "it speaks JSON-RPC"});
  return v;
}

}  // namespace

const std::vector<Verb>& verbs() {
  static const std::vector<Verb> all = make_verbs();
  return all;
}

const Verb* find_verb(std::string_view name) {
  for (const auto& v : verbs())
    if (v.name == name) return &v;
  return nullptr;
}

std::vector<std::string> verb_names() {
  std::vector<std::string> names;
  for (const auto& v : verbs()) names.push_back(v.name);
  return names;
}

const std::vector<VerbOption>& run_verb_options() {
  static const std::vector<VerbOption> options = {
      {"--scenario", "--scenario NAME", "the scenario to run when FILE declares several"},
      {"--config", "--config NAME", "start from a named configuration"},
      {"--set", "--set NAME=EXPR", "set an input (repeatable), e.g. --set batch=4 --set \"bytes_per_value=1 byte\""},
      {"--inputs", "--inputs FILE.toml", "set inputs from a TOML file (NAME = value or \"expression\")"},
      {"--workload", "--workload FILE.json", "set the scenario's one input of kind Workload to the entry that `mlsi catalogue from-hf` makes of "
                                             "a Hugging Face config.json (with --name KEY as its key)"},
      {"--name", "--name KEY", "the key of the --workload entry", "--workload", true},
      {"--format", "--format FORMAT", "table (default), json or csv, and jsonl for `mlsi sweep`, md or html for `mlsi run` (each command takes only the formats it writes)"},
      {"--explain", "--explain", "each output's derivation: its formula, the values substituted, the lets and inputs it uses (with where each input "
                                 "came from), catalogue fields with their entry's source, and the constants it depends on (as a tree, or with "
                                 "--format json as JSON); `mlsi run`, and `mlsi solve` at its answer"},
  };
  return options;
}

const std::vector<VerbOption>& common_verb_options() {
  static const std::vector<VerbOption> options = {
      {"--catalog", "--catalog FILE.toml", "add catalogue entries (repeatable); MLSI_PATH=DIR:DIR adds every .toml file of those folders first"},
      {"--catalog-text", "--catalog-text TOML", "add catalogue entries written as a --catalog file holds them, given as text (repeatable; after the "
                                                "files, named <catalog_text> in messages, the second <catalog_text#2>, ...)"},
      limit_option("--max-depth"),
      limit_option("--max-list"),
      limit_option("--max-steps"),
      limit_option("--max-total-steps"),
      limit_option("--max-nesting"),
      limit_option("--max-import-depth"),
      limit_option("--max-files"),
      limit_option("--max-file-size"),
      {"--max-errors", "--max-errors N", "problems shown per file (default 50); a problem repeated in a file is shown once, with where else it occurs"},
      limit_option("--max-points"),
      // Every verb reads --format (its formats say which it writes, or that it takes none) and --help.
      {"--format", "--format FORMAT", "", {}, true},
      {"--help", "-h, --help", "this command's usage and options", {}, true},
  };
  return options;
}

const VerbOption* verb_option(const Verb& verb, std::string_view flag) {
  for (const auto& o : verb.options)
    if (o.flag == flag) return &o;
  if (verb.run_options && std::find(verb.refused_run_options.begin(), verb.refused_run_options.end(), flag) == verb.refused_run_options.end())
    for (const auto& o : run_verb_options())
      if (o.flag == flag) return &o;
  for (const auto& o : common_verb_options())
    if (o.flag == flag) return &o;
  return nullptr;
}

std::vector<const VerbOption*> listed_options(const Verb& verb) {
  std::vector<const VerbOption*> out;
  for (const auto& o : verb.options) out.push_back(&o);
  if (verb.run_options)
    for (const auto& o : run_verb_options())
      if (verb_option(verb, o.flag) == &o) out.push_back(&o);
  for (const auto& o : common_verb_options()) out.push_back(&o);
  return out;
}

}  // namespace mlsi
