#pragma once
// `mlsi test`: evaluates every config and verifies its `expect` lines.
#include <string>
#include <vector>

#include "interpreter/cli.hpp"
#include "interpreter/evaluator.hpp"
#include "interpreter/session.hpp"

namespace mlsi {

int run_tests(const std::vector<std::string>& paths, const SessionOptions& options, const Limits& limits, CliStreams& io);

}  // namespace mlsi
