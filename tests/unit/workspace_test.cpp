// The entries of a Workspace (workspace/workspace.hpp), the library call that both the REPL and `mlsi eval`
// make, and their text and JSON (report/entry_text.hpp). Every expected number is derived by hand in the
// comment beside it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "model/value_json.hpp"
#include "report/entry_text.hpp"
#include "workspace/workspace.hpp"

namespace {

using mlsi::EntryResult;
using mlsi::EntryStatus;

struct Entries {
  mlsi::Workspace workspace{mlsi::ProgramSessionOptions{}, mlsi::EvaluationLimits{}, "<eval>"};
  std::uint32_t line = 1;
  EntryResult enter(const std::string& text) {
    EntryResult r = workspace.enter(text, line++);
    return r;
  }
  std::string text(const EntryResult& r) { return mlsi::entry_text(workspace.program(), r); }
  // The session's diagnostics as the command line shows them, then cleared.
  std::string diagnostics() {
    auto& s = workspace.session();
    std::string out = mlsi::render_all(s.program().sources, s.diagnostics(), false, 50);
    s.diagnostics().clear();
    return out;
  }
};

TEST(Workspace, ExpressionIsItsValueInTheUnitItAsksFor) {
  Entries e;
  ASSERT_TRUE(e.workspace.ready());
  EntryResult r = e.enter("989 TFLOP/s * 0.4 * 30 day -> EFLOP");
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  ASSERT_TRUE(r.is_expression);
  // 989e12 FLOP/s * 0.4 = 3.956e14 FLOP/s; 30 day = 2592000 s; 3.956e14 * 2.592e6 = 1.0253952e21 FLOP.
  EXPECT_DOUBLE_EQ(r.value.number(), 1.0253952e21);
  EXPECT_EQ(r.display.text, "EFLOP");
  // 1.0253952e21 FLOP / 1e18 = 1025.3952 EFLOP, six significant digits: 1025.4.
  EXPECT_EQ(e.text(r), "= 1025.4 EFLOP  [Compute]\n");
}

TEST(Workspace, AnExpressionBecomesAns) {
  Entries e;
  ASSERT_EQ(e.enter("1 GiB").status, EntryStatus::ok);
  EntryResult r = e.enter("ans / (1 byte)");
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  // 1 GiB = 2^30 B = 1073741824 B.
  EXPECT_DOUBLE_EQ(r.value.number(), 1073741824.0);
}

TEST(Workspace, LetsAreEvaluatedWhenDeclaredAndUsedLater) {
  Entries e;
  EntryResult let = e.enter("let hbm = 80 GiB");
  ASSERT_EQ(let.status, EntryStatus::ok) << e.diagnostics();
  ASSERT_EQ(let.declared.size(), 1u);
  EXPECT_EQ(let.declared[0].name, "hbm");
  ASSERT_TRUE(let.declared[0].evaluated);
  // 80 * 2^30 B = 85899345920 B.
  EXPECT_DOUBLE_EQ(let.declared[0].value.number(), 85899345920.0);
  EXPECT_EQ(e.text(let), "hbm = 80 GiB  [Information]\n");
  EntryResult use = e.enter("hbm / (2 byte)");
  ASSERT_EQ(use.status, EntryStatus::ok) << e.diagnostics();
  // 85899345920 B / 2 B = 42949672960: at or above 10^7, so 6 significant digits (docs/language.md §12).
  EXPECT_EQ(e.text(use), "= 4.29497e+10  [Count]\n");
}

TEST(Workspace, ALaterDeclarationReplacesAnEarlierOne) {
  Entries e;
  ASSERT_EQ(e.enter("let n = 2").status, EntryStatus::ok);
  ASSERT_EQ(e.enter("let n = 3").status, EntryStatus::ok) << e.diagnostics();
  EntryResult r = e.enter("n * 7");
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  EXPECT_DOUBLE_EQ(r.value.number(), 21.0);  // 3 * 7
}

TEST(Workspace, AFailedDeclarationDefinesNothing) {
  Entries e;
  // 1e300 * 1e300 overflows to infinity: the let fails when evaluated, and is taken back.
  EntryResult bad = e.enter("let big = 1e300 * 1e300");
  EXPECT_EQ(bad.status, EntryStatus::failed);
  ASSERT_TRUE(bad.failure.has_value());
  e.diagnostics();
  EntryResult after = e.enter("big");
  EXPECT_EQ(after.status, EntryStatus::source_error);
  EXPECT_NE(e.diagnostics().find("big"), std::string::npos);
}

TEST(Workspace, ACheckErrorIsASourceErrorNamedAfterTheEntries) {
  Entries e;
  ASSERT_EQ(e.enter("1 GiB").status, EntryStatus::ok);
  EntryResult r = e.enter("1 GB + 1 s");
  EXPECT_EQ(r.status, EntryStatus::source_error);
  // The second entry is line 2 of `<eval>`.
  EXPECT_EQ(e.diagnostics().rfind("<eval>:2:", 0), 0u);
}

TEST(Workspace, FunctionsAndConfigsAreDeclaredInOrder) {
  Entries e;
  EntryResult r = e.enter("fn twice(x: Count) -> Count = 2 * x\nlet four = twice(2)");
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  ASSERT_EQ(r.declared.size(), 2u);
  EXPECT_EQ(r.declared[0].kind, mlsi::Declared::Kind::function);
  EXPECT_EQ(e.text(r), "fn twice(x: Count) -> Count\nfour = 4  [Count]\n");
}

TEST(Workspace, AnImportEntryLoadsTheFile) {
  Entries e;
  auto previous = std::filesystem::current_path();
  std::filesystem::current_path(MLSI_SOURCE_DIR);
  EntryResult r = e.enter("import \"tests/examples/kv_cache.mls\"");
  std::filesystem::current_path(previous);
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  ASSERT_TRUE(r.loaded.has_value());
  // tests/examples/kv_cache.mls declares the scenario KvCache and its config long_context.
  EXPECT_EQ(e.text(r), "loaded tests/examples/kv_cache.mls: scenario KvCache, config long_context\n");
}

TEST(Workspace, ACommandIsNotAnEntry) {
  Entries e;
  EXPECT_EQ(e.enter(":show H100").status, EntryStatus::source_error);
}

TEST(EntryJson, AQuantityIsWrittenByTheValueJsonWriter) {
  Entries e;
  const std::string text = "2 GiB -> MiB";
  EntryResult r = e.enter(text);
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  const mlsi::Program& p = e.workspace.program();
  // 2 GiB = 2048 MiB = 2147483648 B.
  EXPECT_EQ(mlsi::entry_json(p, text, r), "{\"entry\": \"2 GiB -> MiB\", \"result\": " + mlsi::json_field(p, r.value, r.type, r.display) +
                                              ", \"type\": \"Information\"}");
  EXPECT_NE(mlsi::entry_json(p, text, r).find("\"value\": 2048, \"unit\": \"MiB\", \"si\": 2147483648"), std::string::npos);
}

TEST(EntryJson, ADeclarationListsWhatItDeclared) {
  Entries e;
  const std::string text = "let hbm = 80 GiB";
  EntryResult r = e.enter(text);
  ASSERT_EQ(r.status, EntryStatus::ok) << e.diagnostics();
  const mlsi::Program& p = e.workspace.program();
  const auto& d = r.declared[0];
  EXPECT_EQ(mlsi::entry_json(p, text, r), "{\"entry\": \"let hbm = 80 GiB\", \"declared\": [{\"kind\": \"let\", \"name\": \"hbm\", \"text\": "
                                              "\"hbm = 80 GiB  [Information]\", \"value\": " +
                                              mlsi::json_field(p, d.value, d.type, d.display) + ", \"type\": \"Information\"}]}");
}

}  // namespace
