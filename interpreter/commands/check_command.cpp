// `mlsi check FILE...`: each file parsed and checked in a session of its own; its diagnostics, or `ok`.
#include <algorithm>

#include "commands/verb_session.hpp"
#include "commands/verbs.hpp"
#include "session/run_request.hpp"

namespace mlsi {

int run_check(const VerbRequest& o, Sink& io) {
  if (o.positional.empty()) return usage(io, "`mlsi check` needs at least one FILE");
  int status = kExitOk;
  for (const auto& path : o.positional) {
    ProgramSession session(session_options(o));
    // A --catalog file that cannot be read: the same for every FILE, said once.
    if (request_errors_only(session.diagnostics())) {
      write_diagnostics(io, session.program().sources, session.diagnostics());
      return kExitUsage;
    }
    auto file = session.load_file(path);
    if (!file && !session.diagnostics().list().empty() && !session.diagnostics().list()[0].span.valid()) {
      io.err << "error: " << session.diagnostics().list()[0].message << "\n";
      status = std::max(status, kExitUsage);
      continue;
    }
    bool ok = session.check() && file;
    write_diagnostics(io, session.program().sources, session.diagnostics());
    if (!ok) status = kExitSource;
    else io.out << path << ": ok\n";
  }
  return status;
}

}  // namespace mlsi
