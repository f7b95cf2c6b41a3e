#pragma once
// Browsing the standard library: `mlsi list KIND`, `mlsi show NAME`, `mlsi check-catalogue FILE...`. The
// listings themselves are the library's (report/catalogue_listing.hpp); these turn options into requests,
// print, and give the exit status.
#include "cli/cli_options.hpp"

namespace mlsi {

int cmd_list(const Options& o, CliStreams& io);
int cmd_show(const Options& o, CliStreams& io);
int cmd_check_catalogue(const Options& o, CliStreams& io);

}  // namespace mlsi
