#pragma once
// `mlsi mcp`: a Model Context Protocol server (revision 2025-06-18) over standard input and output, one
// JSON-RPC message per line. Its tools are mlsi's commands (run, check, explain, list, show, sweep,
// solve), each with a JSON Schema of its arguments, which set the verb's request through the option
// table; a tool's result is the JSON the command line writes for the same command. Its resources are the built-in scenarios' reference pages and the catalogue's.
//
// The agent names scenarios, inputs and catalogue entries, never paths: the only files read are the
// session's (`mlsi mcp FILE... --catalog FILE`), and a `check` of a text the agent writes, which may not
// import.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "jsonrpc/message_stream.hpp"
#include "jsonrpc/rpc.hpp"
#include "session/session.hpp"
#include "verbs/request.hpp"

namespace mlsi::mcp {

using jsonrpc::Json;

struct McpOptions {
  std::vector<std::string> files;       // the session's .mls files
  ProgramSessionOptions session;        // catalogues and limits on files, for `check` and the resources
  VerbRequest common;                   // every request starts from it: the --catalog FILEs, the limits
  std::uint64_t max_sweep_points = 10000;  // a sweep is bounded (--max-points)
};

class Server {
 public:
  Server(McpOptions options, std::ostream& out, std::ostream& log);
  // Serves messages until the end of the input; 0.
  int run(jsonrpc::ByteSource& in);
  void handle(const std::string& text);

 private:
  Json dispatch(const jsonrpc::Request& r);
  Json tools_list() const;
  Json tools_call(const Json& params);
  Json resources_list();
  Json resources_read(const Json& params);
  void send(const Json& message);
  // The request of `verb` for the session: `common` with that command and the call's `catalog_text`.
  VerbRequest request(const std::string& verb, const Json& args) const;
  // Sets what runs `scenario`: its file (and --scenario) or its name.
  void target(const std::string& scenario, VerbRequest& r);
  // The result of a tool that ran a verb: its JSON output, or its error.
  Json command_result(VerbRequest r, bool json_output);
  Json check(const Json& args);
  // `show` with `source`: the file that declares the scenario NAME, the session's files read.
  Json source(const Json& args);
  // The session's options with the call's catalogue entries (`catalog_text`), for what runs in this process.
  ProgramSessionOptions session_options(const Json& args) const;
  void load_names();

  McpOptions options_;
  std::ostream& out_;
  std::ostream& log_;
  bool initialized_ = false;
  bool names_loaded_ = false;
  std::map<std::string, std::string> file_scenarios_;  // a scenario of the session's files -> its file
  std::map<std::string, std::string> builtin_scenarios_;  // a built-in scenario -> the first line of its doc
};

}  // namespace mlsi::mcp
