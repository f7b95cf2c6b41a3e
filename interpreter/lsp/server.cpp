#include "lsp/server.hpp"

#include <filesystem>
#include <limits>
#include <new>

#include "base/work_counters.hpp"
#include "lsp/uris.hpp"

namespace mlsi::lsp {

using jsonrpc::Error;

namespace {

// textDocument.version: an integer (LSP's are 32-bit; any 64-bit one is taken), or `absent` when not given.
std::int64_t version_of(const Json& doc, std::int64_t absent) {
  auto it = doc.find("version");
  if (it == doc.end() || it->is_null()) return absent;
  if (it->is_number_integer() && (!it->is_number_unsigned() || it->get<std::uint64_t>() <= std::numeric_limits<std::int64_t>::max()))
    return it->get<std::int64_t>();
  throw Error{jsonrpc::kInvalidParams, "`version` in textDocument must be a whole number below 2^63", nullptr};
}

}  // namespace

Server::Server(ServerOptions options, std::ostream& out, std::ostream& log) : options_(std::move(options)), out_(out), log_(log) {
  options_.analysis.session.overlay = [this](const std::string& canonical) { return overlay(canonical); };
}

int Server::run(jsonrpc::ByteSource& in) {
  jsonrpc::MessageReader reader(in, jsonrpc::Framing::content_length);
  while (!exited_) {
    auto frame = reader.next();
    if (!frame) break;
    if (!frame->error.empty()) {
      send(jsonrpc::error_response(nullptr, Error{jsonrpc::kParseError, frame->error, nullptr}));
    } else {
      handle(frame->text);
    }
    // Documents are checked once no message waits: a burst of keystrokes is one check.
    if (!exited_ && !reader.pending()) flush();
  }
  return shutdown_ ? 0 : 1;
}

void Server::send(const Json& message) {
  jsonrpc::write_message(out_, jsonrpc::Framing::content_length, message.dump(-1, ' ', false, Json::error_handler_t::replace));
}

void Server::handle(const std::string& text) {
  jsonrpc::answer(
      text, [this](const jsonrpc::Request& r) { return dispatch(r); }, [this](const Json& message) { send(message); },
      [this](const jsonrpc::Request& r, const Error& e) { log_ << "mlsi lsp: " << r.method << ": " << e.message << "\n"; });
}

Json Server::dispatch(const jsonrpc::Request& r) {
  const std::string& m = r.method;
  if (m == "initialize") {
    if (initialized_) throw Error{jsonrpc::kInvalidRequest, "`initialize` was already sent", nullptr};
    return initialize(r.params);
  }
  if (m == "exit") {
    exited_ = true;
    return nullptr;
  }
  if (!initialized_) {
    if (r.notification()) return nullptr;  // notifications before `initialize` are dropped
    throw Error{jsonrpc::kServerNotInitialized, "the server is not initialized: send `initialize` first", nullptr};
  }
  if (shutdown_ && !r.notification()) throw Error{jsonrpc::kInvalidRequest, "the server is shut down: only `exit` is accepted", nullptr};
  if (m == "initialized" || m == "$/cancelRequest" || m == "$/setTrace" || m == "textDocument/didSave" ||
      m == "workspace/didChangeConfiguration" || m == "workspace/didChangeWatchedFiles")
    return nullptr;
  if (m == "shutdown") {
    shutdown_ = true;
    return nullptr;
  }
  if (m == "textDocument/didOpen") return did_open(r.params), nullptr;
  if (m == "textDocument/didChange") return did_change(r.params), nullptr;
  if (m == "textDocument/didClose") return did_close(r.params), nullptr;
  if (m == "textDocument/hover") return hover(r.params);
  if (m == "textDocument/completion") return completion(r.params);
  if (m == "textDocument/definition") return definition(r.params);
  if (m == "textDocument/references") return references(r.params);
  if (m == "textDocument/documentHighlight") return document_highlight(r.params);
  if (m == "textDocument/documentSymbol") return document_symbols(r.params);
  if (m == "textDocument/formatting") return formatting(r.params);
  if (m == "textDocument/inlayHint") return inlay_hints(r.params);
  if (m == "textDocument/codeLens") return code_lenses(r.params);
  if (m == "textDocument/codeAction") return code_actions(r.params);
  if (m == "workspace/textDocumentContent") return text_document_content(r.params);
  if (r.notification()) return nullptr;  // `$/...` and other notifications may be ignored
  throw Error{jsonrpc::kMethodNotFound, "unknown method `" + m + "`", nullptr};
}

Json Server::initialize(const Json& params) {
  // The client may set the bound on reading and checking a document (docs/editors.md), in milliseconds.
  if (params.is_object() && params.contains("initializationOptions") && params["initializationOptions"].is_object()) {
    const Json& bound = params["initializationOptions"].value("checkMilliseconds", Json());
    if (!bound.is_null()) {
      if (!bound.is_number_unsigned())
        throw Error{jsonrpc::kInvalidParams, "initializationOptions.checkMilliseconds must be a whole number of milliseconds", nullptr};
      options_.analysis.check_milliseconds = bound.get<std::uint64_t>();
    }
  }
  initialized_ = true;
  // UTF-8 positions when the client offers them (LSP 3.17 general.positionEncodings), else UTF-16.
  std::string chosen = "utf-16";
  if (params.is_object() && params.contains("capabilities")) {
    const Json& caps = params["capabilities"];
    if (caps.contains("general") && caps["general"].contains("positionEncodings") && caps["general"]["positionEncodings"].is_array())
      for (const auto& e : caps["general"]["positionEncodings"])
        if (e == "utf-8") chosen = "utf-8";
  }
  encoding_ = chosen == "utf-8" ? Encoding::utf8 : Encoding::utf16;
  Json capabilities = {
      {"positionEncoding", chosen},
      {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", false}}},
      {"hoverProvider", true},
      {"completionProvider", {{"triggerCharacters", {".", ">"}}, {"resolveProvider", false}}},
      {"definitionProvider", true},
      {"referencesProvider", true},
      {"documentHighlightProvider", true},
      {"documentSymbolProvider", true},
      {"documentFormattingProvider", true},
      {"inlayHintProvider", {{"resolveProvider", false}}},
      {"codeLensProvider", {{"resolveProvider", false}}},
      {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
      // LSP 3.18's read-only documents: the built-in prelude, catalogue and scenarios.
      {"workspace", {{"textDocumentContent", {{"schemes", {kBuiltinScheme}}}}}},
  };
  return Json{{"capabilities", capabilities}, {"serverInfo", {{"name", "mlsi"}, {"version", MLSI_VERSION}}}};
}

Server::Open& Server::document(const Json& params) {
  const Json& doc = jsonrpc::member(params, "textDocument", Json::value_t::object, "params");
  const std::string& uri = jsonrpc::member(doc, "uri", Json::value_t::string, "textDocument").get_ref<const std::string&>();
  auto it = documents_.find(uri);
  if (it == documents_.end()) throw Error{jsonrpc::kInvalidParams, "the document `" + uri + "` is not open", nullptr};
  return it->second;
}

void Server::did_open(const Json& params) {
  const Json& doc = jsonrpc::member(params, "textDocument", Json::value_t::object, "params");
  std::string uri = jsonrpc::member(doc, "uri", Json::value_t::string, "textDocument");
  std::string text = jsonrpc::member(doc, "text", Json::value_t::string, "textDocument");
  std::int64_t version = version_of(doc, 0);
  if (auto it = documents_.find(uri); it != documents_.end()) {
    forget_imports(it->second);
    if (!it->second.canonical.empty()) open_paths_.erase(it->second.canonical);
    documents_.erase(it);
  }
  OpenDocument document(uri, std::move(text), version);
  std::string canonical;
  if (!document.path().empty()) {
    std::error_code ec;
    canonical = std::filesystem::weakly_canonical(document.path(), ec).string();
  }
  documents_.emplace(uri, Open{std::move(document), canonical, nullptr});
  if (!builtin_source_name(uri)) dirty_.insert(uri);  // a built-in document is never checked
  if (!canonical.empty()) {
    open_paths_[canonical] = uri;
    importers_changed(canonical);  // they read the file on disk, which the document now stands for
  }
}

void Server::did_change(const Json& params) {
  Open& open = document(params);
  const Json& changes = jsonrpc::member(params, "contentChanges", Json::value_t::array, "params");
  // Without a version, the next one; 2^63 - 1 has none and stays.
  std::int64_t previous = open.document.version();
  std::int64_t version = version_of(params["textDocument"], previous < std::numeric_limits<std::int64_t>::max() ? previous + 1 : previous);
  for (const auto& c : changes) {
    TextChange change;
    change.text = jsonrpc::member(c, "text", Json::value_t::string, "a content change");
    if (c.contains("range")) {
      const Json& range = c["range"];
      change.start = position_of(jsonrpc::member(range, "start", Json::value_t::object, "a range"));
      change.end = position_of(jsonrpc::member(range, "end", Json::value_t::object, "a range"));
    }
    open.document.apply(change, encoding_);
  }
  open.document.set_version(version);
  if (!builtin_source_name(open.document.uri())) dirty_.insert(open.document.uri());
  // Documents that import this one see its new text.
  if (!open.canonical.empty()) importers_changed(open.canonical);
}

void Server::did_close(const Json& params) {
  const Json& doc = jsonrpc::member(params, "textDocument", Json::value_t::object, "params");
  std::string uri = jsonrpc::member(doc, "uri", Json::value_t::string, "textDocument");
  auto it = documents_.find(uri);
  if (it == documents_.end()) return;
  std::string canonical = it->second.canonical;
  forget_imports(it->second);
  documents_.erase(it);
  dirty_.erase(uri);
  if (!canonical.empty()) {
    open_paths_.erase(canonical);
    importers_changed(canonical);  // they read the file on disk again
  }
  if (!builtin_source_name(uri)) send(jsonrpc::notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", Json::array()}}));
}

const std::string* Server::overlay(const std::string& canonical) {
  auto it = open_paths_.find(canonical);
  if (it == open_paths_.end()) return nullptr;
  ++work_counters().lsp_documents_visited;
  return &documents_.at(it->second).document.text();
}

void Server::importers_changed(const std::string& canonical) {
  auto it = importers_.find(canonical);
  if (it == importers_.end()) return;
  for (const auto& uri : it->second) {
    ++work_counters().lsp_documents_visited;
    dirty_.insert(uri);
  }
}

void Server::forget_imports(const Open& open) {
  if (!open.analysis) return;
  for (const auto& [path, file] : open.analysis->program().loaded_paths) {
    auto it = importers_.find(path);
    if (it == importers_.end()) continue;
    it->second.erase(open.document.uri());
    if (it->second.empty()) importers_.erase(it);
  }
}

index::Analysis& Server::analysis(Open& open) {
  const std::string& uri = open.document.uri();
  if (open.analysis && !dirty_.count(uri)) return *open.analysis;
  // The other open documents stand for their files on disk (overlay()).
  forget_imports(open);
  open.analysis = std::make_unique<index::Analysis>(open.document.path(), open.document.text(), options_.analysis);
  dirty_.erase(uri);
  for (const auto& [path, file] : open.analysis->program().loaded_paths) importers_[path].insert(uri);
  publish(open);
  return *open.analysis;
}

void Server::flush() {
  while (!dirty_.empty()) {
    ++work_counters().lsp_documents_visited;
    auto it = documents_.find(*dirty_.begin());
    if (it == documents_.end()) dirty_.erase(dirty_.begin());
    else analysis(it->second);  // which takes it out of dirty_
  }
}

void Server::publish(Open& open) {
  if (builtin_source_name(open.document.uri())) return;
  const index::Analysis& a = *open.analysis;
  Json list = Json::array();
  std::size_t shown = 0;
  for (const auto& d : a.diagnostics().list()) {
    if (d.severity == Severity::note) continue;
    // At most as many as the command line shows per file.
    if (++shown > 200) break;
    list.push_back(diagnostic(a.program(), d, a.file()));
  }
  send(jsonrpc::notification("textDocument/publishDiagnostics",
                             {{"uri", open.document.uri()}, {"version", open.document.version()}, {"diagnostics", list}}));
}

Server::FileView Server::view(const std::string& uri) {
  auto it = documents_.find(uri);
  auto builtin = builtin_source_name(uri);
  if (it != documents_.end() && !builtin) {
    index::Analysis& a = analysis(it->second);
    return FileView{&a, a.file(), &it->second};
  }
  if (builtin) {
    // A built-in file is indexed by the analysis of an open document that loaded it.
    for (auto& [u, open] : documents_) {
      if (builtin_source_name(u)) continue;
      index::Analysis& a = analysis(open);
      const auto& sources = a.program().sources;
      for (std::size_t f = 0; f < sources.size(); ++f)
        if (sources.file(static_cast<FileId>(f)).name == *builtin) return FileView{&a, static_cast<FileId>(f), nullptr};
    }
    return FileView{};
  }
  throw Error{jsonrpc::kInvalidParams, "the document `" + uri + "` is not open", nullptr};
}

Position Server::position_of(const Json& position) {
  // Whole numbers only: a number like 1e300 made into an integer is undefined behaviour.
  return Position{jsonrpc::member(position, "line", Json::value_t::number_integer, "a position").get<std::uint32_t>(),
                  jsonrpc::member(position, "character", Json::value_t::number_integer, "a position").get<std::uint32_t>()};
}

std::size_t Server::offset_in(const FileView& v, const Json& position) {
  const std::string_view text = v.analysis->program().sources.file(v.file).text;
  return LineIndex(text).offset(position_of(position), encoding_);
}

}  // namespace mlsi::lsp
