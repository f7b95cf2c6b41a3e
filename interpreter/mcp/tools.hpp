#pragma once
// The tools of `mlsi mcp`: their JSON Schemas, the check of a call's arguments against them, and the
// command line each call becomes.
#include <optional>
#include <string>
#include <vector>

#include "jsonrpc/rpc.hpp"

namespace mlsi::mcp {

using jsonrpc::Json;

struct ToolSpec {
  std::string name;
  std::string title;
  std::string description;
  Json input_schema;
};
const std::vector<ToolSpec>& tool_specs();
const ToolSpec* find_tool(const std::string& name);

// Why `value` does not satisfy `schema` (the subset of JSON Schema the tools use: type, properties,
// required, additionalProperties, items, enum, pattern, minItems, minLength), or nothing when it does.
std::optional<std::string> schema_violation(const Json& schema, const Json& value, const std::string& where = "arguments");

// Whether `s` matches a pattern of the schemas (`^[A-Za-z_][A-Za-z0-9_]*$`, `^-?[...][...]*$`).
bool matches_pattern(const std::string& pattern, const std::string& s);

// The options of a run that the tools `run`, `explain`, `sweep` and `solve` share: --config, --set.
std::vector<std::string> run_options(const Json& args);

}  // namespace mlsi::mcp
