#pragma once
// What `run` and `sweep` share: load FILE or a built-in NAME, pick the scenario, and gather the input
// values of --config, --inputs and --set.
#include <optional>

#include "cli/cli_options.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"

namespace mlsi {

// Returns nothing when `scenario` and `given` are ready, else the exit status (diagnostics printed).
std::optional<int> prepare_run(Session& session, const Options& o, CliStreams& io, int& scenario, GivenInputs& given);

}  // namespace mlsi
