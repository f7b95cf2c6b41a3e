// `format_file`: the formatter with its safety net (formatter.hpp).
#include <fmt/format.h>

#include "syntax/ast_equal.hpp"
#include "formatter/formatter_writer.hpp"
#include "formatter/formatter.hpp"
#include "syntax/parser.hpp"

namespace mlsi {
namespace {

// The text of every comment, in order, without trailing whitespace.
std::vector<std::string_view> comment_texts(std::string_view text) {
  std::vector<std::string_view> texts;
  for (const auto& c : fmt_layout::find_comments(text)) {
    auto t = text.substr(c.begin, c.end - c.begin);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.remove_suffix(1);
    texts.push_back(t);
  }
  return texts;
}

}  // namespace

std::optional<std::string> format_file(const SourceManager& sources, FileId file, DiagnosticLog& diags) {
  auto module = parse_module(sources, file, diags);
  if (!module) return std::nullopt;
  const std::string_view text = sources.file(file).text;
  std::string formatted;
  try {
    formatted = format_module(sources, *module);
  } catch (const fmt_layout::LostPlace& e) {
    diags.error(Span{file, e.offset, e.offset + 1},
                fmt::format("internal error of `mlsi fmt` ({}); the file is left as it is", e.what()));
    return std::nullopt;
  }
  // The safety net: the formatted text must mean what the source means and keep every comment.
  SourceManager again_sources;
  FileId again_file = again_sources.add(sources.file(file).name, formatted);
  DiagnosticLog again_diags;
  auto again = parse_module(again_sources, again_file, again_diags);
  const char* problem = !again                                           ? "its output does not parse"
                        : !ast::same_module(*module, *again)             ? "its output means something else"
                        : comment_texts(text) != comment_texts(formatted) ? "its output lost or reordered a comment"
                                                                          : nullptr;
  if (problem) {
    diags.error(Span{}, fmt::format("internal error of `mlsi fmt` on `{}`: {}; the file is left as it is",
                                    sources.file(file).name, problem));
    return std::nullopt;
  }
  return formatted;
}

}  // namespace mlsi
