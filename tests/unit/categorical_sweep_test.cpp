// Categorical sweeps (docs/language.md section 13.9): catalogue entries, enumeration cases and Bools as
// --vary axes, each point equal to `mlsi run --set` of it; and their plots, bars over a categorical x and a
// line per value of a categorical series.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "plot/svg_plot.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

struct CategoricalCliResult {
  int status;
  std::string out, err;
};

// Runs the command line from the repository's root, where the golden scenario files are.
CategoricalCliResult run_from_root(const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  std::ostringstream out, err;
  int status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false});
  fs::current_path(previous);
  return {status, out.str(), err.str()};
}

const char* const kDecodeStep = "tests/golden/commands/sweep/categorical/decode_step.mls";

// The rows of a CSV without quoted cells (these have none), split at commas.
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::size_t start = 0;
    for (std::size_t comma = line.find(','); ; comma = line.find(',', start)) {
      cells.push_back(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

TEST(CategoricalSweep, EveryPointIsWhatRunSetGives) {
  // Three categorical axes and a numeric one: 3 x 2 x 2 x 2 = 24 rows, each compared, cell by cell and
  // with every digit (CSV), with the one-row CSV of `mlsi run --set` at that point.
  auto sweep = run_from_root({"sweep", kDecodeStep, "--vary", "hardware=H100,A100,MI300X", "--vary", "precision=fp16,fp8", "--vary",
                              "batched=true,false", "--vary", "parameters=7e9,70e9", "--format", "csv"});
  ASSERT_EQ(sweep.status, 0) << sweep.err;
  auto rows = csv_rows(sweep.out);
  ASSERT_EQ(rows.size(), 25u);
  const auto& header = rows[0];
  ASSERT_EQ(header, (std::vector<std::string>{"hardware", "precision", "batched", "parameters", "step (ms)", "tokens_per_s (1/s)", "in_cloud", "error"}));
  // The slowest axis first: H100 fp16 true 7e9, H100 fp16 true 70e9, H100 fp16 false 7e9, ...
  EXPECT_EQ(rows[1][0], "H100");
  EXPECT_EQ(rows[1][1], "fp16");
  EXPECT_EQ(rows[1][2], "true");
  EXPECT_EQ(rows[24][0], "MI300X");
  EXPECT_EQ(rows[24][1], "fp8");
  EXPECT_EQ(rows[24][2], "false");
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    auto run = run_from_root({"run", kDecodeStep, "--set", "hardware=" + row[0], "--set", "precision=" + row[1], "--set", "batched=" + row[2],
                              "--set", "parameters=" + row[3], "--format", "csv"});
    ASSERT_EQ(run.status, 0) << run.err;
    auto one = csv_rows(run.out);
    ASSERT_EQ(one.size(), 2u) << run.out;
    std::map<std::string, std::string> by_column;
    for (std::size_t c = 0; c < one[0].size(); ++c) by_column[one[0][c]] = one[1][c];
    for (std::size_t c = 0; c + 1 < header.size(); ++c) EXPECT_EQ(row[c], by_column[header[c]]) << "row " << r << ", column " << header[c];
    EXPECT_EQ(row.back(), "");  // no error
  }
  // One point by hand: H100, fp16, 7e9 parameters, 8 sequences: 7e9 x 2 B / 3.35e12 B/s = 4.17910447761194 ms,
  // and 8 / 4.17910447761194e-3 s = 1914.2857142857... tokens per second.
  EXPECT_EQ(rows[1][4].substr(0, 10), "4.17910447");
  EXPECT_EQ(rows[1][5].substr(0, 9), "1914.2857");
}

TEST(CategoricalSweep, AnAliasIsShownByItsKey) {
  auto r = run_from_root({"sweep", "ActivationMemory", "--vary", "workload=GPT3_175B", "--format", "csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1][0], "GPT3");
}

TEST(CategoricalPlot, BarsOverACategoricalX) {
  mlsi::LineChart chart;
  chart.title = "Bars";
  chart.x_label = "hardware";
  chart.y_label = "step (ms)";
  chart.x_categories = {"H100", "A100"};
  chart.lines.push_back({"fp16", {0.0, 1.0}, {4.0, 6.0}});
  chart.lines.push_back({"fp8", {0.0, 1.0}, {2.0, std::nan("")}});
  std::string svg = mlsi::render_svg(chart);
  // Three bars (the NaN draws none), no line paths; each category names its band.
  std::size_t bars = 0;
  for (auto at = svg.find("<rect", svg.find("<g class=\"bars\"")); at != std::string::npos && at < svg.find("</g>", svg.find("<g class=\"bars\""));
       at = svg.find("<rect", at + 1))
    ++bars;
  EXPECT_EQ(bars, 3u);
  EXPECT_EQ(svg.find("<path"), std::string::npos);
  EXPECT_NE(svg.find(">H100</text>"), std::string::npos);
  EXPECT_NE(svg.find(">A100</text>"), std::string::npos);
  // Two lines: a legend, so the plot spans x 84 .. 800 - 190 = 610, two bands of 263 px; y 0..6 (a step
  // of 6 / 6 = 1 tick) spans 48 .. 480 - 64 = 416, 368 px. The bars of a band fill its middle 80 %:
  // 0.8 x 263 / 2 = 105.2 px each. H100 fp16: from x = 84 + 0.1 x 263 = 110.3, height 4 / 6 x 368 = 245.33,
  // top 416 - 245.33 = 170.67. A100 fp16: x = 84 + 263 + 26.3 = 373.3, height 368 (the top of the axis).
  // H100 fp8 beside the first: x = 110.3 + 105.2 = 215.5, height 2 / 6 x 368 = 122.67, top 293.33.
  EXPECT_NE(svg.find("<rect x=\"110.30\" y=\"170.67\" width=\"105.20\" height=\"245.33\" fill=\"" + mlsi::line_colour(0) + "\"/>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<rect x=\"373.30\" y=\"48.00\" width=\"105.20\" height=\"368.00\" fill=\"" + mlsi::line_colour(0) + "\"/>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<rect x=\"215.50\" y=\"293.33\" width=\"105.20\" height=\"122.67\" fill=\"" + mlsi::line_colour(1) + "\"/>"), std::string::npos) << svg;
}

TEST(CategoricalPlot, PlotCommandDrawsBarsForEntriesAndLinesForACategoricalSeries) {
  auto bars = run_from_root({"plot", kDecodeStep, "--x", "hardware=H100,A100,MI300X", "--series", "precision=fp16,fp8", "--y", "step"});
  ASSERT_EQ(bars.status, 0) << bars.err;
  EXPECT_EQ(bars.out.find("<path"), std::string::npos);
  for (const char* name : {">H100</text>", ">A100</text>", ">MI300X</text>", ">fp16</text>", ">fp8</text>", ">precision</text>", ">hardware</text>"})
    EXPECT_NE(bars.out.find(name), std::string::npos) << name;
  // The tallest bar, A100 in fp16, is 1.4e10 B / 2.039e12 B/s = 6.86611 ms on an axis of 0..8 ms (368 px):
  // 6.86611 / 8 x 368 = 315.84 px.
  EXPECT_NE(bars.out.find("height=\"315.84\" fill=\"" + mlsi::line_colour(0) + "\""), std::string::npos) << bars.out;

  auto lines = run_from_root({"plot", kDecodeStep, "--x", "parameters=7e9,14e9", "--series", "hardware=H100,MI300X", "--y", "tokens_per_s"});
  ASSERT_EQ(lines.status, 0) << lines.err;
  EXPECT_EQ(lines.out.find("class=\"bars\""), std::string::npos);
  auto legend = lines.out.substr(lines.out.find("<g class=\"legend\">"));
  EXPECT_NE(legend.find(">hardware</text>"), std::string::npos) << legend;
  EXPECT_LT(legend.find(">H100</text>"), legend.find(">MI300X</text>"));
  // One path per entry, each through both values of x.
  std::size_t paths = 0;
  for (auto at = lines.out.find("<path d=\"M"); at != std::string::npos; at = lines.out.find("<path d=\"M", at + 1)) ++paths;
  EXPECT_EQ(paths, 2u);
}

TEST(CategoricalPlot, LogXOnACategoricalAxisIsAUsageError) {
  auto r = run_from_root({"plot", kDecodeStep, "--x", "batched=true,false", "--log-x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("error: --log-x needs numbers on x, and `batched` is Bool", 0), 0u) << r.err;
}

}  // namespace
