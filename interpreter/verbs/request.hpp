#pragma once
// What a user asked one verb (`run`, `sweep`, `list`, ...) to do: the fields every verb's options set
// (verbs/option_table.cpp says which option sets which field) and its operands. One struct for every
// verb, so that an option shared by several verbs is written once; each verb reads the fields it takes.
#include <cstdint>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "report/render.hpp"
#include "session/session.hpp"

namespace mlsi {

// The command line's words for what a caller gives (base/caller_words.hpp): each option's flag, by the
// name the Python module and the MCP tools give it (`max_steps`: `--max-steps`), from option_table.cpp.
const CallerWords& command_line_words();
// The default limits, which speak them.
EvaluationLimits command_line_limits();

struct VerbRequest {
  std::string command;
  std::vector<std::string> positional;  // the operands; `mlsi eval`: the entries, with those of -e, in order
  std::string scenario, config, inputs_file, sort, where;
  std::vector<std::string> sets, catalogues, varies;
  // --catalog-text TOML: catalogue entries given as text, in order (named <catalog_text> in messages).
  std::vector<std::string> catalogue_texts;
  std::string shard;
  // -j/--jobs N: the threads of `mlsi sweep` and `mlsi solve --vary` (0: not given, the cores available).
  unsigned jobs = 0;
  // `mlsi solve`: the input made largest (--max) or smallest (--min), the conditions, --tol.
  std::string solve_max, solve_min, tolerance, solve_domain;
  std::vector<std::string> such_that;
  // `mlsi solve --vary ...`: the objective made smallest or largest over the grid, and how many of the
  // best points to show (--top; 0: not given); `mlsi list`: the first entries shown.
  std::string minimize, maximize;
  std::size_t top = 0;
  std::string output;  // -o/--output FILE (`mlsi doc`, `mlsi plot`)
  // --workload FILE.json (run, sweep, solve, plot) and the entry's key, --name KEY (also `catalogue from-hf`).
  std::string workload_config, entry_name;
  // `mlsi plot` and `mlsi sweep --plot`: the SVG file, the axes (--y may name several outputs, comma
  // separated), a second varied input drawn as one line per value.
  std::string plot_file, plot_x, plot_y, plot_series;
  bool log_x = false, log_y = false;
  Format format = Format::table;
  bool format_given = false;
  bool report = false;     // mlsi test --report
  bool published = false;  // mlsi test --published
  bool show_source = false;  // mlsi show --source
  bool fmt_write = false;  // `mlsi fmt --write`
  bool fmt_check = false;  // `mlsi fmt --check`
  bool explain = false;  // run --explain: each output's derivation
  bool help = false;     // COMMAND --help (-h): the command's usage and options

  std::size_t max_errors = kDefaultMaxErrors;  // --max-errors: diagnostics shown per file

  // Every limit (--max-depth, --max-points, --max-file-size, ...: mlsi/options.hpp kLimitTable) and the
  // caller's words: what an evaluation is given, and a session's limits on files and its words
  // (session_limits(), which the session's options of commands/verb_session.hpp start from).
  EvaluationLimits limits = command_line_limits();

  // The options given, as the table names them (`--jobs` for `-j` too), in the order given: the verb's
  // table refuses those it does not take once the whole line is read.
  std::vector<std::string> given;
};

// The options of a session with the request's limits and words, nothing else set.
ProgramSessionOptions session_limits(const VerbRequest& r);

}  // namespace mlsi
