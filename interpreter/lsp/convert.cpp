// The library's spans and diagnostics as LSP ranges, locations and diagnostics.
#include <cctype>
#include <filesystem>

#include "lsp/server.hpp"
#include "lsp/uris.hpp"

namespace mlsi::lsp {

namespace {

Json position_json(Position p) { return Json{{"line", p.line}, {"character", p.character}}; }

// `did you mean `X`?` -> X, when the primary span is a name that X may replace.
std::optional<std::string> suggestion(const Program& p, const Diagnostic& d) {
  if (!d.span.valid()) return std::nullopt;
  std::string_view written = p.sources.text(d.span);
  if (written.empty() || !std::all_of(written.begin(), written.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }))
    return std::nullopt;
  for (const auto& n : d.notes) {
    const std::string lead = "did you mean `";
    if (n.rfind(lead, 0) == 0 && n.size() > lead.size() + 2 && n.ends_with("`?")) {
      std::string name = n.substr(lead.size(), n.size() - lead.size() - 2);
      if (name.find_first_of(" /.") == std::string::npos) return name;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string Server::uri_of(const Program& p, FileId file) const {
  const SourceFile& f = p.sources.file(file);
  if (auto b = builtin_uri(f.name)) return *b;
  if (!f.path.empty()) return uri_of_path(f.path);
  // The document itself when it is not a file on disk.
  for (const auto& [uri, open] : documents_)
    if (open.analysis && open.analysis->file() == file && &open.analysis->program() == &p) return uri;
  return uri_of_path(f.name);
}

Json Server::range_of(const Program& p, Span span) const {
  if (!span.valid()) return Json{{"start", position_json({0, 0})}, {"end", position_json({0, 0})}};
  LineIndex index(p.sources.file(span.file).text);
  return Json{{"start", position_json(index.position(span.begin, encoding_))}, {"end", position_json(index.position(span.end, encoding_))}};
}

Json Server::location_of(const Program& p, Span span) const { return Json{{"uri", uri_of(p, span.file)}, {"range", range_of(p, span)}}; }

Json Server::diagnostic(const Program& p, const Diagnostic& d, FileId file) const {
  Json out;
  std::string message = d.message;
  bool here = d.span.valid() && d.span.file == file;
  if (here) {
    out["range"] = range_of(p, d.span);
  } else {
    // A problem of another file (an import) or of no file is shown at the document's start, with its place.
    out["range"] = range_of(p, Span{});
    if (d.span.valid()) {
      auto lc = p.sources.line_col(d.span.file, d.span.begin);
      message = p.sources.file(d.span.file).name + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.col) + ": " + message;
    }
  }
  for (const auto& n : d.notes) message += "\n" + n;
  out["severity"] = d.severity == Severity::error ? 1 : d.severity == Severity::warning ? 2 : 3;
  out["source"] = "mlsi";
  out["message"] = message;
  static const char* const kCategories[] = {"source", "syntax", "input", "check", "evaluation", "usage"};
  out["code"] = kCategories[static_cast<int>(d.category)];
  Json related = Json::array();
  for (const auto& l : d.labels)
    if (l.span.valid()) related.push_back({{"location", location_of(p, l.span)}, {"message", l.text.empty() ? "here" : l.text}});
  if (d.span.valid() && !here) related.push_back({{"location", location_of(p, d.span)}, {"message", d.message}});
  if (!related.empty()) out["relatedInformation"] = related;
  if (here)
    if (auto s = suggestion(p, d)) out["data"] = {{"replacement", *s}};
  return out;
}

}  // namespace mlsi::lsp
