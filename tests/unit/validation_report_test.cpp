// `mlsi validate`'s arithmetic (report/validation_report.hpp): mean and max |error| per output and over a
// domain, the targets met and missed, and how errors are written. Every expected number is worked out in
// the comment beside it from the rows' errors.
#include "report/validation_report.hpp"

#include <gtest/gtest.h>

namespace {

mlsi::ValidationRow measured_row(const std::string& output, std::optional<double> error) {
  mlsi::ValidationRow r;
  r.scenario = "S";
  r.config = "c";
  r.output = output;
  r.error = error;
  r.source = "a run";
  return r;
}

TEST(ValidationReport, MeanAndMaxPerOutputAndOverAllRows) {
  mlsi::ValidationDomain d;
  d.name = "training";
  d.rows = {measured_row("time", 0.25), measured_row("time", -0.10), measured_row("time", 0.0), measured_row("rate", -0.20)};
  auto stats = mlsi::validation_stats(d);
  ASSERT_EQ(stats.size(), 3u);
  EXPECT_EQ(stats[0].output, "time");
  EXPECT_EQ(stats[0].rows, 3);
  EXPECT_DOUBLE_EQ(stats[0].mean_abs, (0.25 + 0.10 + 0.0) / 3);  // 0.116667
  EXPECT_DOUBLE_EQ(stats[0].max_abs, 0.25);
  EXPECT_EQ(stats[1].output, "rate");
  EXPECT_DOUBLE_EQ(stats[1].mean_abs, 0.20);
  EXPECT_EQ(stats[2].output, "");  // every row
  EXPECT_DOUBLE_EQ(stats[2].mean_abs, (0.25 + 0.10 + 0.0 + 0.20) / 4);  // 0.1375
  EXPECT_DOUBLE_EQ(stats[2].max_abs, 0.25);
  EXPECT_TRUE(mlsi::validation_failures({d}).empty());  // no targets: nothing to miss
}

TEST(ValidationReport, TargetsMetAtTheirBoundAndMissedAbove) {
  mlsi::ValidationDomain d;
  d.name = "training";
  d.targets_file = "validation/training/validation.toml";
  d.rows = {measured_row("time", 0.10), measured_row("time", -0.04)};
  d.targets = {{"time", 0.05, 0.10}};
  // mean (0.10 + 0.04) / 2 = 0.07 > 0.05: missed; max 0.10 == 0.10: met.
  auto failures = mlsi::validation_failures({d});
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0], "domain `training`: mean |error| of `time` is 7.00%, above its target 5.00% (validation/training/validation.toml)");
}

TEST(ValidationReport, RowsWithoutErrorAndTargetsWithoutRowsFail) {
  mlsi::ValidationDomain d;
  d.name = "serving";
  d.targets_file = "v.toml";
  d.rows = {measured_row("ttft", 0.01), measured_row("ttft", std::nullopt)};
  d.targets = {{"ttft", 0.15, std::nullopt}, {"throughput", 0.10, 0.20}};
  auto failures = mlsi::validation_failures({d});
  ASSERT_EQ(failures.size(), 2u);
  EXPECT_EQ(failures[0], "domain `serving`: 1 of 2 rows of `ttft` have no error (not evaluated, or measured 0) (v.toml)");
  EXPECT_EQ(failures[1], "domain `serving`: a target for `throughput` but no `expect measured throughput` row (v.toml)");
  auto stats = mlsi::validation_stats(d);
  EXPECT_EQ(stats[0].evaluated, 1);
  EXPECT_DOUBLE_EQ(stats[0].mean_abs, 0.01);  // over the evaluated row only
}

TEST(ValidationReport, PercentagesWithTwoDecimals) {
  EXPECT_EQ(mlsi::percent_text(0.25, true), "+25.00%");
  EXPECT_EQ(mlsi::percent_text(-0.1, true), "-10.00%");
  EXPECT_EQ(mlsi::percent_text(-0.00001, true), "0.00%");  // not "-0.00%"
  EXPECT_EQ(mlsi::percent_text(0.116666, false), "11.67%");
}

}  // namespace
