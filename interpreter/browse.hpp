#pragma once
// Browsing the standard library: `mlsi list KIND`, `mlsi show NAME`, `mlsi check-catalogue FILE...`.
#include "interpreter/cli_options.hpp"
#include "interpreter/session.hpp"

namespace mlsi {

int cmd_list(const Options& o, CliStreams& io);
int cmd_show(const Options& o, CliStreams& io);
int cmd_check_catalogue(const Options& o, CliStreams& io);
// `list` and `show` over a session already set up (the REPL's, with its own definitions); o.positional[0]
// is the KIND or NAME.
int list_in(Session& session, const Options& o, CliStreams& io);
int show_in(Session& session, const Options& o, CliStreams& io);

// The first line of a `##` doc: for a scenario, its contract sentence.
std::string first_line(const std::string& doc);
// The plural `mlsi list` takes for a catalogue kind ("hardware" for Hardware), and the fields its table shows.
struct KindView {
  const char* plural;
  const char* kind;
  std::vector<std::string> columns;
};
const std::vector<KindView>& kind_views();
// Field `index` of a catalogue entry as text: a quantity in the unit the catalogue wrote, a reference by key.
std::string field_text(const Program& p, const CatalogueEntry& e, int index);

}  // namespace mlsi
