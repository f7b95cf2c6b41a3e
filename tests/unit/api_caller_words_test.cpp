// The caller's words (mlsi/options.hpp SessionOptions::words, docs/api.md "The caller's words"): the
// library's messages advise with what the caller passed, by its name in this API unless the caller gives
// its own, never with a command-line flag.
#include <mlsi/mlsi.hpp>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/unit/cli_harness.hpp"

namespace {

using mlsi_test::TempFile;

// `First` needs its input; a file of two scenarios needs one chosen; `Deep` recurses k = 50 deep and
// makes a list of k entries.
constexpr const char* kWords =
    "scenario First {\n  input n: Count\n  output twice: Count = 2 * n\n}\n\n"
    "fn deep(k: Count) -> Count = if k <= 0 then 0 else 1 + deep(k - 1)\n\n"
    "scenario Deep {\n  input k: Count = 50\n  output d: Count = deep(k)\n  output xs: Count = len(range(k))\n}\n";

std::vector<std::string> notes(const mlsi::api::Diagnostics& diagnostics) {
  std::vector<std::string> out;
  for (const auto& d : diagnostics)
    for (const auto& n : d.notes) out.push_back(n.message);
  return out;
}

mlsi::api::RunRequest run_of(const TempFile& file, const std::string& scenario) {
  mlsi::api::RunRequest r;
  r.file = file.path.string();
  r.scenario = scenario;
  return r;
}

TEST(ApiCallerWords, ByDefaultEachIsTheFieldsOwnName) {
  TempFile file("api_words.mls", kWords);
  mlsi::api::Session plain;
  auto missing = plain.run(run_of(file, "First"));
  ASSERT_EQ(missing.diagnostics.size(), 1u);
  EXPECT_EQ(missing.diagnostics[0].message, "input `n` has no default and was not given");
  // No inputs file: the API reads none.
  EXPECT_EQ(notes(missing.diagnostics), std::vector<std::string>{"give it with set n=VALUE or in a config"});

  auto several = plain.run(run_of(file, ""));
  ASSERT_EQ(several.diagnostics.size(), 1u);
  EXPECT_EQ(several.diagnostics[0].message, "`" + file.path.string() + "` declares several scenarios (First, Deep); choose one with scenario NAME");

  mlsi::api::RunRequest bad;
  bad.scenario = "ActivationMemory";
  bad.set("microbatch", "4 GB");
  auto located = plain.run(bad);
  ASSERT_EQ(located.diagnostics.size(), 1u);
  EXPECT_EQ(located.diagnostics[0].location.file, "set");

  mlsi::api::SessionOptions steps;
  steps.limits.max_steps = 10;
  auto stopped = mlsi::api::Session(steps).run(run_of(file, "Deep"));
  ASSERT_EQ(stopped.diagnostics.size(), 1u);
  EXPECT_EQ(stopped.diagnostics[0].message, "evaluation stopped after 10 steps");
  EXPECT_EQ(notes(stopped.diagnostics), std::vector<std::string>{"raise the limit with max_steps N"});

  // The limits by their names in Limits, where the command line's differ (--max-depth, --max-list).
  mlsi::api::SessionOptions shallow;
  shallow.limits.max_call_depth = 10;
  EXPECT_EQ(notes(mlsi::api::Session(shallow).run(run_of(file, "Deep")).diagnostics),
            std::vector<std::string>{"raise the limit with max_call_depth N"});
  mlsi::api::SessionOptions short_lists;
  short_lists.limits.max_list_length = 10;
  EXPECT_EQ(notes(mlsi::api::Session(short_lists).run(run_of(file, "Deep")).diagnostics),
            std::vector<std::string>{"raise the limit with max_list_length N"});

  mlsi::api::SessionOptions few;
  few.limits.max_sweep_points = 2;
  mlsi::api::SweepRequest sweep;
  sweep.run.scenario = "ActivationMemory";
  sweep.vary = {"microbatch=1,2,4"};
  auto refused = mlsi::api::Session(few).sweep(sweep, [](const auto&, const auto&) { return true; });
  ASSERT_EQ(refused.diagnostics.size(), 1u);
  EXPECT_EQ(refused.diagnostics[0].message,
            "the sweep has 3 points, more than the limit of 2; vary fewer values, or raise the limit with max_sweep_points N (at most 9007199254740992)");
}

TEST(ApiCallerWords, ACallersWordsReplaceThem) {
  TempFile file("api_words_given.mls", kWords);
  mlsi::api::SessionOptions options;
  options.limits.max_steps = 10;
  options.words["max_steps"] = {"limits.maxSteps", "limits: {maxSteps: {}}"};  // a name and a form
  options.words["set"] = {"inputs", "{}"};
  options.words["inputs"] = {"inputs_file", ""};  // a way the API alone does not have: offered
  options.words["config"] = {};                     // a way this caller has not: left out
  options.words["scenario"] = {"scenario:", ""};
  mlsi::api::Session session(options);
  EXPECT_EQ(notes(session.run(run_of(file, "Deep")).diagnostics), std::vector<std::string>{"raise the limit with limits: {maxSteps: N}"});
  EXPECT_EQ(notes(session.run(run_of(file, "First")).diagnostics),
            std::vector<std::string>{"give it with n=VALUE or with inputs_file FILE.toml"});
  EXPECT_EQ(session.run(run_of(file, "")).diagnostics[0].message,
            "`" + file.path.string() + "` declares several scenarios (First, Deep); choose one with scenario: NAME");
  mlsi::api::RunRequest bad;
  bad.scenario = "ActivationMemory";
  bad.set("microbatch", "4 GB");
  EXPECT_EQ(session.run(bad).diagnostics[0].location.file, "inputs");
}

}  // namespace
