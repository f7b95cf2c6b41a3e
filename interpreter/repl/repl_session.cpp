// The REPL's entries: entered into its Workspace and printed.
#include <fmt/format.h>

#include <new>
#include <utility>

#include "base/activity.hpp"
#include "repl/repl_input.hpp"
#include "repl/repl_session.hpp"
#include "session/run_request.hpp"

namespace mlsi {

Repl::Repl(ReplOptions options, ReplStreams io) : options_(std::move(options)), io_(io) { start(); }

void Repl::start() {
  // The prelude, the catalogue and the built-in scenarios are read as entries name them, and whole at
  // the first command or completion (read_everything), so that the first prompt comes at once.
  workspace_ = std::make_unique<Workspace>(options_.session, options_.limits, "<repl>");
  ready_ = workspace_->ready();
  unreadable_ = request_errors_only(workspace_->session().diagnostics());
  if (report() || !ready_) {
    ready_ = false;
    return;
  }
}

void Repl::read_everything() {
  // The built-in scenarios, for `:run`, `:list` and completion; a REPL declaration may replace them.
  if (!workspace_->read_everything()) io_.err << "warning: the built-in scenarios do not check; they are left out of this session\n";
}

Repl::Status Repl::enter(const std::string& text, std::uint32_t line) {
  try {
    switch (classify_entry(text)) {
      case EntryKind::command: return command(text, line);
      case EntryKind::import: {
        // `import "file.mls"` at the REPL loads the file, as `:load` does.
        auto open = text.find('"');
        auto close = open == std::string::npos ? open : text.find('"', open + 1);
        if (close == std::string::npos) break;  // the parser explains
        return cmd_load(text.substr(open + 1, close - open - 1));
      }
      default: break;
    }
    return show(workspace_->enter(text, line));
  } catch (const std::bad_alloc&) {
    // The entry fails; the session goes on with the memory its unwinding gave back.
    workspace_->session().diagnostics().clear();
    return error(out_of_memory_message());
  }
}

bool Repl::report() {
  DiagnosticLog& d = workspace_->session().diagnostics();
  bool errors = d.has_errors();
  io_.err << render_all(workspace_->program().sources, d, io_.colour, options_.max_errors);
  d.clear();
  return errors;
}

Repl::Status Repl::error(const std::string& message) {
  io_.err << render(workspace_->program().sources, Diagnostic{Severity::error, Span{}, message, {}, {}}, io_.colour);
  return Status::failed;
}

Repl::Status Repl::show(const EntryResult& r) {
  report();
  switch (r.status) {
    case EntryStatus::ok: io_.out << entry_text(workspace_->program(), r); return Status::ok;
    case EntryStatus::source_error:
      if (!r.message.empty()) error(r.message);
      return Status::failed;
    case EntryStatus::failed:
      if (r.failure) io_.err << render(workspace_->program().sources, *r.failure, io_.colour);
      return Status::failed;
  }
  return Status::failed;
}

}  // namespace mlsi
