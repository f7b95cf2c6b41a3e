#pragma once
// The verbs' side of `run`, `sweep`, `plot`, `solve` and `schema` (session/run_request.hpp and
// sweep/sweep.hpp do the work): the verb's request as theirs, and a failure written as its exit status.
#include <optional>

#include "commands/verb_session.hpp"
#include "commands/verbs.hpp"
#include "session/run_request.hpp"
#include "sweep/sweep.hpp"

namespace mlsi {

RunTask run_request(const VerbRequest& o);
// A sweep of the run `o` asks for, over `varies`, with --where, --max-points and the limits of `o`.
SweepTask sweep_request(const VerbRequest& o, std::vector<VaryRequest> varies);

// Prints what stopped a request and returns its exit status: the message (a usage error with the
// pointer to --help), else the session's diagnostics (on an evaluation failure only the error that
// stopped it, the last one).
int report_failure(ProgramSession& session, const Outcome& outcome, Sink& io);

// Prints diagnostics (warnings) as they are printed everywhere: at most --max-errors per file.
void show_diagnostics(ProgramSession& session, const DiagnosticLog& diagnostics, Sink& io);

// Prepares the run that `o` asks for. Returns nothing when `scenario` and `given` are ready, else the
// exit status (problems printed); prints the warnings of loading and checking either way.
std::optional<int> prepare_run(ProgramSession& session, const VerbRequest& o, Sink& io, int& scenario, GivenInputs& given);

}  // namespace mlsi
