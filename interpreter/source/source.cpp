#include "source/source.hpp"

#include <algorithm>
#include <cstring>

namespace mlsi {

FileId SourceManager::add(std::string name, std::string text, std::string path) {
  files_.emplace_back(std::move(name), std::move(path), std::move(text));
  return index_lines();
}

FileId SourceManager::add_static(std::string name, std::string_view text) {
  files_.emplace_back(std::move(name), text);
  return index_lines();
}

FileId SourceManager::index_lines() {
  SourceFile& f = files_.back();
  f.line_starts.push_back(0);
  // Line by line with memchr (a byte at a time was most of the cost of adding a catalogue file).
  const char* data = f.text.data();
  const char* end = data + f.text.size();
  for (const char* at = data; at < end;) {
    const void* eol = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
    if (eol == nullptr) break;
    at = static_cast<const char*>(eol) + 1;
    f.line_starts.push_back(static_cast<std::uint32_t>(at - data));
  }
  return static_cast<FileId>(files_.size() - 1);
}

LineCol SourceManager::line_col(FileId id, std::uint32_t offset) const {
  const auto& f = files_.at(id);
  const auto& starts = f.line_starts;
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  auto line = static_cast<std::uint32_t>(it - starts.begin());
  return {line + f.first_line - 1, offset - starts[line - 1] + 1};
}

std::string_view SourceManager::line_text(FileId id, std::uint32_t line) const {
  const auto& f = files_.at(id);
  if (line < f.first_line) return {};
  line -= f.first_line - 1;
  std::uint32_t begin = f.line_starts.at(line - 1);
  std::uint32_t end = line < f.line_starts.size() ? f.line_starts[line] : static_cast<std::uint32_t>(f.text.size());
  std::string_view s(f.text.data() + begin, end - begin);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view SourceManager::text(const Span& s) const {
  if (!s.valid()) return {};
  const auto& t = files_.at(s.file).text;
  auto b = std::min<std::size_t>(s.begin, t.size());
  auto e = std::min<std::size_t>(s.end, t.size());
  return std::string_view(t).substr(b, e - b);
}

std::string one_line(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace mlsi
