#pragma once
// JSON-RPC 2.0 (https://www.jsonrpc.org/specification): requests, notifications, responses and errors,
// shared by the language server (lsp/) and the Model Context Protocol server (mcp/).
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <variant>

namespace mlsi::jsonrpc {

using Json = nlohmann::json;

// The error codes of JSON-RPC 2.0, and those the LSP adds.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kServerNotInitialized = -32002;  // LSP: a request before `initialize`
inline constexpr int kRequestFailed = -32803;         // LSP: a valid request that could not be answered
inline constexpr int kRequestCancelled = -32800;      // LSP: `$/cancelRequest`

// Objects and arrays nested in one message, at most (docs/security.md): a deeper message is answered
// kInvalidRequest while it is parsed, since nlohmann-json copies and prints values recursively.
inline constexpr int kMaxNesting = 200;

// An error a handler answers a request with.
struct Error {
  int code = kInternalError;
  std::string message;
  Json data = nullptr;
};

// A request (with an id) or a notification (without).
struct Request {
  std::string method;
  Json params = nullptr;
  std::optional<Json> id;  // a number or a string
  bool notification() const { return !id.has_value(); }
};

// What a message text is: a request or notification (`"params": null` counts as no params), an error
// response to send back at once (it is not JSON, nests deeper than kMaxNesting, is not an object, has no
// method), or a response from the other side (which these servers ignore).
struct Ignored {};
using Incoming = std::variant<Request, Json, Ignored>;
Incoming parse_message(const std::string& text);

Json response(const Json& id, Json result);
Json error_response(const Json& id, const Error& e);
Json notification(const std::string& method, Json params);

// One message text handled as both servers handle it: what parse_message says is not a request is answered
// at once, a request's result or Error (kInvalidParams for parameters of the wrong shape, which
// nlohmann-json found; kInternalError when memory ran out) is sent, and a notification's failure, which
// has no one to answer, is given to `failed_notification`.
void answer(const std::string& text, const std::function<Json(const Request&)>& dispatch,
            const std::function<void(const Json&)>& send,
            const std::function<void(const Request&, const Error&)>& failed_notification);

// A member of an object of the given JSON type, or an Error with kInvalidParams naming it.
const Json& member(const Json& object, const char* name, Json::value_t type, const char* what);

}  // namespace mlsi::jsonrpc
