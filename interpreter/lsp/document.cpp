#include "lsp/document.hpp"

#include <algorithm>

#include "lsp/uris.hpp"

namespace mlsi::lsp {

OpenDocument::OpenDocument(std::string uri, std::string text, std::int64_t version) : uri_(std::move(uri)), text_(std::move(text)), version_(version) {
  if (auto p = path_of_uri(uri_)) path_ = *p;
}

void OpenDocument::apply(const TextChange& change, Encoding encoding) {
  if (!change.start || !change.end) {
    text_ = change.text;
    return;
  }
  LineIndex index(text_);
  std::size_t a = index.offset(*change.start, encoding);
  std::size_t b = index.offset(*change.end, encoding);
  if (b < a) std::swap(a, b);
  text_.replace(a, b - a, change.text);
}

}  // namespace mlsi::lsp
