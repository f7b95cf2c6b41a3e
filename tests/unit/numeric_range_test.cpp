// Numbers that must never be shown wrong (issue #16, items 5, 6 and 8): a result its unit cannot hold
// is an error, never `inf` or `nan`, on every way out (table, JSON, CSV, sweeps, the REPL); the point
// count of a sweep is checked arithmetic under --max-points; every numeric option is decimal digits.
// Expected numbers are worked out by hand in the comments.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/unit/cli_harness.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi_test::mlsi;
using mlsi_test::TempFile;

// `inf`, `-nan`, `nan` as words: "overflows to infinity" in a message is not a number shown.
bool shows_non_finite(const std::string& s) {
  static const std::regex token("(^|[^A-Za-z])(inf|nan)([^A-Za-z]|$)", std::regex::icase);
  return std::regex_search(s, token);
}

mlsi_test::Result repl(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out, err;
  mlsi_test::Result r;
  r.status = mlsi::run_cli({"repl"}, mlsi::CliStreams{out, err, false, &in, false});
  r.out = out.str();
  r.err = err.str();
  return r;
}

// ---- a conversion that overflows -------------------------------------------------------------------

TEST(NonFiniteDisplay, TheCheckOfThisFileFindsWhatWasPrinted) {
  EXPECT_TRUE(shows_non_finite("  age  inf as\n"));
  EXPECT_TRUE(shows_non_finite("{\"value\": inf}"));
  EXPECT_TRUE(shows_non_finite("t = -nan z"));
  EXPECT_FALSE(shows_non_finite("error: the conversion to `as` overflows to infinity; 3 ns"));
}

// 1e300 year = 1e300 * 365 * 86400 s = 3.1536e307 s; in attoseconds (1e-18 s) 3.1536e325 > 1.8e308.
TEST(NonFiniteDisplay, ReplExpressionLetAndExplainAreErrors) {
  auto r = repl("1e300 year -> as\nlet q = 1e300 year -> as\n:explain 1e300 year -> as\n1 s -> ms\n");
  EXPECT_EQ(r.out, "= 1000 ms  [Time]\n");  // only the last entry shows a value: 1 s = 1000 ms
  EXPECT_FALSE(shows_non_finite(r.out + r.err)) << r.out << r.err;
  EXPECT_NE(r.err.find("<repl>:1:1: error: the conversion to `as` overflows to infinity"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("<repl>:2:9: error: the conversion to `as` overflows to infinity"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("<repl>:3:10: error: the conversion to `as` overflows to infinity"), std::string::npos) << r.err;
}

TEST(NonFiniteDisplay, ALetNobodyShowsDoesNotFailTheRun) {
  // `l` converts to `as` and overflows for x = 1e300 (1e318 as), but only `m` = l / 1e300 = 1 s is shown;
  // --explain shows `l` in seconds.
  TempFile f("let_overflow.mls", "scenario S {\n  input x: Count = 1e300\n  let l = x * 1 s -> as\n  output m = l / 1e300\n}\n");
  auto r = mlsi({"run", f.path.string(), "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "x,m (s)\n1e+300,1\n");
  auto x = mlsi({"run", f.path.string(), "--explain"});
  EXPECT_EQ(x.status, 0) << x.err;
  EXPECT_FALSE(shows_non_finite(x.out)) << x.out;
  EXPECT_NE(x.out.find("1e+300 s"), std::string::npos) << x.out;
}

TEST(NonFiniteDisplay, SweepRowThatItsColumnUnitCannotHoldIsAnErrorRow) {
  // The unit of `t` is chosen for the first point, x = 2e-9: 2e-9 s = 2 ns. x = 1e300: t = 1e300 s, in
  // `ns` 1e309 > 1.8e308.
  TempFile f("sweep_overflow.mls", "scenario S {\n  input x: Count = 1\n  output t = x * 1 s\n}\n");
  for (const char* format : {"table", "json", "csv"}) {
    auto r = mlsi({"sweep", f.path.string(), "--vary", "x=2e-9,1e300", "--format", format});
    EXPECT_EQ(r.status, 0) << format;
    EXPECT_FALSE(shows_non_finite(r.out)) << format << "\n" << r.out;
    EXPECT_NE(r.out.find("`t` is 1e+300 s, which overflows to infinity in the unit of its column, `ns`"), std::string::npos) << format << "\n" << r.out;
  }
}

TEST(NonFiniteDisplay, SweepColumnShowsEveryValueItsUnitHoldsAndNoMore) {
  // A sweep compares a value with its column's largest, found once, rather than dividing it by the
  // unit's factor: the largest x whose x / 0.001 is finite must show in `ms`, and the next double is
  // an error row, in CSV's rows written from the compiled program and in every other format's cells.
  const double inf = std::numeric_limits<double>::infinity();
  double top = std::numeric_limits<double>::max() * 0.001;
  while (!std::isfinite(top / 0.001)) top = std::nextafter(top, 0.0);
  while (std::isfinite(std::nextafter(top, inf) / 0.001)) top = std::nextafter(top, inf);
  const double over = std::nextafter(top, inf);
  TempFile f("sweep_column_limit.mls", "scenario S {\n  input x: Count = 1\n  output t = x * 1 s\n}\n");
  // The first point, 0.001 s, chooses `ms`.
  std::string vary = fmt::format("x=0.001,{},-{},{},-{}", top, top, over, over);
  for (const char* format : {"csv", "json", "table"}) {
    auto r = mlsi({"sweep", f.path.string(), "--vary", vary, "--format", format});
    EXPECT_EQ(r.status, 0) << format;
    EXPECT_FALSE(shows_non_finite(r.out)) << format << "\n" << r.out;
    std::size_t errors = 0;
    for (std::size_t at = 0; (at = r.out.find("which overflows to infinity in the unit of its column, `ms`", at)) != std::string::npos; ++at) ++errors;
    EXPECT_EQ(errors, 2u) << format << "\n" << r.out;
    if (std::string(format) == "csv") {
      EXPECT_NE(r.out.find(fmt::format("\n{},{},\n-{},-{},\n", top, top / 0.001, top, top / 0.001)), std::string::npos) << r.out;
    }
  }
}

TEST(NonFiniteDisplay, SteppedRangeWhoseFarEndItsFirstUnitCannotHoldIsShownInSi) {
  // The first value, 2 ns, would choose `ns`; the last, 2e-9 + 10 * 1e299 s = 1e300 s, is 1e309 ns, past
  // the largest double: the varied column is shown in seconds. A stepped range is checked at its ends.
  TempFile f("sweep_stepped_overflow.mls", "scenario S {\n  input t: Time = 1 s\n  output u = t * 2\n}\n");
  auto r = mlsi({"sweep", f.path.string(), "--vary", "t=2 ns..1e300 s step 1e299 s", "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(shows_non_finite(r.out)) << r.out;
  EXPECT_EQ(r.out.rfind("t (s),", 0), 0u) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 12) << r.out;  // the header and 11 points
  EXPECT_NE(r.out.find("\n1e+300,"), std::string::npos) << r.out;
}

TEST(NonFiniteDisplay, SweepRowThatOverflowsADeclaredUnitHasTheRunsMessage) {
  // x = 1e300: t = 1e300 s, in the declared `as` 1e318 > 1.8e308, which `mlsi run` refuses; the sweep
  // kernel flags the point, so the row has run's message whether or not the scenario compiles to it.
  TempFile f("sweep_declared_overflow.mls", "scenario S {\n  input x: Count = 1\n  output t = x * 1 s -> as\n}\n");
  for (const char* format : {"table", "json", "csv"}) {
    auto r = mlsi({"sweep", f.path.string(), "--vary", "x=2,1e300", "--format", format});
    EXPECT_EQ(r.status, 0) << format;
    EXPECT_FALSE(shows_non_finite(r.out)) << format << "\n" << r.out;
    EXPECT_NE(r.out.find("the conversion to `as` overflows to infinity (`t` is 1e+300 s, and one as is 1e-18 s)"), std::string::npos)
        << format << "\n" << r.out;
  }
}

TEST(NonFiniteDisplay, JsonNearTheLargestDoubleStaysANumber) {
  // 8.988465674311579e307 s in half-seconds is 1.7976931348623157e308 (Python: 8.988465674311579e307 / 0.5),
  // the largest double: written exactly, it reads back as itself, not as infinity.
  TempFile f("json_max.mls", "unit half = 0.5 s\nscenario S {\n  output x = 8.988465674311579e307 s -> half\n}\n");
  auto r = mlsi({"run", f.path.string(), "--format", "json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(shows_non_finite(r.out)) << r.out;
  EXPECT_NE(r.out.find("\"value\": 1.7976931348623157e+308"), std::string::npos) << r.out;
}

TEST(NonFiniteDisplay, AListShownInTheUnitOfOneEntryFallsBackToSI) {
  // The automatic unit is chosen for the first non-zero entry (1e-30 s: attoseconds would hold it),
  // in which 1e306 s is 1e324, beyond a double: the list is shown in seconds.
  TempFile f("list_units.mls", "scenario S {\n  output ys = [1e-30 s, 1e306 s]\n}\n");
  for (const char* format : {"table", "json", "csv"}) {
    auto r = mlsi({"run", f.path.string(), "--format", format});
    EXPECT_EQ(r.status, 0) << format << r.err;
    EXPECT_FALSE(shows_non_finite(r.out)) << format << "\n" << r.out;
    EXPECT_NE(r.out.find("1e+306"), std::string::npos) << format << "\n" << r.out;
  }
}

// ---- the size of a sweep ----------------------------------------------------------------------------

TEST(SweepSize, MaxPointsIsTheLargestSweepAllowed) {
  TempFile f("points.mls", "scenario S {\n  input a: Count = 1\n  input b: Count = 1\n  output s = a + b\n}\n");
  // 2 * 2 = 4 points: allowed at --max-points 4, refused at 3.
  auto ok = mlsi({"sweep", f.path.string(), "--vary", "a=1,2", "--vary", "b=1,2", "--max-points", "4", "--format", "csv"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.out, "a,b,s,error\n1,1,2,\n1,2,3,\n2,1,3,\n2,2,4,\n");
  auto over = mlsi({"sweep", f.path.string(), "--vary", "a=1,2", "--vary", "b=1,2", "--max-points", "3"});
  EXPECT_EQ(over.status, 2);
  EXPECT_EQ(over.out, "");
  EXPECT_NE(over.err.find("error: the sweep has 2 * 2 points, more than the limit of 3"), std::string::npos) << over.err;
  // `mlsi plot` runs through the same sweep: the same limit.
  auto plot = mlsi({"plot", f.path.string(), "--x", "a=1,2", "--series", "b=1,2", "--max-points", "3"});
  EXPECT_EQ(plot.status, 2);
  EXPECT_NE(plot.err.find("more than the limit of 3"), std::string::npos) << plot.err;
}

TEST(SweepSize, ShardsStillSplitEveryPoint) {
  TempFile f("shards.mls", "scenario S {\n  input n: Count = 1\n  output m = n\n}\n");
  // Points 0..4 are n = 1..5; shard 1/2 is the first block of 5 in 2, the larger (points 0..2), and
  // shard 2/2 the rest (points 3 and 4): n = 4 and 5.
  auto r = mlsi({"sweep", f.path.string(), "--vary", "n=1,2,3,4,5", "--shard", "2/2", "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "n,m,error\n4,4,\n5,5,\n");
  auto first = mlsi({"sweep", f.path.string(), "--vary", "n=1,2,3,4,5", "--shard", "1/2", "--format", "csv"});
  EXPECT_EQ(first.out, "n,m,error\n1,1,\n2,2,\n3,3,\n");
  // More shards than points: the last shards are empty, their header alone.
  auto empty = mlsi({"sweep", f.path.string(), "--vary", "n=1,2", "--shard", "3/3", "--format", "csv"});
  EXPECT_EQ(empty.status, 0) << empty.err;
  EXPECT_EQ(empty.out, "n,m,error\n");
  for (const char* bad : {"0/3", "4/3", "3", "/3", "3/", "+1/3", "1/3/3", " 1/3", "1/ 3", "1/-3", "1.5/3", "2/3abc", "1/1e3",
                          "1/99999999999999999999999"}) {
    auto e = mlsi({"sweep", f.path.string(), "--vary", "n=1,2", "--shard", bad});
    EXPECT_EQ(e.status, 2) << bad;
    EXPECT_EQ(e.out, "") << bad;
    EXPECT_NE(e.err.find("error: --shard needs K/N, two whole numbers in decimal digits with 1 <= K <= N"), std::string::npos) << bad << e.err;
  }
}

// ---- every numeric option is written in decimal digits ---------------------------------------------

TEST(NumericOptions, OnlyDecimalDigitsWithinTheCap) {
  struct Option {
    const char* name;
    const char* cap;
    const char* above;
  };
  const Option options[] = {
      {"--max-depth", "100000", "100001"},
      {"--max-list", "9007199254740992", "9007199254740993"},
      {"--max-steps", "1000000000000000000", "1000000000000000001"},
      {"--max-import-depth", "1000", "1001"},
      {"--max-files", "1000000", "1000001"},
      {"--max-file-size", "1073741824", "1073741825"},
      {"--max-nesting", "10000", "10001"},
      {"--max-points", "9007199254740992", "9007199254740993"},
  };
  TempFile f("options.mls", "scenario S {\n  output x = 1\n}\n");
  for (const auto& o : options) {
    for (const char* bad : {"0", "-3", "1.5", "10abc", "1e3", "", " 5", "0x10"}) {
      auto r = mlsi({"run", f.path.string(), o.name, bad});
      EXPECT_EQ(r.status, 2) << o.name << " " << bad;
      EXPECT_EQ(r.err.substr(0, r.err.find('\n')), std::string("error: ") + o.name + " needs a positive whole number, given `" + bad + "`");
    }
    auto above = mlsi({"run", f.path.string(), o.name, o.above});
    EXPECT_EQ(above.status, 2) << o.name;
    EXPECT_EQ(above.err.substr(0, above.err.find('\n')), std::string("error: ") + o.name + " is at most " + o.cap + ", given `" + o.above + "`");
    // Twenty-five digits do not wrap around to something small.
    auto huge = mlsi({"run", f.path.string(), o.name, "1000000000000000000000001"});
    EXPECT_EQ(huge.status, 2) << o.name;
    auto at_cap = mlsi({"run", f.path.string(), o.name, o.cap});
    EXPECT_EQ(at_cap.status, 0) << o.name << at_cap.err;
  }
}

}  // namespace
