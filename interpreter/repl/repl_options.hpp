#pragma once
// What a REPL is started with: its own options and streams, so that any front end (the command line,
// a test) can start one without the command line's option struct.
#include <cstddef>
#include <istream>
#include <ostream>

#include "eval/evaluator.hpp"
#include "session/session.hpp"
#include "source/diagnostics.hpp"

namespace mlsi {

struct ReplOptions {
  // The catalogue files and the limits on the files loaded; with read_on_demand the prelude and catalogue
  // are read as entries name them, whole at the first command or completion.
  ProgramSessionOptions session;
  EvaluationLimits limits;                     // of every evaluation
  std::size_t max_errors = kDefaultMaxErrors;  // diagnostics shown per file
};

struct ReplStreams {
  std::ostream& out;
  std::ostream& err;
  bool colour = false;         // escape codes in messages (only at a terminal)
  std::istream* in = nullptr;  // the entries; null: none
  bool interactive = false;    // `in` is a terminal: lines are edited (libedit), with a prompt
};

}  // namespace mlsi
