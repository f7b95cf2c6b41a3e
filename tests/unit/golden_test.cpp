// Golden files: every tests/errors/NAME.mls (and tests/errors/catalogue/NAME.toml) runs through the CLI
// and its exit status and output must equal NAME.out beside it exactly. The first line may give the
// command:
//   # mlsi: run {} --set batch=0
// where {} is the file's name; the default is `check {}` (`check-catalogue {}` for a .toml file). Set MLSI_UPDATE_GOLDEN=1 to rewrite the .out
// files, then review the diff: the golden text is the product's error messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.hpp"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Case names are paths under tests/errors without the extension: `batch_below_minimum`, `catalogue/unknown_kind`.
std::vector<std::string> golden_cases() {
  std::vector<std::string> out;
  const fs::path dir = fs::path(MLSI_SOURCE_DIR) / "tests" / "errors";
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".mls") out.push_back(e.path().stem().string());
  if (fs::is_directory(dir / "catalogue"))
    for (const auto& e : fs::directory_iterator(dir / "catalogue"))
      if (e.path().extension() == ".toml") out.push_back("catalogue/" + e.path().stem().string());
  // tests/errors/commands/: commands whose output is not an error (list, show, ...), same mechanism.
  if (fs::is_directory(dir / "commands"))
    for (const auto& e : fs::directory_iterator(dir / "commands"))
      if (e.path().extension() == ".mls") out.push_back("commands/" + e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string extension_of(const std::string& name) { return name.rfind("catalogue/", 0) == 0 ? ".toml" : ".mls"; }

std::vector<std::string> command_of(const std::string& source, const std::string& file) {
  std::string line = source.substr(0, source.find('\n'));
  std::string spec = file.ends_with(".toml") ? "check-catalogue {}" : "check {}";
  const std::string marker = "# mlsi:";
  if (line.rfind(marker, 0) == 0) spec = line.substr(marker.size());
  std::vector<std::string> args;
  // Words separated by spaces; a word in double quotes may hold spaces.
  std::string word;
  bool quoted = false, any = false;
  for (char c : spec) {
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

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, MatchesExpectedOutput) {
  const fs::path dir = fs::path(MLSI_SOURCE_DIR) / "tests" / "errors";
  const std::string name = GetParam();
  std::string source = read(dir / (name + extension_of(name)));
  auto args = command_of(source, name + extension_of(name));
  auto previous = fs::current_path();
  fs::current_path(dir);
  std::ostringstream out, err;
  int status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false});
  fs::current_path(previous);
  std::string actual = "exit: " + std::to_string(status) + "\n" + out.str() + err.str();
  const fs::path expected_path = dir / (name + ".out");
  if (std::getenv("MLSI_UPDATE_GOLDEN")) {
    std::ofstream(expected_path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path << "; actual output:\n" << actual;
  EXPECT_EQ(read(expected_path), actual);
  EXPECT_EQ(actual.find("nan"), std::string::npos) << "a golden output prints nan";
}

INSTANTIATE_TEST_SUITE_P(Errors, Golden, ::testing::ValuesIn(golden_cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (auto& c : n) if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

}  // namespace
