#pragma once
// `mlsi test`: evaluates every config and verifies its `expect` lines.
#include <string>
#include <vector>

#include "interpreter/cli.hpp"
#include "interpreter/evaluator.hpp"

namespace mlsi {

int run_tests(const std::vector<std::string>& paths, const std::vector<std::string>& catalogues, const Limits& limits, CliStreams& io);

}  // namespace mlsi
