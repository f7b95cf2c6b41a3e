// The input format of fuzz_cli (tests/fuzz/cli_case.hpp): how a case is split into its command line and
// files, and that a case is confined to its folder (what the fuzzer must never do is reach the files of
// the machine it runs on).
#include "tests/fuzz/cli_case.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using mlsi::fuzz::CliCase;
using mlsi::fuzz::confine_cli_case;
using mlsi::fuzz::parse_cli_case;

const std::string kFolder = "/tmp/case";

bool nothing_exists(const std::string&) { return false; }

std::optional<CliCase> confined(const std::string& text) {
  auto c = parse_cli_case(text);
  if (!c || !confine_cli_case(*c, kFolder, nothing_exists)) return std::nullopt;
  return c;
}

// The arguments after the command and the caps confine_cli_case puts first.
std::vector<std::string> own_args(const CliCase& c) {
  std::vector<std::string> out{c.args.at(0)};
  out.insert(out.end(), c.args.begin() + 1 + 2 * static_cast<long>(mlsi::fuzz::kLimitCaps.size()), c.args.end());
  return out;
}

TEST(FuzzCliCase, SplitsTheCommandLineAndTheFiles) {
  auto c = parse_cli_case("run {} --set \"bytes=1 byte\" --where \"name == \\\"x\\\"\"\n--- a.mls\nline 1\n\nline 3\n--- sub/b.toml\nx = 1\n--- stdin\n:list");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->args, (std::vector<std::string>{"run", "a.mls", "--set", "bytes=1 byte", "--where", "name == \"x\""}));
  ASSERT_EQ(c->files.size(), 2u);
  EXPECT_EQ(c->files[0].name, "a.mls");
  // The newline before the next `--- ` line separates; the file's own last newline is kept.
  EXPECT_EQ(c->files[0].text, "line 1\n\nline 3");
  EXPECT_EQ(c->files[1].name, "sub/b.toml");
  EXPECT_EQ(c->files[1].text, "x = 1");
  EXPECT_EQ(c->stdin_text, ":list");
}

TEST(FuzzCliCase, RefusesBadFileNames) {
  for (const char* name : {"../x.mls", "/etc/passwd", "a/b/c.mls", "..", "a//b.mls", "x y.mls", "stdin2/../a", ""})
    EXPECT_FALSE(parse_cli_case(std::string("check a.mls\n--- ") + name + "\n")) << name;
  EXPECT_FALSE(parse_cli_case("check a.mls\n--- a.mls\n1\n--- a.mls\n2")) << "a file given twice";
}

TEST(FuzzCliCase, FilesBecomePathsInTheFolder) {
  auto c = confined("sweep a.mls --vary n=1,2 --plot out.svg --catalog=c.toml --inputs sub/i.toml --set n=1\n--- a.mls\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"sweep", "/tmp/case/a.mls", "--vary", "n=1,2", "--plot", "/tmp/case/out.svg",
                                                    "--catalog=/tmp/case/c.toml", "--inputs", "/tmp/case/sub/i.toml", "--set", "n=1"}));
  // A scenario name stays a name; a word naming a file of the case is that file.
  c = confined("run ActivationMemory\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"run", "ActivationMemory"}));
  c = confined("doc lib\n--- lib\nscenario S { output x = 1 }");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"doc", "/tmp/case/lib"}));
  // Every word of check, test, fmt and check-catalogue names a file; `fmt -` is standard input.
  c = confined("fmt - x\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"fmt", "-", "/tmp/case/x"}));
  // mlsi takes a word of a `-` and a digit for a positional one: it is a file too.
  c = confined("check -1\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"check", "/tmp/case/-1"}));
  EXPECT_FALSE(confined("check -1/../../x.mls"));
  // An empty word names no file anywhere: it stays empty.
  c = confined("check \"\" --inputs \"\"\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"check", "", "--inputs", ""}));
  // The config.json of --workload and of `catalogue from-hf`; the subcommand stays a word.
  c = confined("run ServingFit --workload c.json --name K\n--- c.json\n{}");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"run", "ServingFit", "--workload", "/tmp/case/c.json", "--name", "K"}));
  c = confined("catalogue from-hf c.json\n--- c.json\n{}");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"catalogue", "from-hf", "/tmp/case/c.json"}));
  // The allowed devices stay as they are.
  c = confined("run a.mls --inputs /dev/zero -o /dev/full\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(own_args(*c), (std::vector<std::string>{"run", "/tmp/case/a.mls", "--inputs", "/dev/zero", "-o", "/dev/full"}));
}

TEST(FuzzCliCase, RefusesPathsOutsideTheFolder) {
  for (const char* line : {"check /etc/passwd", "test ../..", "fmt --write sub/../../x.mls", "run a.mls --inputs /proc/self/environ",
                           "run a.mls --catalog=~/c.toml", "plot a.mls -o /tmp/x.svg", "sweep a.mls --plot ../x.svg", "doc ../docs",
                           "run ServingFit --workload /etc/x.json", "catalogue from-hf ../c.json", "catalogue from-hf /proc/self/environ"})
    EXPECT_FALSE(confined(line)) << line;
  // Strings in files (imports) and the REPL's `:load`, also spelt with escapes.
  for (const char* text : {"import \"/etc/passwd\"", "import \"\\/etc/passwd\"", "import \"../x.mls\"", "import \"a/../../x.mls\"",
                           "import \"~/x.mls\"", "import \"/dev/zeros\""})
    EXPECT_FALSE(confined(std::string("check a.mls\n--- a.mls\n") + text)) << text;
  EXPECT_TRUE(confined("check a.mls\n--- a.mls\nimport \"/dev/zero\"\nscenario S { output l = [1..4] }"));
  // Outside strings a path is only words (a comment).
  EXPECT_TRUE(confined("check a.mls\n--- a.mls\n# mlsi: show X --catalog ../c.toml /etc/x\nimport \"b.mls\" ## \"1..4\" \"x/..y\""));
  EXPECT_FALSE(confined("repl\n--- stdin\n:load /etc/passwd"));
  EXPECT_FALSE(confined("repl\n--- stdin\n:load ../a.mls"));
  // A bare word that the command would take as a file of the working folder, were it there.
  auto c = parse_cli_case("run build\n");
  ASSERT_TRUE(c);
  EXPECT_FALSE(confine_cli_case(*c, kFolder, [](const std::string& w) { return w == "build"; }));
}

TEST(FuzzCliCase, LoadAtTheReplNamesAFileOfTheFolder) {
  auto c = confined("repl\n--- stdin\nlet x = 1\n  :load \"a.mls\"\n:load sub/b.mls");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->stdin_text, "let x = 1\n:load /tmp/case/a.mls\n:load /tmp/case/sub/b.mls");
}

TEST(FuzzCliCase, CapsTheLimits) {
  auto c = confined("run a.mls --max-steps 99999999 --max-list=1000000 --max-file-size 10 --max-depth 100000\n");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->args, (std::vector<std::string>{"run", "--max-steps", "10000", "--max-list", "16", "--max-file-size", "1048576",
                                               "/tmp/case/a.mls", "--max-steps", "10000", "--max-list=16", "--max-file-size", "10",
                                               "--max-depth", "100000"}));
  EXPECT_FALSE(confined("sweep a.mls --vary a=1,2 --vary b=1,2 --vary c=1,2 --vary=d=1,2")) << "more than kMaxVaries";
}

// Every hand-written seed is a case that runs.
TEST(FuzzCliCase, EverySeedIsACase) {
  namespace fs = std::filesystem;
  int seeds = 0;
  for (const auto& e : fs::directory_iterator(fs::path(MLSI_SOURCE_DIR) / "tests" / "fuzz" / "cli_seeds")) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_TRUE(confined(text.str())) << e.path();
    ++seeds;
  }
  EXPECT_GE(seeds, 24);
}

}  // namespace
