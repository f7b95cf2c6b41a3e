// Golden files (tests/golden/README.md): every case tests/golden/STAGE/NAME.mls (NAME.toml in catalogue/)
// runs through the CLI from its stage folder, and its exit status and output must equal NAME.out beside it
// exactly. Only the files at the top of a stage folder are cases; its subfolders hold the files that cases
// import or name. The first line may give the command:
//   # mlsi: run {} --set batch=0
// where {} is the file's name; the default is `check {}` (`check-catalogue {}` for a .toml file). Set
// MLSI_UPDATE_GOLDEN=1 to rewrite the .out files, then review the diff: the golden text is the product's
// messages. A test is named after its stage and case: Golden/GoldenCase.PrintsItsOut/check_dimension_add.
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

// The stage folders, each with the extension of its cases.
struct Stage {
  const char* folder;
  const char* extension;
};
constexpr Stage kStages[] = {{"parse", ".mls"},   {"check", ".mls"},    {"runtime", ".mls"}, {"usage", ".mls"},
                             {"catalogue", ".toml"}, {"commands", ".mls"}, {"imports", ".mls"}};

struct GoldenFile {
  std::string stage, name, extension;  // tests/golden/STAGE/NAME.EXTENSION
  fs::path folder() const { return golden_root() / stage; }
  std::string file() const { return name + extension; }
};

void PrintTo(const GoldenFile& c, std::ostream* os) { *os << c.stage << "/" << c.file(); }

std::vector<GoldenFile> golden_cases() {
  std::vector<GoldenFile> out;
  for (const Stage& stage : kStages)
    for (const auto& e : fs::directory_iterator(golden_root() / stage.folder))
      if (e.is_regular_file() && e.path().extension() == stage.extension)
        out.push_back({stage.folder, e.path().stem().string(), stage.extension});
  std::sort(out.begin(), out.end(), [](const GoldenFile& a, const GoldenFile& b) {
    return std::tie(a.stage, a.name) < std::tie(b.stage, b.name);
  });
  return out;
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
  const fs::path dir = c.folder();
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

INSTANTIATE_TEST_SUITE_P(Golden, GoldenCase, ::testing::ValuesIn(golden_cases()),
                         [](const ::testing::TestParamInfo<GoldenFile>& info) { return info.param.stage + "_" + info.param.name; });

}  // namespace
