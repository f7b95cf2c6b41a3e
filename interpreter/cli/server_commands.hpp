#pragma once
// `mlsi lsp` (a language server) and `mlsi mcp` (a Model Context Protocol server), over standard input
// and output.
#include "cli/cli.hpp"
#include "verbs/request.hpp"

namespace mlsi {

int cmd_lsp(const VerbRequest& o, CliStreams& io);
int cmd_mcp(const VerbRequest& o, CliStreams& io);

}  // namespace mlsi
