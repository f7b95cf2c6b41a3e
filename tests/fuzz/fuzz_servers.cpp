// libFuzzer target: `mlsi lsp` and `mlsi mcp` reading what a client sends after `initialize`. The input's
// first line names the server (`lsp`, `lsp utf-8` for UTF-8 positions, or `mcp`; anything else is `lsp`);
// the rest is the byte stream from the client, read as that server reads its standard input (Content-Length
// headers for lsp, a message per line for mcp): the framing, JSON-RPC, and every method of the protocol, with
// the documents checked and evaluated and the tools run. The answers are dropped.
//
// Seeds (tests/fuzz/server_seeds/) are what the protocol tests (tests/lsp, tests/mcp) send, recorded by
// their client (MLSI_RECORD_PROTOCOL, tests/lsp/lsp_client.py).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "fuzz_common.hpp"
#include "lsp/server.hpp"
#include "mcp/server.hpp"

namespace {

using namespace mlsi;

void serve_lsp(std::string_view stream, bool utf8) {
  std::string init = std::string(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":[")") +
                     (utf8 ? "utf-8" : "utf-16") + R"("]}}}})";
  std::string bytes = "Content-Length: " + std::to_string(init.size()) + "\r\n\r\n" + init;
  bytes.append(stream);
  lsp::ServerOptions options;
  options.analysis.limits = fuzz::small_limits();
  options.analysis.limits.max_milliseconds = 1000;
  std::ostringstream out, log;
  std::istringstream in(bytes);
  jsonrpc::StreamSource source(in);
  lsp::Server server(std::move(options), out, log);
  (void)server.run(source);
}

void serve_mcp(std::string_view stream) {
  std::string bytes = R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}})" "\n";
  bytes.append(stream);
  mcp::McpOptions options;
  options.common.limits.max_steps = 200000;
  options.common.limits.max_list_length = 10000;
  options.max_sweep_points = 100;
  std::ostringstream out, log;
  std::istringstream in(bytes);
  jsonrpc::StreamSource source(in);
  mcp::Server server(std::move(options), out, log);
  (void)server.run(source);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto newline = input.find('\n');
  std::string_view server = input.substr(0, newline);
  std::string_view stream = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
  if (server == "mcp") serve_mcp(stream);
  else serve_lsp(stream, server == "lsp utf-8");
  return 0;
}
