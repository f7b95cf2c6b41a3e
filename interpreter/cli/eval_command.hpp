#pragma once
// `mlsi eval EXPR...` and `mlsi -e EXPR`: entries of one session, evaluated as the REPL evaluates them
// (workspace/workspace.hpp), printed as the REPL's lines or as one JSON array.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_eval(const Options& o, CliStreams& io);

}  // namespace mlsi
