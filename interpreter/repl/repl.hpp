#pragma once
// `mlsi repl`: an interactive session over the language, the catalogue and the scenarios.
#include "cli/cli_options.hpp"

namespace mlsi {

// Reads from io.in; with io.interactive a line editor (libedit) with history and completion is used,
// otherwise lines are read plainly and results printed with no prompt or escape codes.
int cmd_repl(const Options& o, CliStreams& io);

}  // namespace mlsi
