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
