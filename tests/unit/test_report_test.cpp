// `expect ... source "..."` and `mlsi test --report`: exact table and Markdown text for a small file,
// JSON fields, exit statuses, --published, and the published checks of the built-in scenarios.
//
// The fixture's numbers, by hand: `published` runs 1000 tokens at 4 Hz, 1000 / 4 = 250 s, equal to the
// expected 250 s (error 0 %, tolerance 1 %); fits is 250 s < 300 s = true. `slower` runs at 5 Hz:
// 1000 / 5 = 200 s against 250 s, off by 50 s (20 %, beyond the absolute 10 s): it fails. `idle` is 0 s
// against 0 s: a relative error has no meaning, so the absolute one, 0 s, is shown; the default
// tolerance is relative 1e-9, shown as 1e-07 %.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "cli/cli.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers (see cli_test.cpp).
#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

using mlsi_test::mlsi;
using mlsi_test::Result;

using mlsi_test::TempFile;

const char* kFixture = R"(scenario Step {
  input tokens: Count = 1000
  input rate: Count / Time = 4 Hz
  output time = tokens / rate -> s
  output fits = time < 300 s
  output idle = 0 s
}

## Reproduces a published figure.
config published for Step {
  expect time == 250 s within 1% source "Doe et al. 2020, Table 2"
  expect fits == true
}

config slower for Step {
  rate = 5 Hz
  expect time == 250 s within 10 s
  expect idle == 0 s
}
)";

using mlsi_test::lines_of;

// Cells of a Markdown table row: the `|` not escaped by `\`.
int unescaped_pipes(const std::string& line) {
  int n = 0;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++n;
  return n;
}

TEST(TestReportTest, Table) {
  TempFile f("table.mls", kFixture);
  auto r = mlsi({"test", f.path.string(), "--report"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "scenario  config     output  expected  computed  error  tolerance  result  source\n"
            "Step      published  time    250 s     250 s     0%     1%         ok      Doe et al. 2020, Table 2\n"
            "Step      published  fits    true      true      -      exact      ok\n"
            "Step      slower     time    250 s     200 s     20%    10 s       FAIL\n"
            "Step      slower     idle    0 s       0 s       0 s    1e-07%     ok\n"
            "\n"
            "4 expectations: 3 passed, 1 failed; 1 with a published source: 1 passed, 0 failed\n");
}

TEST(TestReportTest, TableWrapsALongCellInsteadOfWideningEveryRow) {
  // A list of twelve entries is 42 characters: past the 32 a column takes, it wraps after a `, `. By hand:
  // "[1," then " 2," ... " 9," (3 characters each) is 27, " 10," makes 31 and " 11," would make 35, so the
  // first line ends at "10," and the rest, "11, 12] GB", is a line below, the other columns blank. The
  // column is 32 wide (its cell reaches the cap); the source, last, is never padded or wrapped.
  TempFile f("wrap.mls", R"(scenario Lanes {
  output widths: List[Information] = [n * 1 GB for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]] -> GB
}
config twelve for Lanes {
  expect widths == [1 GB, 2 GB, 3 GB, 4 GB, 5 GB, 6 GB, 7 GB, 8 GB, 9 GB, 10 GB, 11 GB, 12 GB] within 0.001% source "A long citation, Table 1"
}
)");
  auto r = mlsi({"test", f.path.string(), "--report"});
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string first = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10,", rest = "11, 12] GB";
  auto pad = [](const std::string& s, std::size_t width) { return s + std::string(width - s.size() + 2, ' '); };
  std::string header = pad("scenario", 8) + pad("config", 6) + pad("output", 6) + pad("expected", 32) + pad("computed", 32) + pad("error", 5) +
                       pad("tolerance", 9) + pad("result", 6) + "source\n";
  std::string row = pad("Lanes", 8) + pad("twelve", 6) + pad("widths", 6) + pad(first, 32) + pad(first, 32) + pad("0%", 5) + pad("0.001%", 9) +
                    pad("ok", 6) + "A long citation, Table 1\n";
  std::string continued = std::string(10 + 8 + 8, ' ') + pad(rest, 32) + rest + "\n";
  EXPECT_EQ(r.out, header + row + continued + "\n1 expectation: 1 passed, 0 failed; 1 with a published source: 1 passed, 0 failed\n");
}

TEST(TestReportTest, Markdown) {
  TempFile f("md.mls", kFixture);
  auto r = mlsi({"test", f.path.string(), "--report", "--format", "md"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out,
            "| scenario | config | output | expected | computed | error | tolerance | result | source |\n"
            "|---|---|---|--:|--:|--:|--:|---|---|\n"
            "| Step | published | time | 250 s | 250 s | 0% | 1% | ok | Doe et al. 2020, Table 2 |\n"
            "| Step | published | fits | true | true | - | exact | ok |  |\n"
            "| Step | slower | time | 250 s | 200 s | 20% | 10 s | FAIL |  |\n"
            "| Step | slower | idle | 0 s | 0 s | 0 s | 1e-07% | ok |  |\n"
            "\n"
            "4 expectations: 3 passed, 1 failed; 1 with a published source: 1 passed, 0 failed.\n");
}

// Every row of the Markdown table has the header's cells, the second row is the separator, and a `|`
// inside a source is escaped so that it does not split the cell.
TEST(TestReportTest, MarkdownIsAWellFormedTable) {
  TempFile f("md_pipe.mls", R"(scenario S {
  output x = 2 s
}
config c for S {
  expect x == 2 s source "Roe 2021 | appendix B"
}
)");
  auto r = mlsi({"test", f.path.string(), "--report", "--format=md"});
  EXPECT_EQ(r.status, 0);
  auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1], "|---|---|---|--:|--:|--:|--:|---|---|");
  int cells = unescaped_pipes(lines[0]);
  EXPECT_EQ(cells, 10);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(lines[i].front(), '|') << lines[i];
    EXPECT_EQ(lines[i].back(), '|') << lines[i];
    EXPECT_EQ(unescaped_pipes(lines[i]), cells) << lines[i];
  }
  EXPECT_EQ(lines[2], "| S | c | x | 2 s | 2 s | 0% | 1e-07% | ok | Roe 2021 \\| appendix B |");
}

// A source is text, shown as written: HTML in it is written as entities (a page that renders the report
// runs no script of it) and Markdown's inline syntax is escaped (no emphasis, code or link is made).
TEST(TestReportTest, MarkdownShowsASourceAsText) {
  TempFile f("md_html.mls", R"(scenario S {
  output x = 2 s
}
config c for S {
  expect x == 2 s source "<script>alert(1)</script> *Doe* [link](javascript:x) `code` a_b ~c~ & d\\e"
}
)");
  auto r = mlsi({"test", f.path.string(), "--report", "--format", "md"});
  EXPECT_EQ(r.status, 0);
  auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[2],
            "| S | c | x | 2 s | 2 s | 0% | 1e-07% | ok | &lt;script&gt;alert(1)&lt;/script&gt; \\*Doe\\* \\[link\\](javascript:x) "
            "\\`code\\` a\\_b \\~c\\~ &amp; d\\\\e |");
}

TEST(TestReportTest, Json) {
  TempFile f("json.mls", kFixture);
  auto r = mlsi({"test", f.path.string(), "--report", "--format", "json"});
  EXPECT_EQ(r.status, 1);
  // 50 s off 250 s is a relative error of 0.2; the tolerance is kept as given (10 s, 1 % = 0.01).
  EXPECT_NE(r.out.find("\"scenario\": \"Step\", \"config\": \"slower\", \"output\": \"time\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"relative_error\": 0.2, \"absolute_error\": null, \"tolerance\": {\"absolute\": {\"value\": 10, \"unit\": \"s\", \"si\": 10, \"dimension\": \"Time\"}}, \"passed\": false, \"source\": null"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"tolerance\": {\"relative\": 0.01}, \"passed\": true, \"source\": \"Doe et al. 2020, Table 2\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"computed\": {\"value\": 200, \"unit\": \"s\", \"si\": 200, \"dimension\": \"Time\"}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"summary\": {\"expectations\": 4, \"passed\": 3, \"failed\": 1, \"published\": 1, \"published_passed\": 1, \"published_failed\": 0, \"unchecked_files\": []}}"), std::string::npos) << r.out;
}

// --published keeps only the expectations that cite a source; the failure of `slower` is not among
// them, so the run passes.
TEST(TestReportTest, PublishedOnly) {
  TempFile f("published.mls", kFixture);
  auto r = mlsi({"test", f.path.string(), "--report", "--published"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "scenario  config     output  expected  computed  error  tolerance  result  source\n"
            "Step      published  time    250 s     250 s     0%     1%         ok      Doe et al. 2020, Table 2\n"
            "\n"
            "1 expectation: 1 passed, 0 failed; 1 with a published source: 1 passed, 0 failed\n");
  auto plain = mlsi({"test", f.path.string(), "--published"});
  EXPECT_EQ(plain.status, 0);
  EXPECT_EQ(plain.out, "ok   Step / published (1 expectation)\n1 passed, 0 failed\n");
}

// Without --report the source changes nothing: one line per config, as before.
TEST(TestReportTest, PlainTestUnchanged) {
  TempFile f("plain.mls", kFixture);
  auto r = mlsi({"test", f.path.string()});
  EXPECT_EQ(r.status, 1);
  std::string name = f.path.string();
  EXPECT_EQ(r.out, "ok   Step / published (2 expectations)\n"
                   "FAIL " + name + ":17:3 Step / slower: `time` expected 250 s within 10 s, computed 200 s (relative error 20%)\n"
                   "3 passed, 1 failed\n");
}

TEST(TestReportTest, UncheckedFileIsListedAndThree) {
  TempFile f("broken.mls", "scenario S {\n  output x = 1 GB + 1 s\n}\n");
  auto r = mlsi({"test", f.path.string(), "--report"});
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "scenario  config  output  expected  computed  error  tolerance  result  source\n\nFAIL " + f.path.string() +
                       ": does not check\n0 expectations: 0 passed, 0 failed; 0 with a published source: 0 passed, 0 failed\n");
}

TEST(TestReportTest, EvaluationFailureIsAFailedRow) {
  TempFile f("evalfail.mls", R"(scenario S {
  input n: Count = 1 where n >= 1
  output x = n * 1 s
}
config bad for S {
  n = 0
  expect x == 0 s source "Poe 2019, p. 3"
}
)");
  auto r = mlsi({"test", f.path.string(), "--report", "--format", "md"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("| S | bad | x | - | evaluation failed | - |  | FAIL | Poe 2019, p. 3 |\n"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("error:"), std::string::npos);
}

TEST(TestReportTest, UsageErrors) {
  TempFile f("usage.mls", kFixture);
  EXPECT_EQ(mlsi({"test", f.path.string(), "--format", "md"}).status, 2);
  EXPECT_EQ(mlsi({"test", f.path.string(), "--report", "--format", "csv"}).status, 2);
  EXPECT_EQ(mlsi({"sweep", f.path.string(), "--vary", "n=1,2", "--format", "md"}).status, 2);
  EXPECT_EQ(mlsi({"run", f.path.string(), "--published"}).status, 2);
}

// `source` is a word only after an expectation: an input named `source` set on the next line, a
// catalogue entry's `source` field, and a number followed by `source` all keep working.
TEST(TestReportTest, SourceIsNotReserved) {
  TempFile f("source_name.mls", R"(scenario S {
  input source: Count = 1
  output origin: Text = H100.source
  output twice = 2 * source
}
config c for S {
  expect twice == 6
  source = 3
}
config d for S {
  expect twice == 2 source "Koe 2018"
}
)");
  auto r = mlsi({"test", f.path.string()});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "ok   S / c (1 expectation)\nok   S / d (1 expectation)\n2 passed, 0 failed\n");
}

// The built-in scenarios cite the publications they reproduce; the report lists them with their source.
TEST(TestReportTest, TrainingScenariosListKorthikanti) {
  auto r = mlsi({"test", "scenarios/training", "--report", "--published"});
  EXPECT_EQ(r.status, 0) << r.out;
  bool found = false;
  for (const auto& line : lines_of(r.out))
    if (line.rfind("ActivationMemory", 0) == 0 && line.find(" gpt3_seq2048 ") != std::string::npos &&
        line.find(" none ") != std::string::npos && line.find("256.5 GiB") != std::string::npos &&
        line.find("Korthikanti et al. 2022") != std::string::npos)
      found = true;
  EXPECT_TRUE(found) << r.out;
}

// Every `source` of the built-in scenarios names something (the checker rejects a blank one too), and
// there are published checks at all.
TEST(TestReportTest, TrainingScenarioSourcesAreNonEmpty) {
  mlsi::ProgramSession session{mlsi::ProgramSessionOptions{}};
  session.load_builtin_scenarios();
  ASSERT_TRUE(session.check());
  int sourced = 0;
  for (const auto& cfg : session.program().configs)
    for (const auto& x : cfg.expects) {
      if (x.source.empty()) continue;
      ++sourced;
      EXPECT_NE(x.source.find_first_not_of(' '), std::string::npos) << cfg.name;
      EXPECT_GE(x.source.size(), 8u) << cfg.name << ": `" << x.source << "` is too short to name a publication";
    }
  EXPECT_GE(sourced, 10);
}

}  // namespace
