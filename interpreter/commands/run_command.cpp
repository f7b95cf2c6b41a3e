// `mlsi run FILE|NAME`: one scenario evaluated and written as a table, CSV, JSON, Markdown or HTML, or with
// --explain each output's derivation (report/run_document.hpp).
#include <fmt/format.h>

#include "base/activity.hpp"
#include "commands/run_setup.hpp"
#include "commands/verb_session.hpp"
#include "commands/verbs.hpp"
#include "report/run_document.hpp"

namespace mlsi {

int run_run(const VerbRequest& o, Sink& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi run` takes one FILE or scenario NAME");
  if (o.explain && o.format != Format::table && o.format != Format::json)
    return usage(io, fmt::format("--explain writes a tree (table) or JSON, not {}", o.format == Format::csv ? "csv" : o.format == Format::html ? "html" : "md"));
  ProgramSession session(session_options(o));
  int scenario = -1;
  GivenInputs given;
  if (auto status = prepare_run(session, o, io, scenario, given)) return *status;
  Program& p = session.program();
  try {
    ScenarioRun run = Evaluator(p, o.limits).run(scenario, given);
    std::optional<Activity> writing;
    if (!o.explain) writing.emplace("writing the results");
    io.out << run_document(p, run, given, RunDocumentOptions{o.config, o.format, o.explain, o.limits, io.colour});
    return kExitOk;
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
    return kExitFailed;
  }
}

}  // namespace mlsi
