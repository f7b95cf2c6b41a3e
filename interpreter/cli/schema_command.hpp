#pragma once
// `mlsi schema [FILE|NAME]`: the JSON Schema of every command's JSON, or of one scenario's
// `run --format json` (report/json_schema.hpp writes both).
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_schema(Options& o, CliStreams& io);

}  // namespace mlsi
