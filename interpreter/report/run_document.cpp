#include "report/run_document.hpp"

#include "eval/explain.hpp"

namespace mlsi {

std::string run_document(const Program& p, const ScenarioRun& run, const GivenInputs& given, const RunDocumentOptions& options) {
  bool colour = options.colour && options.format == Format::table;
  if (!options.explain) return render_run(p, run, options.config, options.format, colour);
  DerivationTree x = explain_run(p, run, given, options.config, options.limits);
  return options.format == Format::json ? render_explanation_json(x) : render_explanation_text(x, colour);
}

}  // namespace mlsi
