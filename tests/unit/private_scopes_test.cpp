// A built-in pack file's dimensions and units are its own (model/private_scopes.hpp, language.md §13.1):
// ServingFleet's `dimension Tokens` and `unit tok: Tokens` are seen by its file, by texts that call it and by
// the values given to its runs; a user's text, the REPL and the API may declare the same names, and the
// prelude's `tok` (a Count label) is unchanged for them.
#include <mlsi/mlsi.hpp>

#include <gtest/gtest.h>

#include "session/session.hpp"
#include "tests/unit/cli_harness.hpp"

namespace {

using mlsi_test::mlsi;

constexpr const char* kOwnTokens =
    "dimension Tokens\n@prefixes(large)\nunit tok: Tokens\n"
    "scenario Mine {\n  input prompt: Tokens = 3 ktok\n  output doubled = prompt * 2\n}\n";

TEST(PrivateScopes, NoPackShadowsAPreludeNameButAReplaceableUnit) {
  mlsi::ProgramSession prelude_only;
  ASSERT_TRUE(prelude_only.check());
  mlsi::ProgramSession all;
  all.load_builtin_scenarios();
  ASSERT_TRUE(all.check());
  const auto& units = all.program().units;
  std::size_t privates = 0;
  for (const auto& u : units.private_units()) {
    ++privates;
    const mlsi::Unit* shadowed = prelude_only.program().units.find(u.name);
    if (shadowed) {
      EXPECT_TRUE(shadowed->replaceable) << u.name << " of a pack shadows the prelude's unit";
    }
  }
  EXPECT_EQ(privates, 1u);  // ServingFleet's `tok`
  for (const auto& name : all.program().dims.private_names())
    EXPECT_EQ(prelude_only.program().dims.find(name), nullptr) << "a pack's dimension " << name << " shadows the prelude's";
  EXPECT_EQ(all.program().dims.private_names(), std::vector<std::string>{"Tokens"});
}

TEST(PrivateScopes, EvalAfterEveryBuiltInFileKeepsThePreludeTok) {
  // `mlsi eval` loads every built-in file: `tok` is still the prelude's Count label, and a user's own
  // `dimension Tokens` does not clash with ServingFleet's.
  auto r = mlsi({"eval", "2 tok + 1", "dimension Tokens", "unit tok: Tokens", "5 tok * 2"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "= 3 tok  [Count]\ndimension Tokens\nunit tok (Tokens) = 1 tok\n= 10 tok  [Tokens]\n");
}

TEST(PrivateScopes, AnEntryThatCallsServingFleetSeesItsTokens) {
  // 2 ktok of prompt: ServingFleet's defaults give 7 replicas (the arithmetic is in
  // tests/golden/commands/run/serving_fleet_tokens_in_a_call.mls); the next entry's `tok` is the prelude's again.
  auto r = mlsi({"eval", "ServingFleet(prompt_tokens = 2 ktok).replicas", "2 ktok + 1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "= 7  [Count]\n= 2.001 ktok  [Count]\n");
}

TEST(PrivateScopes, SetValuesOfAServingFleetRunNameItsTok) {
  auto ok = mlsi({"run", "ServingFleet", "--set", "prompt_tokens=2 ktok", "--format", "csv"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  auto bare = mlsi({"run", "ServingFleet", "--set", "prompt_tokens=1500"});
  EXPECT_EQ(bare.status, 2);
  EXPECT_NE(bare.err.find("input `prompt_tokens` expects Tokens, found Count"), std::string::npos) << bare.err;
  // --vary and --where of a sweep read as in ServingFleet's file too.
  auto sweep = mlsi({"sweep", "ServingFleet", "--vary", "prompt_tokens=1 ktok,2 ktok", "--where", "token_rate > 1 ktok/s", "--format", "csv"});
  EXPECT_EQ(sweep.status, 0) << sweep.err;
}

TEST(PrivateScopes, ADocLineACommentOrAStringNamingServingFleetLoadsNothing) {
  // Only a real use loads a built-in scenario and shows its file's units (language.md §4): not a `## See
  // also:` line, a comment or a `check`'s message. So `tok` is the prelude's Count label, and 1024 tok a
  // Count, not ServingFleet's Tokens (which failed with "expects Count, found Tokens").
  mlsi::ProgramSession session;
  ASSERT_TRUE(session.load_text("pages.mls",
                                "## See also: ServingFleet\n"
                                "scenario Pages {\n"
                                "  input n: Count = 1024 tok  # as ServingFleet's prompt_tokens\n"
                                "  check n > 0 else \"ServingFleet needs a prompt\"\n"
                                "  output pages = n / 16\n"
                                "}\n"));
  EXPECT_TRUE(session.check());
  EXPECT_TRUE(session.diagnostics().list().empty());
  EXPECT_EQ(session.program().find_scenario("ServingFleet"), nullptr);
}

TEST(PrivateScopes, AnInputsFileCallsServingFleetInAStringNotInAComment) {
  mlsi_test::TempFile file("pages.mls", "scenario Pages {\n  input n: Count = 1\n  output pages = n / 16\n}\n");
  // A TOML comment naming ServingFleet: `tok` stays the prelude's, 1024 tok / 16 = 64 pages.
  mlsi_test::TempFile comment("comment.toml", "# as ServingFleet's prompt_tokens\nn = \"1024 tok\"\n");
  auto r = mlsi({"run", file.path.string(), "--inputs", comment.path.string(), "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "n (tok),pages\n1024,64\n");
  // A string is a value: it calls ServingFleet, 6 replicas at its defaults (its worked example, as in
  // own_tokens_and_serving_fleet.mls), and 6 / 16 = 0.375 pages.
  mlsi_test::TempFile call("call.toml", "n = \"ServingFleet().replicas\"  # ServingFleet\n");
  auto c = mlsi({"run", file.path.string(), "--inputs", call.path.string(), "--format", "csv"});
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, "n,pages\n6,0.375\n");
}

TEST(PrivateScopes, AnApiSessionWithItsOwnTokensOpens) {
  // The API session loads every built-in file with the user's: before pack files had scopes of their own,
  // a file declaring `dimension Tokens` did not open.
  mlsi_test::TempFile file("own_tokens.mls", kOwnTokens);
  mlsi::api::SessionOptions options;
  options.files.push_back(file.path.string());
  mlsi::api::Session session(options);
  ASSERT_TRUE(session.ok());
  mlsi::api::RunRequest request;
  request.scenario = "Mine";
  auto result = session.run(request);
  ASSERT_TRUE(result.ok);
  const auto* doubled = result.output("doubled");
  ASSERT_NE(doubled, nullptr);
  EXPECT_EQ(doubled->value.shown, "6 ktok");
  EXPECT_EQ(doubled->value.dimension, "Tokens");
}

}  // namespace
