#pragma once
// `mlsi test`: evaluates every config and verifies its `expect` lines.
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "eval/evaluator.hpp"
#include "report/render.hpp"
#include "session/session.hpp"

namespace mlsi {

struct TestOptions {
  bool report = false;          // --report: one row per expectation instead of one line per config
  bool published_only = false;  // --published: only expectations with a `source`
  Format format = Format::table;  // of the report: table, markdown or json
  std::string config;           // --config NAME: only the configs of that name, whatever their scenario
};

int run_tests(const std::vector<std::string>& paths, const SessionOptions& options, const Limits& limits, CliStreams& io,
              const TestOptions& test = {});

}  // namespace mlsi
