// CSV cells a spreadsheet opens safely (report/csv.hpp; issue #39, item 15). OWASP's "CSV Injection"
// guidance: a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to a
// spreadsheet; written inside double quotes after a `'`, it is shown as the text it is. A number is
// not a formula and stays as it is, so that the column stays numeric.
#include "report/csv.hpp"

#include <gtest/gtest.h>

namespace {

TEST(CsvCell, FormulaTextIsQuotedAfterAnApostrophe) {
  EXPECT_EQ(mlsi::csv_cell("=1+1"), "\"'=1+1\"");
  EXPECT_EQ(mlsi::csv_cell("+1"), "\"'+1\"");
  EXPECT_EQ(mlsi::csv_cell("-2+3"), "\"'-2+3\"");
  EXPECT_EQ(mlsi::csv_cell("@SUM(A1)"), "\"'@SUM(A1)\"");
  EXPECT_EQ(mlsi::csv_cell("\tx"), "\"'\tx\"");
  EXPECT_EQ(mlsi::csv_cell("\rx"), "\"'\rx\"");
  EXPECT_EQ(mlsi::csv_cell("-"), "\"'-\"");
  EXPECT_EQ(mlsi::csv_cell("-inf"), "\"'-inf\"");
  // The quotes inside are doubled as RFC 4180 has it.
  EXPECT_EQ(mlsi::csv_cell("=HYPERLINK(\"http://x\",\"y\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
}

TEST(CsvCell, NumbersStayNumbers) {
  for (const char* number : {"-1", "-2.5", "-1.5e-07", "-.5", "-5.", "1e+20", "0", "-0"}) EXPECT_EQ(mlsi::csv_cell(number), number);
  // Almost numbers are not: an exponent without digits, a second sign, a unit after it, a `+` (which mlsi
  // never writes before a number, so only a Text has one).
  EXPECT_EQ(mlsi::csv_cell("+3"), "\"'+3\"");
  EXPECT_EQ(mlsi::csv_cell("-1e"), "\"'-1e\"");
  EXPECT_EQ(mlsi::csv_cell("--1"), "\"'--1\"");
  EXPECT_EQ(mlsi::csv_cell("-1 s"), "\"'-1 s\"");
}

TEST(CsvCell, OtherTextIsAsBefore) {
  EXPECT_EQ(mlsi::csv_cell("H100"), "H100");
  EXPECT_EQ(mlsi::csv_cell("a=b"), "a=b");  // only the first character makes a formula
  EXPECT_EQ(mlsi::csv_cell("a, b"), "\"a, b\"");
  EXPECT_EQ(mlsi::csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(mlsi::csv_cell(""), "");
}

}  // namespace
