#include "mcp/server.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <new>
#include <sstream>

#include "commands/verb_session.hpp"
#include "commands/verbs.hpp"
#include "mcp/tools.hpp"
#include "verbs/command_line.hpp"
#include "verbs/option_table.hpp"
#include "report/catalogue_listing.hpp"
#include "source/embedded.hpp"
#include "model/doc_tags.hpp"

namespace mlsi::mcp {

using jsonrpc::Error;

namespace {

// The revisions of the protocol this server speaks; the newest first.
const char* const kProtocolVersions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

bool is_name(const std::string& s) { return matches_pattern("^[A-Za-z_][A-Za-z0-9_]*$", s); }

}  // namespace

Server::Server(McpOptions options, std::ostream& out, std::ostream& log) : options_(std::move(options)), out_(out), log_(log) {}

int Server::run(jsonrpc::ByteSource& in) {
  jsonrpc::MessageReader reader(in, jsonrpc::Framing::newline);
  while (auto frame = reader.next()) {
    if (!frame->error.empty()) send(jsonrpc::error_response(nullptr, Error{jsonrpc::kParseError, frame->error, nullptr}));
    else handle(frame->text);
  }
  return 0;
}

void Server::send(const Json& message) {
  // One line: nlohmann-json escapes every newline inside strings.
  jsonrpc::write_message(out_, jsonrpc::Framing::newline, message.dump(-1, ' ', false, Json::error_handler_t::replace));
}

void Server::handle(const std::string& text) {
  jsonrpc::answer(
      text, [this](const jsonrpc::Request& r) { return dispatch(r); }, [this](const Json& message) { send(message); },
      [this](const jsonrpc::Request& r, const Error& e) { log_ << "mlsi mcp: " << r.method << ": " << e.message << "\n"; });
}

Json Server::dispatch(const jsonrpc::Request& r) {
  const std::string& m = r.method;
  if (m == "initialize") {
    std::string version = kProtocolVersions[0];
    if (r.params.is_object() && r.params.contains("protocolVersion") && r.params["protocolVersion"].is_string())
      for (const char* v : kProtocolVersions)
        if (r.params["protocolVersion"] == v) version = v;
    initialized_ = true;
    return Json{{"protocolVersion", version},
                {"capabilities", {{"tools", {{"listChanged", false}}}, {"resources", {{"listChanged", false}, {"subscribe", false}}}}},
                {"serverInfo", {{"name", "mlsi"}, {"title", "mlsi: ML systems scenarios with checked units"}, {"version", MLSI_VERSION}}},
                {"instructions",
                 "mlsi evaluates .mls scenarios: typed inputs with physical units, formulas and outputs, against a catalogue of "
                 "accelerators, models and fleets. `list` with kind `scenarios` names the scenarios; `show` describes one or a "
                 "catalogue entry; `run` evaluates one with inputs given as expressions (`\"1 byte\"`, `\"Llama2_70B\"`); `explain` "
                 "derives each output; `sweep` and `solve` vary inputs; `check` checks .mls text you write."}};
  }
  if (m == "ping") return Json::object();
  if (r.notification()) return nullptr;  // notifications/initialized, notifications/cancelled, ...
  if (!initialized_) throw Error{jsonrpc::kInvalidRequest, "send `initialize` first", nullptr};
  if (m == "tools/list") return tools_list();
  if (m == "tools/call") return tools_call(r.params);
  if (m == "resources/list") return resources_list();
  if (m == "resources/read") return resources_read(r.params);
  if (m == "resources/templates/list") return Json{{"resourceTemplates", Json::array()}};
  throw Error{jsonrpc::kMethodNotFound, "unknown method `" + m + "`", nullptr};
}

Json Server::tools_list() const {
  Json tools = Json::array();
  for (const auto& t : tool_specs())
    tools.push_back({{"name", t.name}, {"title", t.title}, {"description", t.description}, {"inputSchema", t.input_schema},
                     {"annotations", {{"readOnlyHint", true}, {"openWorldHint", false}}}});
  return Json{{"tools", tools}};
}

void Server::load_names() {
  if (names_loaded_) return;
  names_loaded_ = true;
  for (const auto& file : options_.files) {
    ProgramSession s(options_.session);
    if (auto id = s.load_file(file))
      for (int i : s.scenarios_of(*id)) file_scenarios_.emplace(s.program().scenarios[static_cast<std::size_t>(i)].name, file);
  }
  ProgramSession builtin(options_.session);
  builtin.load_builtin_scenarios();
  builtin.check();
  for (const auto& s : builtin.program().scenarios)
    if (s.span.valid() && builtin.program().sources.file(s.span.file).name.starts_with("<builtin>/")) builtin_scenarios_.emplace(s.name, first_sentence(s.doc));
}

VerbRequest Server::request(const std::string& verb, const Json& args) const {
  VerbRequest r = options_.common;
  r.command = verb;
  // The call's entries before the server's, as session_options() orders them: `<catalog_text>` in a
  // message is the call's text.
  if (args.contains("catalog_text")) r.catalogue_texts.insert(r.catalogue_texts.begin(), args["catalog_text"].get<std::string>());
  r.limits.words = tool_words();
  return r;
}

void Server::target(const std::string& scenario, VerbRequest& r) {
  load_names();
  if (auto it = file_scenarios_.find(scenario); it != file_scenarios_.end()) {
    r.positional.push_back(it->second);
    set_option(r, *find_option("--scenario"), "--scenario", scenario);
    return;
  }
  if (!builtin_scenarios_.count(scenario)) {
    std::vector<std::string> names;
    for (const auto& [n, _] : file_scenarios_) names.push_back(n);
    for (const auto& [n, _] : builtin_scenarios_) names.push_back(n);
    throw Error{jsonrpc::kInvalidParams, fmt::format("no scenario `{}`{}", scenario, did_you_mean(scenario, names)), nullptr};
  }
  // The command line reads an existing file of that name instead of the built-in scenario: refused, so that
  // nothing outside the session's files is read.
  std::error_code ec;
  if (std::filesystem::exists(scenario, ec))
    throw Error{jsonrpc::kInvalidParams, fmt::format("a file named `{}` in the working folder hides the built-in scenario", scenario), nullptr};
  r.positional.push_back(scenario);
}

Json Server::command_result(VerbRequest r, bool json_output) {
  std::ostringstream out_stream, err_stream;
  // No colour, no standard input, no file written: a tool's verb writes its document into the result.
  Sink sink{out_stream, err_stream, false, kDefaultMaxErrors, nullptr, FileWriter{}, kUsageAdvice};
  int status = run_verb(r, sink);
  std::string out = out_stream.str(), err = err_stream.str();
  Json result;
  std::string text = out;
  if (status != 0) text = err + (out.empty() ? "" : "\n" + out);
  result["content"] = Json::array({{{"type", "text"}, {"text", text}}});
  if (json_output && status == 0) {
    Json parsed = Json::parse(out, nullptr, false);
    if (parsed.is_object()) result["structuredContent"] = parsed;
  }
  result["isError"] = status != 0;
  return result;
}

Json Server::tools_call(const Json& params) {
  const std::string& name = jsonrpc::member(params, "name", Json::value_t::string, "params").get_ref<const std::string&>();
  const ToolSpec* tool = find_tool(name);
  if (!tool) throw Error{jsonrpc::kInvalidParams, "unknown tool `" + name + "`", nullptr};
  Json args = params.contains("arguments") ? params["arguments"] : Json::object();
  if (auto bad = schema_violation(tool->input_schema, args)) throw Error{jsonrpc::kInvalidParams, "invalid arguments of `" + name + "`: " + *bad, nullptr};
  if (args.contains("set"))
    for (const auto& [input, _] : args["set"].items())
      if (!is_name(input)) throw Error{jsonrpc::kInvalidParams, "invalid arguments of `" + name + "`: `" + input + "` in set is not an input's name", nullptr};
  if (name == "check") return check(args);
  // The verb's request, its options set through the option table as the command line sets them; a value
  // an option refuses is the command line's usage error.
  std::optional<std::string> refused;
  auto set = [&refused](VerbRequest& r, std::string_view flag, const std::string& value) {
    if (!refused) refused = set_option(r, *find_option(flag), flag, value);
  };
  auto usage_error = [](const std::string& message) {
    return Json{{"content", Json::array({{{"type", "text"}, {"text", "error: " + message + "\n" + kUsageAdvice}}})}, {"isError", true}};
  };
  if (name == "list") {
    VerbRequest r = request("list", args);
    if (args.contains("kind")) r.positional.push_back(args["kind"]);
    refused = set_arguments(args, tool->options, r);
    set(r, "--format", "json");
    return refused ? usage_error(*refused) : command_result(std::move(r), true);
  }
  if (name == "show" && args.value("source", false)) return source(args);
  if (name == "show") {
    VerbRequest r = request("show", args);
    r.positional.push_back(args["name"]);
    set(r, "--format", "json");
    return refused ? usage_error(*refused) : command_result(std::move(r), true);
  }
  VerbRequest r = request(name == "explain" ? "run" : name, args);
  target(args["scenario"], r);
  refused = set_arguments(args, tool->options, r);
  if (name == "explain") set(r, "--explain", "");
  const std::string max_points = std::to_string(options_.max_sweep_points);
  if (name == "sweep") set(r, "--max-points", max_points);
  if (name == "solve") {
    if (args.contains("max") == args.contains("min") && !args.contains("vary"))
      throw Error{jsonrpc::kInvalidParams, "invalid arguments of `solve`: give `max` or `min` (one input), or `vary` with `minimize` or `maximize`", nullptr};
    set(r, "--max-points", max_points);
  }
  set(r, "--format", "json");
  if (refused) return usage_error(*refused);
  Json result = command_result(std::move(r), name != "sweep");
  if (name == "sweep" && !result["isError"].get<bool>()) {
    // A sweep writes one JSON object per point: the structured result is their list.
    Json rows = Json::array();
    const std::string& text = result["content"][0]["text"].get_ref<const std::string&>();
    Json parsed = Json::parse(text, nullptr, false);
    if (!parsed.is_discarded()) rows = parsed;
    result["structuredContent"] = Json{{"points", rows}};
  }
  return result;
}

ProgramSessionOptions Server::session_options(const Json& args) const {
  ProgramSessionOptions options = options_.session;
  // The call's text first, named as a tool's verb names it (the server's --catalog-text after it).
  if (args.contains("catalog_text")) options.catalogue_texts = named_catalogue_texts(request("check", args));
  return options;
}

Json Server::check(const Json& args) {
  ProgramSession s(session_options(args));
  std::vector<std::string> checked;
  for (const auto& file : options_.files) {
    s.load_file(file);
    checked.push_back(file);
  }
  if (args.contains("source")) {
    s.load_text("<source>", args["source"].get<std::string>());
    checked.push_back("<source>");
  }
  bool ok = s.check();
  Json problems = Json::array();
  for (const auto& d : s.diagnostics().list()) {
    Json p{{"severity", d.severity == Severity::error ? "error" : d.severity == Severity::warning ? "warning" : "note"}, {"message", d.message}};
    if (d.span.valid()) {
      auto begin = s.program().sources.line_col(d.span.file, d.span.begin);
      auto end = s.program().sources.line_col(d.span.file, d.span.end);
      p["file"] = s.program().sources.file(d.span.file).name;
      p["line"] = begin.line;
      p["column"] = begin.col;
      p["end_line"] = end.line;
      p["end_column"] = end.col;
    }
    p["notes"] = d.notes;
    problems.push_back(std::move(p));
  }
  std::string text = render_all(s.program().sources, s.diagnostics(), false);
  if (ok) text += checked.empty() ? "ok\n" : fmt::format("{}: ok\n", fmt::join(checked, ", "));
  return Json{{"content", Json::array({{{"type", "text"}, {"text", text}}})},
              {"structuredContent", {{"ok", ok}, {"diagnostics", problems}}},
              {"isError", false}};
}

Json Server::source(const Json& args) {
  const std::string& scenario = args["name"].get_ref<const std::string&>();
  // In this process rather than by the command line, whose `show` does not read the session's files.
  ProgramSession s(session_options(args));
  for (const auto& file : options_.files) s.load_file(file);
  ShowRequest request;
  request.name = scenario;
  request.format = Format::json;
  request.source = true;
  Listing shown = show_name(s, request);
  if (shown.status == ListingStatus::ok)
    return Json{{"content", Json::array({{{"type", "text"}, {"text", shown.text}}})}, {"structuredContent", Json::parse(shown.text)}, {"isError", false}};
  std::string text = !shown.message.empty() ? "error: " + shown.message + "\n" : render_all(s.program().sources, s.diagnostics(), false);
  return Json{{"content", Json::array({{{"type", "text"}, {"text", text}}})}, {"isError", true}};
}

Json Server::resources_list() {
  load_names();
  Json list = Json::array();
  list.push_back({{"uri", "mlsi://catalogue"}, {"name", "catalogue"}, {"title", "The catalogue"},
                  {"description", "Every built-in catalogue entry (hardware, workloads, systems, ...) with its fields and sources"},
                  {"mimeType", "text/markdown"}});
  for (const auto& [name, doc] : builtin_scenarios_)
    list.push_back({{"uri", "mlsi://scenario/" + name}, {"name", name}, {"description", doc}, {"mimeType", "text/markdown"}});
  return Json{{"resources", list}};
}

Json Server::resources_read(const Json& params) {
  const std::string& uri = jsonrpc::member(params, "uri", Json::value_t::string, "params").get_ref<const std::string&>();
  // The page as `mlsi doc` writes it of the built-in library alone (no --catalog of the session).
  VerbRequest doc;
  doc.command = "doc";
  if (uri == "mlsi://catalogue") {
    doc.positional = {"catalogue"};
  } else if (uri.rfind("mlsi://scenario/", 0) == 0) {
    load_names();
    std::string name = uri.substr(16);
    std::error_code ec;
    if (!builtin_scenarios_.count(name) || std::filesystem::exists(name, ec)) throw Error{-32002, "no resource `" + uri + "`", Json{{"uri", uri}}};
    doc.positional = {name};
  } else {
    throw Error{-32002, "no resource `" + uri + "`", Json{{"uri", uri}}};
  }
  std::ostringstream out, err;
  Sink sink{out, err, false, kDefaultMaxErrors, nullptr, FileWriter{}, kUsageAdvice};
  if (run_verb(doc, sink) != 0) throw Error{jsonrpc::kInternalError, err.str(), nullptr};
  return Json{{"contents", Json::array({{{"uri", uri}, {"mimeType", "text/markdown"}, {"text", out.str()}}})}};
}

}  // namespace mlsi::mcp
