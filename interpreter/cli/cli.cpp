#include "cli/cli.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <iterator>

#include "cli/command_help.hpp"
#include "cli/file_writer.hpp"
#include "cli/repl_command.hpp"
#include "cli/server_commands.hpp"
#include "commands/guarded_run.hpp"
#include "commands/verbs.hpp"
#include "verbs/command_line.hpp"
#include "verbs/man_page.hpp"
#include "verbs/option_regions.hpp"
#include "verbs/table_text.hpp"

namespace mlsi {

int usage(CliStreams& io, const std::string& message) {
  io.err << "error: " << message << "\n" << kUsageAdvice;
  return kExitUsage;
}

namespace {

// The verbs that are front ends of their own (a loop over standard input), run here rather than by the
// library's run_verb. None is bounded as a whole: each of their requests is.
int run_front_end(const VerbRequest& o, CliStreams& io) {
  if (auto refused = refused_option(o)) return usage(io, *refused);
  if (o.command == "repl") return cmd_repl(o, io);
  if (o.command == "lsp") return cmd_lsp(o, io);
  return cmd_mcp(o, io);
}

int run_command(const std::vector<std::string>& args, CliStreams& io) {
  if (args.empty()) {
    io.err << overview_help();
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || (args[0] == "help" && args.size() == 1)) {
    io.out << overview_help();
    return kExitOk;
  }
  auto unknown_command = [&](const std::string& name) {
    return usage(io, fmt::format("unknown command `{}`{}", name, did_you_mean(name, command_names())));
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
  VerbRequest o;
  if (auto message = read_command_line(args, o)) return usage(io, *message);
  io.max_errors = o.max_errors;
  if (o.help) {
    const CommandHelp* help = find_command_help(o.command);
    if (!help) return unknown_command(o.command);
    io.out << command_help(*help);
    return kExitOk;
  }
  if (o.command == "repl" || o.command == "lsp" || o.command == "mcp") return run_front_end(o, io);
  Sink sink{io.out, io.err, io.colour, io.max_errors, io.in, write_file, kUsageAdvice};
  return run_verb(o, sink);
}

}  // namespace

int run_cli(const std::vector<std::string>& args, CliStreams io) {
  // The front ends' loops and the help texts, outside any verb's guard.
  int status = guarded_run(io.err, [&] { return run_command(args, io); });
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

}  // namespace mlsi
