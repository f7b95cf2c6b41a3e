#pragma once
// `mlsi validate`: the measured expectations (`expect measured`, docs/language.md §6) of a validation
// folder, per domain (a subfolder), each row's measured value against mlsi's with the signed error, then
// the mean and max |error| per output kind against the domain's targets (docs/validation.md).
#include <optional>
#include <string>
#include <vector>

#include "report/render.hpp"

namespace mlsi {

// One `expect measured`. Values are already written for people, both in the measured value's unit.
struct ValidationRow {
  std::string scenario, config, output;
  std::string location;  // file:line:col of the `expect`
  std::string measured, computed;  // computed: "evaluation failed" when it could not be computed
  std::optional<double> error;     // (computed - measured) / measured; none when not computed or measured 0
  std::string source;
  std::string measured_json, computed_json;  // value objects of docs/language.md §14, or "null"
};

// The most a domain's |error| may be over the rows of one output, as fractions (0.05 for 5 %).
struct ValidationTarget {
  std::string output;
  std::optional<double> mean, max;
};

struct ValidationDomain {
  std::string name;    // the subfolder's name
  std::string folder;  // its path as given
  std::string targets_file;  // where the targets were read from; empty: the domain has none
  std::vector<ValidationRow> rows;
  std::vector<ValidationTarget> targets;
  std::vector<std::string> unchecked_files;  // files that do not parse or check
};

// The rows of one output kind of a domain (or all its rows: `output` empty), summarized.
struct ValidationStat {
  std::string output;  // empty: every row of the domain
  int rows = 0;
  int evaluated = 0;  // rows with an error (the others failed to evaluate or measured 0)
  double mean_abs = 0, max_abs = 0;  // over the evaluated rows
  std::optional<double> target_mean, target_max;
  std::vector<std::string> failures;  // "mean |error| 6.2% above its target 5%", ...; empty: met
};

// Per output kind in the order the rows first name them (then the targets' outputs that no row has), then,
// when the rows measure more than one output, all rows.
// A target whose output no row has is a stat of 0 rows with that failure.
std::vector<ValidationStat> validation_stats(const ValidationDomain& domain);

// One line per target a domain passes (or cannot meet): "domain `training`: ...". Empty: all met.
std::vector<std::string> validation_failures(const std::vector<ValidationDomain>& domains);

// The report in `format` (table or json).
std::string render_validation_report(const std::vector<ValidationDomain>& domains, Format format);

// A fraction as a percentage with two decimals, signed when `sign` ("+1.25%", "-0.50%", "3.00%").
std::string percent_text(double fraction, bool sign);

}  // namespace mlsi
