// The inverse question (issue #20, the library's one-input solve): every expected answer is computed by
// hand from the scenario's formula and the catalogue, in the comment above it.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "solve/solve.hpp"

namespace {

struct Solved {
  mlsi::Outcome outcome;
  mlsi::SolveAnswer answer;
};

Solved solve_for(const std::string& target, const std::string& input, bool maximize, std::vector<std::string> conditions,
                 std::vector<std::string> sets = {}) {
  mlsi::SolveTask r;
  r.run.target = target;
  r.run.sets = std::move(sets);
  r.input = input;
  r.maximize = maximize;
  r.conditions = std::move(conditions);
  mlsi::Solve solve(r);
  Solved s;
  s.outcome = solve.prepare();
  if (s.outcome.ok()) s.outcome = solve.run(s.answer);
  EXPECT_TRUE(s.outcome.ok()) << s.outcome.message << "\n" << mlsi::render_all(solve.session().program().sources, solve.session().diagnostics(), false);
  return s;
}

std::string write_scenario(const std::string& name, const std::string& text) {
  // Named after this process: another build's suite may write the same name at the same time.
  auto path = std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path.string();
}

// ActivationMemory of GPT-3 (L = 96, h = 12288, a = 96, s = 2048, 2-byte values) keeps, per sequence of
// the microbatch, L*s*h = 2415919104 values times 34 + 5*a*s/h = 114 bytes with no recomputation
// (275414777856 B), times 34 with selective recomputation (82141249536 B) and 2 bytes with full
// recomputation (4831838208 B). Under 1 TB (1e12 B): floor(1e12 / each) = 3, 12 and 206.
TEST(Solve, LargestMicrobatchUnderAMemoryBoundForEachRecomputationStrategy) {
  const std::pair<const char*, double> cases[] = {{"none <= 1 TB", 3}, {"selective <= 1 TB", 12}, {"full <= 1 TB", 206}};
  for (const auto& [condition, expected] : cases) {
    Solved s = solve_for("ActivationMemory", "microbatch", true, {condition});
    EXPECT_EQ(s.answer.kind, mlsi::SolveAnswer::Kind::solved) << condition;
    EXPECT_EQ(s.answer.value, expected) << condition;
    EXPECT_TRUE(s.answer.whole);
    ASSERT_TRUE(s.answer.boundary) << condition;
    EXPECT_EQ(s.answer.boundary->si, expected + 1) << condition;
    EXPECT_NE(s.answer.boundary->fails.find(std::string("`") + condition + "` fails"), std::string::npos) << s.answer.boundary->fails;
  }
  // Under 80 GB even one sequence keeps more than 80e9 B with no recomputation: infeasible, at microbatch 1.
  Solved none = solve_for("ActivationMemory", "microbatch", true, {"none <= 80 GB"});
  EXPECT_EQ(none.answer.kind, mlsi::SolveAnswer::Kind::infeasible);
  EXPECT_EQ(none.answer.value, 1);
  // floor(80e9 / 4831838208) = 16.
  EXPECT_EQ(solve_for("ActivationMemory", "microbatch", true, {"full <= 80 GB"}).answer.value, 16);
}

// ZeroSharding of GPT-3 (175e9 parameters, 2 + 2 + 12 = 16 bytes each) on an H100 (80 GiB = 85899345920 B):
// stage 3 keeps 2.8e12 / N bytes per device, which fits from N = ceil(2.8e12 / 85899345920) = ceil(32.596)
// = 33. Stage 2 keeps w * psi = 350e9 B whatever N is: it never fits.
TEST(Solve, FewestDevicesForZeroStage3AndAStageThatNeverFits) {
  Solved s3 = solve_for("ZeroSharding", "n_devices", false, {"fits[3]"});
  EXPECT_EQ(s3.answer.kind, mlsi::SolveAnswer::Kind::solved);
  EXPECT_EQ(s3.answer.value, 33);
  ASSERT_TRUE(s3.answer.boundary);
  EXPECT_EQ(s3.answer.boundary->si, 32);
  Solved s2 = solve_for("ZeroSharding", "n_devices", false, {"fits[2]"});
  EXPECT_EQ(s2.answer.kind, mlsi::SolveAnswer::Kind::infeasible);
}

// A continuous input: a run of 100 days at a sustained share of 1 takes 100 / share days, so finishing
// within 150 days needs share >= 100 / 150 = 2/3, found to the default relative tolerance 1e-9.
TEST(Solve, AContinuousInputToTheStatedTolerance) {
  std::string file = write_scenario("mlsi_solve_share.mls",
                                    "scenario Deadline {\n"
                                    "  input share: Count = 0.5 where share > 0 and share <= 1\n"
                                    "  output days = 100 / share\n"
                                    "}\n");
  Solved s = solve_for(file, "share", false, {"days <= 150"});
  EXPECT_EQ(s.answer.kind, mlsi::SolveAnswer::Kind::solved);
  EXPECT_FALSE(s.answer.whole);
  EXPECT_EQ(s.answer.tolerance, 1e-9);
  EXPECT_LE(std::fabs(s.answer.value - 2.0 / 3.0), 1e-9 * (2.0 / 3.0));
  EXPECT_GE(s.answer.value, 2.0 / 3.0);  // the answer itself satisfies: 100 / share <= 150
  // Bisection: about log2((1 - 0) / (2/3 * 1e-9)) = 31 halvings of the sample interval, plus the samples.
  EXPECT_LT(s.answer.evaluated, 33u + 40u);
}

// A condition that holds, fails and holds again over a whole domain too large to evaluate at every
// value (1..10^9): refused, never a boundary that might be wrong.
TEST(Solve, ANonMonotoneConditionIsDetectedAndRefused) {
  std::string file = write_scenario("mlsi_solve_wave.mls",
                                    "scenario Wave {\n"
                                    "  input x: Count = 1 where is_whole(x) and x >= 1 and x <= 1e9\n"
                                    "  output phase = mod(x, 100000000)\n"
                                    "}\n");
  mlsi::SolveTask r;
  r.run.target = file;
  r.input = "x";
  r.conditions = {"phase < 50000000"};
  mlsi::Solve solve(r);
  ASSERT_TRUE(solve.prepare().ok());
  mlsi::SolveAnswer answer;
  mlsi::Outcome o = solve.run(answer);
  EXPECT_FALSE(o.ok());
  EXPECT_NE(o.message.find("not monotone in `x`"), std::string::npos) << o.message;
}

TEST(Solve, UnboundedWhenEveryValueSatisfiesUpToTheDomainsEnd) {
  // Stage 3 fits at every N from 33 up: the largest N is the end of the domain (2^53), not an answer.
  Solved s = solve_for("ZeroSharding", "n_devices", true, {"fits[3]"});
  EXPECT_EQ(s.answer.kind, mlsi::SolveAnswer::Kind::unbounded);
}

}  // namespace

namespace {

// Feasible only between 5 and 20 (not monotone), in a whole domain small enough to evaluate at every
// value once the search has found where feasibility ends (the default 10 holds, 26 does not): the
// answer is exact, 20, and said not to be monotone.
TEST(Solve, AFeasibleMiddleOfASmallWholeDomainIsScannedExactly) {
  std::string file = write_scenario("mlsi_solve_window.mls",
                                    "scenario Window {\n"
                                    "  input x: Count = 10 where is_whole(x) and x >= 1\n"
                                    "  output inside = x >= 5 and x <= 20\n"
                                    "}\n");
  Solved s = solve_for(file, "x", true, {"inside"});
  EXPECT_EQ(s.answer.kind, mlsi::SolveAnswer::Kind::solved);
  EXPECT_EQ(s.answer.value, 20);
  EXPECT_FALSE(s.answer.monotone);
  ASSERT_TRUE(s.answer.boundary);
  EXPECT_EQ(s.answer.boundary->si, 21);
  EXPECT_EQ(solve_for(file, "x", false, {"inside"}).answer.value, 5);
}

}  // namespace
