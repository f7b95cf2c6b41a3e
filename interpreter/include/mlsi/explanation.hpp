#pragma once
// mlsi's public API: how each output of a run was derived, as `mlsi run --explain` shows it (docs/api.md).
#include <string>
#include <vector>

#include "mlsi/diagnostics.hpp"

namespace mlsi::api {

// Something a result rests on that is not an input.
struct Provenance {
  enum class Kind { catalogue, constant };
  Kind kind = Kind::catalogue;
  std::string name;    // the entry's key (`GPT2`) or the constant's name
  std::string detail;  // catalogue: the entry's kind (`Workload`); constant: its value as shown
  std::string source;  // catalogue: the entry's `source` field; constant: its documentation
};

struct ExplainNode {
  enum class Kind { output, let, input, constant, catalogue, call, scenario_call, value };
  Kind kind = Kind::let;
  std::string name;         // a slot or constant name, or the term as written (`workload.layers`)
  std::string value;        // as shown: `66.7969 GiB`
  std::string formula;      // as written; for a call, the function's body
  std::string substituted;  // the formula with every term's value; empty when it says nothing new
  std::string call;         // calls: the call with its arguments' values (`f(48, 1600)`)
  std::string origin;       // inputs: `default`, `config NAME`, `--set` (or InputSetting::origin)
  std::string declared;     // constants and functions: where they are declared
  // A catalogue value: the entry, its kind, the field (empty for the whole entry) and its source.
  std::string catalogue_entry, catalogue_kind, catalogue_field, catalogue_source;
  bool explained_above = false;        // explained earlier in the tree: its terms are not repeated
  std::vector<ExplainNode> terms;      // the terms its formula uses, in the order written
  std::vector<Provenance> depends_on;  // catalogue entries and constants, through every term
};

struct Explanation {
  bool ok = false;  // false: the run failed (see `diagnostics`); nothing else is filled in
  std::string scenario, config;
  std::vector<ExplainNode> outputs;
  std::string text;  // exactly `mlsi run --explain` (no colour)
  std::string json;  // exactly `mlsi run --explain --format json`
  Diagnostics diagnostics;  // why it failed
};

}  // namespace mlsi::api
