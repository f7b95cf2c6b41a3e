#pragma once
// How catalogue entries and scenario docs are shown in listings and reference pages (`mlsi list`,
// `mlsi show`, `mlsi doc`, the REPL's `:list`): the columns of each kind and one field as text.
#include <string>
#include <vector>

#include "model/program.hpp"

namespace mlsi {

// The first line of a `##` doc: for a scenario, its contract sentence.
std::string first_line(const std::string& doc);
// The first sentence of a `##` doc, on one line: up to the first full stop followed by a space and a
// word that does not start in lower case or with a digit (so `vol. 1` and `e.g. a` do not end it).
std::string first_sentence(const std::string& doc);
// The pack a scenario comes from: `training` for scenarios/training/, else the name of its file.
std::string scenario_pack(const Program& p, const Scenario& sc);
// The plural `mlsi list` takes for a catalogue kind ("hardware" for Hardware), the fields its table shows,
// and what its entries are (one line, for `mlsi list` without a kind).
struct KindView {
  const char* plural;
  const char* kind;
  std::vector<std::string> columns;
  const char* holds;
};
const std::vector<KindView>& kind_views();
// Field `index` of a catalogue entry as text: a quantity in the unit the catalogue wrote, a reference by key.
std::string field_text(const Program& p, const CatalogueEntry& e, int index);

}  // namespace mlsi
