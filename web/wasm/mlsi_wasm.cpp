// The playground's bindings (embind): each function takes a request object from JavaScript and returns
// {ok, text, diagnostics} from the public API's documents (mlsi/document.hpp), the text the command line
// prints with `--format json` (or the table) and the diagnostics as JSON (Diagnostics::json). Nothing
// here formats a result: web/src/mlsi.js parses the JSON, the library writes it.
//
// A request may carry `source`, the .mls text of the editor, with `sourceName`: it is written to the
// module's in-memory file system under that name, in the working directory /playground, and loaded as
// the command line loads a file (so diagnostics name it `sourceName`). It may carry `catalogue`, catalogue
// entries as TOML text (a page's pasted entries), read after the built-in catalogue as a `--catalog`
// file is, under the name `catalogueName` (`catalogue.toml` when not given).
//
// Messages name what the page passed, not the command line's options: an input's text is `NAME=` (as
// the Python module names a keyword's), a varied input's `vary` and a sweep's condition `where`.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <new>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <mlsi/mlsi.hpp>

namespace {

using emscripten::val;

// A request the bindings cannot pass on as it is (a member of the wrong type, a limit out of range): the
// call answers with a usage error, as for any other problem of the input, instead of throwing embind's
// BindingError into the page.
struct BadRequest {
  std::string message;
};

std::string type_of(const val& v) { return v.isNull() ? "null" : v.isArray() ? "array" : v.typeOf().as<std::string>(); }

std::string text(const val& object, const char* key) {
  val v = object[key];
  if (v.isUndefined() || v.isNull()) return std::string();
  if (!v.isString()) throw BadRequest{"`" + std::string(key) + "` must be a string, not " + type_of(v)};
  return v.as<std::string>();
}

std::vector<std::string> texts(const val& object, const char* key) {
  std::vector<std::string> out;
  val list = object[key];
  if (list.isUndefined() || list.isNull()) return out;
  if (!list.isArray()) throw BadRequest{"`" + std::string(key) + "` must be an array of strings, not " + type_of(list)};
  auto n = list["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) {
    val item = list[i];
    if (!item.isString()) throw BadRequest{"`" + std::string(key) + "[" + std::to_string(i) + "]` must be a string, not " + type_of(item)};
    out.push_back(item.as<std::string>());
  }
  return out;
}

// The decimal digits of a whole number held in a double (1e30 as its 31 digits).
std::string whole_digits(double x) {
  char buffer[400];
  std::snprintf(buffer, sizeof buffer, "%.0f", x);
  return buffer;
}

// A limit as the command line reads its option (mlsi::api::set_limit): a JavaScript number is its
// decimal digits when it is a whole number, else what String() makes of it (`-1`, `1.5`, `Infinity`,
// `NaN`), which is refused in the command line's words.
void set_limit(mlsi::api::Limits& limits, const val& given, const char* key, const char* name) {
  val v = given[key];
  if (v.isUndefined()) return;
  std::string what = std::string("limits.") + key;
  if (!v.isNumber()) throw BadRequest{what + " must be a number, not " + type_of(v)};
  double x = v.as<double>();
  std::string digits = std::isfinite(x) && x >= 0 && x == std::floor(x) ? whole_digits(x) : val::global("String")(v).as<std::string>();
  if (auto refused = mlsi::api::set_limit(limits, name, digits, what)) throw BadRequest{*refused};
}

// The bounds of one call: the command line's, less where a page would hang on them (web/README.md).
mlsi::api::Limits limits_of(const val& request) {
  mlsi::api::Limits limits;
  val given = request["limits"];
  if (given.isUndefined() || given.isNull()) return limits;
  if (type_of(given) != "object") throw BadRequest{"`limits` must be an object, not " + type_of(given)};
  set_limit(limits, given, "maxSteps", "max_steps");
  set_limit(limits, given, "maxTotalSteps", "max_total_steps");
  set_limit(limits, given, "maxPoints", "max_sweep_points");
  set_limit(limits, given, "maxList", "max_list_length");
  return limits;
}

// What messages call what a page gives (api::SessionOptions::words): the members of its request
// (`raise the limit with limits.maxSteps`, `choose one with scenario NAME`), not the command line's flags.
std::map<std::string, mlsi::api::CallerWord> page_words() {
  std::map<std::string, mlsi::api::CallerWord> words;
  const std::pair<const char*, const char*> limits[] = {
      {"max_steps", "maxSteps"}, {"max_total_steps", "maxTotalSteps"}, {"max_points", "maxPoints"}, {"max_list", "maxList"}};
  for (const auto& [field, key] : limits) words[field] = {std::string("limits.") + key, std::string("limits: {") + key + ": {}}"};
  words["set"] = {"inputs", "{}"};  // a pair per input, named `batch=` in messages
  words["vary"] = {"vary", ""};
  words["where"] = {"where", ""};
  words["catalogues"] = {};  // no catalogue files: entries are pasted as text, which the page says itself
  return words;
}

// The editor's files live in a folder of their own, which is the working directory: a name given by the
// page is then a relative path, as on the command line.
void enter_playground_folder() {
  static const bool entered = [] {
    mkdir("/playground", 0755);
    return chdir("/playground") == 0;
  }();
  (void)entered;
}

// The session of a request: its source, if any, written where the session reads it. The last one is
// kept for the next request with the same source and limits (a page asks for a run, then the scenario's
// description and explanation, of one text): opening a session reads and checks the prelude, the
// catalogue and the files, which each call then does again for its own program (api::Session), so
// reusing it halves a call's work, and the page's first result has less code to compile as first used.
const mlsi::api::Session& session_of(const val& request) {
  enter_playground_folder();
  static std::optional<mlsi::api::Session> last;
  static std::string last_key;
  mlsi::api::SessionOptions options;
  options.limits = limits_of(request);
  options.words = page_words();
  std::string source_name = text(request, "sourceName");
  bool has_source = !request["source"].isUndefined() && !request["source"].isNull();
  std::string source = text(request, "source");
  if (has_source && source_name.empty()) source_name = "playground.mls";
  std::string catalogue = text(request, "catalogue");
  std::string catalogue_name = text(request, "catalogueName");
  if (catalogue_name.empty()) catalogue_name = "catalogue.toml";
  std::string key = std::to_string(options.limits.max_steps) + ' ' + std::to_string(options.limits.max_total_steps) + ' ' +
                    std::to_string(options.limits.max_sweep_points) + ' ' + std::to_string(options.limits.max_list_length) +
                    (catalogue.empty() ? "" : " catalogue " + catalogue_name + '\n' + std::to_string(catalogue.size()) + '\n' + catalogue) +
                    (has_source ? " source " + source_name + '\n' + source : "");
  if (last && key == last_key) return *last;
  if (!catalogue.empty()) options.catalogue_texts.emplace_back(catalogue_name, std::move(catalogue));
  if (has_source) {
    std::ofstream(source_name, std::ios::binary | std::ios::trunc) << source;
    options.files.push_back(source_name);
  }
  last.reset();
  last.emplace(std::move(options));
  last_key = std::move(key);
  return *last;
}

mlsi::api::RunRequest run_request_of(const val& request) {
  mlsi::api::RunRequest run;
  run.scenario = text(request, "scenario");
  run.config = text(request, "config");
  val inputs = request["inputs"];
  if (!inputs.isUndefined() && !inputs.isNull()) {
    if (!inputs.isArray()) throw BadRequest{"`inputs` must be an array of [name, value] pairs, not " + type_of(inputs)};
    auto n = inputs["length"].as<unsigned>();
    for (unsigned i = 0; i < n; ++i) {
      val pair = inputs[i];
      if (!pair.isArray() || pair["length"].as<unsigned>() != 2 || !pair[0].isString() || !pair[1].isString())
        throw BadRequest{"`inputs[" + std::to_string(i) + "]` must be a pair of strings [name, value]"};
      std::string name = pair[0].as<std::string>();
      run.set(name, pair[1].as<std::string>());
      run.inputs.back().origin = name + "=";
    }
  }
  return run;
}

mlsi::api::DocumentFormat format_of(const val& request) {
  return text(request, "format") == "table" ? mlsi::api::DocumentFormat::table : mlsi::api::DocumentFormat::json;
}

val result(const mlsi::api::Document& d) {
  val out = val::object();
  out.set("ok", d.ok);
  out.set("text", d.text);
  out.set("diagnostics", d.diagnostics.json());
  return out;
}

val failed(mlsi::api::Diagnostics diagnostics) {
  mlsi::api::Document d;
  d.diagnostics = std::move(diagnostics);
  return result(d);
}

// Every call answers: a request of the wrong shape and running out of memory (the module's heap has a
// maximum) are diagnostics, as on the command line, never an exception thrown into the page.
template <class Call>
val answer(Call call) {
  try {
    return call();
  } catch (const BadRequest& bad) {
    return failed(mlsi::api::Diagnostics::usage_error(bad.message));
  } catch (const std::bad_alloc&) {
    return failed(mlsi::api::Diagnostics::out_of_memory());
  }
}

val check(const val& request) {
  return answer([&] {
    const mlsi::api::Session& session = session_of(request);
    mlsi::api::Document d;
    d.ok = session.ok();
    d.diagnostics = session.diagnostics();
    val out = result(d);
    out.set("scenarios", val::array(session.scenarios()));
    return out;
  });
}

val run(const val& request) {
  return answer([&] { return result(session_of(request).run_document(run_request_of(request), format_of(request))); });
}

val explain(const val& request) {
  return answer([&] { return result(session_of(request).explain_document(run_request_of(request), format_of(request))); });
}

val sweep(const val& request) {
  return answer([&] {
    mlsi::api::SweepRequest sweep;
    sweep.run = run_request_of(request);
    sweep.vary = texts(request, "vary");
    sweep.where = text(request, "where");
    sweep.vary_origin = "vary";
    sweep.where_origin = "where";
    return result(session_of(request).sweep_document(sweep));
  });
}

val evaluate(const val& request) {
  return answer([&] { return result(session_of(request).eval_document(texts(request, "entries"), format_of(request))); });
}

val list(const val& request) {
  return answer([&] { return result(session_of(request).list_document(text(request, "kind"), format_of(request))); });
}

val show(const val& request) {
  return answer([&] { return result(session_of(request).show_document(text(request, "name"), format_of(request))); });
}

val source(const val& request) {
  return answer([&] {
    mlsi::api::SourceText s = session_of(request).scenario_source(text(request, "scenario"));
    val out = val::object();
    out.set("ok", !s.name.empty());
    out.set("name", s.name);
    out.set("text", s.text);
    return out;
  });
}

std::string version() { return mlsi::api::version(); }

}  // namespace

EMSCRIPTEN_BINDINGS(mlsi) {
  emscripten::function("check", &check);
  emscripten::function("run", &run);
  emscripten::function("explain", &explain);
  emscripten::function("sweep", &sweep);
  emscripten::function("evaluate", &evaluate);
  emscripten::function("list", &list);
  emscripten::function("show", &show);
  emscripten::function("source", &source);
  emscripten::function("version", &version);
}
