#pragma once
// `mlsi repl`: the command line's options turned into the REPL's (repl/repl.hpp).
#include "cli/cli.hpp"
#include "verbs/request.hpp"

namespace mlsi {

int cmd_repl(const VerbRequest& o, CliStreams& io);

}  // namespace mlsi
