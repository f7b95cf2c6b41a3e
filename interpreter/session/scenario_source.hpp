#pragma once
// The source of a scenario: the text of the .mls file that declares it, for `mlsi show NAME --source`, the
// REPL's `:source`, the editor's hover, Python's `Session.source` and the MCP tool `source`.
#include <optional>
#include <string>
#include <string_view>

#include "model/program.hpp"

namespace mlsi {

struct ScenarioSource {
  std::string scenario;  // its name
  std::string file;      // as diagnostics name it: a path, `<repl>`, `<builtin>/scenarios/training/x.mls`
  std::string text;      // the whole file, byte for byte
};

// The built-in pack file that declares the scenario `name` (a `scenario NAME` line), found without parsing
// any file: nothing is loaded.
std::optional<ScenarioSource> builtin_scenario_source(std::string_view name);
// The file of `program` that declares the scenario `name` (a user's file, a REPL entry, a built-in file it
// loaded): a scenario of the program wins over a built-in one of the same name; else the built-in file.
std::optional<ScenarioSource> scenario_source(const Program& program, std::string_view name);

}  // namespace mlsi
