// Parses the .mls files named on the command line (source text to AST, nothing else) and prints their
// bytes: bench/parse_cost.sh runs it under callgrind to give the parser's instructions per byte, the
// parse tree and its conversion to the AST apart.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "source/diagnostics.hpp"
#include "syntax/parser.hpp"

int main(int argc, char** argv) {
  mlsi::SourceManager sources;
  mlsi::DiagnosticLog diags;
  std::size_t bytes = 0;
  std::size_t declarations = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    bytes += text.str().size();
    mlsi::FileId file = sources.add(argv[i], text.str(), argv[i]);
    if (auto module = mlsi::parse_module(sources, file, diags)) declarations += module->decls.size();
  }
  std::printf("%zu files, %zu bytes, %zu declarations, %zu diagnostics\n", static_cast<std::size_t>(argc - 1), bytes,
              declarations, diags.size());
  return diags.size() == 0 ? 0 : 1;
}
