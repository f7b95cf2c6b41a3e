// `mlsi eval EXPR...` and `mlsi -e EXPR`: entries of one session, evaluated as the REPL evaluates them
// (workspace/workspace.hpp), written as the REPL's lines or as one JSON array.
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include "report/entry_text.hpp"
#include "workspace/entry_kind.hpp"
#include "session/run_request.hpp"
#include "workspace/workspace.hpp"

namespace mlsi {

int run_eval(const VerbRequest& o, Sink& io) {
  if (o.positional.empty()) return usage(io, "`mlsi eval` needs an EXPR, as in `mlsi eval '989 TFLOP/s * 0.4 * 30 day -> EFLOP'`");
  if (o.format != Format::table && o.format != Format::json) return usage(io, "`mlsi eval` writes table or json");
  for (const auto& text : o.positional)
    if (classify_entry(text) == EntryKind::command)
      return usage(io, fmt::format("`{}` is a command of the REPL (`mlsi repl`); `mlsi eval` takes expressions and declarations", text));
  Workspace workspace(session_options(o), o.limits, "<eval>");
  ProgramSession& session = workspace.session();
  auto show_diagnostics = [&] {
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
    session.diagnostics().clear();
  };
  if (!workspace.ready()) {
    int status = request_errors_only(session.diagnostics()) ? kExitUsage : kExitSource;  // a --catalog file unread: 2
    show_diagnostics();
    return status;
  }
  show_diagnostics();
  // The built-in scenarios an entry calls are loaded as it is entered (Workspace::enter), the others never.
  EvaluatedEntries entries = evaluate_entries(workspace, o.positional, o.format == Format::json, [&](const std::string& lines) {
    show_diagnostics();
    io.out << lines;
  });
  const EntryResult& stopped = entries.stopped;
  switch (stopped.status) {
    case EntryStatus::ok: break;
    case EntryStatus::source_error:
      if (!stopped.message.empty()) io.err << "error: " << stopped.message << "\n";
      return kExitSource;
    case EntryStatus::failed:
      if (stopped.failure) io.err << render(session.program().sources, *stopped.failure, io.colour);
      return kExitFailed;
  }
  io.out << entries.json;
  return kExitOk;
}

}  // namespace mlsi
