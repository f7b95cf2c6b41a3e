#include "cli/server_commands.hpp"

#include <filesystem>
#include <memory>
#include <optional>

#include "commands/verb_session.hpp"
#include "lsp/server.hpp"
#include "mcp/server.hpp"
#include "session/run_request.hpp"
#include "session/session.hpp"

namespace mlsi {

namespace {

std::unique_ptr<jsonrpc::ByteSource> input_of(CliStreams& io) {
  if (io.in_fd >= 0) return std::make_unique<jsonrpc::FdSource>(io.in_fd);
  return std::make_unique<jsonrpc::StreamSource>(*io.in);
}

// The catalogues (and, for `mlsi mcp`, the FILEs) are read once before serving: a file that cannot be read
// or does not check is said on standard error, and the server does not start. The exit status then (2 for
// a file that cannot be read, 3 for errors in one), or none when they check.
std::optional<int> session_checks(const ProgramSessionOptions& options, const std::vector<std::string>& files, CliStreams& io) {
  ProgramSession session(options);
  for (const auto& f : files) session.load_file(f);
  session.check();
  if (!session.diagnostics().has_errors()) return std::nullopt;
  io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
  return request_errors_only(session.diagnostics()) ? kExitUsage : kExitSource;
}

}  // namespace

int cmd_lsp(const VerbRequest& o, CliStreams& io) {
  if (!o.positional.empty()) return usage(io, "`mlsi lsp` takes no FILE: the editor sends the documents it opens");
  if (!io.in) return usage(io, "`mlsi lsp` reads its messages from standard input");
  lsp::ServerOptions options;
  options.analysis.session = session_options(o);
  if (auto status = session_checks(options.analysis.session, {}, io)) return *status;
  // An editor's check runs on every change: the evaluation's limits are lower than a command's, unless given.
  if (o.limits.max_steps != EvaluationLimits{}.max_steps) options.analysis.limits.max_steps = o.limits.max_steps;
  options.analysis.limits.max_call_depth = o.limits.max_call_depth;
  options.analysis.limits.max_list_length = o.limits.max_list_length;
  auto in = input_of(io);
  lsp::Server server(std::move(options), io.out, io.err);
  return server.run(*in);
}

int cmd_mcp(const VerbRequest& o, CliStreams& io) {
  if (!io.in) return usage(io, "`mlsi mcp` reads its messages from standard input");
  for (const auto& f : o.positional) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) return usage(io, "cannot read `" + f + "`: `mlsi mcp` takes .mls FILEs");
  }
  mcp::McpOptions options;
  options.files = o.positional;
  options.session = session_options(o);
  if (auto status = session_checks(options.session, options.files, io)) return *status;
  // Every tool's request: the session's catalogues and limits (not its --max-errors or --max-points).
  options.common.catalogues = o.catalogues;
  options.common.catalogue_texts = o.catalogue_texts;
  options.common.limits = o.limits;
  if (o.limits.max_sweep_points != api::Limits{}.max_sweep_points) options.max_sweep_points = o.limits.max_sweep_points;
  auto in = input_of(io);
  mcp::Server server(std::move(options), io.out, io.err);
  return server.run(*in);
}

}  // namespace mlsi
