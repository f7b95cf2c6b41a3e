// SweepProgram's two paths, a block of points (run) and one point at a time (run_point), give the same
// doubles and the same verdicts, and both agree with the ordinary evaluator.
#include <cmath>
#include <vector>

#include "eval/evaluator.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"
#include "eval/sweep_program.hpp"

#include <gtest/gtest.h>

namespace {

const char* kScenario = R"(
scenario Mix {
  input x: Count = 4
  input y: Count = 2
  let r = sqrt(x) + y ^ 2
  output z = if x > y then r / y else max(x, y) - 1
  output w = log(x) * 3
  check x < 1000 else "too big"
}
)";

struct Fixture {
  mlsi::ProgramSession session;
  int scenario = -1;
  std::optional<mlsi::SweepProgram> program;
  Fixture() {
    session.load_text("mix.mls", kScenario);
    EXPECT_TRUE(session.check());
    scenario = session.program().find_scenario_index("Mix");
    const auto& sc = session.program().scenarios[static_cast<std::size_t>(scenario)];
    mlsi::GivenInputs given(sc.slots.size());
    auto base = mlsi::Evaluator(session.program()).run(scenario, given);
    program = mlsi::SweepProgram::compile(session.program(), scenario, {sc.find_slot("x"), sc.find_slot("y")}, base, {}, nullptr);
  }
  std::uint32_t reg(const char* name) {
    const auto& sc = session.program().scenarios[static_cast<std::size_t>(scenario)];
    return program->slot_register[static_cast<std::size_t>(sc.find_slot(name))];
  }
};

TEST(SweepProgramPaths, OnePointGivesTheBlockPathsDoubles) {
  Fixture f;
  ASSERT_TRUE(f.program);
  // Points: ordinary ones, x <= y (the other branch), x = 0 (log 0 is -inf: not finite), x = 2000 (the
  // check fails), y = 0 with x > y (division by zero).
  std::vector<double> xs = {4, 9, 1, 2, 0, 2000, 5, 16};
  std::vector<double> ys = {2, 3, 3, 2, 1, 1, 0, 0.5};
  std::vector<const double*> columns = {xs.data(), ys.data()};
  f.program->run(columns, xs.size());
  std::vector<bool> block_ok;
  std::vector<double> block_z, block_w;
  for (std::size_t k = 0; k < xs.size(); ++k) {
    block_ok.push_back(f.program->ok(k));
    block_z.push_back(f.program->value(f.reg("z"), k));
    block_w.push_back(f.program->value(f.reg("w"), k));
  }
  for (std::size_t k = 0; k < xs.size(); ++k) {
    double point[2] = {xs[k], ys[k]};
    EXPECT_EQ(f.program->run_point(point), block_ok[k]) << k;
    if (!block_ok[k]) continue;
    EXPECT_EQ(f.program->point_value(f.reg("z")), block_z[k]) << k;
    EXPECT_EQ(f.program->point_value(f.reg("w")), block_w[k]) << k;
  }
  EXPECT_EQ(block_ok, (std::vector<bool>{true, true, true, true, false, false, false, true}));
  // x = 9, y = 3: r = 3 + 9 = 12, z = 12 / 3 = 4, w = 3 ln 9.
  double nine_three[2] = {9, 3};
  ASSERT_TRUE(f.program->run_point(nine_three));
  EXPECT_EQ(f.program->point_value(f.reg("z")), 4.0);
  EXPECT_DOUBLE_EQ(f.program->point_value(f.reg("w")), 3 * std::log(9.0));
  // x = 1, y = 3 (x <= y): z = max(1, 3) - 1 = 2.
  double one_three[2] = {1, 3};
  ASSERT_TRUE(f.program->run_point(one_three));
  EXPECT_EQ(f.program->point_value(f.reg("z")), 2.0);
}

// An input no formula reads still has its `where` checked, on both paths: the compiled program flags
// the point (1 / e is not finite), and the ordinary evaluator, which the sweep then runs for the
// message, reports it instead of showing `e` as not used.
TEST(SweepProgramPaths, WhereOfAnUnusedInputIsChecked) {
  mlsi::ProgramSession session;
  session.load_text("unused.mls", R"(
scenario Unused {
  input d: Count = 2
  input e: Count = d - 1 where 1 / e > 0
  output y = d * 2
}
)");
  ASSERT_TRUE(session.check());
  const mlsi::Program& p = session.program();
  int scenario = p.find_scenario_index("Unused");
  const auto& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  int d = sc.find_slot("d");
  mlsi::GivenInputs given(sc.slots.size());
  auto base = mlsi::Evaluator(p).run(scenario, given);  // d = 2, e = 1: 1 / 1 > 0
  auto program = mlsi::SweepProgram::compile(p, scenario, {d}, base, {}, nullptr);
  ASSERT_TRUE(program);
  // d = 1 gives e = 0.
  std::vector<double> ds = {2, 1, 3};
  std::vector<const double*> columns = {ds.data()};
  program->run(columns, ds.size());
  EXPECT_EQ((std::vector<bool>{program->ok(0), program->ok(1), program->ok(2)}), (std::vector<bool>{true, false, true}));
  double one = 1;
  EXPECT_FALSE(program->run_point(&one));
  mlsi::InputValue d_one;
  d_one.value = mlsi::Value(1.0);
  d_one.origin = "--vary";
  given[static_cast<std::size_t>(d)] = d_one;
  try {
    mlsi::Evaluator(p).run(scenario, given);
    ADD_FAILURE() << "e = 0 was not checked";
  } catch (const mlsi::EvalError& err) {
    EXPECT_EQ(err.diag.message, "division by zero");
  }
}

}  // namespace

namespace {

// An output shown in a declared unit that its value overflows (1e300 s is 1e309 ns) fails on the tree
// evaluator ("the conversion to `ns` overflows to infinity"). The kernel flags such a point, so that a
// sweep reports the evaluator's message for it rather than a value, or a message of its own, that
// depends on whether the scenario compiles to the kernel.
TEST(SweepProgramPaths, OutputThatOverflowsItsDeclaredUnitIsFlagged) {
  mlsi::ProgramSession session;
  session.load_text("overflow.mls", R"(
scenario Overflow {
  input t: Time = 1e-10 s where t > 0 s
  output slow: Time = t * 1e300 -> ns
  output fast: Time = t / 1e300 -> ns
}
)");
  ASSERT_TRUE(session.check());
  const mlsi::Program& p = session.program();
  int scenario = p.find_scenario_index("Overflow");
  const auto& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  int t = sc.find_slot("t");
  mlsi::GivenInputs given(sc.slots.size());
  auto base = mlsi::Evaluator(p).run(scenario, given);  // 1e-10 s: slow = 1e290 s = 1e299 ns
  auto program = mlsi::SweepProgram::compile(p, scenario, {t}, base, {}, nullptr);
  ASSERT_TRUE(program);
  // 1e-5 s: slow = 1e295 s = 1e304 ns; 1 s: 1e300 s = 1e309 ns, beyond the largest double (1.8e308).
  std::vector<double> ts = {1e-10, 1e-5, 1};
  std::vector<const double*> columns = {ts.data()};
  program->run(columns, ts.size());
  EXPECT_EQ((std::vector<bool>{program->ok(0), program->ok(1), program->ok(2)}), (std::vector<bool>{true, true, false}));
  EXPECT_FALSE(program->run_point(&ts[2]));
  EXPECT_TRUE(program->run_point(&ts[1]));
  given[static_cast<std::size_t>(t)] = mlsi::InputValue{mlsi::Value(1.0), "--vary", sc.slots[static_cast<std::size_t>(t)].display, mlsi::Span{}};
  try {
    mlsi::Evaluator(p).run(scenario, given);
    ADD_FAILURE() << "1e309 ns was shown";
  } catch (const mlsi::EvalError& err) {
    EXPECT_EQ(err.diag.message, "the conversion to `ns` overflows to infinity");
  }
}

}  // namespace

namespace {

// `mod` compiles to the kernel (VOp::mod) with the evaluator's floored remainder: both paths give the
// same doubles, and a divisor of 0 (NaN on the kernel) is flagged, so the sweep reports the evaluator's
// "`mod` by zero".
TEST(SweepProgramPaths, RemainderAgreesWithTheEvaluator) {
  mlsi::ProgramSession session;
  session.load_text("mod.mls", R"(
scenario Remainder {
  input x: Count = 7
  input y: Count = 3
  output r = mod(x, y)
}
)");
  ASSERT_TRUE(session.check());
  const mlsi::Program& p = session.program();
  int scenario = p.find_scenario_index("Remainder");
  const auto& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  int x = sc.find_slot("x"), y = sc.find_slot("y");
  mlsi::GivenInputs given(sc.slots.size());
  auto base = mlsi::Evaluator(p).run(scenario, given);
  auto program = mlsi::SweepProgram::compile(p, scenario, {x, y}, base, {}, nullptr);
  ASSERT_TRUE(program);
  // Floored, the sign of y: 7 = 2*3 + 1; -7 = -3*3 + 2; 7 = -3*(-3) - 2; -7 = 2*(-3) - 1; 6 = 2*3 + 0;
  // 7.5 = 3*2.5 + 0 (exact in binary); -6 mod 3 is +0, not -0; y = 0 is flagged.
  std::vector<double> xs = {7, -7, 7, -7, 6, 7.5, -6, 1};
  std::vector<double> ys = {3, 3, -3, -3, 3, 2.5, 3, 0};
  std::vector<double> expected = {1, 2, -2, -1, 0, 0, 0, 0};
  std::vector<const double*> columns = {xs.data(), ys.data()};
  program->run(columns, xs.size());
  std::uint32_t r = program->slot_register[static_cast<std::size_t>(sc.find_slot("r"))];
  for (std::size_t k = 0; k < xs.size(); ++k) {
    bool divisor_zero = ys[k] == 0;
    EXPECT_EQ(program->ok(k), !divisor_zero) << k;
    double point[2] = {xs[k], ys[k]};
    EXPECT_EQ(program->run_point(point), !divisor_zero) << k;
    mlsi::InputValue xv, yv;
    xv.value = mlsi::Value(xs[k]);
    yv.value = mlsi::Value(ys[k]);
    xv.origin = yv.origin = "--vary";
    given[static_cast<std::size_t>(x)] = xv;
    given[static_cast<std::size_t>(y)] = yv;
    if (divisor_zero) {
      try {
        mlsi::Evaluator(p).run(scenario, given);
        ADD_FAILURE() << "mod by zero was not reported";
      } catch (const mlsi::EvalError& err) {
        EXPECT_EQ(err.diag.message, "`mod` by zero");
      }
      continue;
    }
    double tree = mlsi::Evaluator(p).run(scenario, given).slots[static_cast<std::size_t>(sc.find_slot("r"))].number();
    EXPECT_EQ(program->value(r, k), expected[k]) << k;
    EXPECT_EQ(program->point_value(r), expected[k]) << k;
    EXPECT_EQ(tree, expected[k]) << k;
    if (expected[k] == 0) {
      EXPECT_FALSE(std::signbit(tree) || std::signbit(program->value(r, k))) << "+0, not -0: " << k;
    }
  }
}

}  // namespace

namespace {

// A scenario's own function reads the scenario's slots, and `let ... in` names a value: both compile to
// the kernel (no fall-back to the evaluator), and a slot that calls the function is recomputed when an
// input the function reads (not one of its arguments) is varied.
TEST(SweepProgramPaths, LocalFunctionsAndLetInCompileToTheKernel) {
  mlsi::ProgramSession session;
  session.load_text("local.mls", R"(
scenario Local {
  input p: Count = 10
  input q: Count = 3
  fn scaled(k: Count) -> Count = let twice = 2 * k in p * twice + q
  let fixed = let c = 4 in c * c
  output a = scaled(1)
  output b = let s = scaled(q) in s - fixed
}
)");
  ASSERT_TRUE(session.check());
  const mlsi::Program& p = session.program();
  int scenario = p.find_scenario_index("Local");
  const auto& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  mlsi::GivenInputs given(sc.slots.size());
  auto base = mlsi::Evaluator(p).run(scenario, given);
  std::string why;
  auto program = mlsi::SweepProgram::compile(p, scenario, {sc.find_slot("p"), sc.find_slot("q")}, base, {}, &why);
  ASSERT_TRUE(program) << why;
  auto reg = [&](const char* name) { return program->slot_register[static_cast<std::size_t>(sc.find_slot(name))]; };
  // p = 5, q = 2: a = 5 * 2 + 2 = 12; b = (5 * 4 + 2) - 16 = 6.
  // p = 1, q = 7: a = 1 * 2 + 7 = 9;  b = (1 * 14 + 7) - 16 = 5.
  double first[2] = {5, 2}, second[2] = {1, 7};
  ASSERT_TRUE(program->run_point(first));
  EXPECT_EQ(program->point_value(reg("a")), 12.0);
  EXPECT_EQ(program->point_value(reg("b")), 6.0);
  ASSERT_TRUE(program->run_point(second));
  EXPECT_EQ(program->point_value(reg("a")), 9.0);
  EXPECT_EQ(program->point_value(reg("b")), 5.0);
}

}  // namespace
