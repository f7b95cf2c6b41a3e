#pragma once
// Command-line options shared by the commands of `mlsi`.
#include <cstdint>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "base/whole_number.hpp"
#include "cli/cli.hpp"
#include "eval/evaluator.hpp"
#include "report/render.hpp"
#include "session/session.hpp"
#include "session/sweep.hpp"  // kDefaultMaxSweepPoints, kMaxSweepPointsCap

namespace mlsi {

struct Options {
  std::string command;
  std::vector<std::string> positional;  // `mlsi eval`: the entries, with those of -e, in order
  std::string scenario, config, inputs_file, sort, where;
  std::vector<std::string> sets, catalogues, varies;
  std::string shard;
  // -j/--jobs N: the threads of `mlsi sweep` and `mlsi solve --vary` (0: not given, the cores available).
  unsigned jobs = 0;
  // `mlsi solve`: the input made largest (--max) or smallest (--min), the conditions, --tol.
  std::string solve_max, solve_min, tolerance, solve_domain;
  std::vector<std::string> such_that;
  // `mlsi solve --vary ...`: the objective made smallest or largest over the grid, and how many of the
  // best points to show (--top; 0: not given).
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

  Limits limits;
  std::uint64_t max_points = kDefaultMaxSweepPoints;  // --max-points: points of one sweep or plot
  // --max-import-depth, --max-files, --max-file-size, --max-nesting (the catalogues come from
  // catalogue_files(); session_options() puts both together).
  SessionOptions files;
};

// Prints a usage error and returns the usage exit status.
int usage(CliStreams& io, const std::string& message);
// Returns an exit status when the arguments are not usable.
std::optional<int> parse_options(const std::vector<std::string>& args, Options& o, CliStreams& io);
// Catalogue files named by MLSI_PATH (folders separated by `:`), then --catalog files.
std::vector<std::string> catalogue_files(const Options& o);
// The options of a session that loads .mls files: the catalogue files and the limits on files.
SessionOptions session_options(const Options& o);

}  // namespace mlsi
