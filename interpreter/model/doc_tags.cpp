#include "model/doc_tags.hpp"

#include <algorithm>
#include <cctype>

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

// The lines of a sentence joined by spaces, one for one, so that it keeps its length.
std::string first_sentence_text(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

bool is_tagged(std::string_view line) { return line.starts_with(kSeeAlsoTag) || line.starts_with(kEntriesTag); }

}  // namespace

std::string first_sentence(std::string_view doc) {
  // The first paragraph, up to a tagged line.
  std::size_t end = 0;
  for (std::string_view line : doc_lines(doc)) {
    bool empty = line.find_first_not_of(" \t") == std::string_view::npos;
    if (empty || is_tagged(line)) break;
    end += line.size() + 1;
  }
  std::string text(doc.substr(0, std::min(end, doc.size())));
  while (!text.empty() && (text.back() == '\n' || blank(text.back()))) text.pop_back();
  for (std::size_t at = text.find('.'); at != std::string::npos; at = text.find('.', at + 1)) {
    if (at + 1 == text.size() || text[at + 1] == '\n') return first_sentence_text(text.substr(0, at + 1));
    if (text[at + 1] != ' ') continue;
    std::size_t next = text.find_first_not_of(' ', at + 1);
    if (next == std::string::npos) return first_sentence_text(text.substr(0, at + 1));
    auto c = static_cast<unsigned char>(text[next]);
    if (std::islower(c) || std::isdigit(c)) continue;
    return first_sentence_text(text.substr(0, at + 1));
  }
  return first_sentence_text(std::move(text));
}

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
