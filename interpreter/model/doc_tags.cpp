#include "model/doc_tags.hpp"

#include <algorithm>

namespace mlsi {

namespace {

// The lines of a doc, without their line breaks.
std::vector<std::string_view> doc_lines(std::string_view doc) {
  std::vector<std::string_view> lines;
  for (std::size_t pos = 0;;) {
    std::size_t end = doc.find('\n', pos);
    lines.push_back(doc.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
    if (end == std::string_view::npos) return lines;
    pos = end + 1;
  }
}

bool blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

std::optional<DocTag> find_doc_tag(std::string_view doc, std::string_view tag) {
  auto lines = doc_lines(doc);
  for (std::size_t n = 0; n < lines.size(); ++n) {
    std::string_view line = lines[n];
    if (line.substr(0, tag.size()) != tag) continue;
    DocTag out;
    out.line = n;
    std::size_t end = line.size();
    while (end > tag.size() && blank(line[end - 1])) --end;
    if (end > tag.size() && line[end - 1] == '.') --end;  // the sentence's full stop
    for (std::size_t pos = tag.size(); pos < end;) {
      std::size_t comma = std::min(line.find(',', pos), end);
      std::size_t b = pos, e = comma;
      while (b < e && blank(line[b])) ++b;
      while (e > b && blank(line[e - 1])) --e;
      if (e - b >= 2 && line[b] == '`' && line[e - 1] == '`') ++b, --e;
      if (e > b) {
        out.items.emplace_back(line.substr(b, e - b));
        out.columns.push_back(b);
      }
      pos = comma + 1;
    }
    return out;
  }
  return std::nullopt;
}

std::string without_doc_tag(std::string_view doc, std::string_view tag) {
  auto found = find_doc_tag(doc, tag);
  if (!found) return std::string(doc);
  auto lines = doc_lines(doc);
  std::string out;
  bool first = true;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    if (n == found->line) continue;
    out += (first ? "" : "\n") + std::string(lines[n]);
    first = false;
  }
  return out;
}

}  // namespace mlsi
