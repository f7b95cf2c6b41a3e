#include "workspace/entry_kind.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace mlsi {

std::string entry_code(std::string_view text, bool* doc) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '#') {
      if (doc && i + 1 < text.size() && text[i + 1] == '#') *doc = true;
      while (i < text.size() && text[i] != '\n') ++i;
      out += '\n';
      continue;
    }
    if (c == '"') {
      ++i;
      while (i < text.size() && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
      out += "\"\"";
      continue;
    }
    out += c;
  }
  return out;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

std::string_view trim_entry(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

EntryKind classify_entry(std::string_view text) {
  std::string_view t = trim_entry(text);
  if (!t.empty() && t.front() == ':') return EntryKind::command;
  std::string code = entry_code(text);
  std::string_view c = trim_entry(code);
  if (c.empty()) return EntryKind::empty;
  if (c.front() == '@') return EntryKind::declaration;
  std::size_t n = 0;
  while (n < c.size() && is_identifier_char(c[n])) ++n;
  std::string_view w = c.substr(0, n);
  static const std::array<std::string_view, 6> decls = {"let", "fn", "unit", "dimension", "scenario", "config"};
  if (std::find(decls.begin(), decls.end(), w) != decls.end()) return EntryKind::declaration;
  if (w == "import") return EntryKind::import;
  // `type Name = ...` declares a type; `type` alone is a name like any other (`type * 2`).
  if (w == "type") {
    std::size_t at = n;
    while (at < c.size() && is_space(c[at])) ++at;
    std::size_t name = at;
    while (at < c.size() && is_identifier_char(c[at])) ++at;
    while (at < c.size() && is_space(c[at])) ++at;
    if (at > name && at < c.size() && c[at] == '=' && (at + 1 == c.size() || c[at + 1] != '=')) return EntryKind::declaration;
  }
  return EntryKind::expression;
}

}  // namespace mlsi
