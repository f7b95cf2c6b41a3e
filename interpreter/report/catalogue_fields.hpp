#pragma once
// How catalogue entries and scenario docs are shown in listings and reference pages (`mlsi list`,
// `mlsi show`, `mlsi doc`, the REPL's `:list`): the columns of each kind and one field as text.
#include <string>
#include <vector>

#include "model/program.hpp"
#include "model/doc_tags.hpp"

namespace mlsi {

// The pack a scenario comes from: `training` for scenarios/training/, else the name of its file.
std::string scenario_pack(const Program& p, const Scenario& sc);
// What a built-in pack's scenarios are: `exercise` (the textbook's worked calculations, pack `training`) or
// `question` (an engineering question: packs `serving`, `systems` and `plan`); empty for a user's file.
std::string scenario_kind(const std::string& pack);
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
// The calibration defaults of an entry (docs/catalogue.md §2.14), each by its field's name, or
// `gemm_efficiency.fp8` for one precision of a map the entry gives in part; empty when it has none.
std::vector<std::string> defaulted_fields(const CatalogueEntry& e);
// How `mlsi show` marks field `index`: `(derived)`, `(default: 10 us; no calibration, docs/catalogue.md
// §2.14)`, or empty for a field the entry writes.
std::string field_origin(const CatalogueEntry& e, int index);

}  // namespace mlsi
