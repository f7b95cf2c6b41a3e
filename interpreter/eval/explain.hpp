#pragma once
// `mlsi run --explain`: each output's derivation as a tree. A separate pass over the compiled
// expressions of a finished run: values of the terms come from the run or from the evaluator's public
// entry points, so evaluation itself carries no explaining cost.
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/program.hpp"

namespace mlsi {

// Something a result rests on that is not an input: a catalogue entry or a named constant.
struct ValueProvenance {
  enum class Kind { catalogue, constant };
  Kind kind = Kind::catalogue;
  std::string name;    // the entry's key (`GPT2`) or the constant's name
  std::string detail;  // catalogue: the entry's kind (`Workload`); constant: its value as shown
  std::string source;  // catalogue: the entry's `source` field; constant: its documentation
  std::string value_json;  // constant: its value as JSON (docs/language.md §14); empty for an entry
};

// Where a catalogue value came from: `GPT2.layers`, a Workload whose source is "Radford et al. 2019".
struct CatalogueRef {
  std::string entry, kind, field, source;  // field is empty when the value is the whole entry
};

struct DerivationNode {
  enum class Kind { output, let, input, constant, catalogue, call, scenario_call, value };
  Kind kind = Kind::let;
  std::string name;         // a slot or constant name, or the term as written (`workload.layers`, `f(L, h)`)
  std::string value;        // as shown: "66.7969 GiB"
  std::string value_json;   // as `mlsi run --format json` writes a value: {"value": ..., "unit": ...}
  std::string call;         // calls: the call with its arguments' values (`f(48, 1600)`)
  std::string formula;      // as written; for a call, the function's body
  std::string substituted;  // the formula with every term's value; empty when it says nothing new
  std::string origin;       // inputs: "default", "config NAME", or what the caller gave it with, in its words ("--set", "--inputs FILE")
  std::string declared;     // constants and functions: where they are declared (`<prelude>/constants.mls`)
  std::optional<CatalogueRef> catalogue;
  bool explained_above = false;       // already explained earlier in the tree: no terms repeated
  std::vector<DerivationNode> terms;     // the terms the formula uses, in the order written
  std::vector<ValueProvenance> depends_on; // catalogue entries and constants, through every term
};

struct DerivationTree {
  std::string scenario, config;
  std::vector<DerivationNode> outputs;
};

// Explains every output of a finished run; `given` is what prepare_run gathered (each input's origin).
DerivationTree explain_run(const Program& p, const ScenarioRun& run, const std::vector<std::optional<InputValue>>& given,
                        const std::string& config, const EvaluationLimits& limits);
// Explains one expression of the global scope (the REPL's `:explain EXPR`); `text` names it.
DerivationNode explain_expression(const Program& p, const CExpr& e, const DisplayUnit& display, const EvaluationLimits& limits);

// Rendering (explain_render.cpp): an indented tree for a terminal, or JSON (docs/language.md).
std::string render_explanation_text(const DerivationTree& x, bool colour);
std::string render_explanation_json(const DerivationTree& x);
std::string render_node_text(const DerivationNode& n, bool colour);

}  // namespace mlsi
