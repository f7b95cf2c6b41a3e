#pragma once
// Browsing the standard library: `mlsi list KIND`, `mlsi show NAME`, `mlsi check-catalogue FILE...`.
#include "cli/cli_options.hpp"
#include "report/catalogue_fields.hpp"
#include "session/session.hpp"

namespace mlsi {

int cmd_list(const Options& o, CliStreams& io);
int cmd_show(const Options& o, CliStreams& io);
int cmd_check_catalogue(const Options& o, CliStreams& io);
// `list` and `show` over a session already set up (the REPL's, with its own definitions); o.positional[0]
// is the KIND or NAME.
int list_in(Session& session, const Options& o, CliStreams& io);
int show_in(Session& session, const Options& o, CliStreams& io);

}  // namespace mlsi
