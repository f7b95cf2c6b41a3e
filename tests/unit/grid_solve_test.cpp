// The best point of a grid (issue #20 item 2): the expected layouts and step times of ParallelLayout are
// those tests/solve/parallel_layout_grid.py computes from the scenario's formulas without mlsi; the
// others are computed by hand in the comment above them.
#include <gtest/gtest.h>

#include <cmath>

#include "solve/grid_solve.hpp"

namespace {

struct GridSolved {
  mlsi::Outcome outcome;
  mlsi::GridAnswer answer;
  std::vector<std::vector<double>> best_inputs;  // the varied inputs of each best point
  std::vector<double> excluded_inputs;
};

GridSolved grid_solve(const std::string& target, std::vector<std::string> varies, const std::string& objective, bool maximize,
                      std::vector<std::string> conditions, std::vector<std::string> sets = {}, std::size_t top = 5) {
  mlsi::GridSolveRequest r;
  r.run.target = target;
  r.run.sets = std::move(sets);
  for (auto& v : varies) r.varies.push_back({std::move(v), mlsi::VaryOptions{}});
  r.objective = objective;
  r.maximize = maximize;
  r.conditions = std::move(conditions);
  r.top = top;
  mlsi::GridSolve solve(r);
  GridSolved s;
  s.outcome = solve.prepare();
  if (!s.outcome.ok()) return s;
  s.answer = solve.run();
  auto numbers = [&](std::size_t index) {
    std::vector<double> out;
    for (const auto& v : solve.sweep().varied_values(index)) out.push_back(v.number());
    return out;
  };
  for (const auto& p : s.answer.best) s.best_inputs.push_back(numbers(p.index));
  if (s.answer.excluded) s.excluded_inputs = numbers(s.answer.excluded->index);
  return s;
}

const std::vector<std::string> kLayoutGrid = {"tp=1,2,4,8", "pp=1,2,4,8,16"};
const std::vector<std::string> kWholeFleet = {"dp=1024/(tp*pp)"};

void expect_relative(double computed, double expected) { EXPECT_NEAR(computed, expected, 1e-12 * std::fabs(expected)); }

// Under 40 GiB of state per device only TP 8 x PP 16 (20.4 GiB) fits: 16 B x 175e9 / (tp pp) <= 40 GiB
// needs tp pp >= 65.2. TP 1 x PP 1 needs dp = 1024, and 1536 is no multiple of it: its `check` fails.
TEST(GridSolve, FastestLayoutOfAThousandGpusUnderAMemoryBound) {
  GridSolved s = grid_solve("ParallelLayout", kLayoutGrid, "step_time", false, {"state_per_device <= 40 GiB"}, kWholeFleet);
  ASSERT_TRUE(s.outcome.ok()) << s.outcome.message;
  ASSERT_TRUE(s.answer.solved);
  ASSERT_EQ(s.answer.best.size(), 1u);
  EXPECT_EQ(s.best_inputs[0], (std::vector<double>{8, 16}));
  expect_relative(s.answer.best[0].objective, 8.158261521694884);
  EXPECT_EQ(s.answer.points, 20u);
  EXPECT_EQ(s.answer.evaluated, 20u);
  EXPECT_EQ(s.answer.feasible, 1u);
  EXPECT_EQ(s.answer.failed_conditions, 18u);
  EXPECT_EQ(s.answer.failed_scenario, 1u);
  // The fastest layout of all is this one: no faster point is excluded.
  EXPECT_FALSE(s.answer.excluded);
}

// Under 80 GB three layouts fit (state 21.9 GB, 43.8 GB, 43.8 GB); the runners-up in order.
TEST(GridSolve, RunnersUpInOrderOfTheObjective) {
  GridSolved s = grid_solve("ParallelLayout", kLayoutGrid, "step_time", false, {"state_per_device <= 80 GB"}, kWholeFleet);
  ASSERT_TRUE(s.answer.solved);
  ASSERT_EQ(s.answer.best.size(), 3u);
  EXPECT_EQ(s.best_inputs, (std::vector<std::vector<double>>{{8, 16}, {8, 8}, {4, 16}}));
  expect_relative(s.answer.best[0].objective, 8.158261521694884);
  expect_relative(s.answer.best[1].objective, 8.343149810875875);
  expect_relative(s.answer.best[2].objective, 8.345989108460019);
  EXPECT_EQ(s.answer.feasible, 3u);
  // --top 2 keeps the first two.
  GridSolved two = grid_solve("ParallelLayout", kLayoutGrid, "step_time", false, {"state_per_device <= 80 GB"}, kWholeFleet, 2);
  EXPECT_EQ(two.best_inputs, (std::vector<std::vector<double>>{{8, 16}, {8, 8}}));
}

// With at least 16 data-parallel ranks TP 8 x PP 16 (dp = 8) is excluded: the answer is TP 8 x PP 8, and
// the faster layout it cannot have is reported with the condition that binds.
TEST(GridSolve, TheBetterPointAConditionExcludesIsTheBindingCondition) {
  GridSolved s = grid_solve("ParallelLayout", kLayoutGrid, "step_time", false, {"state_per_device <= 80 GB", "dp >= 16"}, kWholeFleet);
  ASSERT_TRUE(s.answer.solved);
  EXPECT_EQ(s.best_inputs[0], (std::vector<double>{8, 8}));
  expect_relative(s.answer.best[0].objective, 8.343149810875875);
  ASSERT_TRUE(s.answer.excluded);
  EXPECT_EQ(s.excluded_inputs, (std::vector<double>{8, 16}));
  expect_relative(s.answer.excluded->objective, 8.158261521694884);
  EXPECT_EQ(s.answer.excluded_reason, "`dp >= 16` fails: dp = 8, not >= 16");
}

// 21.875 GB is the least state any layout keeps: under 10 GB none fits. The best point that runs is
// reported with why it fails.
TEST(GridSolve, NoFeasiblePointIsAnAnswer) {
  GridSolved s = grid_solve("ParallelLayout", kLayoutGrid, "step_time", false, {"state_per_device <= 10 GB"}, kWholeFleet);
  ASSERT_TRUE(s.outcome.ok());
  EXPECT_FALSE(s.answer.solved);
  EXPECT_TRUE(s.answer.best.empty());
  EXPECT_EQ(s.answer.failed_conditions, 19u);
  ASSERT_TRUE(s.answer.excluded);
  EXPECT_EQ(s.excluded_inputs, (std::vector<double>{8, 16}));
  EXPECT_EQ(s.answer.excluded_reason.rfind("`state_per_device <= 10 GB` fails: state_per_device = ", 0), 0u) << s.answer.excluded_reason;
}

// Full recomputation keeps b * 96 * s * 12288 * 2 B; under 80 GB, b s <= 80e9 / 2359296 = 33908.6. With s
// a multiple of 128 (128 k, k <= 100) and b <= 100: b k <= 264, so the most tokens are 264 * 128 = 33792,
// reached by every b dividing 264 with k = 264 / b <= 100: b = 3, 4, 6, 8, 11, ... The tie goes to the
// first in the grid's order (microbatch varies slowest). sum over b of min(100, floor(264 / b)) = 1128
// points fit. 10,000 points, through the compiled program.
TEST(GridSolve, TiesGoToTheFirstPointOfTheGrid) {
  GridSolved s = grid_solve("ActivationMemory", {"microbatch=1..100 step 1", "seq_len=128..12800 step 128"}, "microbatch * seq_len", true,
                            {"full <= 80 GB"});
  ASSERT_TRUE(s.outcome.ok()) << s.outcome.message;
  ASSERT_TRUE(s.answer.solved);
  EXPECT_EQ(s.answer.points, 10000u);
  EXPECT_EQ(s.answer.feasible, 1128u);
  EXPECT_EQ(s.answer.failed_conditions, 10000u - 1128u);
  EXPECT_EQ(s.best_inputs, (std::vector<std::vector<double>>{{3, 11264}, {4, 8448}, {6, 5632}, {8, 4224}, {11, 3072}}));
  for (const auto& p : s.answer.best) EXPECT_EQ(p.objective, 33792);
}

// Maximizing needs a number to order by; a condition must be a Bool.
TEST(GridSolve, AnObjectiveMustBeANumberAndAConditionABool) {
  GridSolved fits = grid_solve("ParallelLayout", kLayoutGrid, "fits", true, {}, kWholeFleet);
  EXPECT_FALSE(fits.outcome.ok());
  GridSolved list = grid_solve("ZeroSharding", {"n_devices=8,16"}, "per_device", false, {});
  EXPECT_FALSE(list.outcome.ok());
  GridSolved cond = grid_solve("ParallelLayout", kLayoutGrid, "step_time", false, {"step_time"}, kWholeFleet);
  EXPECT_FALSE(cond.outcome.ok());
}

}  // namespace
