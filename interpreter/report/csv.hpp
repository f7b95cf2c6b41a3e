#pragma once
// CSV as RFC 4180 writes it, for every command that prints CSV (run, sweep, list), safe to open in a
// spreadsheet (docs/security.md, "CSV and Markdown output").
#include <string>
#include <vector>

namespace mlsi {

// A cell: as it is, or in double quotes (with each `"` doubled) when it holds a comma, a quote or a line
// break. A cell that a spreadsheet would take for a formula (it begins with `=`, `+`, `-`, `@`, a tab or a
// carriage return, OWASP's "CSV Injection") and that is not a number gets a `'` before it, inside double
// quotes: `=1+1` is written `"'=1+1"`, while `-2.5e-3` stays a number.
std::string csv_cell(const std::string& text);
// A record: its cells separated by commas, ended by a line break.
std::string csv_line(const std::vector<std::string>& cells);
// A header cell: `name`, or `name (unit)` for a column of quantities in `unit`.
std::string csv_header(const std::string& name, const std::string& unit);

}  // namespace mlsi
