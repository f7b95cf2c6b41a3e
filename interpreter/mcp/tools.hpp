#pragma once
// The tools of `mlsi mcp`: their JSON Schemas, the check of a call's arguments against them, and the
// request of its verb each call becomes.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jsonrpc/rpc.hpp"
#include "verbs/request.hpp"

namespace mlsi::mcp {

using jsonrpc::Json;

struct ToolSpec {
  std::string name;
  std::string title;
  std::string description;
  Json input_schema;
  // The options of the verb table the tool takes, by their API names (`config`, `set`, `vary`): their
  // properties in `input_schema` are written from the option table and the verb's help, and a call sets
  // them as the command line does (set_arguments).
  std::vector<std::string_view> options;
};
const std::vector<ToolSpec>& tool_specs();
const ToolSpec* find_tool(const std::string& name);

// Why `value` does not satisfy `schema` (the subset of JSON Schema the tools use: type, properties,
// required, additionalProperties, items, enum, pattern, minItems, minLength), or nothing when it does.
std::optional<std::string> schema_violation(const Json& schema, const Json& value, const std::string& where = "arguments");

// Whether `s` matches a pattern of the schemas (`^[A-Za-z_][A-Za-z0-9_]*$`, `^-?[...][...]*$`).
bool matches_pattern(const std::string& pattern, const std::string& s);

// Sets the request's options from the arguments named `names` (in that order, those given), each the
// option the verb table calls by that name (verbs/option_table.hpp), as the command line sets it
// (verbs/command_line.hpp): a text is one value, a list one value per item, an object (`set`) one
// `NAME=VALUE` per member, `true` the switch. The message of a value the option refuses, or nothing.
std::optional<std::string> set_arguments(const Json& args, const std::vector<std::string_view>& names, VerbRequest& request);
// What a tool's messages call what its client gave (base/caller_words.hpp): each argument by its own
// name (`set`, `vary`, `where`); the limits, which the server's command line sets, by their flags.
const CallerWords& tool_words();

}  // namespace mlsi::mcp
