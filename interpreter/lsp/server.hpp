#pragma once
// `mlsi lsp`: a Language Server Protocol 3.17 server over a byte stream (standard input and output).
// One thread: every waiting message is handled before a changed document is checked again, so that a
// burst of edits costs one check; each check and evaluation is bounded by the library's limits (steps,
// milliseconds), and a document that exceeds them gets a diagnostic saying so.
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>

#include "index/analysis.hpp"
#include "jsonrpc/message_stream.hpp"
#include "jsonrpc/rpc.hpp"
#include "lsp/document.hpp"

namespace mlsi::lsp {

using jsonrpc::Json;

struct ServerOptions {
  index::AnalysisOptions analysis;  // catalogues, file limits, evaluation limits
};

class Server {
 public:
  Server(ServerOptions options, std::ostream& out, std::ostream& log);
  Server(const Server&) = delete;  // the analyses' overlay refers to this server
  Server& operator=(const Server&) = delete;
  // Serves messages until `exit` or the end of the input; the exit status (0 after `shutdown`, else 1).
  int run(jsonrpc::ByteSource& in);
  // Handles one message text (tests drive the server this way).
  void handle(const std::string& text);
  // Checks the documents changed since they were last checked and publishes their diagnostics.
  void flush();
  bool exited() const { return exited_; }

 private:
  struct Open {
    OpenDocument document;
    std::string canonical;  // of its path (empty for a document that is not a `file:`)
    std::unique_ptr<index::Analysis> analysis;  // of the document's current text, when checked
  };

  Json dispatch(const jsonrpc::Request& r);
  Json initialize(const Json& params);
  void did_open(const Json& params);
  void did_change(const Json& params);
  void did_close(const Json& params);
  void send(const Json& message);
  void publish(Open& open);

  Open& document(const Json& params);  // params.textDocument.uri, open; InvalidParams otherwise
  index::Analysis& analysis(Open& open);
  // The open document standing for a file, by canonical path (ProgramSessionOptions::overlay).
  const std::string* overlay(const std::string& canonical);
  // The documents whose check read the file of `canonical` must be checked again.
  void importers_changed(const std::string& canonical);
  // Forgets which files the document's last check read.
  void forget_imports(const Open& open);
  // The analysis and file holding the document `uri`: its own, or for a built-in document one that loaded it.
  struct FileView {
    index::Analysis* analysis = nullptr;
    FileId file = kNoFile;
    Open* open = nullptr;
  };
  FileView view(const std::string& uri);
  std::size_t offset_in(const FileView& v, const Json& position);
  static Position position_of(const Json& position);  // line and character, InvalidParams unless whole numbers

  // Conversions (lsp/convert.cpp).
  Json range_of(const Program& p, Span span) const;
  Json location_of(const Program& p, Span span) const;
  std::string uri_of(const Program& p, FileId file) const;
  Json diagnostic(const Program& p, const Diagnostic& d, FileId file) const;

  // Requests (lsp/features.cpp).
  Json hover(const Json& params);
  Json completion(const Json& params);
  Json definition(const Json& params);
  Json references(const Json& params);
  Json document_symbols(const Json& params);
  Json formatting(const Json& params);
  Json inlay_hints(const Json& params);
  Json code_lenses(const Json& params);
  Json code_actions(const Json& params);
  Json document_highlight(const Json& params);
  Json text_document_content(const Json& params);

  ServerOptions options_;
  std::ostream& out_;
  std::ostream& log_;
  Encoding encoding_ = Encoding::utf16;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
  std::map<std::string, Open> documents_;  // by URI
  // Kept up to date as documents open, change, close and are checked, so that no check or change looks at
  // every open document (which made opening N documents cost N^2).
  std::set<std::string> dirty_;                                // URIs of the documents to check
  std::map<std::string, std::string> open_paths_;              // canonical path -> URI of its open document
  std::map<std::string, std::set<std::string>> importers_;     // canonical path -> URIs whose check read it
};

}  // namespace mlsi::lsp
