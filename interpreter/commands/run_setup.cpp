#include "commands/run_setup.hpp"

namespace mlsi {

RunTask run_request(const VerbRequest& o) {
  return RunTask{o.positional.empty() ? "" : o.positional[0], o.scenario, o.config, o.inputs_file, o.sets};
}

SweepTask sweep_request(const VerbRequest& o, std::vector<VaryRequest> varies) {
  return SweepTask{run_request(o), std::move(varies), o.where, {}, false, o.limits, session_options(o)};
}

void show_diagnostics(ProgramSession& session, const DiagnosticLog& diagnostics, Sink& io) {
  io.err << render_all(session.program().sources, diagnostics, io.colour, io.max_errors);
}

int report_failure(ProgramSession& session, const Outcome& outcome, Sink& io) {
  DiagnosticLog& diags = session.diagnostics();
  switch (outcome.failure) {
    case Failure::none: return kExitOk;
    case Failure::usage:
      if (!outcome.message.empty()) return usage(io, outcome.message);
      show_diagnostics(session, diags, io);
      return kExitUsage;
    case Failure::unshowable:
      io.err << "error: " << outcome.message << "\n";
      return kExitUsage;
    case Failure::source: show_diagnostics(session, diags, io); return kExitSource;
    case Failure::evaluation:
      if (!outcome.message.empty()) io.err << "error: " << outcome.message << "\n";
      else if (diags.size()) io.err << render(session.program().sources, diags.list().back(), io.colour);
      return kExitFailed;
  }
  return kExitFailed;
}

std::optional<int> prepare_run(ProgramSession& session, const VerbRequest& o, Sink& io, int& scenario, GivenInputs& given) {
  PreparedScenario run = prepare_run(session, run_request(o), o.limits, o.limits.max_file_size);
  show_diagnostics(session, run.warnings, io);
  if (!run.outcome.ok()) {
    int status = report_failure(session, run.outcome, io);
    session.diagnostics().clear();
    return status;
  }
  scenario = run.scenario;
  given = std::move(run.given);
  return std::nullopt;
}

}  // namespace mlsi
