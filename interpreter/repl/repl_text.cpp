#include "repl/repl_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "source/diagnostics.hpp"

namespace mlsi {

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

void print_rows(std::ostream& out, const std::vector<std::pair<std::string, std::string>>& rows) {
  std::size_t width = 0;
  for (const auto& r : rows) width = std::max(width, r.first.size());
  for (const auto& [a, b] : rows) {
    std::string line = fmt::format("{:<{}}  {}", a, width, b);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

}  // namespace mlsi
