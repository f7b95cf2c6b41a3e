// The two rules for numbers (docs/language.md section 12): for people, six significant digits and whole
// numbers below 10^7 in full; for programs (CSV), whole numbers below 2^53 in digits, others as the
// shortest text that reads back to the same double.
// Every expected string is derived by hand from the rule, with the arithmetic beside it.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "verbs/formats.hpp"
#include "model/display.hpp"
#include "report/csv.hpp"
#include "cli_harness.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

using mlsi::exact_number;
using mlsi::format_number;

TEST(NumberForPeople, WholeNumbersBelowTenToTheSevenInFull) {
  EXPECT_EQ(format_number(0), "0");
  EXPECT_EQ(format_number(-0.0), "0");          // no sign on zero
  EXPECT_EQ(format_number(8), "8");
  EXPECT_EQ(format_number(1048576), "1048576");  // 2^20: seven digits, whole, below 1e7
  EXPECT_EQ(format_number(9999999), "9999999");  // the largest whole number shown in full
  EXPECT_EQ(format_number(-4096), "-4096");
}

TEST(NumberForPeople, LargeCountsInScientificNotationWithSixDigits) {
  EXPECT_EQ(format_number(1e7), "1e+07");                  // the first whole number not in full
  EXPECT_EQ(format_number(7e9), "7e+09");                  // 7 * 10^9 parameters
  EXPECT_EQ(format_number(70000000000), "7e+10");          // 7 * 10^10
  EXPECT_EQ(format_number(21474836480), "2.14748e+10");    // 40 GiB / 2 B = 20 * 2^30 = 21474836480 -> 2.14748|36480
  EXPECT_EQ(format_number(175000000000), "1.75e+11");      // GPT-3's parameters; trailing zeros dropped
  EXPECT_EQ(format_number(-12345678), "-1.23457e+07");     // 1.2345678 rounds to 1.23457 at six digits
  EXPECT_EQ(format_number(1e300), "1e+300");
}

TEST(NumberForPeople, FractionsWithSixSignificantDigits) {
  EXPECT_EQ(format_number(0.8500000000000001), "0.85");  // the sweep table's 17 digits, at six: 0.850000 -> 0.85
  EXPECT_EQ(format_number(2.0 / 3.0), "0.666667");        // 0.6666666... rounds up at the sixth digit
  EXPECT_EQ(format_number(29.850746268656717), "29.8507");
  EXPECT_EQ(format_number(1.0 / 3600000), "2.77778e-07");  // exponent below -4: scientific
  EXPECT_EQ(format_number(0.0001), "0.0001");              // exponent -4: still fixed
  EXPECT_EQ(format_number(1234567.5), "1.23457e+06");      // not whole: six digits, exponent 6 >= 6
  EXPECT_EQ(format_number(999999.5), "1e+06");             // rounds to 1.00000e+06
}

TEST(NumberForPrograms, ShortestTextThatReadsBack) {
  EXPECT_EQ(exact_number(0), "0");
  EXPECT_EQ(exact_number(-0.0), "0");
  EXPECT_EQ(exact_number(0.85), "0.85");
  EXPECT_EQ(exact_number(0.8500000000000001), "0.8500000000000001");  // 0.85 + 1 ulp needs all 16 digits
  EXPECT_EQ(exact_number(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(exact_number(21474836480), "21474836480");  // whole, below 2^53: every digit
  EXPECT_EQ(exact_number(5e6), "5000000");              // whole: digits, though 5e+06 is shorter
  EXPECT_EQ(exact_number(1e16), "1e+16");               // above 2^53 (9.007e15): the shortest text
  EXPECT_EQ(exact_number(2.0 / 3.0), "0.6666666666666666");
  EXPECT_EQ(exact_number(-2.5e-9), "-2.5e-09");
}

TEST(NumberForPrograms, EveryTextReadsBackToItsDouble) {
  for (double x : {0.1, 1.0 / 3, 6.02214076e23, 5e-324, 1.7976931348623157e308, 0.5445144444444444, -85.3})
    EXPECT_EQ(std::strtod(exact_number(x).c_str(), nullptr), x) << exact_number(x);
}

// The WebAssembly build (web/) has no floating-point std::to_chars and writes exact numbers with
// shortest_decimal: it must write the text std::to_chars writes, for every double. Checked against
// std::to_chars on the forms' edges and on 200,000 doubles of random bits (a fixed seed).
TEST(NumberForPrograms, ShortestDecimalIsToCharsText) {
  auto to_chars_text = [](double x) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, r.ptr);
  };
  EXPECT_EQ(mlsi::shortest_decimal(0.0001), "1e-04");  // 5 characters against 0.0001's 6
  EXPECT_EQ(to_chars_text(0.0001), "1e-04");
  // 2^63 + 2^11 = 9223372036854777856: the plain form (19 digits) against 9.223372036854778e+18 (21), with
  // every digit of the exact value.
  EXPECT_EQ(mlsi::shortest_decimal(9223372036854777856.0), "9223372036854777856");
  EXPECT_EQ(mlsi::shortest_decimal(0.001), "0.001");     // 5 against 5 (1e-03): the plain form on a tie
  for (double x : {0.0001, 0.001, 0.5, 1.5, 100.0, 1e15, 1e16, 1.5e16, 123456789012345680.0, 1e21, 5e-324, 2.2250738585072014e-308,
                   1.7976931348623157e308, 0.1 + 0.2, 2.0 / 3.0, -2.5e-9, 9007199254740993.0, 4.35, 1e22, 1e23})
    EXPECT_EQ(mlsi::shortest_decimal(x), to_chars_text(x)) << x;
  std::mt19937_64 bits(25);
  int differ = 0;
  for (int i = 0; i < 200'000; ++i) {
    std::uint64_t b = bits();
    double x;
    std::memcpy(&x, &b, sizeof x);
    if (!std::isfinite(x) || x == 0) continue;
    if (mlsi::shortest_decimal(x) != to_chars_text(x) && ++differ <= 5) ADD_FAILURE() << to_chars_text(x) << " written " << mlsi::shortest_decimal(x);
  }
  EXPECT_EQ(differ, 0);
}

TEST(Csv, CellsAreQuotedAsRfc4180Says) {
  EXPECT_EQ(mlsi::csv_cell("plain"), "plain");
  EXPECT_EQ(mlsi::csv_cell("[1, 2]"), "\"[1, 2]\"");
  EXPECT_EQ(mlsi::csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");  // each quote doubled, the whole cell quoted
  EXPECT_EQ(mlsi::csv_cell("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(mlsi::csv_cell("cr\r"), "\"cr\r\"");
  EXPECT_EQ(mlsi::csv_line({"a", "b,c", ""}), "a,\"b,c\",\n");
  EXPECT_EQ(mlsi::csv_header("total", "GiB"), "total (GiB)");
  EXPECT_EQ(mlsi::csv_header("batch", ""), "batch");
}

TEST(Formats, EachCommandAcceptsExactlyTheFormatsItWrites) {
  struct Case {
    const char* command;
    const char* format;
    bool accepted;
  };
  const std::vector<Case> cases = {
      {"run", "table", true},  {"run", "json", true},   {"run", "csv", true},   {"run", "md", true},       {"run", "html", true},
      {"sweep", "csv", true},  {"sweep", "md", false},  {"list", "csv", true},  {"list", "html", false},   {"show", "json", true},
      {"show", "csv", false},  {"test", "md", true},    {"test", "markdown", true}, {"test", "csv", false}, {"doc", "html", true},
      {"doc", "md", true},     {"doc", "json", false},  {"plot", "json", false}, {"check", "table", false}, {"fmt", "json", false},
      {"repl", "json", false}, {"check-catalogue", "csv", false},
  };
  for (const auto& c : cases) {
    mlsi::Format f = mlsi::Format::table;
    EXPECT_EQ(!mlsi::read_format(c.command, c.format, f).has_value(), c.accepted) << c.command << " " << c.format;
  }
}

TEST(Formats, ARefusalNamesTheFormatsOfTheCommand) {
  mlsi::Format f = mlsi::Format::table;
  EXPECT_EQ(mlsi::read_format("show", "csv", f), "`mlsi show` writes table or json, not csv");
  EXPECT_EQ(mlsi::read_format("list", "yaml", f), "unknown format `yaml`; `mlsi list` writes table, json or csv");
  EXPECT_EQ(mlsi::read_format("plot", "json", f), "`mlsi plot` takes no --format: it writes SVG");
  EXPECT_EQ(mlsi::read_format("test", "csv", f), "`mlsi test --report` writes table, md or json, not csv");
}

// A run's CSV keeps every double: GroupStats' baseline is [3/4, 3/4, 3/4, 3/4] (rewards [1, 0, 1, 1],
// mean 3/4) and sync_time is the ring all-reduce 2 * 7/8 * 140 GB / (450 GB/s) + 2 * 7 * 5 us
// = 0.5444444... s + 70 us = 0.5445144444... s; in ms 544.5144444..., as the double 0.5445144444444444 / 0.001.
TEST(RunCsv, KeepsEveryDoubleWithTheUnitInTheHeaderOnly) {
  auto r = mlsi_test::mlsi({"run", "tests/examples/group_stats.mls", "--format", "csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string header = r.out.substr(0, r.out.find('\n'));
  EXPECT_EQ(header, "rewards,baseline_rule,baseline,advantages,sync_time (ms),adam_state (TB),kv (GiB)");
  std::string row = r.out.substr(r.out.find('\n') + 1);
  EXPECT_NE(row.find("\"[0.75, 0.75, 0.75, 0.75]\""), std::string::npos) << row;
  EXPECT_NE(row.find("," + exact_number(0.5445144444444444 / 0.001) + ","), std::string::npos) << row;
  EXPECT_EQ(row.find("GiB"), std::string::npos) << row;  // the unit is in the header only
}

// `mlsi list constants --format csv` is CSV (it printed the table before): the prelude's
// adam_optimizer_bytes = 12 byte (constants.mls: FP32 master 4 + two moments 4 + 4) has its unit in a column.
TEST(ListCsv, ConstantsAreCsvWithTheUnitInAColumn) {
  auto r = mlsi_test::mlsi({"list", "constants", "--format", "csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("constant,value,unit,type,meaning\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nadam_optimizer_bytes,12,byte,Information,"), std::string::npos) << r.out;
}

}  // namespace
