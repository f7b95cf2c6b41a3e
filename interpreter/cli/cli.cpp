#include "cli/cli.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <new>
#include <optional>

#include "base/activity.hpp"
#include "base/call_budget.hpp"
#include "cli/browse.hpp"
#include "cli/catalogue_command.hpp"
#include "cli/cli_options.hpp"
#include "cli/command_help.hpp"
#include "verbs/command_line.hpp"
#include "verbs/man_page.hpp"
#include "verbs/option_regions.hpp"
#include "verbs/table_text.hpp"
#include "cli/eval_command.hpp"
#include "eval/explain.hpp"
#include "cli/fmt_command.hpp"
#include "cli/doc_command.hpp"
#include "session/inputs.hpp"
#include "session/run_request.hpp"
#include "cli/plot_command.hpp"
#include "report/render.hpp"
#include "cli/repl_command.hpp"
#include "cli/solve_command.hpp"
#include "cli/run_setup.hpp"
#include "cli/schema_command.hpp"
#include "cli/server_commands.hpp"
#include "cli/sweep.hpp"
#include "session/session.hpp"
#include "cli/test_runner.hpp"
#include "cli/validate_command.hpp"

namespace mlsi {

namespace fs = std::filesystem;

namespace {

void print_diagnostics(Session& s, CliStreams& io) {
  io.err << render_all(s.program().sources, s.diagnostics(), io.colour, io.max_errors);
  s.diagnostics().clear();
}

int cmd_run(Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi run` takes one FILE or scenario NAME");
  if (o.explain && o.format != Format::table && o.format != Format::json)
    return usage(io, fmt::format("--explain writes a tree (table) or JSON, not {}", o.format == Format::csv ? "csv" : o.format == Format::html ? "html" : "md"));
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
    // A --catalog file that cannot be read: the same for every FILE, said once.
    if (request_errors_only(session.diagnostics())) {
      print_diagnostics(session, io);
      return kExitUsage;
    }
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
  test.config = o.config;
  return run_tests(o.positional, session_options(o), o.limits, io, test);
}

int run_command(const std::vector<std::string>& args, CliStreams& io);
int run_verb(Options& o, CliStreams& io);

// Runs `command`, then reports memory running out, the whole command's bound, and output that did not
// arrive.
template <typename Command>
int guarded(CliStreams& io, Command command) {
  int status;
  try {
    status = command();
  } catch (const std::bad_alloc&) {
    // What ran out of memory has been freed by the unwinding: there is room for the message.
    io.err << "error: " << out_of_memory_message() << "\n";
    status = kExitFailed;
  } catch (const CallStopped& stopped) {
    // The whole command's bound (--max-total-steps) where the command does not report it itself (the
    // points of a sweep, the values of a solve): the output so far stays, the status says it is not all.
    io.err << stopped.rendered;
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

}  // namespace

int run_cli(const std::vector<std::string>& args, CliStreams io) {
  return guarded(io, [&] { return run_command(args, io); });
}

int run_request(VerbRequest request, CliStreams io) {
  return guarded(io, [&] { return run_verb(request, io); });
}

namespace {

int run_command(const std::vector<std::string>& args, CliStreams& io) {
  if (args.empty()) {
    io.err << overview_help();
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || (args[0] == "help" && args.size() == 1)) {
    io.out << overview_help();
    return kExitOk;
  }
  const std::vector<std::string> commands = command_names();
  auto unknown_command = [&](const std::string& name) {
    return usage(io, fmt::format("unknown command `{}`{}", name, did_you_mean(name, commands)));
  };
  if (args[0] == "help") {
    if (args.size() > 2) return usage(io, "`mlsi help` takes one COMMAND");
    const CommandHelp* command = find_command_help(args[1]);
    if (!command) return unknown_command(args[1]);
    io.out << command_help(*command);
    return kExitOk;
  }
  // `mlsi -e EXPR ...` is `mlsi eval -e EXPR ...`.
  if (args[0] == "-e") {
    std::vector<std::string> with_eval = {"eval"};
    with_eval.insert(with_eval.end(), args.begin(), args.end());
    return run_command(with_eval, io);
  }
  // The verb and option tables as lines, for the build's generators (the shell completions); not listed.
  if (args[0] == "__verbs" && args.size() == 1) {
    io.out << verb_table_text();
    return kExitOk;
  }
  // The manual page from its template, and docs/language.md with its option regions filled, each read
  // from standard input (docs/update.sh; the tests `man_page` and `language_options`).
  if ((args[0] == "__man-page" || args[0] == "__option-regions") && args.size() == 1 && io.in) {
    std::string text{std::istreambuf_iterator<char>(*io.in), std::istreambuf_iterator<char>()};
    GeneratedPage page = args[0] == "__man-page" ? man_page(text, MLSI_VERSION) : fill_option_regions(text);
    if (!page.error.empty()) return usage(io, page.error);
    io.out << page.text;
    return kExitOk;
  }
  if (args[0] == "--version") {
    io.out << "mlsi " << MLSI_VERSION << "\n";
    return kExitOk;
  }
  Options o;
  if (auto status = parse_options(args, o, io)) return *status;
  return run_verb(o, io);
}

int run_verb(Options& o, CliStreams& io) {
  auto unknown_command = [&](const std::string& name) {
    return usage(io, fmt::format("unknown command `{}`{}", name, did_you_mean(name, command_names())));
  };
  io.max_errors = o.max_errors;
  // The bound on the whole command; the servers and the REPL bound each of their requests instead.
  std::optional<CallBudget> budget;
  if (o.command != "lsp" && o.command != "mcp" && o.command != "repl") budget.emplace(o.limits.max_total_steps);
  const CommandHelp* help = find_command_help(o.command);
  bool known = help != nullptr;
  if (o.help) {
    if (!known) return unknown_command(o.command);
    io.out << command_help(*help);
    return kExitOk;
  }
  if (auto refused = refused_option(o)) return usage(io, *refused);
  if (o.command == "run") return cmd_run(o, io);
  if (o.command == "check") return cmd_check(o, io);
  if (o.command == "test") return cmd_test(o, io);
  if (o.command == "validate") return cmd_validate(o, io);
  if (o.command == "repl") return cmd_repl(o, io);
  if (o.command == "sweep") return cmd_sweep(o, io);
  if (o.command == "solve") return cmd_solve(o, io);
  if (o.command == "plot") return cmd_plot(o, io);
  if (o.command == "list") return cmd_list(o, io);
  if (o.command == "show") return cmd_show(o, io);
  if (o.command == "check-catalogue") return cmd_check_catalogue(o, io);
  if (o.command == "fmt") return cmd_fmt(o, io);
  if (o.command == "doc") return cmd_doc(o, io);
  if (o.command == "eval") return cmd_eval(o, io);
  if (o.command == "schema") return cmd_schema(o, io);
  if (o.command == "catalogue") return cmd_catalogue(o, io);
  if (o.command == "lsp") return cmd_lsp(o, io);
  if (o.command == "mcp") return cmd_mcp(o, io);
  return unknown_command(o.command);
}

}  // namespace

}  // namespace mlsi
