// The bound on a whole call (issue #39, item 7): --max-total-steps (Limits::max_total_steps) sums the
// evaluation steps of every point of a sweep, value of a solve and thread of the call, and stops the call
// with the evaluator's message; and the cancellation hook of the public API (item 12), which the Python
// module's Ctrl-C uses. A sweep of 10,000 points, each within --max-steps, once ran for 25 minutes.
//
// Steps, as the evaluator counts them (eval/evaluator.cpp): one per expression node, and one per entry of
// a list made or combined, so `range(1000)` alone is 1000 steps and every point of `Heavy` more than that.
#include <mlsi/mlsi.hpp>

#include <gtest/gtest.h>

#include "base/call_budget.hpp"
#include "cli_harness.hpp"

namespace {

// `Heavy` makes a list at every point, of a length that depends on the varied input (a list that does not
// is folded to a constant once): each point is evaluated by the tree evaluator, at more than 1000 steps. `Light` is plain arithmetic, which the compiled program
// computes without counting steps.
const char* const kBudgetScenarios = R"(scenario Heavy {
  input x: Count = 1
  output n = len(range(1000 + x))
}
scenario Light {
  input x: Count = 1
  output y = x * 2
}
)";

std::size_t line_count(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

TEST(CallBudget, StepsAddUpOverEveryBudgetInForce) {
  mlsi::CallBudget outer(100);
  EXPECT_EQ(mlsi::CallBudget::current(), &outer);
  {
    mlsi::CallBudget inner(0);  // no bound of its own
    EXPECT_EQ(inner.spend(60), mlsi::CallBudget::Stop::no);
    EXPECT_EQ(inner.spend(40), mlsi::CallBudget::Stop::no);  // 100: not past the bound
    EXPECT_EQ(inner.spend(1), mlsi::CallBudget::Stop::steps);
    EXPECT_EQ(inner.spent_one(), &outer);
  }
  EXPECT_EQ(mlsi::CallBudget::current(), &outer);
}

TEST(CallBudget, AHookIsAskedOnItsOwnThreadAndStopsEveryOne) {
  int asked = 0;
  mlsi::CallBudget budget(0, [&] { return ++asked == 2; });
  EXPECT_EQ(budget.spend(0), mlsi::CallBudget::Stop::no);  // asked once, at the start
  EXPECT_EQ(budget.spend(1000), mlsi::CallBudget::Stop::no);  // not asked again before 2^20 steps
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(budget.spend(std::uint64_t{1} << 20), mlsi::CallBudget::Stop::cancelled);
  EXPECT_EQ(asked, 2);
  // Another thread is not asked, and sees the call cancelled.
  mlsi::CallBudget::Stop seen = mlsi::CallBudget::Stop::no;
  std::thread([&] {
    mlsi::CallBudget::Adopt adopt(&budget);
    seen = mlsi::CallBudget::current()->spend(1);
  }).join();
  EXPECT_EQ(seen, mlsi::CallBudget::Stop::cancelled);
  EXPECT_EQ(asked, 2);
}

TEST(CallBudget, ASweepWhoseWhereBuildsAListStops) {
  // 10,000 points of more than 1000 steps each (x = 1 .. 10000 entries more): more than 10^7 steps in
  // all, each point far within --max-steps. With 10^6 steps for the whole command, fewer than 1000 points
  // are written.
  mlsi_test::TempFile file("budget_where.mls", kBudgetScenarios);
  auto r = mlsi_test::mlsi({"sweep", file.path.string(), "--scenario", "Light", "--vary", "x=1..10000 step 1", "--where",
                            "len(range(1000 + x)) > 0", "--format", "csv", "-j", "1", "--max-total-steps", "1000000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("error: evaluation stopped after 1000000 steps in all\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("= note: raise the limit with --max-total-steps N\n"), std::string::npos) << r.err;
  EXPECT_LT(line_count(r.out), 1000u);
  // Under a bound it does not reach (10,000 points of 1000 + x entries and a few nodes: about 6 * 10^7
  // steps), every point is written: the header and 10,000 rows.
  auto all = mlsi_test::mlsi({"sweep", file.path.string(), "--scenario", "Light", "--vary", "x=1..10000 step 1", "--where",
                              "len(range(1000 + x)) > 0", "--format", "csv", "-j", "1", "--max-total-steps", "100000000"});
  EXPECT_EQ(all.status, 0) << all.err;
  EXPECT_EQ(line_count(all.out), 10001u);
}

TEST(CallBudget, ASweepOnThreadsStops) {
  mlsi_test::TempFile file("budget_threads.mls", kBudgetScenarios);
  auto r = mlsi_test::mlsi({"sweep", file.path.string(), "--scenario", "Heavy", "--vary", "x=1..10000 step 1", "--format", "csv", "-j", "2",
                            "--max-total-steps", "1000000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("error: evaluation stopped after 1000000 steps in all\n"), std::string::npos) << r.err;
}

TEST(CallBudget, ASolveStops) {
  // n = 1000 + x <= 5000: x <= 4000, found in about 80 evaluations of more than 1000 steps each.
  mlsi_test::TempFile file("budget_solve.mls", kBudgetScenarios);
  auto solved = mlsi_test::mlsi({"solve", file.path.string(), "--scenario", "Heavy", "--max", "x", "--such-that", "n <= 5000"});
  EXPECT_EQ(solved.status, 0) << solved.err;
  EXPECT_NE(solved.out.find("x = 4000 is the largest value"), std::string::npos) << solved.out;
  auto r = mlsi_test::mlsi({"solve", file.path.string(), "--scenario", "Heavy", "--max", "x", "--such-that", "n <= 5000", "--max-total-steps", "20000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("error: evaluation stopped after 20000 steps in all\n"), std::string::npos) << r.err;
}

TEST(CallBudget, RefusedLikeEveryNumericOption) {
  auto r = mlsi_test::mlsi({"run", "ActivationMemory", "--max-total-steps", "0"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: --max-total-steps needs a positive whole number, given `0`\nrun `mlsi --help` for usage\n");
}

mlsi::api::SweepRequest heavy_sweep(const std::string& path, const std::string& scenario, const std::string& vary) {
  mlsi::api::SweepRequest r;
  r.run.file = path;
  r.run.scenario = scenario;
  r.vary = {vary};
  r.jobs = 1;
  return r;
}

TEST(CallBudget, TheApiStopsASweepTable) {
  mlsi_test::TempFile file("budget_api.mls", kBudgetScenarios);
  mlsi::api::SessionOptions options;
  options.limits.max_total_steps = 1'000'000;
  mlsi::api::Session session(options);
  for (unsigned jobs : {1u, 2u}) {
    auto request = heavy_sweep(file.path.string(), "Heavy", "x=1..10000 step 1");
    request.jobs = jobs;
    auto table = session.sweep_table(request);
    EXPECT_FALSE(table.ok);
    ASSERT_FALSE(table.diagnostics.empty());
    EXPECT_EQ(table.diagnostics.list().back().message, "evaluation stopped after 1000000 steps in all");
    EXPECT_EQ(table.diagnostics.list().back().category, mlsi::api::Category::evaluation);
  }
  auto document = session.sweep_document(heavy_sweep(file.path.string(), "Heavy", "x=1..10000 step 1"));
  EXPECT_FALSE(document.ok);
  EXPECT_EQ(document.diagnostics.list().back().message, "evaluation stopped after 1000000 steps in all");
}

TEST(CallBudget, TheHookCancelsAnApiSweep) {
  mlsi_test::TempFile file("budget_hook.mls", kBudgetScenarios);
  mlsi::api::Session session;
  // Asked at the first point, then after 2^20 steps (about a thousand points of `Heavy`): the second
  // answer stops the sweep.
  int asked = 0;
  {
    mlsi::api::CancelHook hook([&] { return ++asked == 2; });
    auto table = session.sweep_table(heavy_sweep(file.path.string(), "Heavy", "x=1..10000 step 1"));
    EXPECT_FALSE(table.ok);
    EXPECT_EQ(table.diagnostics.list().back().message, "evaluation cancelled");
  }
  EXPECT_EQ(asked, 2);
  // The compiled program's points count no steps: the hook is asked between their blocks (once when the
  // varied values are read, then at the first block).
  int asked_compiled = 0;
  {
    mlsi::api::CancelHook hook([&] { return ++asked_compiled == 2; });
    auto table = session.sweep_table(heavy_sweep(file.path.string(), "Light", "x=1..1000000 step 1"));
    EXPECT_FALSE(table.ok);
    EXPECT_EQ(table.diagnostics.list().back().message, "evaluation cancelled");
  }
  EXPECT_EQ(asked_compiled, 2);
  // Without a hook in force the same sweep runs to its end.
  auto table = session.sweep_table(heavy_sweep(file.path.string(), "Light", "x=1..1000 step 1"));
  EXPECT_TRUE(table.ok) << table.diagnostics.render();
  EXPECT_EQ(table.rows, 1000u);
}

}  // namespace
