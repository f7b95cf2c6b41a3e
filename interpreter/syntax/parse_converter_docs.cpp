// `##` documentation: the block above a declaration is its doc (language.md §2, "Comments"); a block
// above nothing that keeps one is found, so that a doc is not lost without a word.
#include <algorithm>
#include <iterator>

#include "syntax/parse_converter.hpp"

namespace mlsi::parse_detail {

namespace {

// The text of a line after its indentation.
std::string_view indented(std::string_view line) {
  auto first = line.find_first_not_of(" \t");
  return first == std::string_view::npos ? std::string_view{} : line.substr(first);
}

bool is_doc_line(std::string_view line) { return indented(line).starts_with("##"); }

}  // namespace

std::string Converter::doc_before(std::uint32_t offset) const {
  auto lc = sources_.line_col(file_, offset);
  std::vector<std::string> lines;
  for (auto line = lc.line; line > 1; --line) {
    std::string_view l = sources_.line_text(file_, line - 1);
    auto first = l.find_first_not_of(" \t");
    if (first == std::string_view::npos || l.substr(first, 2) != "##") break;
    auto body = l.substr(first + 2);
    if (!body.empty() && body.front() == ' ') body.remove_prefix(1);
    lines.emplace_back(body);
  }
  std::string doc;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) doc += (doc.empty() ? "" : "\n") + *it;
  return doc;
}

std::vector<Span> Converter::stray_docs(std::uint32_t first_declaration) const {
  const SourceFile& f = sources_.file(file_);
  const auto& starts = f.line_starts;
  auto line_of = [&](std::uint32_t offset) {
    return static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin()) - 1;
  };
  auto line_end = [&](std::size_t i) {
    std::uint32_t end = i + 1 < starts.size() ? starts[i + 1] : static_cast<std::uint32_t>(f.text.size());
    while (end > starts[i] && (f.text[end - 1] == '\n' || f.text[end - 1] == '\r')) --end;
    return end;
  };
  auto line = [&](std::size_t i) { return std::string_view(f.text).substr(starts[i], line_end(i) - starts[i]); };
  // Sorted, for a file of 100,000 declarations.
  std::vector<std::size_t> anchors;
  for (std::uint32_t a : doc_anchors_) anchors.push_back(line_of(a));
  std::sort(anchors.begin(), anchors.end());
  std::vector<Span> plain = plain_comment_spans_;  // do not overlap: each is one declaration or member
  std::sort(plain.begin(), plain.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<Span> out;
  bool seen_block = false;
  for (std::size_t i = 0; i < starts.size();) {
    if (!is_doc_line(line(i))) {
      ++i;
      continue;
    }
    std::size_t first = i;
    bool banner = true;  // `#####` lines only
    for (; i < starts.size() && is_doc_line(line(i)); ++i)
      banner = banner && indented(line(i)).find_first_not_of("# \t") == std::string_view::npos;
    std::uint32_t begin = starts[first] + static_cast<std::uint32_t>(line(first).size() - indented(line(first)).size());
    Span block{file_, begin, line_end(first)};  // its first line: the marker stays on one line
    bool documents = i < starts.size() && std::binary_search(anchors.begin(), anchors.end(), i);
    auto after = std::upper_bound(plain.begin(), plain.end(), block.begin, [](std::uint32_t at, const Span& s) { return at < s.begin; });
    bool in_expression = after != plain.begin() && block.begin < std::prev(after)->end;
    bool description = !seen_block && block.begin < first_declaration;  // the file's own: its first block
    seen_block = seen_block || !banner;
    if (!documents && !in_expression && !banner && !description) out.push_back(block);
  }
  return out;
}

}  // namespace mlsi::parse_detail
