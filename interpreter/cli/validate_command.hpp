#pragma once
// `mlsi validate [FOLDER]`: the validation table (docs/validation.md). Every subfolder of FOLDER is a
// domain; its `validation.toml` names the catalogue files its rows read and its targets; every
// `expect measured` of its .mls files is a row, reported with mlsi's error against the measured value.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_validate(Options& o, CliStreams& io);

}  // namespace mlsi
