#pragma once
// `mlsi mcp`: a Model Context Protocol server (revision 2025-06-18) over standard input and output, one
// JSON-RPC message per line. Its tools are mlsi's commands (run, check, explain, list, show, sweep,
// solve), each with a JSON Schema of its arguments; a tool's result is the JSON the command line writes
// for the same command. Its resources are the built-in scenarios' reference pages and the catalogue's.
//
// The agent names scenarios, inputs and catalogue entries, never paths: the only files read are the
// session's (`mlsi mcp FILE... --catalog FILE`), and a `check` of a text the agent writes, which may not
// import.
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "jsonrpc/message_stream.hpp"
#include "jsonrpc/rpc.hpp"
#include "session/session.hpp"

namespace mlsi::mcp {

using jsonrpc::Json;

// Runs one command line of `mlsi` in the same process (cli/ passes run_cli): its exit status, standard
// output and standard error. mcp/ does not include cli/: the command line is given to it.
using CommandRunner = std::function<int(const std::vector<std::string>& args, std::string& out, std::string& err)>;

struct McpOptions {
  std::vector<std::string> files;       // the session's .mls files
  SessionOptions session;               // catalogues and limits on files, for `check` and the resources
  std::vector<std::string> common_args; // given to every command: --catalog FILE, --max-steps N, ...
  std::uint64_t max_sweep_points = 10000;  // a sweep is bounded (--max-points)
  CommandRunner command;
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
  // The command line's first arguments for running `scenario`: its file (--scenario) or its name.
  std::vector<std::string> target(const std::string& scenario);
  // The result of a tool that ran a command: its JSON output, or its error.
  Json command_result(const std::vector<std::string>& args, bool json_output);
  Json check(const Json& args);
  // `show` with `source`: the file that declares the scenario NAME, the session's files read.
  Json source(const Json& args);
  // The session's options with the call's catalogue entries (`catalog_text`), for what runs in this process.
  SessionOptions session_options(const Json& args) const;
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
