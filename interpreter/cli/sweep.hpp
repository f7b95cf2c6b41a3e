#pragma once
// `mlsi sweep`: a scenario over the cartesian product of varied inputs, one row per point, streamed
// (with --plot FILE.svg also drawn as a chart, see plot_command.hpp).
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_sweep(const Options& o, CliStreams& io);

}  // namespace mlsi
