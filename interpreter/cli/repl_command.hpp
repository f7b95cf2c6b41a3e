#pragma once
// `mlsi repl`: the command line's options turned into the REPL's (repl/repl.hpp).
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_repl(const Options& o, CliStreams& io);

}  // namespace mlsi
