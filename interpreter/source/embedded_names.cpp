#include "source/embedded.hpp"
#include "source/text_rules.hpp"

namespace mlsi {

namespace {

// The NAME of `keyword NAME` (spaces between) at `line`, the start of a line of `text`; empty when the line
// does not start so.
std::string_view declared_at(std::string_view text, std::size_t line, std::string_view keyword) {
  if (text.substr(line, keyword.size()) != keyword) return {};
  std::size_t i = line + keyword.size();
  while (i < text.size() && text[i] == ' ') ++i;
  std::size_t j = i;
  while (j < text.size() && is_identifier_char(text[j])) ++j;
  return text.substr(i, j - i);
}

// Calls `at(line)` with the start of each line of `text`.
template <class At>
void each_line(std::string_view text, At at) {
  for (std::size_t line = 0; line < text.size();) {
    at(line);
    std::size_t end = text.find('\n', line);
    line = end == std::string_view::npos ? text.size() : end + 1;
  }
}

}  // namespace

std::vector<std::string> declared_names(std::string_view text, std::string_view keyword) {
  std::vector<std::string> names;
  each_line(text, [&](std::size_t line) {
    if (auto name = declared_at(text, line, keyword); !name.empty()) names.emplace_back(name);
  });
  return names;
}

std::vector<DeclarationPart> declaration_parts(std::string_view text) {
  std::vector<DeclarationPart> parts;
  each_line(text, [&](std::size_t line) {
    for (std::string_view keyword : {std::string_view("let "), std::string_view("fn ")}) {
      std::string_view name = declared_at(text, line, keyword);
      if (name.empty()) continue;
      if (!parts.empty()) parts.back().end = static_cast<std::uint32_t>(line);
      parts.push_back({static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(text.size()), name});
    }
  });
  return parts;
}

const std::vector<std::string>& builtin_scenario_names() {
  // Static: the embedded files never change, and a function-local static is initialized once, safely
  // from any thread.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& f : embedded_files())
      if (is_pack_file(f)) out.insert(out.end(), f.names.scenarios.begin(), f.names.scenarios.end());
    return out;
  }();
  return names;
}

}  // namespace mlsi
