#include "cli/cli.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <new>

#include "base/activity.hpp"
#include "cli/browse.hpp"
#include "cli/cli_options.hpp"
#include "eval/explain.hpp"
#include "cli/fmt_command.hpp"
#include "cli/doc_command.hpp"
#include "session/inputs.hpp"
#include "cli/plot_command.hpp"
#include "report/render.hpp"
#include "cli/repl_command.hpp"
#include "cli/run_setup.hpp"
#include "cli/sweep.hpp"
#include "session/session.hpp"
#include "cli/test_runner.hpp"

namespace mlsi {

namespace fs = std::filesystem;

namespace {

const char* kHelp = R"(mlsi — run, check and test .mls scenarios with statically checked units

usage:
  mlsi run FILE|NAME [options]     evaluate a scenario and print its results
  mlsi check FILE...               parse and check files without evaluating
  mlsi test [PATH...] [--report [--format table|md|json]] [--published]
                                   verify every config's `expect` (files or folders;
                                   no PATH: the built-in scenarios); --report: one row per
                                   expectation, expected against computed with the error
                                   and its published source; --published: only the
                                   expectations that cite a `source`
  mlsi sweep FILE|NAME --vary INPUT=VALUES... [--where COND] [--shard K/N] [run options]
                                   one row per point of the cartesian product of the
                                   --vary values: `1,2,4`, `1024..16384 step 1024`,
                                   `1024..65536 *2`, `"1 TB/s..4 TB/s step 0.5 TB/s"`,
                                   `1..64` (50 points, both ends included);
                                   --plot FILE.svg [--y OUTPUT] [--log-x] [--log-y] also
                                   draws the first varied input on x, the second as lines
  mlsi plot FILE|NAME --x INPUT=VALUES [--y OUTPUT[,OUTPUT]] [--series INPUT=VALUES]
            [--log-x] [--log-y] [-o FILE.svg] [run options]
                                   an SVG line chart (standard output without -o); a
                                   range `a..b` on --x takes 50 points as on --vary
                                   (geometric with --log-x), on --series 5
  mlsi list KIND [--sort FIELD] [--where COND] [--format table|json|csv]
                                   list catalogue entries (hardware, workloads, nodes,
                                   fabrics, fleets, pods, datasets, precisions, grids,
                                   datacenters, cooling, racks, pricing), or scenarios,
                                   units or constants
  mlsi show NAME [--format table|json]
                                   a catalogue entry, scenario, constant, function or unit
  mlsi check-catalogue FILE...     validate catalogue TOML files
  mlsi fmt PATH... [--write|--check]
                                   print files in canonical layout (a folder: its .mls
                                   files; `-`: standard input);
                                   --write (-w) rewrites changed files, --check lists the
                                   files that are not canonical and exits 1
  mlsi doc [PATH|NAME|catalogue] [--format markdown|html] [-o FILE]
                                   a reference page from the `##` docs and declarations:
                                   a file, a folder (recursively), a built-in scenario,
                                   all built-in scenarios (no PATH), or the catalogue
  mlsi repl                        an interactive session (also plain `mlsi` at a terminal)
  mlsi --help | --version

run options:
  --scenario NAME      the scenario to run when FILE declares several
  --config NAME        start from a named configuration
  --set NAME=EXPR      set an input (repeatable), e.g. --set batch=4 --set "bytes_per_value=1 byte"
  --inputs FILE.toml   set inputs from a TOML file (NAME = value or "expression")
  --format FORMAT      table (default), json or csv (each command takes only the
                       formats it writes, as above)
  --explain            each output's derivation: its formula, the values substituted, the
                       lets and inputs it uses (with where each input came from), catalogue
                       fields with their entry's source, and the constants it depends on
                       (as a tree, or with --format json as JSON)

common options:
  --catalog FILE.toml  add catalogue entries (repeatable); MLSI_PATH=DIR:DIR adds every
                       .toml file of those folders first
  --max-depth N        nested calls allowed (default 200)
  --max-list N         entries allowed in one list (default 10000000)
  --max-steps N        evaluation steps allowed (default 500000000)
  --max-nesting N      brackets and operators nested in a file (default 200)
  --max-import-depth N imports nested in imports (default 32, at most 1000)
  --max-files N        files one program may load (default 1000)
  --max-file-size N    bytes one .mls or catalogue file may have (default 16777216,
                       at most 1073741824)
  --max-errors N       problems shown per file (default 50); a problem repeated in a
                       file is shown once, with where else it occurs
  --max-points N       points of one sweep or plot (default 1000000000000000,
                       at most 9007199254740992)

Input values come, lowest priority first, from the default, the config, --inputs and --set.
Exit status: 0 success, 1 an evaluation, check or expectation failed, 2 usage error,
3 parse or check error in a source file.
)";

void print_diagnostics(Session& s, CliStreams& io) {
  io.err << render_all(s.program().sources, s.diagnostics(), io.colour, io.max_errors);
  s.diagnostics().clear();
}

int cmd_run(Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi run` takes one FILE or scenario NAME");
  if (o.explain && o.format == Format::csv) return usage(io, "--explain writes a tree (table) or JSON, not csv");
  Session session(session_options(o));
  int scenario = -1;
  GivenInputs given;
  if (auto status = prepare_run(session, o, io, scenario, given)) return *status;
  Program& p = session.program();
  try {
    ScenarioRun run = Evaluator(p, o.limits).run(scenario, given);
    if (o.explain) {
      Explanation x = explain_run(p, run, given, o.config, o.limits);
      io.out << (o.format == Format::json ? render_explanation_json(x) : render_explanation_text(x, io.colour));
      return kExitOk;
    }
    Activity writing("writing the results");
    io.out << render_run(p, run, o.config, o.format, io.colour && o.format == Format::table);
    return kExitOk;
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
    return kExitFailed;
  }
}

int cmd_check(Options& o, CliStreams& io) {
  if (o.positional.empty()) return usage(io, "`mlsi check` needs at least one FILE");
  int status = kExitOk;
  for (const auto& path : o.positional) {
    Session session(session_options(o));
    auto file = session.load_file(path);
    if (!file && !session.diagnostics().list().empty() && !session.diagnostics().list()[0].span.valid()) {
      io.err << "error: " << session.diagnostics().list()[0].message << "\n";
      status = std::max(status, kExitUsage);
      continue;
    }
    bool ok = session.check() && file;
    print_diagnostics(session, io);
    if (!ok) status = kExitSource;
    else io.out << path << ": ok\n";
  }
  return status;
}

int cmd_test(Options& o, CliStreams& io) {
  if (o.format_given && !o.report) return usage(io, "`mlsi test` takes --format only with --report");
  TestOptions test;
  test.report = o.report;
  test.published_only = o.published;
  test.format = o.format;
  return run_tests(o.positional, session_options(o), o.limits, io, test);
}

int run_command(const std::vector<std::string>& args, CliStreams& io);

}  // namespace

int run_cli(const std::vector<std::string>& args, CliStreams io) {
  int status;
  try {
    status = run_command(args, io);
  } catch (const std::bad_alloc&) {
    // What ran out of memory has been freed by the unwinding: there is room for the message.
    io.err << "error: " << out_of_memory_message() << "\n";
    status = kExitFailed;
  }
  // Output that did not arrive (a full disk, /dev/full, a closed pipe) is an error, whatever the command
  // said: a result that was not written must not look like one that was. errno is the failed write's
  // (the last call to fail) when the stream writes to a file; a stream of another kind may leave none.
  if (io.out) errno = 0;
  io.out.flush();
  if (!io.out) {
    int error = errno;
    io.err << fmt::format("error: cannot write to standard output{}{}\n", error ? ": " : "", error ? std::strerror(error) : "");
    return kExitUsage;
  }
  return status;
}

namespace {

int run_command(const std::vector<std::string>& args, CliStreams& io) {
  if (args.empty()) {
    io.err << kHelp;
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    io.out << kHelp;
    return kExitOk;
  }
  if (args[0] == "--version") {
    io.out << "mlsi " << MLSI_VERSION << "\n";
    return kExitOk;
  }
  Options o;
  if (auto status = parse_options(args, o, io)) return *status;
  io.max_errors = o.max_errors;
  static const std::vector<std::string> commands = {"run", "check", "test", "sweep", "repl", "list", "show", "check-catalogue", "fmt", "doc", "plot"};
  bool known = std::find(commands.begin(), commands.end(), o.command) != commands.end();
  if (o.explain && known && o.command != "run") return usage(io, fmt::format("--explain applies to `mlsi run`, not `mlsi {}`", o.command));
  if (o.command != "test" && (o.report || o.published))
    return usage(io, fmt::format("{} is an option of `mlsi test`", o.report ? "--report" : "--published"));
  if (o.command == "run") return cmd_run(o, io);
  if (o.command == "check") return cmd_check(o, io);
  if (o.command == "test") return cmd_test(o, io);
  if (o.command == "repl") return cmd_repl(o, io);
  if (o.command == "sweep") return cmd_sweep(o, io);
  if (o.command == "plot") return cmd_plot(o, io);
  if (o.command == "list") return cmd_list(o, io);
  if (o.command == "show") return cmd_show(o, io);
  if (o.command == "check-catalogue") return cmd_check_catalogue(o, io);
  if (o.command == "fmt") return cmd_fmt(o, io);
  if (o.command == "doc") return cmd_doc(o, io);
  auto sug = closest_name(o.command, commands);
  return usage(io, fmt::format("unknown command `{}`{}", o.command, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
}

}  // namespace

}  // namespace mlsi
