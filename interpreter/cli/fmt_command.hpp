#pragma once
// `mlsi fmt FILE... [--write | --check]`: print, rewrite or check files in canonical layout.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_fmt(const Options& o, CliStreams& io);

}  // namespace mlsi
