// The requests of `mlsi lsp` over a document: hover, completion, definition, references, highlights,
// symbols, formatting, inlay hints, code lenses, quick fixes and the built-in documents' text.
#include <fmt/format.h>

#include "formatter/formatter.hpp"
#include "index/completion.hpp"
#include "index/hover.hpp"
#include "index/outline.hpp"
#include "lsp/server.hpp"
#include "lsp/uris.hpp"

namespace mlsi::lsp {

using jsonrpc::Error;

namespace {

int completion_kind(index::CompletionKind k) {
  using K = index::CompletionKind;
  switch (k) {
    case K::value: return 6;      // Variable
    case K::input: return 5;      // Field
    case K::output: return 10;    // Property
    case K::function: return 3;   // Function
    case K::scenario: return 7;   // Class
    case K::entry: return 21;     // Constant
    case K::unit: return 11;      // Unit
    case K::field: return 5;      // Field
    case K::enum_case: return 20; // EnumMember
    case K::keyword: return 14;   // Keyword
    case K::type: return 22;      // Struct
    case K::dimension: return 25; // TypeParameter
  }
  return 1;
}

int symbol_kind(index::SymbolKind k) {
  using K = index::SymbolKind;
  switch (k) {
    case K::scenario: return 5;   // Class
    case K::input: return 8;      // Field
    case K::let: return 13;       // Variable
    case K::output: return 7;     // Property
    case K::function: return 12;  // Function
    case K::config: return 19;    // Object
    case K::global: return 14;    // Constant
    case K::unit: return 14;      // Constant
    case K::dimension: return 26; // TypeParameter
    case K::type: return 23;      // Struct
    default: return 13;
  }
}

const Json& position_param(const Json& params) { return jsonrpc::member(params, "position", Json::value_t::object, "params"); }

const std::string& uri_param(const Json& params) {
  const Json& doc = jsonrpc::member(params, "textDocument", Json::value_t::object, "params");
  return jsonrpc::member(doc, "uri", Json::value_t::string, "textDocument").get_ref<const std::string&>();
}

}  // namespace

Json Server::hover(const Json& params) {
  FileView v = view(uri_param(params));
  if (!v.analysis || v.file == kNoFile) return nullptr;
  auto h = index::hover_at(*v.analysis, v.file, static_cast<std::uint32_t>(offset_in(v, position_param(params))));
  if (!h) return nullptr;
  std::string md = h->markdown;
  // A scenario of another file links to it; a built-in one's is the virtual document that
  // workspace/textDocumentContent serves.
  if (h->source_file != kNoFile && h->source_file != v.file) {
    const Program& p = v.analysis->program();
    md += fmt::format("\nsource: [`{}`]({})\n", p.sources.file(h->source_file).name, uri_of(p, h->source_file));
  }
  return Json{{"contents", {{"kind", "markdown"}, {"value", md}}}, {"range", range_of(v.analysis->program(), h->span)}};
}

Json Server::completion(const Json& params) {
  Open& open = document(params);
  const std::string& text = open.document.text();
  LineIndex lines(text);
  const Json& pos = position_param(params);
  std::size_t offset = lines.offset(position_of(pos), encoding_);
  index::AnalysisOptions options = options_.analysis;
  index::Completion c = index::complete_at(open.document.path(), text, static_cast<std::uint32_t>(offset), options);
  auto position = [&](std::size_t o) {
    Position p = lines.position(o, encoding_);
    return Json{{"line", p.line}, {"character", p.character}};
  };
  Json range{{"start", position(c.replace_begin)}, {"end", position(c.replace_end)}};
  Json items = Json::array();
  for (const auto& item : c.items) {
    Json i{{"label", item.label}, {"kind", completion_kind(item.kind)}, {"textEdit", {{"range", range}, {"newText", item.label}}}};
    if (!item.detail.empty()) i["detail"] = item.detail;
    if (!item.documentation.empty()) i["documentation"] = {{"kind", "markdown"}, {"value", item.documentation}};
    items.push_back(std::move(i));
  }
  return Json{{"isIncomplete", false}, {"items", items}};
}

Json Server::definition(const Json& params) {
  FileView v = view(uri_param(params));
  if (!v.analysis || v.file == kNoFile) return nullptr;
  const auto* o = v.analysis->symbols().at(v.file, static_cast<std::uint32_t>(offset_in(v, position_param(params))));
  if (!o || !o->target.definition.valid()) return nullptr;
  return location_of(v.analysis->program(), o->target.definition);
}

Json Server::references(const Json& params) {
  FileView v = view(uri_param(params));
  if (!v.analysis || v.file == kNoFile) return nullptr;
  const auto* o = v.analysis->symbols().at(v.file, static_cast<std::uint32_t>(offset_in(v, position_param(params))));
  if (!o) return nullptr;
  bool declaration = params.contains("context") && params["context"].value("includeDeclaration", false);
  Json out = Json::array();
  for (const auto* r : v.analysis->symbols().references(o->target, declaration)) out.push_back(location_of(v.analysis->program(), r->span));
  return out;
}

Json Server::document_highlight(const Json& params) {
  FileView v = view(uri_param(params));
  if (!v.analysis || v.file == kNoFile) return nullptr;
  const auto* o = v.analysis->symbols().at(v.file, static_cast<std::uint32_t>(offset_in(v, position_param(params))));
  if (!o) return nullptr;
  Json out = Json::array();
  for (const auto* r : v.analysis->symbols().references(o->target, true))
    if (r->span.file == v.file) out.push_back({{"range", range_of(v.analysis->program(), r->span)}, {"kind", r->declaration ? 3 : 2}});
  return out;
}

Json Server::document_symbols(const Json& params) {
  Open& open = document(params);
  index::Analysis& a = analysis(open);
  if (a.file() == kNoFile) return Json::array();
  std::function<Json(const index::OutlineItem&)> convert = [&](const index::OutlineItem& item) {
    Json s{{"name", item.name}, {"kind", symbol_kind(item.kind)}, {"range", range_of(a.program(), item.span)},
           {"selectionRange", range_of(a.program(), item.selection)}};
    if (!item.detail.empty()) s["detail"] = item.detail;
    if (!item.children.empty()) {
      s["children"] = Json::array();
      for (const auto& c : item.children) s["children"].push_back(convert(c));
    }
    return s;
  };
  Json out = Json::array();
  for (const auto& item : index::outline(a)) out.push_back(convert(item));
  return out;
}

Json Server::formatting(const Json& params) {
  Open& open = document(params);
  index::Analysis& a = analysis(open);
  if (a.file() == kNoFile) throw Error{jsonrpc::kRequestFailed, "the document is too large to format", nullptr};
  DiagnosticLog diags;
  auto formatted = format_file(a.program().sources, a.file(), diags);
  if (!formatted) {
    std::string why = diags.list().empty() ? "" : ": " + diags.list().front().message;
    throw Error{jsonrpc::kRequestFailed, "the document cannot be formatted until it parses" + why, nullptr};
  }
  const std::string& text = open.document.text();
  if (*formatted == text) return Json::array();
  // One edit, of the part that changes: the common start and end are kept.
  std::size_t head = 0;
  while (head < text.size() && head < formatted->size() && text[head] == (*formatted)[head]) ++head;
  std::size_t tail = 0;
  while (tail < text.size() - head && tail < formatted->size() - head && text[text.size() - 1 - tail] == (*formatted)[formatted->size() - 1 - tail]) ++tail;
  // Whole lines, and never inside a character.
  while (head > 0 && text[head - 1] != '\n') --head;
  while (tail > 0 && (tail == text.size() || text[text.size() - tail - 1] != '\n')) --tail;
  LineIndex lines(text);
  auto position = [&](std::size_t o) {
    Position p = lines.position(o, encoding_);
    return Json{{"line", p.line}, {"character", p.character}};
  };
  return Json::array({{{"range", {{"start", position(head)}, {"end", position(text.size() - tail)}}},
                       {"newText", formatted->substr(head, formatted->size() - tail - head)}}});
}

Json Server::inlay_hints(const Json& params) {
  Open& open = document(params);
  index::Analysis& a = analysis(open);
  if (a.file() == kNoFile) return Json::array();
  LineIndex lines(open.document.text());
  std::size_t from = 0, to = open.document.text().size();
  if (params.contains("range")) {
    const Json& r = params["range"];
    from = lines.offset(position_of(jsonrpc::member(r, "start", Json::value_t::object, "a range")), encoding_);
    to = lines.offset(position_of(jsonrpc::member(r, "end", Json::value_t::object, "a range")), encoding_);
  }
  Json out = Json::array();
  for (const auto& h : index::value_hints(a)) {
    if (h.offset < from || h.offset > to) continue;
    Position p = lines.position(h.offset, encoding_);
    Json hint{{"position", {{"line", p.line}, {"character", p.character}}}, {"label", h.label}, {"paddingLeft", true}};
    if (h.failed) hint["tooltip"] = "this expectation fails: `mlsi test` reports it";
    out.push_back(std::move(hint));
  }
  return out;
}

Json Server::code_lenses(const Json& params) {
  Open& open = document(params);
  index::Analysis& a = analysis(open);
  Json out = Json::array();
  if (a.file() == kNoFile) return out;
  for (const auto& lens : index::run_lenses(a)) {
    Json args = Json::array({open.document.uri(), lens.scenario, lens.config});
    out.push_back({{"range", range_of(a.program(), lens.span)},
                   {"command", {{"title", lens.title}, {"command", lens.test ? "mlsi.test" : "mlsi.run"}, {"arguments", args}}}});
  }
  return out;
}

Json Server::code_actions(const Json& params) {
  Open& open = document(params);
  const Json& context = jsonrpc::member(params, "context", Json::value_t::object, "params");
  Json out = Json::array();
  if (!context.contains("diagnostics") || !context["diagnostics"].is_array()) return out;
  for (const auto& d : context["diagnostics"]) {
    if (!d.is_object() || !d.contains("data") || !d["data"].is_object() || !d["data"].contains("replacement") || !d.contains("range")) continue;
    std::string replacement = d["data"]["replacement"].get<std::string>();
    Json edit{{"changes", {{open.document.uri(), Json::array({{{"range", d["range"]}, {"newText", replacement}}})}}}};
    out.push_back({{"title", "Replace with `" + replacement + "`"}, {"kind", "quickfix"}, {"diagnostics", Json::array({d})},
                   {"isPreferred", true}, {"edit", edit}});
  }
  return out;
}

Json Server::text_document_content(const Json& params) {
  const std::string& uri = jsonrpc::member(params, "uri", Json::value_t::string, "params").get_ref<const std::string&>();
  auto name = builtin_source_name(uri);
  auto text = name ? builtin_text(*name) : std::nullopt;
  if (!text) throw Error{jsonrpc::kInvalidParams, "no built-in document `" + uri + "`", nullptr};
  return Json{{"text", *text}};
}

}  // namespace mlsi::lsp
