#pragma once
// The `mlsi` command line. Runs in-process so tests can drive it exactly as a user does.
#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "source/diagnostics.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// Exit statuses of language.md "Diagnostics".
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // an evaluation, check or expectation failed
inline constexpr int kExitUsage = 2;
inline constexpr int kExitSource = 3;  // parse or check error in a source file

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

// Runs one verb on a request already read, as run_cli runs it once its command line is read: the MCP
// tools build theirs from their arguments through the option table (verbs/command_line.hpp, set_option).
int run_request(VerbRequest request, CliStreams io);

}  // namespace mlsi
