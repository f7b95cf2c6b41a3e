// `mlsi schema [FILE|NAME]`: the JSON Schema of every command's JSON, or of one scenario's
// `run --format json` (report/json_schema.hpp writes both).
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include "commands/run_setup.hpp"
#include "report/json_schema.hpp"

namespace mlsi {

int run_schema(const VerbRequest& o, Sink& io) {
  if (o.format_given && o.format != Format::json) return usage(io, "`mlsi schema` writes JSON only (--format json)");
  if (o.positional.size() > 1) return usage(io, "`mlsi schema` takes at most one FILE or scenario NAME");
  if (o.positional.empty()) {
    io.out << json_schema();
    return kExitOk;
  }
  // The scenario is found as `mlsi run` finds it (a file with --scenario, or a built-in name), so that
  // the schema is that of the same run.
  ProgramSession session(session_options(o));
  int scenario = -1;
  GivenInputs given;
  if (auto status = prepare_run(session, o, io, scenario, given)) return *status;
  const Program& p = session.program();
  io.out << scenario_json_schema(p, p.scenarios.at(static_cast<std::size_t>(scenario)));
  return kExitOk;
}

}  // namespace mlsi
