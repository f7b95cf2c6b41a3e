#pragma once
// The document of an evaluated run as `mlsi run` writes it: its table, CSV, JSON, Markdown or HTML, or
// with `explain` each output's derivation (a tree, or JSON). One function for every caller that shows a
// run (the `run` and `solve` verbs, the REPL's `:run` and `:solve`, the API's run and explain documents).
#include <string>

#include "eval/evaluator.hpp"
#include "report/render.hpp"
#include "session/inputs.hpp"

namespace mlsi {

struct RunDocumentOptions {
  std::string config;  // the config the run applied, named in the document
  Format format = Format::table;
  bool explain = false;
  EvaluationLimits limits;  // of the explanation's evaluations
  bool colour = false;  // terminal colours, for a table or a tree (never in another format)
};

std::string run_document(const Program& p, const ScenarioRun& run, const GivenInputs& given, const RunDocumentOptions& options);

}  // namespace mlsi
