#pragma once
// `mlsi lsp` (a language server) and `mlsi mcp` (a Model Context Protocol server), over standard input
// and output.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_lsp(const Options& o, CliStreams& io);
int cmd_mcp(const Options& o, CliStreams& io);

}  // namespace mlsi
