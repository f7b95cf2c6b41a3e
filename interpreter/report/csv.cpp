#include "report/csv.hpp"

#include <cctype>
#include <string_view>

namespace mlsi {

namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// A decimal number as mlsi writes one (`-12`, `-1.5e-07`; never with a `+`): a spreadsheet reads it as
// a number, never as a formula.
bool is_plain_number(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  std::size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    std::size_t exponent = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++exponent;
    if (exponent == 0) return false;
  }
  return i == s.size();
}

bool reads_as_formula(const std::string& text) {
  if (text.empty()) return false;
  char c = text.front();
  return (c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r') && !is_plain_number(text);
}

}  // namespace

std::string csv_cell(const std::string& text) {
  bool formula = reads_as_formula(text);
  if (!formula && text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = formula ? "\"'" : "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string csv_line(const std::vector<std::string>& cells) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) line += (i ? "," : "") + csv_cell(cells[i]);
  return line + "\n";
}

std::string csv_header(const std::string& name, const std::string& unit) { return unit.empty() ? name : name + " (" + unit + ")"; }

}  // namespace mlsi
