// `mlsi fmt` (docs/language.md "Formatting"): the exact canonical form of a messy file covering every
// construct, comments of both kinds kept with their declarations, idempotence and unchanged meaning on
// every .mls file of the project, and the command's flags and exit statuses.
//
// The expected texts below are written by hand from the rules of the "Formatting" section: 2-space
// indentation inside `{}`, single spaces around binary operators, `->`, `=`, `==`, `=>` and after `,` and
// `:`, none inside `()` and `[]`, one inside `{ }` on one line, literals and units as written, the
// author's line breaks inside expressions kept (continuation lines one step in from the line the
// expression or bracket starts on), blank lines collapsed to one, comments where they were.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "syntax/ast_equal.hpp"
#include "cli/cli.hpp"
#include "formatter/formatter.hpp"
#include "syntax/parser.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

struct Formatted {
  std::optional<std::string> text;
  std::string errors;
};

Formatted format(const std::string& source, const std::string& name = "fixture.mls") {
  mlsi::SourceManager sources;
  mlsi::FileId file = sources.add(name, source);
  mlsi::DiagnosticLog diags;
  Formatted f{mlsi::format_file(sources, file, diags), mlsi::render_all(sources, diags, false)};
  return f;
}

std::string format_ok(const std::string& source) {
  auto f = format(source);
  EXPECT_TRUE(f.text.has_value()) << f.errors;
  return f.text.value_or("");
}

std::optional<mlsi::ast::Module> parse(mlsi::SourceManager& sources, const std::string& text) {
  mlsi::DiagnosticLog diags;
  return mlsi::parse_module(sources, sources.add("t.mls", text), diags);
}

using mlsi_test::read_file;

const char* kMessy = R"(import   "other.mls"   # end-of-line after import
# a plain comment before a dimension


dimension   Tokens
dimension Rate=Tokens/(Time*Time)
## A page of tokens.
@prefixes( large ,small )
@display(  )
unit   page : Tokens=16   Tokens # sixteen
fn   ring( size:Information,n:Count , bw : Information/Time )->Time=
    2*(n-1)/n*size/bw   # the ring formula
let   GLOBAL:Count=1e-9
##   Doc of the scenario.
scenario   Messy{
  ## Doc of batch.
     input batch:Count=8 where batch>=1 and batch<=64   # eol on input
  input mode : one of fast|slow = fast
  input bw:Information/Time=3.35 TB/s
  input sizes : List[Information] = [1,2 , 3]GB


     let   x=-batch+ (2*batch)    # a let
  # a comment between members
  output y : Information/Time = bw*2->TB/s
  output z = if mode==fast then 1 else 2
  output m = match mode{fast=>1,slow=>2,}
  output r = {a:1,b:bw}.a
  output c = [s*2 for s in sizes if s>1 GB]
  output k = ring(1 GB, n=batch,bw=bw)
  output o = Other( batch=2 ).y
  output p = not (batch>2) or batch!=3
  output w = sizes[0]^2 / 1 GB ^ 2
  output long = [1,   # first
    2,
    # before three
    3
  ]
  input tall: Information =
    sizes[0] +
         sizes[1]
      where tall > 0 GB
  check batch<100 else "too big"   # eol on check
  check x>0
}
config   c   for Messy{
  batch=4
  expect y==6.7 TB/s within 1%
  # between expects
  expect x  ==   4
}
# trailing comment
)";

const char* kMessyCanonical = R"(import "other.mls" # end-of-line after import
# a plain comment before a dimension

dimension Tokens
dimension Rate = Tokens / (Time * Time)
## A page of tokens.
@prefixes(large, small)
@display()
unit page: Tokens = 16 Tokens # sixteen
fn ring(size: Information, n: Count, bw: Information / Time) -> Time =
  2 * (n - 1) / n * size / bw # the ring formula
let GLOBAL: Count = 1e-9
##   Doc of the scenario.
scenario Messy {
  ## Doc of batch.
  input batch: Count = 8 where batch >= 1 and batch <= 64 # eol on input
  input mode: one of fast | slow = fast
  input bw: Information / Time = 3.35 TB/s
  input sizes: List[Information] = [1, 2, 3] GB

  let x = -batch + (2 * batch) # a let
  # a comment between members
  output y: Information / Time = bw * 2 -> TB/s
  output z = if mode == fast then 1 else 2
  output m = match mode { fast => 1, slow => 2 }
  output r = { a: 1, b: bw }.a
  output c = [s * 2 for s in sizes if s > 1 GB]
  output k = ring(1 GB, n = batch, bw = bw)
  output o = Other(batch = 2).y
  output p = not (batch > 2) or batch != 3
  output w = sizes[0] ^ 2 / 1 GB ^ 2
  output long = [1, # first
    2,
    # before three
    3,
  ]
  input tall: Information =
    sizes[0] +
      sizes[1]
    where tall > 0 GB
  check batch < 100 else "too big" # eol on check
  check x > 0
}
config c for Messy {
  batch = 4
  expect y == 6.7 TB/s within 1%
  # between expects
  expect x == 4
}
# trailing comment
)";

TEST(Fmt, MessyFileInCanonicalLayout) {
  std::string out = format_ok(kMessy);
  EXPECT_EQ(out, kMessyCanonical);
  EXPECT_EQ(format_ok(out), out);
}

TEST(Fmt, CanonicalTextIsLeftAlone) { EXPECT_EQ(format_ok(kMessyCanonical), kMessyCanonical); }

// Docs stay attached to their declarations; a `##` block separated by a blank line stays separate; a
// comment inside an expression stays inside it, between the same two tokens.
TEST(Fmt, CommentsStayWithTheirDeclarations) {
  const char* source = R"(## Doc of A.
scenario A {
  ## Doc of a.
  input a: Count = 1
  ## Not a doc: a blank line follows.

  let b = a   # about b
  # about c
  output c = [a, # after a
              b]
}

## Doc of f.
fn f(x: Count) = x # about f
)";
  const char* expected = R"(## Doc of A.
scenario A {
  ## Doc of a.
  input a: Count = 1
  ## Not a doc: a blank line follows.

  let b = a # about b
  # about c
  output c = [a, # after a
    b]
}

## Doc of f.
fn f(x: Count) = x # about f
)";
  std::string out = format_ok(source);
  EXPECT_EQ(out, expected);
  mlsi::SourceManager sources;
  auto before = parse(sources, source);
  auto after = parse(sources, out);
  ASSERT_TRUE(before && after);
  const auto& members = std::get<mlsi::ast::ScenarioDecl>(after->decls[0]).members;
  EXPECT_EQ(std::get<mlsi::ast::ScenarioDecl>(after->decls[0]).doc, "Doc of A.");
  EXPECT_EQ(std::get<mlsi::ast::InputDecl>(members[0]).doc, "Doc of a.");
  EXPECT_EQ(std::get<mlsi::ast::LetDecl>(members[1]).doc, "");
  EXPECT_EQ(std::get<mlsi::ast::FnDecl>(after->decls[1]).doc, "Doc of f.");
  EXPECT_TRUE(mlsi::ast::same_module(*before, *after));
}

// Comments where the grammar allows whitespace but a declaration has no line break of its own.
TEST(Fmt, CommentsInsideDeclarationsEndTheirLine) {
  const char* source = R"(scenario S { input a: # type next
    Count = 1
  let d = - # minus
    a
  let e = a -> # unit next
    GB / s
  let f = g(a,
    d, # trailing
  )
  check a > 0 # cond
    else "msg"
  let h: Information # t
    / Time = 1 GB/s
  let k = "a # not a comment" # but this is
}
@display() # attr comment
# between attr and unit
unit q = 1 s
scenario Empty {}
scenario Commented { # only a comment
}
scenario B { # about B

  input a: Count = 1
}
)";
  const char* expected = R"(scenario S {
  input a: # type next
    Count = 1
  let d = - # minus
    a
  let e = a -> # unit next
    GB/s
  let f = g(a,
    d, # trailing
  )
  check a > 0 # cond
    else "msg"
  let h: Information # t
    / Time = 1 GB/s
  let k = "a # not a comment" # but this is
}
@display() # attr comment
# between attr and unit
unit q = 1 s
scenario Empty {}
scenario Commented { # only a comment
}
scenario B { # about B
  input a: Count = 1
}
)";
  std::string out = format_ok(source);
  EXPECT_EQ(out, expected);
  EXPECT_EQ(format_ok(out), out);
}

// Literals, units and strings as written; parentheses kept; a unit never leaves its number.
TEST(Fmt, ScenarioFunctionsAndLetInLaidOutLikeTheirTopLevelForms) {
  EXPECT_EQ(format_ok("scenario X {\n  input n: Count = 2\n  fn  f( k : Count )->Count=let   a=k*n in a+1\n  output y=f(3)\n}\n"),
            "scenario X {\n  input n: Count = 2\n  fn f(k: Count) -> Count = let a = k * n in a + 1\n  output y = f(3)\n}\n");
}

TEST(Fmt, LiteralsUnitsAndParenthesesAsWritten) {
  EXPECT_EQ(format_ok("let a = 3.35TB/s\nlet b = 1E+3   %\nlet c = ((a))\nlet d = \"x\\\"  y\"\n"
                      "let e = (3 s) ^ 2\nlet f = 3 s ^ 2\nlet g = [1, 2]   GB\nlet h = x->(GB /s)\n"),
            "let a = 3.35TB/s\nlet b = 1E+3 %\nlet c = ((a))\nlet d = \"x\\\"  y\"\n"
            "let e = (3 s) ^ 2\nlet f = 3 s ^ 2\nlet g = [1, 2] GB\nlet h = x -> (GB/s)\n");
}

// Digit separators stay as written (`1_000`, not `1000`), also before a unit written tight or spaced.
TEST(Fmt, DigitSeparatorsAsWritten) {
  EXPECT_EQ(format_ok("let a = 1_000\nlet b = 2_048   GiB\nlet c = 1_000_000.5e3\nlet d = [1_0, 2_0]GB\nlet e = 3_0GB/s\n"),
            "let a = 1_000\nlet b = 2_048 GiB\nlet c = 1_000_000.5e3\nlet d = [1_0, 2_0] GB\nlet e = 3_0GB/s\n");
}

// `expect measured NAME` keeps its marker, one space either side; an output named `measured` stays a name.
TEST(Fmt, MeasuredExpectationKeepsItsMarker) {
  EXPECT_EQ(format_ok("config c for S {\n  expect   measured  t==13.75 s   within 10%  source \"K. 2022\"\n"
                      "  expect measured==3\n  expect measured measured== 3 source \"x\"\n}\n"),
            "config c for S {\n  expect measured t == 13.75 s within 10% source \"K. 2022\"\n"
            "  expect measured == 3\n  expect measured measured == 3 source \"x\"\n}\n");
}

// The key of `max_by` is a comprehension without brackets, and stays one.
TEST(Fmt, KeyOfMaxByWithoutBrackets) {
  EXPECT_EQ(format_ok("let a = max_by( d.memory   for d in ds  if d.x>1 )\nlet b = min_by(x for x in [1,2])\n"),
            "let a = max_by(d.memory for d in ds if d.x > 1)\nlet b = min_by(x for x in [1, 2])\n");
}

TEST(Fmt, LineEndingsBlankLinesAndByteOrderMark) {
  EXPECT_EQ(format_ok("let a = 1\r\n\r\n\r\n\r\nlet b = 2   \r\n"), "let a = 1\n\nlet b = 2\n");
  EXPECT_EQ(format_ok(""), "");
  EXPECT_EQ(format_ok("\n\n# only a comment   \n\n"), "# only a comment\n");
  // The mark decides whether `##` on the first line is a doc, so it is kept.
  EXPECT_EQ(format_ok("\xEF\xBB\xBF## Not a doc.\nlet a = 1"), "\xEF\xBB\xBF## Not a doc.\nlet a = 1\n");
}

TEST(Fmt, SyntaxErrorIsReportedAndNothingIsFormatted) {
  auto f = format("scenario S {\n  output x = (1 +\n}\n", "broken.mls");
  EXPECT_FALSE(f.text.has_value());
  EXPECT_NE(f.errors.find("broken.mls:3:1"), std::string::npos) << f.errors;
  EXPECT_NE(f.errors.find("syntax error: expected an expression"), std::string::npos) << f.errors;
}

// Every .mls file of the project that parses: formatting twice gives what formatting once gives, and
// the formatted text parses to the same AST (spans aside). format_file checks the second itself; the
// test checks it again independently.
TEST(Fmt, IdempotentAndMeaningPreservingOnEveryProjectFile) {
  int formatted = 0, canonical = 0, unparsable = 0;
  for (const char* dir : {"scenarios", "stdlib", "tests", "bench", "validation"}) {
    fs::path root = fs::path(MLSI_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (entry.path().extension() != ".mls") continue;
      std::string source = read_file(entry.path());
      mlsi::SourceManager sources;
      auto original = parse(sources, source);
      if (!original) {
        ++unparsable;  // tests/golden: files with syntax errors on purpose
        EXPECT_FALSE(format(source).text.has_value()) << entry.path();
        continue;
      }
      auto once = format(source, entry.path().string());
      ASSERT_TRUE(once.text.has_value()) << entry.path() << "\n" << once.errors;
      EXPECT_EQ(format_ok(*once.text), *once.text) << entry.path();
      auto reparsed = parse(sources, *once.text);
      ASSERT_TRUE(reparsed.has_value()) << entry.path();
      EXPECT_TRUE(mlsi::ast::same_module(*original, *reparsed)) << entry.path();
      ++formatted;
      canonical += *once.text == source;
    }
  }
  // 57 training scenarios, 3 prelude files, the examples and most of tests/golden parse.
  EXPECT_GE(formatted, 150);
  EXPECT_GE(unparsable, 30);
  std::cout << "[          ] " << formatted << " files formatted (" << canonical << " already canonical), "
            << unparsable << " with syntax errors\n";
}

// Spaces and tabs between tokens are the formatter's to choose: doubling every blank outside strings and
// comments of a training scenario gives the same canonical text as the scenario itself.
TEST(Fmt, ExtraBlanksBetweenTokensChangeNothing) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(MLSI_SOURCE_DIR) / "scenarios/training")) {
    std::string source = read_file(entry.path());
    std::string inflated;
    bool in_string = false, in_comment = false;
    for (char c : source) {
      if (c == '\n') in_string = in_comment = false;
      else if (!in_comment && c == '"') in_string = !in_string;
      else if (!in_string && c == '#') in_comment = true;
      inflated += c;
      if (!in_string && !in_comment && (c == ' ' || c == '\t')) inflated += " \t";
    }
    EXPECT_EQ(format_ok(inflated), format_ok(source)) << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 57);
}

using mlsi_test::mlsi;

// The built-in scenarios, formatted into a folder of their own, pass `mlsi test` with exactly the same
// report as the originals.
TEST(FmtCli, FormattedTrainingScenariosTestTheSame) {
  fs::path dir = fs::temp_directory_path() / ("mlsi_fmt_training_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(MLSI_SOURCE_DIR) / "scenarios/training")) {
    if (entry.path().extension() != ".mls") continue;
    auto r = mlsi({"fmt", entry.path().string()});
    ASSERT_EQ(r.status, 0) << entry.path() << r.err;
    std::ofstream(dir / entry.path().filename(), std::ios::binary) << r.out;
    ++files;
  }
  EXPECT_EQ(files, 57);
  auto original = mlsi({"test", "scenarios/training"});
  auto formatted = mlsi({"test", dir.string()});
  EXPECT_EQ(original.status, 0);
  EXPECT_EQ(formatted.status, 0);
  EXPECT_EQ(formatted.out, original.out);
  fs::remove_all(dir);
}

class FmtFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("mlsi_fmt_cli_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(FmtFiles, PrintsTheCanonicalForm) {
  auto messy = file("messy.mls", "let   a=1\n");
  auto r = mlsi({"fmt", messy});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "let a = 1\n");
  EXPECT_EQ(read_file(messy), "let   a=1\n");  // printing leaves the file alone
}

TEST_F(FmtFiles, CheckListsTheFilesThatAreNotCanonical) {
  auto messy = file("messy.mls", "let   a=1\n");
  auto clean = file("clean.mls", "let a = 1\n");
  auto r = mlsi({"fmt", "--check", clean, messy});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, messy + "\n");
  EXPECT_EQ(read_file(messy), "let   a=1\n");
  r = mlsi({"fmt", "--check", clean});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  // A folder stands for its .mls files; other files in it are not read.
  file("notes.txt", "not   mls");
  r = mlsi({"fmt", "--check", dir_.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, messy + "\n");
}

TEST_F(FmtFiles, WriteRewritesOnlyChangedFiles) {
  auto messy = file("messy.mls", "let   a=1\n");
  auto clean = file("clean.mls", "let a = 1\n");
  auto old_time = fs::last_write_time(clean) - std::chrono::hours(1);
  fs::last_write_time(clean, old_time);
  auto r = mlsi({"fmt", "-w", messy, clean});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, messy + ": formatted\n");
  EXPECT_EQ(read_file(messy), "let a = 1\n");
  EXPECT_EQ(fs::last_write_time(clean), old_time);  // not written at all
  r = mlsi({"fmt", "--write", messy});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
}

TEST_F(FmtFiles, SyntaxErrorExitsThreeAndLeavesTheFileUntouched) {
  auto broken = file("broken.mls", "let a = (1 +\n");
  auto clean = file("clean.mls", "let   b = 2\n");
  auto r = mlsi({"fmt", "--write", broken, clean});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("broken.mls:2:1: error: syntax error"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(broken), "let a = (1 +\n");
  EXPECT_EQ(read_file(clean), "let b = 2\n");  // the other files are still formatted
}

TEST(FmtCli, UsageErrors) {
  EXPECT_EQ(mlsi({"fmt"}).status, 2);
  EXPECT_EQ(mlsi({"fmt", "--write", "--check", "x.mls"}).status, 2);
  EXPECT_EQ(mlsi({"check", "--write", "x.mls"}).status, 2);
  auto r = mlsi({"fmt", "no_such_file.mls"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: cannot find file `no_such_file.mls`\n");
}

}  // namespace
