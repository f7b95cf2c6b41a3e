#pragma once
// The REPL's loop: reads entries and runs them in a Repl (repl_session.hpp).
#include "repl/repl_options.hpp"

namespace mlsi {

enum class ReplEnd {
  ok,
  entry_failed,  // a scripted session in which some entry failed
  not_started,   // the prelude or a catalogue file did not load (reported)
  unreadable,    // a file the command line names (--catalog) cannot be read (reported)
};

// Reads from io.in; with io.interactive a line editor (libedit) with history and completion is used,
// otherwise lines are read plainly and results printed with no prompt or escape codes.
ReplEnd run_repl(const ReplOptions& options, const ReplStreams& io);

}  // namespace mlsi
