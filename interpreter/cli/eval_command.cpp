#include "cli/eval_command.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/entry_text.hpp"
#include "session/entry_kind.hpp"
#include "session/workspace.hpp"

namespace mlsi {

int cmd_eval(const Options& o, CliStreams& io) {
  if (o.positional.empty()) return usage(io, "`mlsi eval` needs an EXPR, as in `mlsi eval '989 TFLOP/s * 0.4 * 30 day -> EFLOP'`");
  if (o.format != Format::table && o.format != Format::json) return usage(io, "`mlsi eval` writes table or json");
  for (const auto& text : o.positional)
    if (classify_entry(text) == EntryKind::command)
      return usage(io, fmt::format("`{}` is a command of the REPL (`mlsi repl`); `mlsi eval` takes expressions and declarations", text));
  Workspace workspace(session_options(o), o.limits, "<eval>");
  Session& session = workspace.session();
  auto show_diagnostics = [&] {
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
    session.diagnostics().clear();
  };
  if (!workspace.ready()) {
    show_diagnostics();
    return kExitSource;
  }
  show_diagnostics();
  if (!workspace.load_builtin_scenarios()) io.err << "warning: the built-in scenarios do not check; they are left out of this session\n";
  // Entry k starts on the line after entry k-1 ends, as the REPL numbers them: `<eval>:LINE:COL`.
  std::uint32_t line = 1;
  std::string json = "[";
  for (std::size_t i = 0; i < o.positional.size(); ++i) {
    const std::string& text = o.positional[i];
    EntryResult r = workspace.enter(text, line);
    line += static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    show_diagnostics();
    switch (r.status) {
      case EntryStatus::ok: break;
      case EntryStatus::source_error:
        if (!r.message.empty()) io.err << "error: " << r.message << "\n";
        return kExitSource;
      case EntryStatus::failed:
        if (r.failure) io.err << render(session.program().sources, *r.failure, io.colour);
        return kExitFailed;
    }
    if (o.format == Format::json) json += (i ? ",\n " : "") + entry_json(workspace.program(), text, r);
    else io.out << entry_text(workspace.program(), r);
  }
  if (o.format == Format::json) io.out << json << "]\n";
  return kExitOk;
}

}  // namespace mlsi
