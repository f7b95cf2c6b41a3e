#include "report/validation_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/display.hpp"

namespace mlsi {

namespace {

using ValidationCells = std::vector<std::string>;

// Characters, not bytes, so that sources with `§` or `é` line up.
std::size_t validation_text_width(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// Columns as wide as their widest cell, two spaces apart; the last column never padded.
std::string aligned_rows(const std::vector<ValidationCells>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()));
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], validation_text_width(row[i]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - validation_text_width(row[i]) + 2, ' ');
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

std::string target_text(const std::optional<double>& t) { return t ? percent_text(*t, false) : "-"; }

std::string stat_result(const ValidationStat& s) {
  if (!s.target_mean && !s.target_max) return "-";
  return s.failures.empty() ? "ok" : "FAIL";
}

std::string json_target(const std::optional<double>& t) { return t ? json_number(*t) : "null"; }

}  // namespace

std::string percent_text(double fraction, bool sign) {
  double percent = 100 * fraction;
  if (std::fabs(percent) < 0.005) percent = 0;  // no "-0.00%"
  return fmt::format("{}{:.2f}%", sign && percent > 0 ? "+" : "", percent);
}

std::vector<ValidationStat> validation_stats(const ValidationDomain& domain) {
  std::vector<ValidationStat> stats;
  auto stat_of = [&](const std::string& output) -> ValidationStat& {
    auto it = std::find_if(stats.begin(), stats.end(), [&](const ValidationStat& s) { return s.output == output; });
    if (it != stats.end()) return *it;
    stats.push_back({});
    stats.back().output = output;
    return stats.back();
  };
  ValidationStat all;
  auto add = [](ValidationStat& s, const ValidationRow& r) {
    ++s.rows;
    if (!r.error) return;
    double e = std::fabs(*r.error);
    s.mean_abs += e;  // a sum until divided below
    s.max_abs = std::max(s.max_abs, e);
    ++s.evaluated;
  };
  for (const auto& r : domain.rows) {
    add(stat_of(r.output), r);
    add(all, r);
  }
  for (const auto& t : domain.targets) {
    ValidationStat& s = stat_of(t.output);
    s.target_mean = t.mean;
    s.target_max = t.max;
  }
  // Over all rows only where they measure more than one output (else it repeats that output's line).
  auto measured_kinds = std::count_if(stats.begin(), stats.end(), [](const ValidationStat& s) { return s.rows > 0; });
  if (measured_kinds > 1) stats.push_back(all);
  for (auto& s : stats) {
    if (s.evaluated) s.mean_abs /= s.evaluated;
    if (!s.target_mean && !s.target_max) continue;
    std::string what = s.output.empty() ? "every row" : fmt::format("`{}`", s.output);
    if (s.rows == 0) {
      s.failures.push_back(fmt::format("a target for {} but no `expect measured {}` row", what, s.output));
      continue;
    }
    if (s.evaluated < s.rows)
      s.failures.push_back(fmt::format("{} of {} rows of {} have no error (not evaluated, or measured 0)", s.rows - s.evaluated, s.rows, what));
    if (s.target_mean && s.mean_abs > *s.target_mean)
      s.failures.push_back(fmt::format("mean |error| of {} is {}, above its target {}", what, percent_text(s.mean_abs, false),
                                       percent_text(*s.target_mean, false)));
    if (s.target_max && s.max_abs > *s.target_max)
      s.failures.push_back(fmt::format("max |error| of {} is {}, above its target {}", what, percent_text(s.max_abs, false),
                                       percent_text(*s.target_max, false)));
  }
  return stats;
}

std::vector<std::string> validation_failures(const std::vector<ValidationDomain>& domains) {
  std::vector<std::string> out;
  for (const auto& d : domains) {
    for (const auto& f : d.unchecked_files) out.push_back(fmt::format("domain `{}`: {} does not check", d.name, f));
    for (const auto& s : validation_stats(d))
      for (const auto& f : s.failures) out.push_back(fmt::format("domain `{}`: {} ({})", d.name, f, d.targets_file));
  }
  return out;
}

std::string render_validation_report(const std::vector<ValidationDomain>& domains, Format format) {
  if (format == Format::json) {
    std::string out = "{\"domains\": [";
    for (std::size_t i = 0; i < domains.size(); ++i) {
      const auto& d = domains[i];
      out += fmt::format("{}\n  {{\"name\": {}, \"folder\": {}, \"targets_file\": {}, \"rows\": [", i ? "," : "", json_escape(d.name),
                         json_escape(d.folder), d.targets_file.empty() ? "null" : json_escape(d.targets_file));
      for (std::size_t k = 0; k < d.rows.size(); ++k) {
        const auto& r = d.rows[k];
        out += fmt::format(
            "{}\n    {{\"scenario\": {}, \"config\": {}, \"output\": {}, \"location\": {}, \"measured\": {}, \"computed\": {}, "
            "\"error\": {}, \"source\": {}}}",
            k ? "," : "", json_escape(r.scenario), json_escape(r.config), json_escape(r.output), json_escape(r.location),
            r.measured_json, r.computed_json, r.error ? json_number(*r.error) : "null", json_escape(r.source));
      }
      out += d.rows.empty() ? "], \"summary\": [" : "\n  ], \"summary\": [";
      auto stats = validation_stats(d);
      for (std::size_t k = 0; k < stats.size(); ++k) {
        const auto& s = stats[k];
        std::string failures = "[";
        for (std::size_t f = 0; f < s.failures.size(); ++f) failures += (f ? ", " : "") + json_escape(s.failures[f]);
        failures += "]";
        out += fmt::format(
            "{}\n    {{\"output\": {}, \"rows\": {}, \"evaluated\": {}, \"mean_abs_error\": {}, \"max_abs_error\": {}, "
            "\"target_mean\": {}, \"target_max\": {}, \"failures\": {}}}",
            k ? "," : "", s.output.empty() ? "null" : json_escape(s.output), s.rows, s.evaluated,
            s.evaluated ? json_number(s.mean_abs) : "null", s.evaluated ? json_number(s.max_abs) : "null", json_target(s.target_mean),
            json_target(s.target_max), failures);
      }
      std::string unchecked = "[";
      for (std::size_t f = 0; f < d.unchecked_files.size(); ++f) unchecked += (f ? ", " : "") + json_escape(d.unchecked_files[f]);
      out += (stats.empty() ? "]" : "\n  ]") + fmt::format(", \"unchecked_files\": {}]}}", unchecked);
    }
    return out + fmt::format("{}], \"passed\": {}}}\n", domains.empty() ? "" : "\n", validation_failures(domains).empty() ? "true" : "false");
  }
  std::string out;
  for (const auto& d : domains) {
    if (!out.empty()) out += "\n";
    out += fmt::format("domain {} ({}), {} measured row{}\n\n", d.name, d.folder, d.rows.size(), d.rows.size() == 1 ? "" : "s");
    std::vector<ValidationCells> rows{{"config", "output", "measured", "mlsi", "error", "source"}};
    for (const auto& r : d.rows) rows.push_back({r.config, r.output, r.measured, r.computed, r.error ? percent_text(*r.error, true) : "-", r.source});
    out += aligned_rows(rows) + "\n";
    std::vector<ValidationCells> summary{{"output", "rows", "mean |error|", "max |error|", "target mean", "target max", "result"}};
    for (const auto& s : validation_stats(d))
      summary.push_back({s.output.empty() ? "(all)" : s.output, std::to_string(s.rows), s.evaluated ? percent_text(s.mean_abs, false) : "-",
                         s.evaluated ? percent_text(s.max_abs, false) : "-", target_text(s.target_mean), target_text(s.target_max), stat_result(s)});
    out += aligned_rows(summary);
    for (const auto& f : d.unchecked_files) out += fmt::format("FAIL {}: does not check\n", f);
  }
  auto failures = validation_failures(domains);
  out += fmt::format("\n{} domain{}: {}\n", domains.size(), domains.size() == 1 ? "" : "s",
                     failures.empty() ? "every target met" : fmt::format("{} failure{} (on standard error)", failures.size(), failures.size() == 1 ? "" : "s"));
  return out;
}

}  // namespace mlsi
