// Imports and memory safety (issue 16, items 1 and 3): a file with many imports, whose reading adds
// sources while the importing file's own entry is in use, and a chain of imports as deep as
// --max-import-depth allows, which must end with a diagnostic rather than overflow the stack.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "base/stack_guard.hpp"
#include "tests/unit/cli_harness.hpp"

namespace fs = std::filesystem;

namespace {

using mlsi_test::Result;
using mlsi_test::mlsi_here;

struct ImportScratch : mlsi_test::ScratchDir {
  ImportScratch() : ScratchDir("mlsi_import_memory_test") {}
};

// main.mls imports v0.mls ... v{n-1}.mls, where vI.mls is `let vI = I`, and outputs their sum.
std::string many_imports(const ImportScratch& s, int n) {
  std::string main, sum;
  for (int i = 0; i < n; ++i) {
    std::string name = "v" + std::to_string(i);
    s.write(name + ".mls", "let " + name + " = " + std::to_string(i) + "\n");
    main += "import \"" + name + ".mls\"\n";
    sum += (i ? " + " : "") + name;
  }
  main += "\nscenario Sum {\n  output total = " + sum + "\n}\n";
  return s.write("main.mls", main);
}

// a0.mls imports a1.mls, which imports a2.mls, ... a{n}.mls, which declares `last`.
std::string import_chain(const ImportScratch& s, int n) {
  for (int i = 0; i < n; ++i) s.write("a" + std::to_string(i) + ".mls", "import \"a" + std::to_string(i + 1) + ".mls\"\n");
  s.write("a" + std::to_string(n) + ".mls", "let last = 1\n");
  return s.write("main.mls", "import \"a0.mls\"\n\nscenario Last {\n  output x = last\n}\n");
}

}  // namespace

// Each import adds a source file while the importing file's entry is read for the next import: with
// the sources in a vector, its reallocation left that entry dangling (15 imports: a bogus "`import` is
// only allowed in a file on disk"; 100: a crash).
TEST(ImportMemory, FifteenImports) {
  ImportScratch s;
  auto r = mlsi_here({"run", many_imports(s, 15), "--format", "csv"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
  // 0 + 1 + ... + 14 = 14 * 15 / 2 = 105.
  EXPECT_EQ(r.out, "total\n105\n");
}

TEST(ImportMemory, HundredImports) {
  ImportScratch s;
  auto r = mlsi_here({"run", many_imports(s, 100), "--format", "csv"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.status, 0);
  // 0 + 1 + ... + 99 = 99 * 100 / 2 = 4950.
  EXPECT_EQ(r.out, "total\n4950\n");
}

// The deepest chain the options allow: main.mls, a0.mls ... a999.mls is 1001 files, so the import in
// a998.mls (the 1000th file) of a999.mls would make the chain 1001 deep.
TEST(ImportMemory, ThousandDeepChainEndsWithADiagnostic) {
  ImportScratch s;
  auto top = import_chain(s, 999);
  auto r = mlsi_here({"check", top, "--max-import-depth", "1000"});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("a998.mls:1:1: error: imports nested deeper than 1000"), std::string::npos) << r.err.substr(0, 500);
}

namespace {

// Calls `run` from so deep in the stack that only about `headroom` frames of 4 KiB are left before
// mlsi::stack_exhausted() (half of the stack): descends until the guard says so, then climbs back
// `headroom` frames. Whatever the build's frame sizes, `run` then finds the guard near.
template <class Run>
int descend(Run& run, int headroom) {
  volatile char frame[4096];
  frame[0] = 1;
  if (mlsi::stack_exhausted()) return headroom;
  int left = descend(run, headroom);
  if (left == 0) run();
  return left - frame[0];  // reading the frame keeps it
}

}  // namespace

// Import recursion is under the stack guard: with little stack left, a chain the options allow stops
// with one diagnostic at the import that would have gone deeper, instead of a stack overflow.
TEST(ImportMemory, ChainRunningOutOfStackIsADiagnostic) {
  ImportScratch s;
  auto top = import_chain(s, 999);
  Result r;
  bool ran = false;
  auto run = [&] {
    r = mlsi_here({"check", top, "--max-import-depth", "1000"});
    ran = true;
  };
  descend(run, 64);  // 256 KiB: far less than 1000 nested imports take
  ASSERT_TRUE(ran);
  EXPECT_EQ(r.status, 3);
  std::smatch m;
  std::regex first("a([0-9]+)\\.mls:1:1: error: imports nested too deep to read: this chain of imports runs out of stack\n"
                   " 1 \\| import \"a[0-9]+\\.mls\"\n"
                   "   \\| \\^~+\n"
                   "   = note: the chain is ([0-9]+) files long here; import the files from fewer levels\n");
  ASSERT_TRUE(std::regex_search(r.err, m, first)) << r.err.substr(0, 800);
  // The chain is main.mls, a0.mls ... aK.mls, and the import in aK.mls would be its K + 3rd file.
  EXPECT_EQ(std::stoi(m[2].str()), std::stoi(m[1].str()) + 3);
  // Said once; the rest is what follows from a999.mls not being read (`last` is unknown).
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = r.err.find(what); at != std::string::npos; at = r.err.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("runs out of stack"), 1u);
  EXPECT_EQ(count("error:"), 2u) << r.err.substr(0, 2000);
  EXPECT_NE(r.err.find("main.mls:4:14: error: unknown name `last`"), std::string::npos) << r.err.substr(0, 2000);
}
