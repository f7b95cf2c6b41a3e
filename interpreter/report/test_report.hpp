#pragma once
// `mlsi test --report`: every expectation as a row, expected against computed with the error and the
// published source, as an aligned table, a Markdown table or JSON.
#include <optional>
#include <string>
#include <vector>

#include "report/render.hpp"

namespace mlsi {

// One `expect`, compared. Values are already written for people, both in the expected value's unit.
struct ExpectationRow {
  std::string scenario, config, output;
  std::string location;  // file:line:col of the `expect`
  std::string expected, computed;  // "evaluation failed" when the value could not be computed
  // The largest error over the entries of a list or the fields of a record, for quantity outputs:
  // relative where the expected entry is not 0, absolute (in the expected value's unit) where it is 0.
  std::optional<double> relative_error;
  std::string absolute_error;  // written with its unit; empty: none
  std::string tolerance;       // "0.001%", "10 s", or "exact" for outputs compared by equality
  bool passed = false;
  std::string source;  // empty: no published source
  // The same values for programs (JSON objects of docs/language.md §14; "null" when absent).
  std::string expected_json, computed_json, absolute_error_json, tolerance_json;
};

struct TestReport {
  std::vector<ExpectationRow> rows;
  std::vector<std::string> unchecked_files;  // files that do not parse or check
};

// The report in `format` (table, markdown or json). `rows` are all the expectations that ran.
std::string render_test_report(const TestReport& report, Format format);

}  // namespace mlsi
