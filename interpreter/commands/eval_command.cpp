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
  std::vector<std::string> objects;
  int status = kExitOk;
  enter_in_order(workspace, o.positional, [&](std::size_t i, const EntryResult& r) {
    show_diagnostics();
    switch (r.status) {
      case EntryStatus::ok: break;
      case EntryStatus::source_error:
        if (!r.message.empty()) io.err << "error: " << r.message << "\n";
        status = kExitSource;
        return false;
      case EntryStatus::failed:
        if (r.failure) io.err << render(session.program().sources, *r.failure, io.colour);
        status = kExitFailed;
        return false;
    }
    if (o.format == Format::json) objects.push_back(entry_json(workspace.program(), o.positional[i], r));
    else io.out << entry_text(workspace.program(), r);
    return true;
  });
  if (status != kExitOk) return status;
  if (o.format == Format::json) io.out << entries_json(objects);
  return kExitOk;
}

}  // namespace mlsi
