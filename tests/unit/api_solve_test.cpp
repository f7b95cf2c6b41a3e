// Session::solve of the public API (issue #20 item 4): the answers of solve_test.cpp, by hand, through
// the public types, with the scenario's results at the answer.
#include <gtest/gtest.h>

#include "mlsi/mlsi.hpp"

namespace {

// Full recomputation keeps 96 * 2048 * 12288 * 2 = 4831838208 B per sequence of GPT-3:
// floor(1e12 / 4831838208) = 206 sequences in 1 TB, which keep 206 * 4831838208 = 995358670848 B.
TEST(ApiSolve, LargestMicrobatchWithTheRunAtTheAnswer) {
  mlsi::api::Session session;
  mlsi::api::SolveRequest r;
  r.run.scenario = "ActivationMemory";
  r.input = "microbatch";
  r.such_that = {"full <= 1 TB"};
  auto result = session.solve(r);
  ASSERT_TRUE(result.ok) << (result.diagnostics.empty() ? "" : result.diagnostics[0].message);
  EXPECT_EQ(result.kind, mlsi::api::SolveResult::Kind::solved);
  EXPECT_EQ(result.si, 206);
  EXPECT_TRUE(result.whole);
  ASSERT_TRUE(result.boundary);
  EXPECT_EQ(result.boundary->si, 207);
  EXPECT_EQ(result.boundary->fails.rfind("`full <= 1 TB` fails: full = ", 0), 0u) << result.boundary->fails;
  ASSERT_TRUE(result.run.ok);
  ASSERT_NE(result.run.output("full"), nullptr);
  EXPECT_EQ(result.run.output("full")->value.si, 995358670848.0);
  EXPECT_EQ(result.run.input("microbatch")->value.si, 206);
  EXPECT_GT(result.evaluated, 0u);
}

// Two bytes per weight of 175e9 parameters on every device (350 GB) never fit in 80 GiB: infeasible,
// an answer, not an error. A smallest `n_devices` is sought with --min.
TEST(ApiSolve, InfeasibleIsAnAnswerAndAnUnknownInputIsNot) {
  mlsi::api::Session session;
  mlsi::api::SolveRequest r;
  r.run.scenario = "ZeroSharding";
  r.input = "n_devices";
  r.direction = mlsi::api::SolveRequest::Direction::min;
  r.such_that = {"fits[2]"};
  auto result = session.solve(r);
  ASSERT_TRUE(result.ok);
  EXPECT_EQ(result.kind, mlsi::api::SolveResult::Kind::infeasible);
  EXPECT_FALSE(result.run.ok);
  r.input = "devices";
  auto unknown = session.solve(r);
  EXPECT_FALSE(unknown.ok);
  ASSERT_FALSE(unknown.diagnostics.empty());
  EXPECT_NE(unknown.diagnostics[0].message.find("`devices` is not an input of ZeroSharding (did you mean `n_devices`?)"), std::string::npos)
      << unknown.diagnostics[0].message;
}

}  // namespace

namespace {

// The fastest TP x PP layout of ParallelLayout under 80 GB of state per device, with at least 16
// data-parallel ranks: TP 8 x PP 8 (8.343149810875875 s), TP 8 x PP 16 excluded by `dp >= 16`
// (tests/solve/parallel_layout_grid.py computes both without mlsi).
TEST(ApiSolve, GridSolveGivesTheBestPointsAndTheRunAtTheBest) {
  mlsi::api::Session session;
  mlsi::api::SolveRequest r;
  r.run.scenario = "ParallelLayout";
  r.run.set("dp", "1024/(tp*pp)");
  r.vary = {"tp=1,2,4,8", "pp=1,2,4,8,16"};
  r.objective = "step_time";
  r.direction = mlsi::api::SolveRequest::Direction::min;
  r.such_that = {"state_per_device <= 80 GB", "dp >= 16"};
  auto result = session.solve(r);
  ASSERT_TRUE(result.ok) << (result.diagnostics.empty() ? "" : result.diagnostics[0].message);
  EXPECT_EQ(result.kind, mlsi::api::SolveResult::Kind::solved);
  EXPECT_NEAR(result.si, 8.343149810875875, 1e-11);
  EXPECT_EQ(result.points, 20u);
  EXPECT_EQ(result.feasible, 2u);
  ASSERT_EQ(result.best.size(), 2u);
  ASSERT_EQ(result.best[0].inputs.size(), 2u);
  EXPECT_EQ(result.best[0].inputs[0].name, "tp");
  EXPECT_EQ(result.best[0].inputs[0].value.si, 8);
  EXPECT_EQ(result.best[0].inputs[1].value.si, 8);
  EXPECT_EQ(result.best[0].objective.unit, "s");
  EXPECT_EQ(result.best[1].inputs[0].value.si, 4);
  EXPECT_EQ(result.best[1].inputs[1].value.si, 16);
  ASSERT_TRUE(result.boundary && result.boundary->point);
  EXPECT_EQ(result.boundary->point->inputs[1].value.si, 16);
  EXPECT_EQ(result.boundary->fails, "`dp >= 16` fails: dp = 8, not >= 16");
  ASSERT_TRUE(result.run.ok);
  EXPECT_EQ(result.run.input("dp")->value.si, 16);
  EXPECT_NEAR(result.run.output("step_time")->value.si, 8.343149810875875, 1e-11);
}

}  // namespace
