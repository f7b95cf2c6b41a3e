// Work that must grow about linearly with the input (issue #16, item 11), shown by counting work at two
// sizes, never by timing it. The inputs are generated here.
#include <gtest/gtest.h>

#include <sstream>

#include "cli_harness.hpp"
#include "base/work_counters.hpp"

namespace {

std::string outputs(int n) {
  std::string s = "scenario Many {\n  input x: Count = 1\n";
  for (int i = 0; i < n; ++i) s += "  output o" + std::to_string(i) + " = x + " + std::to_string(i) + "\n";
  return s + "}\n";
}

std::uint64_t members_visited_checking(const std::string& text) {
  mlsi_test::TempFile f("many_outputs.mls", text);
  auto before = mlsi::work_counters().scenario_members_visited;
  auto r = mlsi_test::mlsi({"check", f.path.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  return mlsi::work_counters().scenario_members_visited - before;
}

TEST(LinearWork, CheckingAScenarioVisitsEachDeclarationOnce) {
  // A scenario of n outputs (and one input) has n + 1 slots; compiling them looked at every declaration
  // for every slot (n^2 / 2: 50 million for 10,000), and now at each once. Whatever else `check` compiles
  // is the same at both sizes, so the difference is exactly the 10,000 added outputs.
  auto small = members_visited_checking(outputs(10000));
  auto big = members_visited_checking(outputs(20000));
  EXPECT_EQ(big - small, 10000u);
  EXPECT_LE(small, 10001u + 1000u);  // the scenario's own slots, and at most a thousand others
}

// A REPL session of `let a0 = 1`, then `let aK = a(K-1) + 1` up to aN-1, then `aN-1`.
std::string chain_session(int n) {
  std::string s = "let a0 = 1\n";
  for (int i = 1; i < n; ++i) s += "let a" + std::to_string(i) + " = a" + std::to_string(i - 1) + " + 1\n";
  return s + "a" + std::to_string(n - 1) + "\n";
}

TEST(LinearWork, AReplChainOfLetsEvaluatesEachLetOnce) {
  // Each entry shows its let's value. Reading a let evaluated the whole chain below it again: entry K
  // took about 3K steps (quadratic over the session), and past ~4,700 entries the recursion ran out
  // of stack, so every further entry failed. A let's value is now kept once computed: each entry is a
  // few steps (read a(K-1), add 1), so the session passes under --max-steps 10 (a limit per entry)
  // whatever its length, and the last value is the chain's length.
  for (int n : {2500, 5000}) {
    std::istringstream in(chain_session(n));
    std::ostringstream out, err;
    int status = mlsi::run_cli({"repl", "--max-steps", "10"}, mlsi::CliStreams{out, err, false, &in, false});
    EXPECT_EQ(status, 0) << n;
    EXPECT_EQ(err.str(), "") << n;
    std::string last = "= " + std::to_string(n) + "  [Count]\n";
    ASSERT_GE(out.str().size(), last.size());
    EXPECT_EQ(out.str().substr(out.str().size() - last.size()), last) << n;
  }
}


// A scenario whose input defaults to the list [0, 1, ..., n-1] (issue #16, item 11: a 15 MB list took
// 71 s and 5.9 GB).
std::string list_literal(int n) {
  std::string s = "scenario Big {\n  input xs: List[Count] = [";
  for (int i = 0; i < n; ++i) s += (i == 0 ? "" : ", ") + std::to_string(i);
  return s + "]\n  output n = len(xs)\n}\n";
}

struct ListWork {
  std::uint64_t nodes, elements;
};

ListWork work_running(const std::string& text) {
  mlsi_test::TempFile f("big_list.mls", text);
  const auto before = mlsi::work_counters();
  auto r = mlsi_test::mlsi({"run", f.path.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  const auto& after = mlsi::work_counters();
  return {after.parse_nodes_kept - before.parse_nodes_kept, after.list_elements_checked - before.list_elements_checked};
}

TEST(LinearWork, AListLiteralCostsTwoParseNodesAndOneCheckPerElement) {
  // Everything but the list is the same at the three sizes, so each difference is 5,000 added elements.
  // Each element is an `expr` node holding a `number` node: 2 nodes kept (the precedence levels with one
  // operand, disjunction down to postfix, fold into it; they were kept: 9 nodes per element). Each
  // element is checked once. Equal differences: the work grows linearly.
  auto n5 = work_running(list_literal(5000));
  auto n10 = work_running(list_literal(10000));
  auto n15 = work_running(list_literal(15000));
  EXPECT_EQ(n10.nodes - n5.nodes, 2u * 5000u);
  EXPECT_EQ(n15.nodes - n10.nodes, 2u * 5000u);
  EXPECT_EQ(n10.elements - n5.elements, 5000u);
  EXPECT_EQ(n15.elements - n10.elements, 5000u);
}

// n entries: `let aK = a(K-1) + 1` for K < n, each followed by `let bK = aK + 1 byte`, which fails
// (a Count plus an Information).
std::string chain_with_failures(int n) {
  std::string s = "let a0 = 1\nlet b0 = a0 + 1 byte\n";
  for (int i = 1; i < n; ++i) {
    auto k = std::to_string(i);
    s += "let a" + k + " = a" + std::to_string(i - 1) + " + 1\nlet b" + k + " = a" + k + " + 1 byte\n";
  }
  return s;
}

struct NameWork {
  std::uint64_t saved, restored;
};

NameWork name_work_of_session(int n) {
  auto& w = mlsi::work_counters();
  NameWork before{w.repl_name_changes_saved, w.repl_name_changes_restored};
  std::istringstream in(chain_with_failures(n));
  std::ostringstream out, err;
  int status = mlsi::run_cli({"repl"}, mlsi::CliStreams{out, err, false, &in, false});
  EXPECT_EQ(status, 1) << n;  // the failed entries make the session fail
  std::string last = "a" + std::to_string(n - 1) + " = " + std::to_string(n) + "  [Count]\n";
  EXPECT_TRUE(out.str().ends_with(last)) << n;
  return NameWork{w.repl_name_changes_saved - before.saved, w.repl_name_changes_restored - before.restored};
}

TEST(LinearWork, AReplEntrySavesAndRestoresOnlyTheNamesItChanges) {
  // To take back a failed entry, each entry copied the three name tables (and the loaded files) before
  // it ran and a failed one copied them back: entry K copied K names, n^2 / 2 over the session. Now an
  // entry saves the one table entry it changes (a let binds its name), and a failed one puts back that
  // one. Per pair of entries: 1 saved for aK, 1 saved and 1 restored for bK; so n pairs are 2n saved
  // and n restored, whatever came before them, and doubling the session doubles the work. The
  // built-in scenarios, loaded once at the start, save the same number of names at both sizes.
  auto small = name_work_of_session(2500);
  auto big = name_work_of_session(5000);
  EXPECT_EQ(small.restored, 2500u);
  EXPECT_EQ(big.restored, 5000u);
  EXPECT_EQ(big.saved - small.saved, 2u * 2500u);
  EXPECT_LE(small.saved - 2u * 2500u, 100u);  // the start's: a few built-in scenarios' names
}

TEST(LinearWork, AReplEntryCompilesOnlyWhatItDeclared) {
  // After each entry the checker compiles what is not compiled yet; it looked at every declaration of
  // the session to find it, n^2 / 2 over n entries. Now it looks only at those declared since its last
  // pass: one let per entry. So the 2,500 entries more of the bigger session are 2,500 visits more, and
  // the start (the prelude, the built-in scenarios) is the same at both sizes.
  auto visits = [](int n) {
    auto before = mlsi::work_counters().pending_declarations_visited;
    std::istringstream in(chain_session(n));
    std::ostringstream out, err;
    EXPECT_EQ(mlsi::run_cli({"repl"}, mlsi::CliStreams{out, err, false, &in, false}), 0) << err.str();
    return mlsi::work_counters().pending_declarations_visited - before;
  };
  auto small = visits(2500);
  auto big = visits(5000);
  EXPECT_EQ(big - small, 2500u);
  EXPECT_LE(small, 2500u + 1000u);  // the session's lets, and at most a thousand others at the start
}

}  // namespace
