// Every limit of language.md "Limits" ends an over-large or over-deep input with a clear error and the
// right exit status, never a crash, a hang or a stack overflow (issue #9). The inputs are generated
// here, in a scratch folder, rather than committed: 100,000 `(`, chains of 20,000 definitions, imports
// 40 deep, a 17 MiB file, a 10 MB file.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

using mlsi_test::Result;

struct LimitsScratch : mlsi_test::ScratchDir {
  LimitsScratch() : ScratchDir("mlsi_limits_test") {}
};

using mlsi_test::mlsi_here;

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// The first line of the error output (the rest is the source line and carets).
std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// ---- nesting (parser.hpp kMaxNesting, --max-nesting) --------------------------------------------

TEST(Limits, FileOfAHundredThousandOpeningParentheses) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("parens.mls", std::string(100000, '('))});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "parens.mls:1:1: error: syntax error: expected a declaration");
}

TEST(Limits, AHundredThousandNestedParenthesesInAnExpression) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("parens.mls", "let x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: syntax error: nesting deeper than 200 levels");
}

TEST(Limits, UnclosedParenthesesToTheEndOfTheFile) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("parens.mls", "let x = " + std::string(100000, '('))});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: syntax error: nesting deeper than 200 levels");
}

TEST(Limits, NestingLimitIsAnOption) {
  LimitsScratch s;
  auto file = s.write("parens.mls", "let x = " + std::string(60, '(') + "1" + std::string(60, ')') + "\n");
  EXPECT_EQ(mlsi_here({"check", file}).status, 0);
  auto r = mlsi_here({"check", file, "--max-nesting", "50"});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: syntax error: nesting deeper than 50 levels");
}

TEST(Limits, PowerTowerCountsAsNesting) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("tower.mls", "let x = " + repeat("2^", 100000) + "2\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: syntax error: nesting deeper than 200 levels");
}

TEST(Limits, NegationsAndNotsCountAsNesting) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("neg.mls", "let x = " + std::string(100000, '-') + "1\nlet y = " + repeat("not ", 100000) + "true\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "neg.mls:1:");
  EXPECT_CONTAINS(first_line(r.err), "nesting deeper than 200 levels");
}

TEST(Limits, NestedListTypes) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("types.mls", "scenario S {\n  input x: " + repeat("List[", 100000) + "Count" + std::string(100000, ']') + "\n}\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "nesting deeper than 200 levels");
}

// ---- operator chains (parser.hpp kMaxChain) ------------------------------------------------------

TEST(Limits, LongSumIsTooDeep) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("sum.mls", "let x = " + repeat("1 + ", 100000) + "1\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "sum.mls:1:9: error: syntax error: expression too deep: more than 1000 operators chained along one path");
}

TEST(Limits, SumOfAThousandTermsIsFine) {
  LimitsScratch s;
  auto r = mlsi_here({"run", s.write("sum.mls", "scenario S {\n  output x = " + repeat("1 + ", 999) + "1\n}\n")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_CONTAINS(r.out, "x  1000");
}

TEST(Limits, LongIndexAndCallChains) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("index.mls", "let x = [1]" + repeat("[0]", 100000) + "\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "expression too deep");
  r = mlsi_here({"check", s.write("field.mls", "let x = H100" + repeat(".memory", 100000) + "\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "expression too deep");
}

TEST(Limits, ChainsInsideParenthesesAddUp) {
  // 150 levels of `1 + (...)`, each with a chain of 10: 1,500 operators along one path.
  LimitsScratch s;
  std::string e = "1";
  for (int i = 0; i < 150; ++i) e = repeat("1 + ", 10) + "(" + e + ")";
  auto r = mlsi_here({"check", s.write("nested.mls", "let x = " + e + "\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "expression too deep");
}

TEST(Limits, LongDimensionProduct) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("dim.mls", "dimension D = " + repeat("Time * ", 100000) + "Time\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "expression too deep");
}

// ---- chains of definitions: the checker and the evaluator stop before the stack runs out ----------

TEST(Limits, ChainOfTwentyThousandLets) {
  LimitsScratch s;
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "let a" + std::to_string(i) + " = a" + std::to_string(i + 1) + " + 1\n";
  text += "let a20000 = 1\n";
  auto r = mlsi_here({"check", s.write("lets.mls", text)});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: nesting too deep to check: this expression, with the definitions it uses, runs out of stack");
  // Reported once, not once per definition.
  EXPECT_EQ(r.err.find("nesting too deep", r.err.find("nesting too deep") + 1), std::string::npos);
}

TEST(Limits, ChainOfAHundredLetsIsFine) {
  LimitsScratch s;
  std::string text = "scenario S {\n";
  for (int i = 0; i < 100; ++i) text += "  let a" + std::to_string(i) + " = a" + std::to_string(i + 1) + " + 1\n";
  text += "  let a100 = 1\n  output x = a0\n}\n";
  auto r = mlsi_here({"run", s.write("lets.mls", text)});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_CONTAINS(r.out, "x  101");
}

// 3,000 rather than 20,000: the checker looks slots up by a linear search, so a scenario of n members
// takes time in n^2 (20,000 take 8 s).
TEST(Limits, ChainOfThreeThousandScenarioLets) {
  LimitsScratch s;
  std::string text = "scenario S {\n";
  for (int i = 0; i < 3000; ++i) text += "  let a" + std::to_string(i) + " = a" + std::to_string(i + 1) + " + 1\n";
  text += "  let a3000 = 1\n  output x = a0\n}\n";
  auto r = mlsi_here({"run", s.write("lets.mls", text)});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: nesting too deep to check");
}

TEST(Limits, ChainOfTwentyThousandFunctions) {
  LimitsScratch s;
  std::string text;
  for (int i = 0; i < 20000; ++i)
    text += "fn f" + std::to_string(i) + "(x: Count) -> Count = f" + std::to_string(i + 1) + "(x) + 1\n";
  text += "fn f20000(x: Count) -> Count = x\nscenario S {\n  output o = f0(1)\n}\n";
  auto r = mlsi_here({"run", s.write("fns.mls", text), "--max-depth", "100000"});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "error: nesting too deep to check");
}

TEST(Limits, DeepRecursionWithARaisedDepthLimitRunsOutOfStackCleanly) {
  LimitsScratch s;
  auto file = s.write("rec.mls", "fn f(n: Count) -> Count = if n <= 0 then 0 else 1 + f(n - 1)\nscenario S {\n  output q = f(90000)\n}\n");
  auto r = mlsi_here({"run", file});
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(first_line(r.err), "error: calls nested deeper than 200 (a runaway recursion?)");
  r = mlsi_here({"run", file, "--max-depth", "100000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(first_line(r.err), "error: evaluation nested too deeply: it runs out of stack");
}

// A call that fails inside an unused default (shown as not used) must leave the call depth as it was:
// three such defaults once made `expect o == down(198)`, 199 calls deep, exceed the limit of 200.
TEST(Limits, FailedCallsDoNotLeakDepth) {
  LimitsScratch s;
  auto file = s.write("leak.mls",
                      "fn bad(x: Count) -> Count = GPT4.seq_len\n"
                      "fn down(n: Count) -> Count = if n <= 0 then 0 else down(n - 1)\n"
                      "scenario S {\n"
                      "  input a: Count = bad(1)\n  input b: Count = bad(2)\n  input c: Count = bad(3)\n"
                      "  output o = 0\n}\n"
                      "config deep for S {\n  expect o == down(198)\n}\n");
  auto r = mlsi_here({"test", file});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_CONTAINS(r.out, "1 passed, 0 failed");
}

// ---- lists and steps ------------------------------------------------------------------------------

TEST(Limits, HugeRange) {
  LimitsScratch s;
  auto r = mlsi_here({"run", s.write("range.mls", "scenario S {\n  output x = len(range(1e12))\n}\n")});
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(first_line(r.err), "error: `range` of 1000000000000 entries is longer than the limit of 10000000");
}

TEST(Limits, RangeBeyondTwoToTheFiftyThreeIsAnErrorNotAHang) {
  LimitsScratch s;
  auto r = mlsi_here({"run", s.write("range.mls", "scenario S {\n  output x = len(range(1e16, 1e16 + 4))\n}\n")});
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(first_line(r.err), "error: `range` needs whole numbers of at most 2^53 (9007199254740992), given 1e+16");
}

TEST(Limits, ListWorkCountsAsSteps) {
  // 10,000 ranges of 10,000 entries: 10^8 entries made, but only about 30,000 expression nodes.
  LimitsScratch s;
  auto r = mlsi_here({"run", s.write("work.mls", "scenario S {\n  output x = sum([len(range(10000)) for i in range(10000)])\n}\n"),
                 "--max-steps", "1000000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(first_line(r.err), "error: evaluation stopped after 1000000 steps");
}

// ---- files: import depth, file count, file size (session.hpp, --max-import-depth, --max-files, --max-file-size)

// a0.mls imports a1.mls, which imports a2.mls, ... a{n}.mls.
std::string import_chain_of_lets(const LimitsScratch& s, int n) {
  for (int i = 0; i < n; ++i) s.write("a" + std::to_string(i) + ".mls", "import \"a" + std::to_string(i + 1) + ".mls\"\nlet v" + std::to_string(i) + " = 1\n");
  s.write("a" + std::to_string(n) + ".mls", "let last = 1\n");
  return (s.dir / "a0.mls").string();
}

TEST(Limits, ImportDepth) {
  LimitsScratch s;
  auto top = import_chain_of_lets(s, 40);
  auto r = mlsi_here({"check", top});
  EXPECT_EQ(r.status, 3);
  // a0.mls to a31.mls are 32 files deep; the import in a31.mls would make 33.
  EXPECT_CONTAINS(first_line(r.err), "a31.mls:1:1: error: imports nested deeper than 32");
  EXPECT_EQ(mlsi_here({"check", top, "--max-import-depth", "50"}).status, 0);
  r = mlsi_here({"check", top, "--max-import-depth", "5"});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "a4.mls:1:1: error: imports nested deeper than 5");
}

TEST(Limits, FileCount) {
  LimitsScratch s;
  auto top = import_chain_of_lets(s, 5);
  EXPECT_EQ(mlsi_here({"check", top}).status, 0);
  auto r = mlsi_here({"check", top, "--max-files", "3"});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "a2.mls:1:1: error: more than 3 files imported");
}

TEST(Limits, FileLargerThanSixteenMebibytes) {
  LimitsScratch s;
  std::string text = "# " + std::string(17 * 1024 * 1024, 'x') + "\nlet x = 1\n";
  auto big = s.write("big.mls", text);
  auto r = mlsi_here({"check", big});
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "is " + std::to_string(text.size()) + " bytes, more than the limit of 16777216");
  // Imported, the error points at the import.
  auto r2 = mlsi_here({"check", s.write("main.mls", "import \"big.mls\"\n")});
  EXPECT_EQ(r2.status, 3);
  EXPECT_CONTAINS(first_line(r2.err), "main.mls:1:1: error: `");
  EXPECT_CONTAINS(first_line(r2.err), "big.mls` is " + std::to_string(text.size()) + " bytes, more than the limit of 16777216");
}

TEST(Limits, FileSizeIsAnOption) {
  LimitsScratch s;
  auto file = s.write("small.mls", "let x = 1\n" + repeat("# padding\n", 20));
  EXPECT_EQ(mlsi_here({"check", file}).status, 0);
  auto r = mlsi_here({"check", file, "--max-file-size", "100"});
  EXPECT_EQ(r.status, 2);
  EXPECT_CONTAINS(r.err, "small.mls` is 210 bytes, more than the limit of 100");
}

TEST(Limits, LimitOptionsNeedPositiveWholeNumbers) {
  for (const char* option : {"--max-nesting", "--max-import-depth", "--max-files", "--max-file-size"}) {
    auto r = mlsi_here({"check", "x.mls", option, "0"});
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_EQ(first_line(r.err), std::string("error: ") + option + " needs a positive whole number, given `0`");
    r = mlsi_here({"check", "x.mls", option});
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_EQ(first_line(r.err), std::string("error: ") + option + " needs a value");
  }
}

TEST(Limits, HelpListsEveryLimitOption) {
  auto r = mlsi_here({"--help"});
  for (const char* option : {"--max-depth", "--max-list", "--max-steps", "--max-nesting", "--max-import-depth", "--max-files", "--max-file-size",
                             "--max-points"})
    EXPECT_CONTAINS(r.out, option);
}

// ---- big and badly encoded files ------------------------------------------------------------------

TEST(Limits, TenMegabyteFileChecksAndRuns) {
  // 10 MB: 200,000 documented top-level lets and a scenario that sums some of them.
  LimitsScratch s;
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "## value " + std::to_string(i) + " of a long table, padded to fifty bytes\nlet v" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  text += "scenario S {\n  output x = v0 + v1 + v199999\n}\n";
  ASSERT_GT(text.size(), 10u * 1000 * 1000);
  auto r = mlsi_here({"run", s.write("ten_mb.mls", text)});
  EXPECT_EQ(r.status, 0) << first_line(r.err);
  EXPECT_CONTAINS(r.out, "x  200000");
}

TEST(Limits, TenMegabyteLineWithAnErrorAtItsEnd) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("line.mls", "let x = \"" + std::string(10 * 1000 * 1000, 'a') + "\" +\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "line.mls:2:1: error: syntax error: expected an expression, found the end of the input");
}

// `did you mean` compared every unknown name with every known one in a table as large as both names:
// a name of a megabyte took hours and gigabytes. Long names now get no suggestion, at once.
TEST(Limits, UnknownNameOfAMegabyte) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("name.mls", "scenario S {\n  output x = " + std::string(1000000, 'a') + "\n}\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "name.mls:2:14: error: unknown name `aaaa");
  EXPECT_EQ(r.err.find("did you mean"), std::string::npos);
}

TEST(Limits, ImportOfADeviceOrAPipe) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("dev.mls", "import \"/dev/zero\"\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "dev.mls:1:1: error: `/dev/zero` is a system file (under /proc, /sys or /dev), which mlsi does not read");
  // On the command line as in an import: a device is not read at all (file_io_test.cpp: FIFOs).
  r = mlsi_here({"check", "/dev/zero"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: `/dev/zero` is a system file (under /proc, /sys or /dev), which mlsi does not read\n");
  r = mlsi_here({"check", s.write("ok.mls", "let x = 1\n"), "--catalog", "/dev/zero"});
  EXPECT_EQ(r.status, 2);  // named by the command line, as FILE (language.md §16)
  EXPECT_EQ(r.err, "error: catalogue file `/dev/zero` is a system file (under /proc, /sys or /dev), which mlsi does not read\n");
}

TEST(Limits, InvalidUtf8AndNulBytesAreReported) {
  LimitsScratch s;
  auto r = mlsi_here({"check", s.write("nul.mls", std::string("let x = 1\n# a NUL \0 in a comment\n", 33))});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "nul.mls:2:9: error: a NUL byte (0x00) is not allowed in source text");
  r = mlsi_here({"check", s.write("latin1.mls", "let name = \"caf\xe9\"\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(first_line(r.err), "latin1.mls:1:16: error: invalid UTF-8: the byte 0xE9 does not start a valid character here");
}

}  // namespace
