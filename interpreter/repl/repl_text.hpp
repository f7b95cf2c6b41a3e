#pragma once
// Small pieces of text that the REPL's commands share.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace mlsi {

// Without the spaces, tabs and line ends around it.
std::string trim(const std::string& s);
// Two columns, the first padded to its widest, trailing spaces trimmed.
void print_rows(std::ostream& out, const std::vector<std::pair<std::string, std::string>>& rows);

template <typename Map>
std::vector<std::string> keys(const Map& m) {
  std::vector<std::string> out;
  for (const auto& [k, v] : m) out.push_back(k);
  return out;
}

}  // namespace mlsi
