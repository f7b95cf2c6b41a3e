#pragma once
// `mlsi doc [PATH|NAME|catalogue] [--format markdown|html] [-o FILE]`: a reference page generated from the
// `##` docs and the declarations of scenarios, or from the catalogue.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_doc(const Options& o, CliStreams& io);

}  // namespace mlsi
