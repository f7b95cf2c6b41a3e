// Diagnostic floods (issue #16, item 10): what a diagnostic quotes of a long line, a problem repeated in a
// file, and the cap on the problems shown per file, for every command that reports them.
//
// The big inputs are generated here. Each flood test checks the output at two sizes: it must not grow
// with the number of repeats (a fixed number of lines, of bounded length), where before it grew with the
// square of the line length (10,000 uses of one name on a 30 KB line printed 450 MB).
#include <gtest/gtest.h>

#include <sstream>

#include "cli_harness.hpp"
#include "source/source_excerpt.hpp"

namespace {

using mlsi::quote_line;

std::size_t count_lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

std::size_t longest_line(const std::string& s) {
  std::size_t best = 0;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) best = std::max(best, line.size());
  return best;
}

// A scenario whose one output is a list of `n` uses of the unknown name `u`, all on one line.
std::string unknown_name_uses(std::size_t n) {
  std::string list;
  for (std::size_t i = 0; i < n; ++i) list += i ? ", u" : "u";
  return "scenario S {\n  output y = [" + list + "]\n}\n";
}

// ---- The window of a long line ----

TEST(QuoteLine, ShortLineIsWhole) {
  auto q = quote_line("let x = y", "        ^", 8);
  EXPECT_EQ(q.text, "let x = y");
  EXPECT_EQ(q.marks, "        ^");
}

TEST(QuoteLine, MarkerStaysUnderItsCharacterAfterMultiByteCharacters) {
  // "é" is 2 bytes and "→" 3: the marker under byte 9 (`z`) is at column 6 (characters "éé→ z").
  std::string line = "\xC3\xA9\xC3\xA9\xE2\x86\x92 z";  // é é → space z
  ASSERT_EQ(line.size(), 9u);
  std::string marks(8, ' ');
  marks += '^';
  auto q = quote_line(line, marks, 8);
  EXPECT_EQ(q.text, line);
  EXPECT_EQ(q.marks, "    ^");
}

TEST(QuoteLine, LongLineShowsAWindowAroundTheMarker) {
  // 1000 characters `a`, the marker at byte 500, a window of 30 columns: the marker is a third of the
  // way in (10 columns before it), so the window is columns 490..519, shown as `…` + 30 `a` + `…`.
  std::string line(1000, 'a');
  std::string marks(500, ' ');
  marks += "^~~";
  auto q = quote_line(line, marks, 500, 30);
  EXPECT_EQ(q.text, "…" + std::string(30, 'a') + "…");
  // One blank under the `…`, then 10 blanks, then the marker.
  EXPECT_EQ(q.marks, std::string(11, ' ') + "^~~");
}

TEST(QuoteLine, WindowAtTheStartAndAtTheEnd) {
  std::string line(100, 'b');
  auto start = quote_line(line, "  ^", 2, 20);
  EXPECT_EQ(start.text, std::string(20, 'b') + "…");
  EXPECT_EQ(start.marks, "  ^");
  // The marker just past the end of the line (a missing `)`): columns 81..100 and the marker's own column.
  auto end = quote_line(line, std::string(100, ' ') + "^", 100, 20);
  EXPECT_EQ(end.text, "…" + std::string(19, 'b'));
  EXPECT_EQ(end.marks, std::string(20, ' ') + "^");
}

TEST(QuoteLine, NeverCutsACharacter) {
  // 200 characters "ü" (2 bytes each); whatever the window, the text is whole characters.
  std::string line;
  for (int i = 0; i < 200; ++i) line += "\xC3\xBC";
  auto q = quote_line(line, std::string(200, ' ') + "^", 200, 40);
  // Column 100 is the marker: window 87..126, 40 characters of 2 bytes, `…` on both sides.
  EXPECT_EQ(q.text.size(), 3 + 40 * 2 + 3u);
  EXPECT_EQ(q.marks, std::string(1 + 13, ' ') + "^");
}

TEST(Abbreviate, KeepsStartAndEndAtCharacterBoundaries) {
  EXPECT_EQ(mlsi::abbreviate("short", 10), "short");
  std::string long_text(1000, 'x');
  auto a = mlsi::abbreviate(long_text, 45);
  // 45 - 5 (" … ") = 40: 30 bytes of the start, 10 of the end.
  EXPECT_EQ(a, std::string(30, 'x') + " … " + std::string(10, 'x'));
  std::string umlauts;
  for (int i = 0; i < 100; ++i) umlauts += "\xC3\xBC";
  auto b = mlsi::abbreviate(umlauts, 46);  // 41: head 30 (15 characters), tail 11 -> 10 (5 characters)
  EXPECT_EQ(b.size(), 30 + 5 + 10u);
}

// ---- Floods through the command line ----

TEST(DiagnosticFlood, OneUnknownNameUsedManyTimesIsOneError) {
  // 1,000 and 10,000 uses: the same 5 lines (message, quoted line, marker, the suggestion, the note of
  // the repeats). The uses are 3 bytes apart from column 15 on. Of 10,000, 1000 are kept (issue #39,
  // item 6: ProgramSessionOptions::max_diagnostics) and the 9000 others counted in a last line.
  mlsi_test::TempFile small("flood_small.mls", unknown_name_uses(1000));
  mlsi_test::TempFile big("flood_big.mls", unknown_name_uses(10000));
  auto a = mlsi_test::mlsi({"check", small.path.string()});
  auto b = mlsi_test::mlsi({"check", big.path.string()});
  EXPECT_EQ(a.status, 3);
  EXPECT_EQ(b.status, 3);
  EXPECT_EQ(count_lines(a.err), 5u) << a.err;
  EXPECT_NE(b.err.find("= note: did you mean `y`?\n"), std::string::npos) << b.err;
  EXPECT_NE(b.err.find("the same error occurs 999 more times: at 2:18, 2:21, 2:24 and 996 more\n"), std::string::npos) << b.err;
  std::string scaled = a.err;
  scaled.replace(0, small.path.string().size(), big.path.string());
  EXPECT_EQ(scaled + "error: 9000 more diagnostics not kept (at most 1000 are kept)\n", b.err);
  // The longest line is the file name and message, or the quoted window: `…`, 120 columns, `…`, gutter.
  EXPECT_LE(longest_line(b.err), 140u + big.path.string().size());
}

TEST(DiagnosticFlood, ManyDifferentErrorsAreCappedPerFile) {
  // 200 different unknown names, one per output: 50 shown (4 lines each: message, line, marker, and no
  // note since no name is close to another... each has one), then the count of the rest.
  auto program = [](int n) {
    std::string s = "scenario S {\n";
    for (int i = 0; i < n; ++i) s += "  output o" + std::to_string(i) + " = missing_" + std::to_string(i) + "\n";
    return s + "}\n";
  };
  mlsi_test::TempFile f("capped.mls", program(200));
  auto r = mlsi_test::mlsi({"check", f.path.string()});
  EXPECT_EQ(r.status, 3);
  std::size_t errors = 0;
  for (std::size_t at = r.err.find(": error: "); at != std::string::npos; at = r.err.find(": error: ", at + 1)) ++errors;
  EXPECT_EQ(errors, 50u);
  EXPECT_NE(r.err.find("note: 150 more errors in " + f.path.string() + " not shown (at most 50 are shown per file)"), std::string::npos) << r.err;
  // --max-errors raises (or lowers) the cap.
  auto all = mlsi_test::mlsi({"check", f.path.string(), "--max-errors", "1000"});
  EXPECT_EQ(all.err.find("not shown"), std::string::npos);
  auto two = mlsi_test::mlsi({"check", f.path.string(), "--max-errors=2"});
  EXPECT_NE(two.err.find("note: 198 more errors in "), std::string::npos) << two.err;
  EXPECT_EQ(mlsi_test::mlsi({"check", f.path.string(), "--max-errors", "0"}).status, 2);
}

TEST(DiagnosticFlood, TheCapAppliesToRunSweepAndTest) {
  std::string s = "scenario S {\n  input x: Count = 1\n";
  for (int i = 0; i < 80; ++i) s += "  output o" + std::to_string(i) + " = x + missing_" + std::to_string(i) + "\n";
  s += "}\n";
  mlsi_test::TempFile f("capped_commands.mls", s);
  const std::string rest = "note: 77 more errors in " + f.path.string() + " not shown (at most 3 are shown per file)";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"run", f.path.string(), "--max-errors", "3"},
           {"sweep", f.path.string(), "--vary", "x=1,2", "--max-errors", "3"},
           {"test", f.path.string(), "--max-errors", "3"},
       }) {
    auto r = mlsi_test::mlsi(args);
    EXPECT_EQ(r.status, 3) << args[0];
    EXPECT_NE(r.err.find(rest), std::string::npos) << args[0] << ":\n" << r.err;
  }
}

TEST(DiagnosticFlood, TheCapAppliesToTheRepl) {
  std::string entry = "scenario S {\n";
  for (int i = 0; i < 60; ++i) entry += "  output o" + std::to_string(i) + " = missing_" + std::to_string(i) + "\n";
  entry += "}\n";
  std::istringstream in(entry);
  std::ostringstream out, err;
  int status = mlsi::run_cli({"repl", "--max-errors", "5"}, mlsi::CliStreams{out, err, false, &in, false});
  EXPECT_EQ(status, 1);  // a scripted session whose entry failed
  EXPECT_NE(err.str().find("note: 55 more errors in <repl> not shown (at most 5 are shown per file)"), std::string::npos) << err.str();
}

TEST(DiagnosticFlood, ALongCatalogueStringIsQuotedInPart) {
  // A quantity string of 7,000 unknown units `zz`: before, each of its 7,000 errors quoted the whole
  // 21 KB string in its message and its line (400 MB). Now: one error, a window of the line, the
  // message abbreviated to at most 400 bytes.
  std::string units;
  for (int i = 0; i < 7000; ++i) units += i ? "*zz" : "zz";
  mlsi_test::TempFile f("long_string.toml",
                        "[Hardware.MyChip]\nname = \"My chip\"\nyear = 2024\ntier = \"cloud\"\npeak_flops = \"100 TFLOP/s\"\n"
                        "memory = \"1 " + units + "\"\nmemory_bandwidth = \"3 TB/s\"\nsource = \"made up\"\n");
  auto r = mlsi_test::mlsi({"check-catalogue", f.path.string()});
  EXPECT_EQ(r.status, 3);
  EXPECT_LT(r.err.size(), 2000u) << r.err.size();
  // 1000 of the 7,000 are kept (issue #39, item 6), the others counted.
  EXPECT_NE(r.err.find("the same error occurs 999 more times"), std::string::npos) << r.err.substr(0, 2000);
  EXPECT_NE(r.err.find("error: 6000 more diagnostics not kept (at most 1000 are kept)\n"), std::string::npos) << r.err.substr(0, 2000);
}

}  // namespace
