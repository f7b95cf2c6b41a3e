#include "interpreter/repl.hpp"

namespace mlsi {

int cmd_repl(const Options&, CliStreams& io) {
  io.err << "error: the REPL is being written\n";
  return kExitUsage;
}

}  // namespace mlsi
