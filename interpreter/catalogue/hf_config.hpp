#pragma once
// A Workload catalogue entry from a Hugging Face config.json (docs/catalogue.md §6): what
// `mlsi catalogue from-hf` prints and `--workload FILE.json` loads.
#include <optional>
#include <string>
#include <string_view>

#include "catalogue/hf_shapes.hpp"
#include "mlsi/options.hpp"

namespace mlsi {

struct HfWorkload {
  std::string key;        // [Workload.KEY]
  std::string key_field;  // the field it was made from (`_name_or_path`, `model_type`); empty when given
  Span key_origin;        // that field's key in the JSON file
  std::string toml;       // the entry, as catalogue TOML (docs/catalogue.md §1)
  HfParameters parameters;
};

// An entry key made from a text (docs/catalogue.md §6.1): each run of characters other than ASCII letters
// and digits becomes `_`, none at either end, and `_` goes before a leading digit; empty when the text
// has no letter or digit.
std::string hf_entry_key(std::string_view text);

// Converts the config.json registered as `file` in `sources`. `key` is the entry's key; empty: made from
// the last part of `_name_or_path` with a letter or digit, else from `model_type`. Problems go to `diags`
// (in the JSON file where they are) and nothing is returned after one; `max_nesting` bounds the JSON's
// nesting (hf_json.hpp). The key is not checked against the catalogue's names here: the session does that
// (session/session.cpp), as it knows them. `words` name the limit in its note (base/caller_words.hpp).
std::optional<HfWorkload> workload_from_hf_config(const SourceManager& sources, FileId file, const std::string& key,
                                                  DiagnosticLog& diags, int max_nesting = api::Limits{}.max_nesting,
                                                  const CallerWords& words = {});

}  // namespace mlsi
