// The bound on reading and checking time (base/check_deadline.hpp) that keeps the language server
// answering: none unless a CheckDeadline is in force, the clock read once per 1,024 calls, scopes that
// nest, and the parser and the checker stopping with one diagnostic that says why.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "base/check_deadline.hpp"
#include "index/analysis.hpp"
#include "session/session.hpp"

namespace {

using namespace mlsi;

// A scenario of `outputs` outputs, each a small sum: quick to check a few, slow to check tens of thousands.
std::string many_outputs(int outputs) {
  std::string text = "scenario Big {\n  input a: Information = 2 byte\n";
  for (int i = 0; i < outputs; ++i) text += "  output o" + std::to_string(i) + " = a * " + std::to_string(i) + " + a -> MiB\n";
  return text + "}\n";
}

void wait_past(std::chrono::milliseconds bound) { std::this_thread::sleep_for(bound + std::chrono::milliseconds(5)); }

TEST(CheckDeadline, NoneWithoutAScope) {
  for (int i = 0; i < 5000; ++i) EXPECT_FALSE(check_deadline_passed());
  EXPECT_EQ(check_deadline_milliseconds(), 0u);
  CheckDeadline unbounded(0);
  wait_past(std::chrono::milliseconds(1));
  for (int i = 0; i < 5000; ++i) EXPECT_FALSE(check_deadline_passed());
}

TEST(CheckDeadline, TheClockIsReadEvery1024CallsAndAPassedBoundStaysPassed) {
  CheckDeadline bound(1);
  EXPECT_EQ(check_deadline_milliseconds(), 1u);
  wait_past(std::chrono::milliseconds(1));
  for (int i = 1; i < 1024; ++i) ASSERT_FALSE(check_deadline_passed()) << i;
  EXPECT_FALSE(check_deadline_stopped());
  EXPECT_TRUE(check_deadline_passed());  // the 1,024th call reads the clock
  EXPECT_TRUE(check_deadline_stopped());
  EXPECT_TRUE(check_deadline_passed());
}

TEST(CheckDeadline, AnInnerScopeEndsAndTheOuterHoldsAgain) {
  CheckDeadline outer(60'000);
  {
    CheckDeadline inner(1);
    EXPECT_EQ(check_deadline_milliseconds(), 1u);
    wait_past(std::chrono::milliseconds(1));
    for (int i = 0; i < 1024; ++i) check_deadline_passed();
    EXPECT_TRUE(check_deadline_stopped());
  }
  EXPECT_EQ(check_deadline_milliseconds(), 60'000u);
  EXPECT_FALSE(check_deadline_stopped());
  for (int i = 0; i < 5000; ++i) EXPECT_FALSE(check_deadline_passed());
}

TEST(CheckDeadline, CheckingStopsWithOneErrorThatSaysSo) {
  ProgramSession session;
  ASSERT_TRUE(session.load_text("big.mls", many_outputs(3000)));
  ASSERT_FALSE(session.diagnostics().has_errors());
  // Read without a bound; checked (compiled) under one that has passed before the first expression.
  CheckDeadline bound(1);
  wait_past(std::chrono::milliseconds(1));
  EXPECT_FALSE(session.check());
  const auto& list = session.diagnostics().list();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].message, "checking stopped here: this document takes more than 1 ms to check, the editor's bound (`mlsi check` has none)");
  EXPECT_EQ(session.program().sources.file(list[0].span.file).name, "big.mls");
}

TEST(CheckDeadline, TheSameFileChecksWithoutABound) {
  ProgramSession session;
  ASSERT_TRUE(session.load_text("big.mls", many_outputs(3000)));
  EXPECT_TRUE(session.check());
  EXPECT_TRUE(session.diagnostics().list().empty());
}

TEST(CheckDeadline, TheEditorsAnalysisOfAFileTooLongToReadSaysWhereItStopped) {
  index::AnalysisOptions options;
  options.check_milliseconds = 1;
  // 40,000 outputs (2 MB) take far longer than 1 ms to read: the bound passes while the parser reads.
  index::Analysis a("big.mls", many_outputs(40000), options);
  ASSERT_EQ(a.diagnostics().size(), 1u);
  const Diagnostic& d = a.diagnostics().list()[0];
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.message, "reading stopped here: this document takes more than 1 ms to read and check, the editor's bound (`mlsi check` has none)");
  EXPECT_GT(d.span.begin, 0u);
  // With the default bound (2 s) a 500-line scenario is read, checked and evaluated.
  index::Analysis b("small.mls", many_outputs(500));
  EXPECT_TRUE(b.diagnostics().list().empty());
}

}  // namespace
