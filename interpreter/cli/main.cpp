#include <unistd.h>

#include <csignal>

#include <cstdlib>
#include <iostream>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // Past a file size limit (`ulimit -f`) a write fails with EFBIG, which is reported and undone (the
  // temporary of cli/file_writer.cpp removed), instead of SIGXFSZ killing mlsi in the middle of it.
  std::signal(SIGXFSZ, SIG_IGN);
  // Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
  const char* no_colour = std::getenv("NO_COLOR");
  bool colour = isatty(STDERR_FILENO) && isatty(STDOUT_FILENO) && !(no_colour && *no_colour);
  // A sweep writes millions of lines: unsynchronised streams buffer them. Other commands keep the
  // default, whose set-up costs nothing (unsynchronising allocates new buffers for all eight streams).
  if (!args.empty() && args.front() == "sweep") std::ios::sync_with_stdio(false);
  bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  // Plain `mlsi` at a terminal starts the REPL.
  if (args.empty() && interactive) args.push_back("repl");
  mlsi::CliStreams io{std::cout, std::cerr, colour, &std::cin, interactive};
  io.in_fd = STDIN_FILENO;
  int status = mlsi::run_cli(args, io);
  std::cout.flush();
  return status;
}
