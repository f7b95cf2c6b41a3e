#pragma once
// The `mlsi` command line. Runs in-process so tests can drive it exactly as a user does.
#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "commands/sink.hpp"  // the exit statuses
#include "source/diagnostics.hpp"

namespace mlsi {

struct CliStreams {
  std::ostream& out;
  std::ostream& err;
  bool colour = false;
  std::istream* in = nullptr;  // standard input, for the REPL; null: none
  bool interactive = false;    // standard input is a terminal
  std::size_t max_errors = kDefaultMaxErrors;  // diagnostics shown per file (--max-errors)
  int in_fd = -1;  // standard input's file descriptor, when `in` reads one (the servers poll it)
};

// Runs one command line and returns its exit status. Memory running out (std::bad_alloc) is an error
// like any other: "error: out of memory while evaluating", status 1.
int run_cli(const std::vector<std::string>& args, CliStreams io);

// Prints a usage error and returns the usage exit status.
int usage(CliStreams& io, const std::string& message);

}  // namespace mlsi
