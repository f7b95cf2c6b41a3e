// The bound on the diagnostics kept (issue #39, item 6): past SessionOptions::max_diagnostics (1000 by
// default, at least --max-errors on the command line) a diagnostic is counted, not kept, and the list ends
// with one entry that says how many were not; the command line, the public API (hence Python and the
// WebAssembly module) and `mlsi mcp` report it. A 10 MB file of a million errors kept all of them
// (1.66 GB) to print 50.
#include <mlsi/mlsi.hpp>

#include <gtest/gtest.h>

#include "cli_harness.hpp"
#include "source/diagnostics.hpp"

namespace {

// `let a = 1` `n` times: the first declares `a`, each of the n - 1 others is the error "`a` is already
// defined", with a label at the first (so no two of them are the same diagnostic, and none is merged).
std::string duplicate_lets(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += "let a = 1\n";
  return text;
}

TEST(DiagnosticsKept, PastTheBoundTheyAreCountedInALastEntry) {
  mlsi::DiagnosticLog ds;
  ds.set_max_kept(3);
  for (int i = 0; i < 3; ++i) ds.warning(mlsi::Span{}, "w");
  EXPECT_EQ(ds.size(), 3u);
  EXPECT_FALSE(ds.has_errors());
  // The fourth is not kept: a warning that says so is added, and stays the last entry.
  ds.warning(mlsi::Span{}, "w").notes.push_back("a note for the scratch diagnostic");
  ASSERT_EQ(ds.size(), 4u);
  EXPECT_EQ(ds.list().back().severity, mlsi::Severity::warning);
  EXPECT_EQ(ds.list().back().message, "1 more diagnostic not kept (at most 3 are kept)");
  EXPECT_TRUE(ds.list().back().notes.empty());
  EXPECT_FALSE(ds.has_errors());
  // An error not kept makes it an error: has_errors() stays true although no kept one is.
  ds.error(mlsi::Span{}, "e");
  ds.add(mlsi::Diagnostic{mlsi::Severity::warning, mlsi::Span{}, "w", {}, {}});
  ASSERT_EQ(ds.size(), 4u);
  EXPECT_EQ(ds.list().back().severity, mlsi::Severity::error);
  EXPECT_EQ(ds.list().back().message, "3 more diagnostics not kept (at most 3 are kept)");
  EXPECT_TRUE(ds.has_errors());
  EXPECT_EQ(ds.not_kept(), 3u);
  EXPECT_EQ(ds.reported(), 6u);  // 3 kept + 3 counted
  ds.clear();
  EXPECT_EQ(ds.size(), 0u);
  EXPECT_EQ(ds.reported(), 0u);
  ds.error(mlsi::Span{}, "kept again");
  EXPECT_EQ(ds.size(), 1u);
}

TEST(DiagnosticsKept, AppendCarriesTheCountOfThoseNotKept) {
  mlsi::DiagnosticLog from;
  from.set_max_kept(2);
  for (int i = 0; i < 5; ++i) from.error(mlsi::Span{}, "e");  // 2 kept, 3 counted
  mlsi::DiagnosticLog to;
  to.set_max_kept(10);
  to.warning(mlsi::Span{}, "before");
  to.append(from);
  // The 2 kept are added (3 entries), the 3 counted stay counted, in a last entry of `to`'s own.
  ASSERT_EQ(to.size(), 4u);
  EXPECT_EQ(to.list().back().message, "3 more diagnostics not kept (at most 10 are kept)");
  EXPECT_EQ(to.reported(), 6u);
  EXPECT_TRUE(to.has_errors());
}

TEST(DiagnosticsKept, CheckKeepsAThousandAndSaysHowManyMore) {
  // 3000 lines: 2999 errors. 1000 are kept, of which 50 are shown (--max-errors) and 950 counted as not
  // shown; 1999 are not kept.
  mlsi_test::TempFile file("kept_dups.mls", duplicate_lets(3000));
  auto r = mlsi_test::mlsi({"check", file.path.string()});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("error: 1999 more diagnostics not kept (at most 1000 are kept)\n"), std::string::npos) << r.err.substr(r.err.size() - 400);
  EXPECT_NE(r.err.find("note: 950 more errors in " + file.path.string() + " not shown (at most 50 are shown per file)\n"), std::string::npos);
  // --max-errors 2000 keeps 2000 and shows them all; 999 are not kept.
  auto more = mlsi_test::mlsi({"check", file.path.string(), "--max-errors", "2000"});
  EXPECT_NE(more.err.find("error: 999 more diagnostics not kept (at most 2000 are kept)\n"), std::string::npos);
  EXPECT_EQ(more.err.find("not shown"), std::string::npos);
  std::size_t shown = 0;
  for (std::size_t at = 0; (at = more.err.find(": error: `a` is already defined\n", at)) != std::string::npos; ++at) ++shown;
  EXPECT_EQ(shown, 2000u);
}

TEST(DiagnosticsKept, TheApiGivesTheLastEntry) {
  mlsi_test::TempFile file("kept_dups_api.mls", duplicate_lets(3000));
  mlsi::api::SessionOptions options;
  options.files = {file.path.string()};
  mlsi::api::Session session(options);
  ASSERT_FALSE(session.ok());
  ASSERT_EQ(session.diagnostics().size(), 1001u);
  const auto& last = session.diagnostics()[1000];
  EXPECT_EQ(last.message, "1999 more diagnostics not kept (at most 1000 are kept)");
  EXPECT_EQ(last.severity, mlsi::api::Severity::error);
  EXPECT_FALSE(last.location.known());
  EXPECT_EQ(session.diagnostics()[999].message, "`a` is already defined");
  EXPECT_NE(session.diagnostics().json().find("\"message\": \"1999 more diagnostics not kept (at most 1000 are kept)\""), std::string::npos);
}

}  // namespace
