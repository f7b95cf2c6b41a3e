#pragma once
// How catalogue entries and scenario docs are shown in listings and reference pages (`mlsi list`,
// `mlsi show`, `mlsi doc`, the REPL's `:list`): the columns of each kind and one field as text.
#include <string>
#include <vector>

#include "model/program.hpp"

namespace mlsi {

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
