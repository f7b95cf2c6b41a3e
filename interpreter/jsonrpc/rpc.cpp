#include "jsonrpc/rpc.hpp"

#include <new>

namespace mlsi::jsonrpc {

namespace {

// Thrown from the parser's callback at an object or array nested deeper than kMaxNesting.
struct NestedTooDeep {};

bool is_id(const Json& id) { return id.is_number() || id.is_string(); }

}  // namespace

Incoming parse_message(const std::string& text) {
  // nlohmann-json parses without recursion, but copies, compares and prints a value recursively: a message
  // nested deeper than kMaxNesting is refused while it is parsed, before anything else touches it. Its `id`
  // answers the refusal when it came before the deep part (and is not the deep part).
  std::string member;  // the message's member being read
  Json early_id;
  Json j;
  try {
    j = Json::parse(
        text,
        [&](int depth, Json::parse_event_t event, Json& parsed) {
          bool starts = event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start;
          if (starts && depth >= kMaxNesting) throw NestedTooDeep{};
          if (depth == 1 && event == Json::parse_event_t::key) member = parsed.get<std::string>();
          else if (depth == 1 && event == Json::parse_event_t::value && member == "id") early_id = parsed;
          return true;
        },
        false);
  } catch (const NestedTooDeep&) {
    Json id = member != "id" && is_id(early_id) ? std::move(early_id) : Json();
    return error_response(id, Error{kInvalidRequest, "objects and arrays nested deeper than " + std::to_string(kMaxNesting) + " levels", nullptr});
  }
  if (j.is_discarded()) return error_response(nullptr, Error{kParseError, "the message is not JSON", nullptr});
  if (j.is_array())
    return error_response(nullptr, Error{kInvalidRequest, "batches of messages are not supported: send one message at a time", nullptr});
  if (!j.is_object()) return error_response(nullptr, Error{kInvalidRequest, "a message must be a JSON object", nullptr});
  // Members are moved out of the message, never copied.
  Json id;
  if (auto it = j.find("id"); it != j.end()) {
    if (!it->is_null() && !is_id(*it)) return error_response(nullptr, Error{kInvalidRequest, "`id` must be a number or a string", nullptr});
    id = std::move(*it);
  }
  bool has_id = !id.is_null();
  if (!j.contains("method")) {
    // A response to something sent (these servers send no requests that need answers): ignored.
    if (j.contains("result") || j.contains("error")) return Ignored{};
    return error_response(id, Error{kInvalidRequest, "a request needs a `method`", nullptr});
  }
  if (!j["method"].is_string()) return error_response(id, Error{kInvalidRequest, "`method` must be a string", nullptr});
  if (j.value("jsonrpc", Json()) != "2.0") return error_response(id, Error{kInvalidRequest, "`jsonrpc` must be \"2.0\"", nullptr});
  Request r;
  r.method = std::move(j["method"].get_ref<std::string&>());
  // `"params": null` is no params, as absent ones are: Eglot, vim-lsc and Atom send it with `shutdown`.
  if (auto it = j.find("params"); it != j.end() && !it->is_null()) {
    if (!it->is_object() && !it->is_array()) return error_response(id, Error{kInvalidRequest, "`params` must be an object or an array", nullptr});
    r.params = std::move(*it);
  }
  if (has_id) r.id = std::move(id);
  return r;
}

Json response(const Json& id, Json result) { return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}; }

Json error_response(const Json& id, const Error& e) {
  Json err{{"code", e.code}, {"message", e.message}};
  if (!e.data.is_null()) err["data"] = e.data;
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(err)}};
}

Json notification(const std::string& method, Json params) {
  return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

const Json& member(const Json& object, const char* name, Json::value_t type, const char* what) {
  if (!object.is_object() || !object.contains(name))
    throw Error{kInvalidParams, std::string("missing `") + name + "` in " + what, nullptr};
  const Json& m = object[name];
  bool ok = m.type() == type || (type == Json::value_t::number_integer && m.is_number_unsigned()) ||
            (type == Json::value_t::number_float && m.is_number());
  if (!ok) throw Error{kInvalidParams, std::string("`") + name + "` in " + what + " has the wrong type", nullptr};
  return m;
}

void answer(const std::string& text, const std::function<Json(const Request&)>& dispatch,
            const std::function<void(const Json&)>& send,
            const std::function<void(const Request&, const Error&)>& failed_notification) {
  Incoming in = parse_message(text);
  if (auto* error = std::get_if<Json>(&in)) {
    send(*error);
    return;
  }
  if (std::holds_alternative<Ignored>(in)) return;
  const auto& r = std::get<Request>(in);
  auto fail = [&](const Error& e) {
    if (r.notification()) failed_notification(r, e);
    else send(error_response(*r.id, e));
  };
  try {
    Json result = dispatch(r);
    if (!r.notification()) send(response(*r.id, std::move(result)));
  } catch (const Error& e) {
    fail(e);
  } catch (const Json::exception& e) {
    fail(Error{kInvalidParams, std::string("invalid params: ") + e.what(), nullptr});
  } catch (const std::bad_alloc&) {
    fail(Error{kInternalError, "out of memory", nullptr});
  }
}

}  // namespace mlsi::jsonrpc
