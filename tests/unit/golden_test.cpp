// Golden files (tests/golden/README.md): every case tests/golden/STAGE/NAME.mls (NAME.toml in catalogue/,
// and tests/golden/commands/COMMAND/NAME.mls in commands/) runs through the CLI from its own folder, and its
// exit status and output must equal NAME.out beside it exactly. Only the files at the top of a case folder
// are cases; its subfolders hold the files that cases import or name. The first line may give the command:
//   # mlsi: run {} --set batch=0
// where {} is the file's name; the default is `check {}` (`check-catalogue {}` for a .toml file). Set
// MLSI_UPDATE_GOLDEN=1 to rewrite the .out files, then review the diff: the golden text is the product's
// messages. A test is named after its folder and case, `/` written `_`:
// Golden/GoldenCase.PrintsItsOut/check_dimension_add, Golden/GoldenCase.PrintsItsOut/commands_sweep_sweep_shard.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <tuple>

#include "cli/cli.hpp"
#include "tests/unit/test_support.hpp"

namespace fs = std::filesystem;

namespace {

using mlsi_test::read_file;

const fs::path& golden_root() {
  static const fs::path root = fs::path(MLSI_SOURCE_DIR) / "tests" / "golden";
  return root;
}

// The stage folders, each with the extension of its cases. A stage `by_command` holds no case itself but one
// folder per command (commands/sweep/, commands/run/, ...), whose top files are its cases.
struct Stage {
  const char* folder;
  const char* extension;
  bool by_command = false;
};
constexpr Stage kStages[] = {{"parse", ".mls"},     {"check", ".mls"},          {"runtime", ".mls"},
                             {"usage", ".mls"},     {"catalogue", ".toml"},     {"commands", ".mls", true},
                             {"imports", ".mls"}};

struct GoldenFile {
  std::string stage;   // parse, commands, ...
  std::string folder;  // from tests/golden: the stage, or the stage and the command (commands/sweep)
  std::string name, extension;  // tests/golden/FOLDER/NAME.EXTENSION
  fs::path dir() const { return golden_root() / folder; }
  std::string file() const { return name + extension; }
};

void PrintTo(const GoldenFile& c, std::ostream* os) { *os << c.folder << "/" << c.file(); }

// The case folders of a stage: the stage folder, or each folder in it for a stage by command.
std::vector<std::string> case_folders(const Stage& stage) {
  if (!stage.by_command) return {stage.folder};
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(golden_root() / stage.folder))
    if (e.is_directory()) out.push_back(std::string(stage.folder) + "/" + e.path().filename().string());
  return out;
}

std::vector<GoldenFile> golden_cases() {
  std::vector<GoldenFile> out;
  for (const Stage& stage : kStages)
    for (const std::string& folder : case_folders(stage))
      for (const auto& e : fs::directory_iterator(golden_root() / folder))
        if (e.is_regular_file() && e.path().extension() == stage.extension)
          out.push_back({stage.folder, folder, e.path().stem().string(), stage.extension});
  std::sort(out.begin(), out.end(), [](const GoldenFile& a, const GoldenFile& b) {
    return std::tie(a.folder, a.name) < std::tie(b.folder, b.name);
  });
  return out;
}

// A test's name: the case's folder and name, `/` written `_` (commands_sweep_sweep_shard).
std::string test_name(const GoldenFile& c) {
  std::string name = c.folder + "_" + c.name;
  std::replace(name.begin(), name.end(), '/', '_');
  return name;
}

std::vector<std::string> command_of(const std::string& source, const std::string& file) {
  std::string line = source.substr(0, source.find('\n'));
  std::string spec = file.ends_with(".toml") ? "check-catalogue {}" : "check {}";
  const std::string marker = "# mlsi:";
  if (line.rfind(marker, 0) == 0) spec = line.substr(marker.size());
  std::vector<std::string> args;
  // Words separated by spaces; a word in double quotes may hold spaces, and `\"` a double quote.
  std::string word;
  bool quoted = false, any = false, escaped = false;
  for (char c : spec) {
    if (escaped) {
      word += c;
      escaped = false;
      continue;
    }
    if (c == '\\' && quoted) { escaped = true; continue; }
    if (c == '"') { quoted = !quoted; any = true; continue; }
    if (c == ' ' && !quoted) {
      if (any) args.push_back(word == "{}" ? file : word);
      word.clear();
      any = false;
      continue;
    }
    word += c;
    any = true;
  }
  if (any) args.push_back(word == "{}" ? file : word);
  return args;
}

class GoldenCase : public ::testing::TestWithParam<GoldenFile> {};

TEST_P(GoldenCase, PrintsItsOut) {
  const GoldenFile& c = GetParam();
  const fs::path dir = c.dir();
  std::string source = read_file(dir / c.file());
  auto args = command_of(source, c.file());
  auto previous = fs::current_path();
  fs::current_path(dir);
  std::ostringstream out, err;
  int status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false});
  fs::current_path(previous);
  std::string actual = "exit: " + std::to_string(status) + "\n" + out.str() + err.str();
  const fs::path expected_path = dir / (c.name + ".out");
  if (std::getenv("MLSI_UPDATE_GOLDEN")) {
    std::ofstream(expected_path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path << "; actual output:\n" << actual;
  EXPECT_EQ(read_file(expected_path), actual);
  // `nan` as a word: `maintenance` (an input of TrainingRun) holds the letters.
  EXPECT_FALSE(std::regex_search(actual, std::regex("\\bnan\\b"))) << "a golden output prints nan";
}

// Every stage folder holds cases: a folder left empty by a mistake in a path would pass silently.
TEST(GoldenStages, EachHoldsCases) {
  auto cases = golden_cases();
  for (const Stage& stage : kStages)
    EXPECT_TRUE(std::any_of(cases.begin(), cases.end(), [&](const GoldenFile& c) { return c.stage == stage.folder; }))
        << "no case in tests/golden/" << stage.folder;
}

// A stage by command holds only command folders: a case left at its top would not run, and each command
// folder holds cases.
TEST(GoldenStages, ByCommandHoldsOnlyCommandFolders) {
  auto cases = golden_cases();
  for (const Stage& stage : kStages) {
    if (!stage.by_command) continue;
    for (const auto& e : fs::directory_iterator(golden_root() / stage.folder))
      EXPECT_TRUE(e.is_directory()) << "tests/golden/" << stage.folder << " holds a file at its top: " << e.path();
    for (const std::string& folder : case_folders(stage))
      EXPECT_TRUE(std::any_of(cases.begin(), cases.end(), [&](const GoldenFile& c) { return c.folder == folder; }))
          << "no case in tests/golden/" << folder;
  }
}

// Two cases with the same test name (commands/a_b/c and commands/a/b_c) would make the suite refuse to run.
TEST(GoldenStages, TestNamesAreUnique) {
  std::vector<std::string> names;
  for (const GoldenFile& c : golden_cases()) names.push_back(test_name(c));
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenCase, ::testing::ValuesIn(golden_cases()),
                         [](const ::testing::TestParamInfo<GoldenFile>& info) { return test_name(info.param); });

}  // namespace
