// session/run_request.hpp: a RunTask loads its target, picks the scenario and gathers the inputs of a
// config and --set texts; every problem comes back as a Failure with a message or the session's
// diagnostics, nothing is printed.
#include <string>

#include "session/run_request.hpp"
#include "verbs/request.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

using mlsi::Failure;
using mlsi_test::TempFile;

using mlsi_test::kGiB;

const mlsi::Scenario& scenario_of(mlsi::ProgramSession& s, const mlsi::PreparedScenario& run) {
  return s.program().scenarios[static_cast<std::size_t>(run.scenario)];
}

const mlsi::InputValue& given(mlsi::ProgramSession& s, const mlsi::PreparedScenario& run, const std::string& input) {
  int slot = scenario_of(s, run).find_slot(input);
  EXPECT_GE(slot, 0) << input;
  const auto& value = run.given.at(static_cast<std::size_t>(slot));
  EXPECT_TRUE(value.has_value()) << input << " was not given";
  return *value;
}

double output(mlsi::ProgramSession& s, const mlsi::PreparedScenario& run, const mlsi::ScenarioRun& result, const std::string& name) {
  int slot = scenario_of(s, run).find_slot(name);
  EXPECT_GE(slot, 0) << name;
  return result.slots.at(static_cast<std::size_t>(slot)).number();
}

mlsi::PreparedScenario prepare(mlsi::ProgramSession& s, const mlsi::RunTask& request) { return mlsi::prepare_run(s, request, {}, 1 << 20); }

TEST(RunTask, ConfigThenSetGiveTheInputs) {
  mlsi::ProgramSession s;
  mlsi::RunTask request{"ActivationMemory", "", "gpt3_seq2048", "", {"microbatch=4"}};
  mlsi::PreparedScenario run = prepare(s, request);
  ASSERT_TRUE(run.outcome.ok()) << run.outcome.message;
  EXPECT_EQ(scenario_of(s, run).name, "ActivationMemory");
  EXPECT_EQ(given(s, run, "microbatch").value.number(), 4);
  // A session given no caller's words names each thing given by its field (base/caller_words.hpp).
  EXPECT_EQ(given(s, run, "microbatch").origin, "set");
  EXPECT_EQ(given(s, run, "seq_len").value.number(), 2048);
  EXPECT_EQ(given(s, run, "seq_len").origin, "config gpt3_seq2048");
  EXPECT_FALSE(run.given.at(static_cast<std::size_t>(scenario_of(s, run).find_slot("workload")))->origin.empty());

  mlsi::ScenarioRun result = mlsi::Evaluator(s.program()).run(run.scenario, run.given);
  // GPT-3: L = 96 layers, h = 12288, a = 96 heads; s = 2048, b = 4, 2-byte values.
  // sbh = 2048 * 4 * 12288 = 100663296 values per layer.
  // full = L * sbh * 2 byte = 96 * 100663296 * 2 = 19327352832 B = 18 GiB;
  // selective = 34/2 * full = 306 GiB; none = (34 + 5 * 96 * 2048 / 12288) / 2 * full = 114 / 2 * 18 = 1026 GiB
  // (the config's 4.5, 76.5 and 256.5 GiB at b = 1, times 4).
  EXPECT_DOUBLE_EQ(output(s, run, result, "full"), 18 * kGiB);
  EXPECT_DOUBLE_EQ(output(s, run, result, "selective"), 306 * kGiB);
  EXPECT_DOUBLE_EQ(output(s, run, result, "none"), 1026 * kGiB);
  EXPECT_TRUE(s.diagnostics().list().empty());
}

TEST(RunTask, UnknownConfigSaysWhichOneWasMeant) {
  mlsi::ProgramSession s;
  mlsi::PreparedScenario run = prepare(s, {"ActivationMemory", "", "gpt3_seq2049", "", {}});
  EXPECT_EQ(run.outcome.failure, Failure::usage);
  EXPECT_EQ(run.outcome.message, "scenario `ActivationMemory` has no config `gpt3_seq2049`; did you mean `gpt3_seq2048`?");
  EXPECT_TRUE(s.diagnostics().list().empty());
}

TEST(RunTask, FindConfigLooksOnlyAtTheScenariosOwn) {
  TempFile f("two_configs.mls",
             "scenario A {\n  input x: Count = 1\n  output y = x\n}\nconfig fast for A { x = 2 }\n"
             "scenario B {\n  input x: Count = 1\n  output y = x\n}\nconfig slow for B { x = 3 }\n");
  mlsi::ProgramSession s;
  ASSERT_TRUE(s.load_file(f.path.string()).has_value());
  ASSERT_TRUE(s.check());
  const mlsi::Program& p = s.program();
  int a = p.find_scenario_index("A");
  mlsi::ConfigLookup fast = mlsi::find_config(p, a, "fast");
  ASSERT_NE(fast.config, nullptr);
  EXPECT_EQ(fast.config->name, "fast");
  EXPECT_EQ(fast.message, "");
  // `slow` is B's: not one of A's, and too far from `fast` to be suggested.
  mlsi::ConfigLookup slow = mlsi::find_config(p, a, "slow");
  EXPECT_EQ(slow.config, nullptr);
  EXPECT_EQ(slow.message, "scenario `A` has no config `slow`");
  EXPECT_EQ(mlsi::find_config(p, a, "fats").message, "scenario `A` has no config `fats`; did you mean `fast`?");

  // A file of two scenarios runs one only when the request names it.
  mlsi::ProgramSession both;
  mlsi::PreparedScenario run = prepare(both, {f.path.string(), "", "", "", {}});
  EXPECT_EQ(run.outcome.failure, Failure::usage);
  EXPECT_EQ(run.outcome.message, "`" + f.path.string() + "` declares several scenarios (A, B); choose one with scenario NAME");
  mlsi::ProgramSessionOptions flags;
  flags.words = mlsi::command_line_words();
  mlsi::ProgramSession cli(flags);
  EXPECT_EQ(prepare(cli, {f.path.string(), "", "", "", {}}).outcome.message,
            "`" + f.path.string() + "` declares several scenarios (A, B); choose one with --scenario NAME");
  mlsi::ProgramSession named;
  run = prepare(named, {f.path.string(), "B", "slow", "", {}});
  ASSERT_TRUE(run.outcome.ok()) << run.outcome.message;
  EXPECT_EQ(scenario_of(named, run).name, "B");
  EXPECT_EQ(given(named, run, "x").value.number(), 3);
}

TEST(RunTask, UnknownTargetIsAUsageFailure) {
  mlsi::ProgramSession s;
  mlsi::PreparedScenario run = prepare(s, {"ActivationMemry", "", "", "", {}});
  EXPECT_EQ(run.outcome.failure, Failure::usage);
  EXPECT_EQ(run.outcome.message, "no file or built-in scenario named `ActivationMemry`; did you mean `ActivationMemory`?");
  mlsi::ProgramSession missing;
  run = prepare(missing, {"no_such_file.mls", "", "", "", {}});
  EXPECT_EQ(run.outcome.failure, Failure::usage);
  EXPECT_EQ(run.outcome.message, "cannot find file `no_such_file.mls`");
  EXPECT_TRUE(missing.diagnostics().list().empty());
}

TEST(RunTask, BadSetIsInTheDiagnostics) {
  mlsi::ProgramSession s;
  mlsi::PreparedScenario run = prepare(s, {"ActivationMemory", "", "", "", {"microbatch=bogus"}});
  EXPECT_EQ(run.outcome.failure, Failure::usage);
  EXPECT_EQ(run.outcome.message, "");
  ASSERT_EQ(s.diagnostics().list().size(), 1u);
  EXPECT_EQ(s.diagnostics().list()[0].message, "unknown name `bogus`");
}

TEST(RunTask, EvaluationFailureIsTheLastDiagnostic) {
  mlsi::ProgramSession s;
  mlsi::PreparedScenario run = prepare(s, {"ActivationMemory", "", "", "", {"microbatch=1/0"}});
  EXPECT_EQ(run.outcome.failure, Failure::evaluation);
  ASSERT_FALSE(s.diagnostics().list().empty());
  EXPECT_EQ(s.diagnostics().list().back().message, "division by zero");
}

TEST(RunTask, WarningsAreKeptApartFromLaterProblems) {
  // `2 s` is two seconds even where `s` is an input: a warning, and the run goes on.
  TempFile f("warns.mls", "scenario W {\n  input s: Count = 2\n  output y = s * 2 s\n}\n");
  mlsi::ProgramSession s;
  mlsi::PreparedScenario run = prepare(s, {f.path.string(), "", "", "", {"s=3"}});
  ASSERT_TRUE(run.outcome.ok()) << run.outcome.message;
  ASSERT_EQ(run.warnings.list().size(), 1u);
  EXPECT_EQ(run.warnings.list()[0].severity, mlsi::Severity::warning);
  EXPECT_EQ(run.warnings.list()[0].message, "`s` after a number is the unit `s`, not the declaration `s`");
  EXPECT_TRUE(s.diagnostics().list().empty());
  // y = 3 * 2 s = 6 s.
  mlsi::ScenarioRun result = mlsi::Evaluator(s.program()).run(run.scenario, run.given);
  EXPECT_EQ(output(s, run, result, "y"), 6);
}

TEST(RunTask, SourceErrorsStayInTheSession) {
  TempFile f("bad_sum.mls", "scenario Bad {\n  input a: Count = 1\n  output b = a + 1 byte\n}\n");
  mlsi::ProgramSession s;
  mlsi::PreparedScenario run = prepare(s, {f.path.string(), "", "", "", {}});
  EXPECT_EQ(run.outcome.failure, Failure::source);
  EXPECT_EQ(run.outcome.message, "");
  ASSERT_TRUE(s.diagnostics().has_errors());
  EXPECT_EQ(s.diagnostics().list()[0].message, "cannot add Count and Information");
}

}  // namespace
