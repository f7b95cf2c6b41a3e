#pragma once
// An open document: its text, as the editor has it, kept up to date by incremental changes.
#include <cstdint>
#include <optional>
#include <string>

#include "lsp/positions.hpp"

namespace mlsi::lsp {

struct TextChange {
  std::optional<Position> start, end;  // none: the whole text is replaced
  std::string text;
};

class OpenDocument {
 public:
  OpenDocument(std::string uri, std::string text, std::int64_t version);
  const std::string& uri() const { return uri_; }
  const std::string& text() const { return text_; }
  std::int64_t version() const { return version_; }
  // The path of a `file:` document, empty for another scheme (an unsaved editor buffer).
  const std::string& path() const { return path_; }
  void apply(const TextChange& change, Encoding encoding);
  void set_version(std::int64_t v) { version_ = v; }
  std::size_t offset(Position p, Encoding encoding) const { return LineIndex(text_).offset(p, encoding); }

 private:
  std::string uri_;
  std::string path_;
  std::string text_;
  std::int64_t version_ = 0;
};

}  // namespace mlsi::lsp
