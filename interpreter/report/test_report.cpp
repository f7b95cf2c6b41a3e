#include "report/test_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "model/display.hpp"
#include "report/markdown_text.hpp"
#include "source/text_rules.hpp"

namespace mlsi {

namespace {

constexpr std::size_t kColumns = 9;
using Cells = std::array<std::string, kColumns>;
const Cells kHeader = {"scenario", "config", "output", "expected", "computed", "error", "tolerance", "result", "source"};

// The error column: relative in percent, or absolute (with its unit) where the expected value is 0.
std::string error_text(const ExpectationRow& r) {
  // An error beyond a double (1e308 against -1e308) has no percentage to show.
  bool shown = r.relative_error && std::isfinite(100 * *r.relative_error);
  std::string rel = shown ? format_number(100 * *r.relative_error) + "%" : "";
  if (!r.absolute_error.empty()) return rel.empty() ? r.absolute_error : rel + ", " + r.absolute_error;
  return rel.empty() ? "-" : rel;
}

Cells cells_of(const ExpectationRow& r) {
  return {r.scenario, r.config, r.output, r.expected, r.computed, error_text(r), r.tolerance, r.passed ? "ok" : "FAIL", r.source};
}

std::string summary_line(const TestReport& report) {
  int passed = 0, published = 0, published_passed = 0;
  for (const auto& r : report.rows) {
    passed += r.passed;
    if (!r.source.empty()) {
      ++published;
      published_passed += r.passed;
    }
  }
  auto total = static_cast<int>(report.rows.size());
  return fmt::format("{} expectation{}: {} passed, {} failed; {} with a published source: {} passed, {} failed", total,
                     total == 1 ? "" : "s", passed, total - passed, published, published_passed, published - published_passed);
}

// A cell of a column other than the last wraps onto more lines past this width, so that one long value
// (a list of many entries) does not push every other row's later columns to the right.
constexpr std::size_t kWrapWidth = 32;

// `s` in lines of at most `width` characters, broken after a space (a list after its `, `); a word
// longer than `width` is a line of its own.
std::vector<std::string> wrapped(const std::string& s, std::size_t width) {
  std::vector<std::string> lines{""};
  std::size_t pos = 0;
  while (pos < s.size()) {
    std::size_t space = s.find(' ', pos);
    std::string word = s.substr(pos, space == std::string::npos ? std::string::npos : space + 1 - pos);
    pos = space == std::string::npos ? s.size() : space + 1;
    std::string& line = lines.back();
    std::string kept = line + word;
    while (!kept.empty() && kept.back() == ' ') kept.pop_back();
    if (!line.empty() && utf8_characters(kept) > width) lines.push_back(word);
    else line += word;
  }
  for (auto& line : lines)
    while (!line.empty() && line.back() == ' ') line.pop_back();
  return lines;
}

// The longest word of `s` (what wrapping cannot make narrower).
std::size_t longest_word(const std::string& s) {
  std::size_t longest = 0;
  for (std::size_t pos = 0; pos <= s.size();) {
    std::size_t space = std::min(s.find(' ', pos), s.size());
    longest = std::max(longest, utf8_characters(s.substr(pos, space - pos)));
    pos = space + 1;
  }
  return longest;
}

std::string render_table(const TestReport& report) {
  std::vector<Cells> rows{kHeader};
  for (const auto& r : report.rows) rows.push_back(cells_of(r));
  // Each column as wide as its widest cell, a cell wider than kWrapWidth counting as its wrapped lines;
  // the last column (the source) is never padded, so it is as long as it is.
  std::array<std::size_t, kColumns> width{};
  for (const auto& row : rows)
    for (std::size_t i = 0; i + 1 < kColumns; ++i) width[i] = std::max({width[i], std::min(utf8_characters(row[i]), kWrapWidth), longest_word(row[i])});
  std::string out;
  for (const auto& row : rows) {
    std::array<std::vector<std::string>, kColumns> cells;
    std::size_t height = 1;
    for (std::size_t i = 0; i < kColumns; ++i) {
      cells[i] = i + 1 < kColumns ? wrapped(row[i], width[i]) : std::vector<std::string>{row[i]};
      height = std::max(height, cells[i].size());
    }
    for (std::size_t k = 0; k < height; ++k) {
      std::string line;
      for (std::size_t i = 0; i < kColumns; ++i) {
        const std::string cell = k < cells[i].size() ? cells[i][k] : "";
        line += cell;
        if (i + 1 < kColumns) line += std::string(width[i] - utf8_characters(cell) + 2, ' ');
      }
      line.erase(line.find_last_not_of(' ') + 1);
      out += line + "\n";
    }
  }
  out += "\n";
  for (const auto& f : report.unchecked_files) out += fmt::format("FAIL {}: does not check\n", f);
  return out + summary_line(report) + "\n";
}

std::string render_markdown(const TestReport& report) {
  auto row_text = [](const Cells& cells) {
    std::string line = "|";
    for (const auto& c : cells) line += " " + markdown_cell(c) + " |";
    return line + "\n";
  };
  std::string out = row_text(kHeader);
  out += "|---|---|---|--:|--:|--:|--:|---|---|\n";
  for (const auto& r : report.rows) out += row_text(cells_of(r));
  out += "\n";
  for (const auto& f : report.unchecked_files) out += fmt::format("- **FAIL** `{}`: does not check\n", f);
  if (!report.unchecked_files.empty()) out += "\n";
  return out + summary_line(report) + ".\n";
}

std::string render_json(const TestReport& report) {
  std::string out = "{\"expectations\": [";
  int passed = 0, published = 0, published_passed = 0;
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const auto& r = report.rows[i];
    passed += r.passed;
    if (!r.source.empty()) {
      ++published;
      published_passed += r.passed;
    }
    out += fmt::format(
        "{}\n  {{\"scenario\": {}, \"config\": {}, \"output\": {}, \"location\": {}, \"expected\": {}, \"computed\": {}, "
        "\"relative_error\": {}, \"absolute_error\": {}, \"tolerance\": {}, \"passed\": {}, \"source\": {}}}",
        i ? "," : "", json_escape(r.scenario), json_escape(r.config), json_escape(r.output), json_escape(r.location),
        r.expected_json, r.computed_json,
        r.relative_error && std::isfinite(*r.relative_error) ? json_number(*r.relative_error) : "null",
        r.absolute_error_json, r.tolerance_json, r.passed ? "true" : "false", r.source.empty() ? "null" : json_escape(r.source));
  }
  out += report.rows.empty() ? "],\n" : "\n ],\n";
  std::string unchecked = "[";
  for (std::size_t i = 0; i < report.unchecked_files.size(); ++i) unchecked += (i ? ", " : "") + json_escape(report.unchecked_files[i]);
  unchecked += "]";
  auto total = static_cast<int>(report.rows.size());
  out += fmt::format(
      " \"summary\": {{\"expectations\": {}, \"passed\": {}, \"failed\": {}, \"published\": {}, \"published_passed\": {}, "
      "\"published_failed\": {}, \"unchecked_files\": {}}}}}\n",
      total, passed, total - passed, published, published_passed, published - published_passed, unchecked);
  return out;
}

}  // namespace

std::string render_test_report(const TestReport& report, Format format) {
  if (format == Format::markdown) return render_markdown(report);
  if (format == Format::json) return render_json(report);
  return render_table(report);
}

}  // namespace mlsi
