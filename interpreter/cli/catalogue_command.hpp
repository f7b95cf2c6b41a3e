#pragma once
// `mlsi catalogue from-hf CONFIG.json [--name KEY]`: the Workload catalogue entry of a Hugging Face
// config.json, as TOML that `--catalog` takes (catalogue/hf_config.hpp does the converting, the session
// checks the key against every catalogue name).
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_catalogue(const Options& o, CliStreams& io);

}  // namespace mlsi
