#include "jsonrpc/rpc.hpp"

#include <new>

namespace mlsi::jsonrpc {

Incoming parse_message(const std::string& text) {
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return error_response(nullptr, Error{kParseError, "the message is not JSON", nullptr});
  if (j.is_array())
    return error_response(nullptr, Error{kInvalidRequest, "batches of messages are not supported: send one message at a time", nullptr});
  if (!j.is_object()) return error_response(nullptr, Error{kInvalidRequest, "a message must be a JSON object", nullptr});
  Json id = j.contains("id") ? j["id"] : Json();
  bool has_id = j.contains("id") && (id.is_number_integer() || id.is_string() || id.is_number());
  if (j.contains("id") && !has_id && !id.is_null())
    return error_response(nullptr, Error{kInvalidRequest, "`id` must be a number or a string", nullptr});
  if (!j.contains("method")) {
    // A response to something sent (these servers send no requests that need answers): ignored.
    if (j.contains("result") || j.contains("error")) return Ignored{};
    return error_response(has_id ? id : Json(), Error{kInvalidRequest, "a request needs a `method`", nullptr});
  }
  if (!j["method"].is_string()) return error_response(has_id ? id : Json(), Error{kInvalidRequest, "`method` must be a string", nullptr});
  if (j.value("jsonrpc", Json()) != "2.0")
    return error_response(has_id ? id : Json(), Error{kInvalidRequest, "`jsonrpc` must be \"2.0\"", nullptr});
  Request r;
  r.method = j["method"].get<std::string>();
  if (j.contains("params")) {
    r.params = j["params"];
    if (!r.params.is_object() && !r.params.is_array())
      return error_response(has_id ? id : Json(), Error{kInvalidRequest, "`params` must be an object or an array", nullptr});
  }
  if (has_id) r.id = id;
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
