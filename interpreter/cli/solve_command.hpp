#pragma once
// `mlsi solve`: the largest or smallest value of one input for which conditions hold (solve/solve.hpp
// does the work), printed as `mlsi run` prints the scenario there, then the answer and its boundary.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_solve(const Options& o, CliStreams& io);

}  // namespace mlsi
