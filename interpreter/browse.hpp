#pragma once
// Browsing the standard library: `mlsi list KIND`, `mlsi show NAME`, `mlsi check-catalogue FILE...`.
#include "interpreter/cli_options.hpp"

namespace mlsi {

int cmd_list(const Options& o, CliStreams& io);
int cmd_show(const Options& o, CliStreams& io);
int cmd_check_catalogue(const Options& o, CliStreams& io);

}  // namespace mlsi
