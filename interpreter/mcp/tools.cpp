#include "mcp/tools.hpp"

#include <fmt/format.h>

#include <map>
#include <stdexcept>
#include <string_view>

#include "verbs/command_line.hpp"
#include "verbs/option_table.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi::mcp {

namespace {

const char* const kNamePattern = "^[A-Za-z_][A-Za-z0-9_]*$";

Json name_property(const std::string& description) {
  return Json{{"type", "string"}, {"pattern", kNamePattern}, {"description", description}};
}

// Catalogue entries given with the call, as the TOML of a --catalog file (`--catalog-text`).
Json catalog_text_property() {
  return Json{{"type", "string"},
              {"minLength", 1},
              {"description", "catalogue entries for this call, as TOML text written as a catalogue file holds them (`[Node.Four_H100]` then "
                              "its fields, quantities as strings with their units: `intra_node_bandwidth = \"900 GB/s\"`); bounded as a "
                              "--catalog file is, named <catalog_text> in messages"}};
}

// An option of the verb table as a tool's property: its type from the kind of its value (a switch a
// boolean, a number an integer within the option's bounds, a repeatable option a list of texts, any other
// a text), its description the verb's help line for it (`mlsi VERB --help`).
Json option_property(std::string_view verb, std::string_view api_name) {
  const OptionSpec* option = find_api_option(api_name);
  const Verb* v = find_verb(verb);
  const VerbOption* listed = option && v ? verb_option(*v, option->flag) : nullptr;
  if (!listed) throw std::logic_error(fmt::format("the verb `{}` takes no option called `{}`", verb, api_name));
  Json p;
  if (option->kind == ValueKind::none) p = Json{{"type", "boolean"}};
  else if (option->kind == ValueKind::number) p = Json{{"type", "integer"}, {"minimum", 1}, {"maximum", option->max}};
  else if (option->repeatable) p = Json{{"type", "array"}, {"items", {{"type", "string"}, {"minLength", 1}}}};
  else p = Json{{"type", "string"}, {"minLength", 1}};
  p["description"] = listed->help;
  return p;
}

// The properties of `options` of the verb `verb`, from the tables, with `properties` (the tool's own).
Json option_properties(std::string_view verb, const std::vector<std::string_view>& options, Json properties) {
  for (std::string_view name : options) properties[std::string(name)] = option_property(verb, name);
  return properties;
}

// A text that names an input or a config: a name, so that a client cannot pass an expression.
Json& as_name(Json& property) {
  property["pattern"] = kNamePattern;
  property.erase("minLength");
  return property;
}

// A run's input values: an object of NAME: VALUE (`--set NAME=VALUE` each), not the command line's list.
Json& as_input_values(Json& property) {
  std::string help = property["description"];
  property = Json{{"type", "object"},
                  {"additionalProperties", {{"type", {"string", "number", "boolean"}}}},
                  {"description", help + "; here an object of NAME: VALUE, each value an expression as after `--set NAME=` (\"4\", "
                                         "\"1 byte\", \"Llama2_70B\", \"[1, 2]\"), a number a Count"}};
  return property;
}

Json object_schema(Json properties, std::vector<std::string> required) {
  Json s{{"type", "object"}, {"properties", std::move(properties)}, {"additionalProperties", false}};
  if (!required.empty()) s["required"] = required;
  return s;
}

std::vector<ToolSpec> make_specs() {
  std::vector<ToolSpec> specs;
  // Each tool: its verb, the options of the verb table it takes, and what is its own (the scenario named
  // by `scenario`, the kind of `list`, the name of `show`, catalogue entries given as text). A tool is made
  // whole, its schema's refinements included, before it joins the list.
  auto tool = [](std::string name, std::string title, std::string description, std::string_view verb,
                       std::vector<std::string_view> options, Json own, std::vector<std::string> required) {
    Json properties = option_properties(verb, options, std::move(own));
    if (properties.contains("config")) as_name(properties["config"]);
    if (properties.contains("set")) as_input_values(properties["set"]);
    return ToolSpec{std::move(name), std::move(title), std::move(description), object_schema(std::move(properties), std::move(required)),
                    std::move(options)};
  };
  auto run_own = [] {
    return Json{{"catalog_text", catalog_text_property()},
                {"scenario", name_property("a built-in scenario (`mlsi list scenarios`) or one of the session's files")}};
  };
  specs.push_back(tool("run", "Run a scenario",
       "Evaluate a scenario (inputs and outputs with their units) at its defaults, a config or given inputs; the result is "
       "`mlsi run NAME --format json`.",
       "run", {"config", "set"}, run_own(), {"scenario"}));
  specs.push_back(tool("explain", "Explain a scenario's outputs",
       "Each output's derivation: its formula, the values substituted, the lets, inputs, constants and catalogue fields it "
       "rests on with their sources; `mlsi run NAME --explain --format json`.",
       "run", {"config", "set"}, run_own(), {"scenario"}));
  ToolSpec sweep = tool("sweep", "Sweep a scenario over varied inputs",
                         "One row per point of the cartesian product of the varied inputs' values (bounded in points); `mlsi sweep NAME "
                         "--vary ... --format json`.",
                         "sweep", {"config", "set", "vary", "where"}, run_own(), {"scenario", "vary"});
  sweep.input_schema["properties"]["vary"]["minItems"] = 1;
  specs.push_back(std::move(sweep));
  ToolSpec solve = tool("solve", "Solve for an input",
                         "The largest (max) or smallest (min) value of one input for which every condition holds, or the best point of "
                         "a grid (vary with minimize or maximize); `mlsi solve NAME ... --format json`.",
                         "solve", {"config", "set", "max", "min", "such_that", "vary", "minimize", "maximize"}, run_own(), {"scenario"});
  as_name(solve.input_schema["properties"]["max"]);
  as_name(solve.input_schema["properties"]["min"]);
  solve.input_schema["properties"]["such_that"]["minItems"] = 1;
  specs.push_back(std::move(solve));
  specs.push_back({"check", "Check .mls source",
                   "Parse and check a .mls text (with the session's files and the built-in library) or the session's files; every problem "
                   "with its file, line, column and notes.",
                   object_schema(Json{{"source", {{"type", "string"}, {"description", "a .mls text to check (it may not import files)"}}},
                                      {"catalog_text", catalog_text_property()}},
                                 {}),
                   {}});
  ToolSpec list = tool("list", "List catalogue entries or scenarios",
                        "Entries of a catalogue kind (hardware, workloads, ...), or scenarios, units or constants; no kind: every kind; "
                        "`mlsi list KIND --format json`.",
                        "list", {"where", "sort", "top"},
                        Json{{"kind", name_property("hardware, workloads, systems, ..., scenarios, units or constants")},
                             {"catalog_text", catalog_text_property()}},
                        {});
  list.input_schema["properties"]["sort"]["pattern"] = "^-?[A-Za-z_][A-Za-z0-9_.]*$";
  list.input_schema["properties"]["sort"].erase("minLength");
  specs.push_back(std::move(list));
  specs.push_back(tool("show", "Show a name",
       "A catalogue entry (its fields and sources), scenario, constant, function or unit; `mlsi show NAME --format json`. With "
       "`source`, the text of the .mls file that declares the scenario NAME (a built-in one or one of the session's files).",
       "show", {},
       Json{{"name", {{"type", "string"}, {"pattern", "^[A-Za-z0-9_][A-Za-z0-9_.]*$"}, {"description", "the name"}}},
            {"source", {{"type", "boolean"}, {"description", "the scenario's source file instead (`mlsi show NAME --source --format json`)"}}},
            {"catalog_text", catalog_text_property()}},
       {"name"}));
  return specs;
}

// Whether `c` is in a character class written as in a regular expression (`A-Za-z0-9_.`).
bool in_class(std::string_view cls, char c) {
  for (std::size_t i = 0; i < cls.size(); ++i) {
    if (i + 2 < cls.size() && cls[i + 1] == '-') {
      if (c >= cls[i] && c <= cls[i + 2]) return true;
      i += 2;
    } else if (cls[i] == c) {
      return true;
    }
  }
  return false;
}

std::string type_of(const Json& v) {
  if (v.is_string()) return "string";
  if (v.is_boolean()) return "boolean";
  if (v.is_number()) return "number";
  if (v.is_array()) return "array";
  if (v.is_object()) return "object";
  return "null";
}

}  // namespace

// The form of every pattern of the schemas: `^`, an optional `-?`, a class for the first character, a
// class for the rest followed by `*`, `$`. (Not std::regex: GCC 12's <regex> does not build warning-free
// under the sanitizers.)
bool matches_pattern(const std::string& pattern, const std::string& s) {
  std::string_view p = pattern;
  if (!p.starts_with("^") || !p.ends_with("*$")) return false;
  p = p.substr(1, p.size() - 3);
  std::string_view text = s;
  if (p.starts_with("-?")) {
    p.remove_prefix(2);
    if (text.starts_with("-")) text.remove_prefix(1);
  }
  auto first_end = p.find(']');
  if (!p.starts_with("[") || first_end == std::string_view::npos || p.size() < first_end + 3 || p[first_end + 1] != '[' || !p.ends_with("]"))
    return false;
  std::string_view first = p.substr(1, first_end - 1);
  std::string_view rest = p.substr(first_end + 2, p.size() - first_end - 3);
  if (text.empty() || !in_class(first, text.front())) return false;
  for (char c : text.substr(1))
    if (!in_class(rest, c)) return false;
  return true;
}

const std::vector<ToolSpec>& tool_specs() {
  static const std::vector<ToolSpec> specs = make_specs();
  return specs;
}

const ToolSpec* find_tool(const std::string& name) {
  for (const auto& t : tool_specs())
    if (t.name == name) return &t;
  return nullptr;
}

std::optional<std::string> schema_violation(const Json& schema, const Json& value, const std::string& where) {
  if (schema.contains("type")) {
    std::vector<std::string> types;
    if (schema["type"].is_array()) types = schema["type"].get<std::vector<std::string>>();
    else types.push_back(schema["type"].get<std::string>());
    std::string actual = type_of(value);
    bool ok = std::find(types.begin(), types.end(), actual) != types.end();
    // A whole number is an integer (`top`) as well as a number.
    if (!ok && value.is_number_integer()) ok = std::find(types.begin(), types.end(), "integer") != types.end();
    if (!ok) {
      std::string want;
      for (const auto& t : types) want += (want.empty() ? "" : " or ") + t;
      return where + " must be " + want + ", not " + actual;
    }
  }
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (schema.contains("minLength") && s.size() < schema["minLength"].get<std::size_t>()) return where + " must not be empty";
    if (schema.contains("pattern") && !matches_pattern(schema["pattern"].get<std::string>(), s))
      return where + " `" + s + "` is not a name (" + schema["pattern"].get<std::string>() + ")";
  }
  if (value.is_array()) {
    if (schema.contains("minItems") && value.size() < schema["minItems"].get<std::size_t>()) return where + " needs at least one item";
    if (schema.contains("items"))
      for (std::size_t i = 0; i < value.size(); ++i)
        if (auto v = schema_violation(schema["items"], value[i], where + "[" + std::to_string(i) + "]")) return v;
  }
  if (value.is_object()) {
    if (schema.contains("required"))
      for (const auto& r : schema["required"])
        if (!value.contains(r.get<std::string>())) return where + " needs `" + r.get<std::string>() + "`";
    for (const auto& [key, v] : value.items()) {
      if (schema.contains("properties") && schema["properties"].contains(key)) {
        if (auto bad = schema_violation(schema["properties"][key], v, where + "." + key)) return bad;
      } else if (schema.contains("additionalProperties")) {
        const Json& extra = schema["additionalProperties"];
        if (extra.is_boolean() && !extra.get<bool>()) {
          std::string known;
          if (schema.contains("properties"))
            for (const auto& [k, _] : schema["properties"].items()) known += (known.empty() ? "" : ", ") + k;
          return where + " has no member `" + key + "` (it takes: " + known + ")";
        }
        if (extra.is_object())
          if (auto bad = schema_violation(extra, v, where + "." + key)) return bad;
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> set_arguments(const Json& args, const std::vector<std::string_view>& names, VerbRequest& request) {
  for (std::string_view name : names) {
    const std::string key(name);
    if (!args.contains(key)) continue;
    const OptionSpec* option = find_api_option(name);
    if (!option) throw std::logic_error("no option of the verb table is called `" + key + "`");
    std::vector<std::string> values;
    const Json& value = args[key];
    if (value.is_boolean()) {
      if (!value.get<bool>()) continue;
      values.emplace_back();
    } else if (value.is_array()) {
      for (const auto& item : value) values.push_back(item.get<std::string>());
    } else if (value.is_object()) {
      for (const auto& [input, v] : value.items()) values.push_back(input + "=" + (v.is_string() ? v.get<std::string>() : v.dump()));
    } else {
      values.push_back(value.is_string() ? value.get<std::string>() : value.dump());
    }
    for (const auto& v : values)
      if (auto refused = set_option(request, *option, option->flag, v)) return refused;
  }
  return std::nullopt;
}

const CallerWords& tool_words() {
  static const CallerWords words = [] {
    // The tools' arguments (their schemas' properties), by the names a client passes them; every other
    // field (the limits) is an option of the server's own command line (`mlsi mcp --max-total-steps N`),
    // named by its flag.
    std::map<std::string, CallerWord, std::less<>> all;
    for (const auto& o : option_specs()) all[std::string(o.api_name)] = CallerWord{std::string(o.flag), {}};
    for (const auto& tool : tool_specs())
      for (const auto& [argument, _] : tool.input_schema["properties"].items()) all[argument] = CallerWord{argument, {}};
    return CallerWords(std::move(all));
  }();
  return words;
}

}  // namespace mlsi::mcp
