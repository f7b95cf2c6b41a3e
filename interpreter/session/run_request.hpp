#pragma once
// What a run of a scenario asks for, and what `run`, `sweep` and `plot` do before evaluating: load a
// FILE or a built-in scenario NAME, pick the scenario, and gather the input values of a config, an
// --inputs file and --set texts. Problems are returned, never printed.
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"

namespace mlsi {

struct RunTask {
  std::string target;       // a .mls FILE path, or a built-in scenario NAME
  std::string scenario;     // which scenario of the file (--scenario); empty: its only one
  std::string config;       // empty: none
  std::string inputs_file;  // a TOML file of input values (--inputs); empty: none
  std::vector<std::string> sets;  // `INPUT=EXPR` texts (--set), applied in order after the config and file
  // What messages call each of `sets` (a location in it is `ORIGIN:1:9`), by index: the name the caller
  // gave it (the Python module: `microbatch=`); missing or empty: `--set`.
  std::vector<std::string> set_origins = {};
};

// Why a request cannot go on, by the exit-status class of language.md "Diagnostics".
enum class Failure {
  none,
  source,       // a file does not parse or check
  usage,        // the request names what is not there, or asks for what cannot be done
  unshowable,   // a value cannot be shown or drawn as asked (1e300 year in a column of as, --log-x of 0);
                // the exit status of a usage error
  evaluation,   // evaluating failed
};

// A failure and what it says: a message when the problem has no place in any source text (an unknown
// config, too many points); else the message is empty and the problem is in the session's diagnostics.
struct Outcome {
  Failure failure = Failure::none;
  std::string message;
  bool ok() const { return failure == Failure::none; }
};

// A scenario ready to run.
struct PreparedScenario {
  Outcome outcome;
  int scenario = -1;  // an index into program().scenarios
  GivenInputs given;  // one entry per slot of the scenario
  // What loading and checking warned about: taken out of the session's diagnostics, which then hold
  // only what went wrong after (an unknown config, a bad --set).
  DiagnosticLog warnings;
};

// The config `name` of the scenario at `scenario`, or null with `message` saying that there is none
// (with the closest name of its configs, if one is close).
struct ConfigLookup {
  const Config* config = nullptr;
  std::string message;
};
ConfigLookup find_config(const Program& program, int scenario, const std::string& name);

// Whether every error in `diagnostics` is the request's rather than a source's, which is what an error
// without a position is: a file the command line names that cannot be read (FILE, --catalog, MLSI_PATH,
// --workload, --inputs), a --name that cannot be a key, --max-files. Exit status 2, where an error in a
// source is 3 (language.md "Diagnostics").
bool request_errors_only(const DiagnosticLog& diagnostics);

// Loads what `request` names into `session` and gathers its inputs. On an evaluation failure the last
// of the session's diagnostics is the error that stopped it. `limits` bound the evaluation of config
// and --set values; `max_file_size` the --inputs file.
PreparedScenario prepare_run(ProgramSession& session, const RunTask& request, const EvaluationLimits& limits, std::size_t max_file_size);

}  // namespace mlsi
