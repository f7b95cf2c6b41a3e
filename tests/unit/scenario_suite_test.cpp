// The built-in scenarios: every validation rule of the specs (tests/scenarios/PACK.rules, README.md there)
// rejects a bad value with an error naming the input, each rule file holds rules of its pack's scenarios
// only, and every scenario runs with --format json with its outputs as keys.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.hpp"
#include "session/session.hpp"
#include "tests/unit/cli_harness.hpp"

namespace fs = std::filesystem;

namespace {

struct Rule {
  std::string pack;   // the rule file's stem: the pack whose scenario it checks
  std::string where;  // file:line, for failure messages
  std::vector<std::string> args;
  std::string expected;  // text the error must contain
  int status = 1;        // 1: an evaluation error; `=> [exit 2] text`: a usage error (a value of the wrong type)
};

// `Scenario --set name=value ... => text`; words in double quotes may hold spaces.
std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::string word;
  bool quoted = false, any = false;
  for (char c : s) {
    if (c == '"') { quoted = !quoted; any = true; continue; }
    if (c == ' ' && !quoted) {
      if (any) out.push_back(word);
      word.clear();
      any = false;
      continue;
    }
    word += c;
    any = true;
  }
  if (any) out.push_back(word);
  return out;
}

std::vector<Rule> rules() {
  std::vector<Rule> out;
  const fs::path dir = fs::path(MLSI_SOURCE_DIR) / "tests" / "scenarios";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".rules") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (line.empty() || line[0] == '#') continue;
      auto arrow = line.find(" => ");
      if (arrow == std::string::npos) continue;
      Rule r;
      r.pack = f.stem().string();
      r.where = f.filename().string() + ":" + std::to_string(n);
      r.args = split_words(line.substr(0, arrow));
      r.args.insert(r.args.begin(), "run");
      r.expected = line.substr(arrow + 4);
      if (r.expected.rfind("[exit 2] ", 0) == 0) {
        r.status = 2;
        r.expected = r.expected.substr(9);
      }
      out.push_back(std::move(r));
    }
  }
  return out;
}

TEST(ScenarioValidation, EveryRuleRejectsABadValueNamingTheInput) {
  auto all = rules();
  for (const auto& r : all) {
    std::ostringstream out, err;
    int status = mlsi::run_cli(r.args, mlsi::CliStreams{out, err, false});
    EXPECT_EQ(status, r.status) << r.where << ": expected exit status " << r.status << "\n" << out.str() << err.str();
    EXPECT_NE(err.str().find(r.expected), std::string::npos)
        << r.where << ": the error does not contain `" << r.expected << "`:\n" << err.str();
  }
}

// Whether a file of scenarios/PACK/ declares the scenario.
bool pack_declares(const std::string& pack, const std::string& scenario) {
  const fs::path dir = fs::path(MLSI_SOURCE_DIR) / "scenarios" / pack;
  if (!fs::is_directory(dir)) return false;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".mls") continue;
    std::ifstream in(e.path());
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("scenario " + scenario + " ", 0) == 0) return true;
  }
  return false;
}

// A rule file is named after its pack (README.md there): a rule of another pack's scenario is in the wrong file.
TEST(ScenarioValidation, EachRuleFileHoldsRulesOfItsPack) {
  auto all = rules();
  ASSERT_FALSE(all.empty());
  for (const auto& r : all)
    EXPECT_TRUE(pack_declares(r.pack, r.args.at(1))) << r.where << ": " << r.args.at(1) << " is not a scenario of scenarios/"
                                                     << r.pack << "/";
}

TEST(ScenarioJson, EveryBuiltInScenarioRunsWithItsOutputsAsKeys) {
  mlsi::ProgramSession session;
  session.load_builtin_scenarios();
  ASSERT_TRUE(session.check());
  for (const auto& s : session.program().scenarios) {
    if (!mlsi_test::runs_with_defaults(s)) continue;
    std::ostringstream out, err;
    int status = mlsi::run_cli({"run", s.name, "--format", "json"}, mlsi::CliStreams{out, err, false});
    EXPECT_EQ(status, 0) << s.name << ": " << err.str();
    EXPECT_NE(out.str().find("{\"scenario\": \"" + s.name + "\""), std::string::npos) << out.str();
    for (int o : s.outputs)
      EXPECT_NE(out.str().find("\"" + s.slots[static_cast<std::size_t>(o)].name + "\": "), std::string::npos)
          << s.name << " lacks output " << s.slots[static_cast<std::size_t>(o)].name;
    std::ostringstream out2, err2;
    EXPECT_EQ(mlsi::run_cli({"run", s.name + "Scenario"}, mlsi::CliStreams{out2, err2, false}), 0)
        << "the seed's class name " << s.name << "Scenario does not run: " << err2.str();
  }
}

}  // namespace
