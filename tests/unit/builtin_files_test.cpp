// The built-in pack files by name (issue #38): a FILE that is not on disk but names an embedded
// `scenarios/` file is that file, in every command that takes one; a file on disk always wins. And a
// scenario's source (`mlsi show NAME --source`, the REPL's `:source`): the file that declares it, which for
// a built-in scenario must be its file in scenarios/ byte for byte, compared here with the file itself.
#include <filesystem>
#include <regex>
#include <sstream>

#include "cli/cli.hpp"
#include "source/embedded.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

using mlsi_test::mlsi;
using mlsi_test::mlsi_here;
using mlsi_test::read_source;
using mlsi_test::ScratchDir;

// Runs `mlsi ARGS...` with `dir` as the working folder (one that holds no pack file).
mlsi_test::Result mlsi_in(const fs::path& dir, const std::vector<std::string>& args) {
  auto previous = fs::current_path();
  fs::current_path(dir);
  auto r = mlsi_here(args);
  fs::current_path(previous);
  return r;
}

// The name and path of every scenario declared in scenarios/, read from the files on disk.
std::vector<std::pair<std::string, std::string>> pack_scenarios() {
  std::vector<std::pair<std::string, std::string>> out;
  const std::regex declaration("^scenario ([A-Za-z_][A-Za-z0-9_]*)");
  for (const char* pack : {"training", "serving", "systems"})
    for (const auto& entry : fs::directory_iterator(fs::path(MLSI_SOURCE_DIR) / "scenarios" / pack)) {
      std::string path = std::string("scenarios/") + pack + "/" + entry.path().filename().string();
      std::istringstream lines(read_source(path));
      std::smatch m;
      for (std::string line; std::getline(lines, line);)
        if (std::regex_search(line, m, declaration)) out.emplace_back(m[1], path);
    }
  return out;
}

TEST(BuiltinFiles, PacksByName) {
  // A pack by its name or folder; `inference`, the pack serving and systems were split from, is both.
  using V = std::vector<std::string>;
  EXPECT_EQ(mlsi::packs_named("serving"), V{"serving"});
  EXPECT_EQ(mlsi::packs_named("./scenarios/systems/"), V{"systems"});
  EXPECT_EQ(mlsi::packs_named("inference"), (V{"serving", "systems"}));
  EXPECT_EQ(mlsi::packs_named("scenarios/inference"), (V{"serving", "systems"}));
  EXPECT_EQ(mlsi::packs_named("training"), V{"training"});
  EXPECT_EQ(mlsi::packs_named("scenarios"), V{});
  EXPECT_EQ(mlsi::packs_named("stdlib/prelude"), V{});
  EXPECT_EQ(mlsi::packs_named("serving/x"), V{});
  auto inference = mlsi::builtin_pack_paths("inference");
  auto serving = mlsi::builtin_pack_paths("serving"), systems = mlsi::builtin_pack_paths("systems");
  // 7 files of serving (8 scenarios) and 8 of systems: the 15 files the inference pack had.
  EXPECT_EQ(serving.size(), 7u);
  EXPECT_EQ(systems.size(), 8u);
  V both = serving;
  both.insert(both.end(), systems.begin(), systems.end());
  EXPECT_EQ(inference, both);
  EXPECT_EQ(serving.front(), "scenarios/serving/cost_per_token.mls");
}

TEST(BuiltinFiles, NamedByFileNameOrPackPath) {
  auto files = mlsi::embedded_files();
  auto path_of = [&](std::string_view named) -> std::string {
    auto i = mlsi::builtin_pack_file(named);
    return i ? std::string(files[*i].path) : "(none)";
  };
  EXPECT_EQ(path_of("activation_memory.mls"), "scenarios/training/activation_memory.mls");
  EXPECT_EQ(path_of("scenarios/training/activation_memory.mls"), "scenarios/training/activation_memory.mls");
  EXPECT_EQ(path_of("./scenarios/serving/../training/activation_memory.mls"), "scenarios/training/activation_memory.mls");
  EXPECT_EQ(path_of("serving_fleet.mls"), "scenarios/serving/serving_fleet.mls");
  // Another folder, a pack file under the wrong pack, the prelude, a name without its extension: none.
  EXPECT_EQ(path_of("training/activation_memory.mls"), "(none)");
  EXPECT_EQ(path_of("scenarios/serving/activation_memory.mls"), "(none)");
  // The old pack's path of a moved file is not it: files are named where they are.
  EXPECT_EQ(path_of("scenarios/inference/serving_fleet.mls"), "(none)");
  EXPECT_EQ(path_of("stdlib/prelude/units.mls"), "(none)");
  EXPECT_EQ(path_of("units.mls"), "(none)");
  EXPECT_EQ(path_of("activation_memory"), "(none)");
  EXPECT_EQ(mlsi::closest_builtin_file("activation_memori.mls"), "activation_memory.mls");
  EXPECT_EQ(mlsi::closest_builtin_file("scenarios/training/activation_memori.mls"), "scenarios/training/activation_memory.mls");
  EXPECT_EQ(mlsi::closest_builtin_file("elsewhere/activation_memori.mls"), "");
  EXPECT_EQ(mlsi::closest_builtin_file("zzzz.mls"), "");
}

TEST(BuiltinFiles, EveryScenarioSourceIsItsFile) {
  auto scenarios = pack_scenarios();
  ASSERT_GT(scenarios.size(), 60u);
  for (const auto& [name, path] : scenarios) {
    auto r = mlsi({"show", name, "--source"});
    EXPECT_EQ(r.status, 0) << name << r.err;
    EXPECT_EQ(r.out, read_source(path)) << name;
  }
}

TEST(BuiltinFiles, SourceAsJson) {
  ScratchDir dir("mlsi_builtin_json");
  auto r = mlsi_in(dir.dir, {"show", "ActivationMemory", "--source", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text = read_source("scenarios/training/activation_memory.mls");
  std::string escaped;
  for (char c : text) escaped += c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : std::string(1, c);
  EXPECT_EQ(r.out, "{\"scenario\": \"ActivationMemory\", \"file\": \"<builtin>/scenarios/training/activation_memory.mls\", \"source\": \"" +
                       escaped + "\"}\n");
}

TEST(BuiltinFiles, ReplSourceOfABuiltinAndOfItsOwnScenario) {
  ScratchDir dir("mlsi_builtin_repl");
  std::istringstream in(":source ActivationMemory\nscenario Twice {\n  input x: Count = 1\n  output y = 2 * x\n}\n:source Twice\n");
  auto previous = fs::current_path();
  fs::current_path(dir.dir);
  auto r = mlsi_here({"repl"}, &in);
  fs::current_path(previous);
  EXPECT_EQ(r.err, "");
  // The entry that declared Twice, its last line ended.
  EXPECT_EQ(r.out, read_source("scenarios/training/activation_memory.mls") + "scenario Twice: inputs x; outputs y\n" +
                       "scenario Twice {\n  input x: Count = 1\n  output y = 2 * x\n}\n");
  EXPECT_EQ(r.status, 0);
}

TEST(BuiltinFiles, RunCheckTestAndDocFromAFolderWithoutThem) {
  ScratchDir dir("mlsi_builtin_run");
  // The same scenario run by name, by file name and by pack path: the same results.
  auto by_name = mlsi_in(dir.dir, {"run", "ActivationMemory", "--format", "json"});
  ASSERT_EQ(by_name.status, 0) << by_name.err;
  EXPECT_EQ(mlsi_in(dir.dir, {"run", "activation_memory.mls", "--format", "json"}).out, by_name.out);
  EXPECT_EQ(mlsi_in(dir.dir, {"run", "scenarios/training/activation_memory.mls", "--format", "json"}).out, by_name.out);
  auto check = mlsi_in(dir.dir, {"check", "activation_memory.mls"});
  EXPECT_EQ(std::make_tuple(check.status, check.out, check.err), std::make_tuple(0, std::string("activation_memory.mls: ok\n"), std::string()));
  // Its three configs of six `expect`s each (scenarios/training/activation_memory.mls): 18.
  auto test = mlsi_in(dir.dir, {"test", "activation_memory.mls"});
  EXPECT_EQ(test.status, 0) << test.out << test.err;
  EXPECT_TRUE(test.out.ends_with("18 passed, 0 failed\n")) << test.out;
  auto doc = mlsi_in(dir.dir, {"doc", "activation_memory.mls"});
  EXPECT_EQ(doc.status, 0) << doc.err;
  EXPECT_TRUE(doc.out.starts_with("# ActivationMemory\n")) << doc.out;
  // `fmt` prints it (it is canonical); `fmt --check` lists nothing.
  EXPECT_EQ(mlsi_in(dir.dir, {"fmt", "activation_memory.mls"}).out, read_source("scenarios/training/activation_memory.mls"));
  auto fmt_check = mlsi_in(dir.dir, {"fmt", "--check", "activation_memory.mls"});
  EXPECT_EQ(std::make_tuple(fmt_check.status, fmt_check.out), std::make_tuple(0, std::string()));
}

TEST(BuiltinFiles, AFileOnDiskWins) {
  ScratchDir dir("mlsi_builtin_disk");
  std::ofstream(dir.dir / "activation_memory.mls") << "scenario Mine {\n  output one = 1\n}\n";
  auto r = mlsi_in(dir.dir, {"run", "activation_memory.mls"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("one"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("selective"), std::string::npos) << r.out;
  // An import never reaches a built-in file: a file on disk imports files on disk.
  std::ofstream(dir.dir / "imports.mls") << "import \"serving_fleet.mls\"\n";
  auto imported = mlsi_in(dir.dir, {"check", "imports.mls"});
  EXPECT_EQ(imported.status, 3);  // a source error
  EXPECT_NE(imported.err.find("cannot find file `serving_fleet.mls`"), std::string::npos) << imported.err;
}

}  // namespace
