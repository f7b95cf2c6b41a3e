#pragma once
// The tools of `mlsi mcp`: their JSON Schemas, the check of a call's arguments against them, and the
// command line each call becomes.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
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

// The command-line options of the arguments named `names` (in that order, those given), each the option
// the verb table calls by that name (verbs/option_table.hpp): a text is `--flag TEXT`, a list one
// `--flag ITEM` per item, an object (`set`) one `--flag NAME=VALUE` per member, `true` the switch alone.
std::vector<std::string> option_arguments(const Json& args, std::initializer_list<std::string_view> names);
// The options of a run that the tools `run`, `explain`, `sweep` and `solve` share: config, set, catalog_text.
std::vector<std::string> run_options(const Json& args);

}  // namespace mlsi::mcp
