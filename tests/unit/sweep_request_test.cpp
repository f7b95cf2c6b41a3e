// sweep/sweep.hpp and plot/sweep_plot.hpp as a library: a Sweep made from a SweepTask streams its
// points in order through a callback, and a SweepPlot turns them into a LineChart; problems come back as
// values (Outcome, the session's diagnostics), nothing is printed.
#include <cmath>
#include <string>
#include <vector>

#include "plot/sweep_plot.hpp"
#include "sweep/sweep.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

using mlsi::Failure;

using mlsi_test::kGiB;

mlsi::SweepTask activation_memory(std::vector<std::string> varies) {
  mlsi::SweepTask request;
  request.run.target = "ActivationMemory";
  request.run.config = "gpt3_seq2048";
  for (auto& v : varies) request.varies.push_back({std::move(v), mlsi::VaryOptions{}});
  return request;
}

struct Point {
  std::size_t index;
  std::vector<mlsi::PointCell> cells;
  std::string error;
};

std::vector<Point> run_all(mlsi::Sweep& sweep, std::size_t shard_k = 1, std::size_t shard_n = 1) {
  std::vector<Point> points;
  sweep.run(shard_k, shard_n, [&](std::size_t index, const std::vector<mlsi::PointCell>& cells, const std::string& error) {
    points.push_back({index, cells, error});
  });
  return points;
}

// GPT-3 (L = 96 layers, h = 12288) with 2-byte values keeps full = L * s * b * h * 2 byte with full
// recomputation: 96 * 12288 * 2 = 2359296 bytes per token of s * b.
double full_bytes(double s, double b) { return 2359296.0 * s * b; }

TEST(SweepTask, StreamsEveryPointInOrderTheLastVariedFastest) {
  mlsi::Sweep sweep(activation_memory({"microbatch=1,2", "seq_len=1024,2048"}));
  mlsi::Outcome prepared = sweep.prepare();
  ASSERT_TRUE(prepared.ok()) << prepared.message;
  EXPECT_EQ(sweep.total(), 4u);
  EXPECT_EQ(sweep.column_names(), (std::vector<std::string>{"microbatch", "seq_len", "none", "selective", "full", "none_per_layer",
                                                             "selective_savings", "full_savings"}));
  EXPECT_EQ(sweep.column_units()[4].text, "GiB");
  auto points = run_all(sweep);
  ASSERT_EQ(points.size(), 4u);
  const double expected[4][2] = {{1, 1024}, {1, 2048}, {2, 1024}, {2, 2048}};
  for (std::size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(points[i].index, i);
    EXPECT_EQ(points[i].error, "");
    EXPECT_EQ(points[i].cells[0].number, expected[i][0]);
    EXPECT_EQ(points[i].cells[1].number, expected[i][1]);
    ASSERT_EQ(points[i].cells[4].kind, mlsi::PointCell::kNumber);
    // (1, 1024): 2359296 * 1024 = 2415919104 B = 2.25 GiB; (2, 2048) four times that, 9 GiB.
    EXPECT_DOUBLE_EQ(points[i].cells[4].number, full_bytes(expected[i][1], expected[i][0]));
  }
  EXPECT_DOUBLE_EQ(points[0].cells[4].number, 2.25 * kGiB);
  EXPECT_DOUBLE_EQ(points[3].cells[4].number, 9 * kGiB);
}

TEST(SweepTask, ShardAndConditionKeepTheirPoints) {
  mlsi::Sweep shard(activation_memory({"microbatch=1,2", "seq_len=1024,2048"}));
  ASSERT_TRUE(shard.prepare().ok());
  auto points = run_all(shard, 2, 2);  // the second of two contiguous blocks: points 2 and 3
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].index, 2u);
  EXPECT_EQ(points[1].index, 3u);

  // full > 3 GiB leaves out (1, 1024) alone (2.25 GiB); the others are 4.5, 4.5 and 9 GiB.
  auto request = activation_memory({"microbatch=1,2", "seq_len=1024,2048"});
  request.where = "full > 3 GiB";
  mlsi::Sweep kept(request);
  ASSERT_TRUE(kept.prepare().ok());
  points = run_all(kept);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].index, 1u);
  EXPECT_EQ(points[2].index, 3u);
}

TEST(SweepTask, ProblemsAreReturned) {
  mlsi::Sweep twice(activation_memory({"microbatch=1,2", "microbatch=3"}));
  mlsi::Outcome o = twice.prepare();
  EXPECT_EQ(o.failure, Failure::usage);
  EXPECT_EQ(o.message, "input `microbatch` is varied twice");

  auto request = activation_memory({"microbatch=1,2", "seq_len=1024,2048"});
  request.limits.max_sweep_points = 3;
  mlsi::Sweep over(request);
  o = over.prepare();
  EXPECT_EQ(o.failure, Failure::usage);
  EXPECT_EQ(o.message.rfind("the sweep has 2 * 2 points, more than the limit of 3;", 0), 0u) << o.message;

  mlsi::Sweep unknown(activation_memory({"micro=1,2"}));
  o = unknown.prepare();
  EXPECT_EQ(o.failure, Failure::usage);
  EXPECT_EQ(o.message, "");
  ASSERT_FALSE(unknown.session().diagnostics().list().empty());
  EXPECT_EQ(unknown.session().diagnostics().list()[0].message, "scenario `ActivationMemory` has no input `micro`");

  auto bad_config = activation_memory({"microbatch=1,2"});
  bad_config.run.config = "nope";
  mlsi::Sweep no_config(bad_config);
  o = no_config.prepare();
  EXPECT_EQ(o.failure, Failure::usage);
  EXPECT_EQ(o.message, "scenario `ActivationMemory` has no config `nope`");
}

// `a..b step s` is kept as its first value, step and count (sweep/axis_values.hpp): value i is
// a + i * s, for i up to floor((b - a) / s + 1e-9), and a range longer than the limit is refused before
// any point is computed.
TEST(SweepTask, SteppedRangeGivesEachValueFromItsIndex) {
  mlsi::Sweep sweep(activation_memory({"microbatch=1..8 step 0.5"}));
  ASSERT_TRUE(sweep.prepare().ok());
  EXPECT_EQ(sweep.total(), 15u);  // 1, 1.5, ..., 8
  auto points = run_all(sweep);
  ASSERT_EQ(points.size(), 15u);
  for (std::size_t i = 0; i < points.size(); ++i) EXPECT_EQ(points[i].cells[0].number, 1 + 0.5 * static_cast<double>(i));
  EXPECT_EQ(points[14].cells[0].number, 8);

  // 0.3 / 0.1 is 2.9999999999999996 in doubles (Python: 0.3 / 0.1): the allowance keeps 0.3's point,
  // whose value is 3 * 0.1 = 0.30000000000000004.
  mlsi::Sweep tenths(activation_memory({"microbatch=0..0.3 step 0.1"}));
  ASSERT_TRUE(tenths.prepare().ok());
  EXPECT_EQ(tenths.total(), 4u);
  EXPECT_EQ(tenths.varied()[0].values.back(), 0.30000000000000004);

  // 10^12 values: refused at once, where listing them stopped only after 10^7 + 1 of them (80 MB).
  auto huge = activation_memory({"microbatch=1..1e12 step 1"});
  mlsi::Sweep refused(huge);
  EXPECT_EQ(refused.prepare().failure, Failure::usage);
  ASSERT_FALSE(refused.session().diagnostics().list().empty());
  // A request given no caller's words names the text by its field.
  EXPECT_EQ(refused.session().diagnostics().list()[0].message, "vary microbatch gives more than 10000000 values");

}

TEST(SweepPlotLibrary, ChartOfTheStreamedPoints) {
  mlsi::Sweep sweep(activation_memory({"microbatch=1,2,3,4"}));
  ASSERT_TRUE(sweep.prepare(&mlsi::SweepPlot::refuse).ok());
  mlsi::PlotRequest request{"full", false, false};
  mlsi::SweepPlot plot;
  ASSERT_TRUE(plot.setup(sweep, request).ok());
  sweep.run(1, 1, [&](std::size_t index, const std::vector<mlsi::PointCell>& cells, const std::string& error) { plot.add(index, cells, error); });
  mlsi::LineChart chart;
  mlsi::Outcome drawn = plot.chart(sweep, request, chart);
  ASSERT_TRUE(drawn.ok()) << drawn.message;
  EXPECT_EQ(plot.gaps(sweep), "");
  EXPECT_EQ(chart.title, "ActivationMemory (gpt3_seq2048)");
  EXPECT_EQ(chart.x_label, "microbatch");
  EXPECT_EQ(chart.y_label, "full (GiB)");
  ASSERT_EQ(chart.lines.size(), 1u);
  EXPECT_EQ(chart.lines[0].x, (std::vector<double>{1, 2, 3, 4}));
  // full at s = 2048: 4.5 GiB per sequence of the microbatch (the config's value at b = 1).
  ASSERT_EQ(chart.lines[0].y.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(chart.lines[0].y[i], 4.5 * static_cast<double>(i + 1));
}

TEST(SweepPlotLibrary, ProblemsAreReturned) {
  std::vector<mlsi::VarySpec> three(3);
  mlsi::Outcome o = mlsi::SweepPlot::refuse(three);
  EXPECT_EQ(o.failure, Failure::usage);
  EXPECT_EQ(o.message, "a plot draws one varied input on x and at most one more as lines; 3 are varied");

  mlsi::Sweep sweep(activation_memory({"microbatch=1,2"}));
  ASSERT_TRUE(sweep.prepare().ok());
  mlsi::SweepPlot plot;
  o = plot.setup(sweep, mlsi::PlotRequest{"fulll,microbatch", false, false});
  EXPECT_EQ(o.failure, Failure::usage);
  const auto& diags = sweep.session().diagnostics().list();
  ASSERT_EQ(diags.size(), 2u);
  EXPECT_EQ(diags[0].message, "scenario `ActivationMemory` has no output `fulll`");
  EXPECT_EQ(diags[0].notes, std::vector<std::string>{"did you mean `full`?"});
  EXPECT_EQ(diags[1].notes, std::vector<std::string>{"`microbatch` is an input: --y draws outputs, --x and --series vary inputs"});

  // Every point fails its `where` (microbatch >= 1): nothing to draw, an evaluation failure.
  mlsi::Sweep failing(activation_memory({"microbatch=0"}));
  ASSERT_TRUE(failing.prepare().ok());
  mlsi::SweepPlot empty;
  ASSERT_TRUE(empty.setup(failing, {}).ok());
  failing.run(1, 1, [&](std::size_t index, const std::vector<mlsi::PointCell>& cells, const std::string& error) { empty.add(index, cells, error); });
  mlsi::LineChart chart;
  o = empty.chart(failing, {}, chart);
  EXPECT_EQ(o.failure, Failure::evaluation);
  EXPECT_EQ(o.message.rfind("no point of the sweep has a value to plot; the first failed: input `microbatch` = 0 does not satisfy", 0), 0u)
      << o.message;
}

}  // namespace
