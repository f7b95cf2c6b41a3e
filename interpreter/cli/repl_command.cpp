#include "cli/repl_command.hpp"

#include "commands/verb_session.hpp"
#include "repl/repl.hpp"

namespace mlsi {

int cmd_repl(const VerbRequest& o, CliStreams& io) {
  if (!o.positional.empty()) return usage(io, "`mlsi repl` takes no FILE; load one inside it with `:load FILE`");
  ReplOptions options;
  options.session = session_options(o);
  options.limits = o.limits;
  options.max_errors = o.max_errors;
  switch (run_repl(options, ReplStreams{io.out, io.err, io.colour, io.in, io.interactive})) {
    case ReplEnd::ok: return kExitOk;
    case ReplEnd::entry_failed: return kExitFailed;
    case ReplEnd::not_started: return kExitSource;
    case ReplEnd::unreadable: return kExitUsage;
  }
  return kExitFailed;
}

}  // namespace mlsi
