#include <cctype>

#include "source/embedded.hpp"

namespace mlsi {

std::vector<std::string> declared_names(std::string_view text, std::string_view keyword) {
  std::vector<std::string> names;
  auto word_at = [&](std::size_t i) {
    std::size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    return text.substr(i, j - i);
  };
  for (std::size_t line = 0; line < text.size();) {
    if (text.substr(line, keyword.size()) == keyword) {
      std::size_t i = line + keyword.size();
      while (i < text.size() && text[i] == ' ') ++i;
      if (auto w = word_at(i); !w.empty()) names.emplace_back(w);
    }
    std::size_t end = text.find('\n', line);
    line = end == std::string_view::npos ? text.size() : end + 1;
  }
  return names;
}

std::vector<DeclarationPart> declaration_parts(std::string_view text) {
  std::vector<DeclarationPart> parts;
  for (std::size_t line = 0; line < text.size();) {
    for (std::string_view keyword : {std::string_view("let "), std::string_view("fn ")}) {
      if (text.substr(line, keyword.size()) != keyword) continue;
      std::size_t i = line + keyword.size();
      while (i < text.size() && text[i] == ' ') ++i;
      std::size_t j = i;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      if (j == i) continue;
      if (!parts.empty()) parts.back().end = static_cast<std::uint32_t>(line);
      parts.push_back({static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(text.size()), text.substr(i, j - i)});
    }
    std::size_t end = text.find('\n', line);
    line = end == std::string_view::npos ? text.size() : end + 1;
  }
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
