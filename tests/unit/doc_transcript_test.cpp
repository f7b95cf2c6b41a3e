// Doc transcripts: every `$ mlsi ...` transcript of README.md and of the docs pages of kPages is run, and must print
// exactly what the page shows (a doc test, as mathjs and Numbat have), so the reference cannot drift from
// the build. One test per transcript, named by page and the line of its first command:
// Pages/DocTranscript.PrintsWhatThePageShows/language_md_75.
//
// The rule (docs/language.md's introduction says it for writers):
// - A transcript is a fenced block without a language tag whose first line starts with `$ `. A block
//   tagged `sh` shows commands to type, without their output, and is not run: that is how a block is kept
//   out. An untagged block that has a `$ mlsi` line further down is an error of the page.
// - Each line `$ COMMAND` is run; the lines after it, up to the next `$ ` line or the end of the block, are
//   what it prints: standard output and standard error in the order they are written, as a terminal shows
//   them. A line that is just `...` (indented or not) stands for any lines the page leaves out.
// - COMMAND is read as a shell reads it (words, '...' and "..." quotes, backslash escapes). `NAME=VALUE`
//   words before it set environment variables for it; a last word `2>/dev/null` drops standard error.
//   It is `mlsi ARGS...`, run in-process; `mlsi` alone (or `mlsi repl`) is a REPL session, where the text
//   after each `mlsi> ` or `  ... ` prompt is typed and the first line is the banner the REPL prints at a
//   terminal; or `cat FILE`, which shows a file: its lines are the file, written for the commands after it.
// - When the paragraph right after the block starts with `(exit status N`, N is its last command's status.
// - Each transcript runs in a new folder holding every file its page gives: a block (not a transcript)
//   whose paragraph above ends with `:` gives the last file name in backticks in that paragraph, as in
//   "`rule.mls`:". A relative path that the page does not give is copied there from the repository
//   (README's `tests/examples/kv_cache.mls`). So outputs print paths as the page writes them, on any machine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/cli.hpp"
#include "tests/unit/doc_transcript.hpp"

namespace fs = std::filesystem;

namespace mlsi_test {
// How gtest names a transcript in its messages (found by argument-dependent lookup).
void PrintTo(const Transcript& t, std::ostream* os) { *os << t.page << ":" << t.line; }
}  // namespace mlsi_test

namespace {

// Not `using namespace mlsi_test`: the tests are unity-built, and the directive would reach the files after this one.
using mlsi_test::Block;
using mlsi_test::blocks_of;
using mlsi_test::Command;
using mlsi_test::files_of;
using mlsi_test::is_ellipsis;
using mlsi_test::is_transcript;
using mlsi_test::joined;
using mlsi_test::lines_of;
using mlsi_test::matches;
using mlsi_test::PageFiles;
using mlsi_test::read_file;
using mlsi_test::shell_words;
using mlsi_test::Transcript;
using mlsi_test::transcripts_of;

const char* const kPages[] = {"README.md", "docs/language.md", "docs/cli.md", "docs/examples.md"};

std::string page_text(const std::string& page) { return read_file(fs::path(MLSI_SOURCE_DIR) / page); }

std::vector<Transcript> all_transcripts() {
  std::vector<Transcript> out;
  for (const char* page : kPages)
    for (auto& t : transcripts_of(page, page_text(page))) out.push_back(std::move(t));
  return out;
}

// A folder for one transcript, removed with everything in it.
struct Folder {
  fs::path dir;
  explicit Folder(const std::string& name)
      : dir(fs::temp_directory_path() / ("mlsi_doc_transcript_" + std::to_string(::getpid()) + "_" + name)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;
  ~Folder() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  void write(const std::string& name, const std::string& text) const {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << text;
  }
};

// Sets environment variables for one command, and puts the previous values back.
class Environment {
 public:
  void set(const std::string& name, const std::string& value) {
    const char* old = std::getenv(name.c_str());
    saved_.emplace_back(name, old ? std::optional<std::string>(old) : std::nullopt);
    ::setenv(name.c_str(), value.c_str(), 1);
  }
  Environment() = default;
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;
  ~Environment() {
    for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
      if (it->second)
        ::setenv(it->first.c_str(), it->second->c_str(), 1);
      else
        ::unsetenv(it->first.c_str());
    }
  }

 private:
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

struct Printed {
  int status = 0;
  std::string text;                  // as printed
  std::vector<std::string> printed;  // its lines
};

// Runs `mlsi ARGS...` in `dir` with standard output and error in one stream; `input` feeds a REPL.
Printed run_mlsi(const fs::path& dir, const std::vector<std::string>& args, bool drop_errors, const std::string& input) {
  auto previous = fs::current_path();
  fs::current_path(dir);
  std::ostringstream printed, dropped;
  std::istringstream in(input);
  Printed r;
  r.status = mlsi::run_cli(args, mlsi::CliStreams{printed, drop_errors ? dropped : printed, false, &in, false});
  fs::current_path(previous);
  r.text = printed.str();
  r.printed = lines_of(r.text);
  return r;
}

// Copies into `folder` each repository file a command names that the page does not give itself, so that it
// runs as it would from the repository root.
void copy_repository_files(const Folder& folder, const std::vector<std::string>& words, const PageFiles& given) {
  for (const auto& w : words) {
    fs::path source = fs::path(MLSI_SOURCE_DIR) / w;
    if (!w.empty() && w[0] != '-' && fs::path(w).is_relative() && !given.files.count(w) && w.find("..") == std::string::npos &&
        fs::is_regular_file(source))
      folder.write(w, read_file(source));
  }
}

std::string test_name(const Transcript& t) {
  std::string n = fs::path(t.page).filename().string() + "_" + std::to_string(t.line);
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class DocTranscript : public ::testing::TestWithParam<Transcript> {};

TEST_P(DocTranscript, PrintsWhatThePageShows) {
  const Transcript& t = GetParam();
  const PageFiles given = files_of(blocks_of(lines_of(page_text(t.page))));
  ASSERT_TRUE(given.conflicts.empty()) << t.page << " gives a file twice with different texts: " << given.conflicts[0];
  Folder folder(test_name(t));
  for (const auto& [name, text] : given.files) folder.write(name, text);
  int status = 0;
  for (const Command& c : t.commands) {
    std::vector<std::string> words = shell_words(c.text);
    const std::string where = t.page + ":" + std::to_string(c.line) + ": $ " + c.text;
    Environment env;
    while (!words.empty() && words[0].find('=') != std::string::npos && words[0][0] != '=') {
      auto eq = words[0].find('=');
      env.set(words[0].substr(0, eq), words[0].substr(eq + 1));
      words.erase(words.begin());
    }
    bool drop_errors = !words.empty() && words.back() == "2>/dev/null";
    if (drop_errors) words.pop_back();
    ASSERT_FALSE(words.empty()) << where;
    if (words[0] == "cat") {
      ASSERT_EQ(words.size(), 2u) << where << ": `cat` shows one file";
      folder.write(words[1], joined(c.expected));
      continue;
    }
    ASSERT_EQ(words[0], "mlsi") << where << ": a transcript runs mlsi (or cat)";
    words.erase(words.begin());
    copy_repository_files(folder, words, given);
    std::vector<std::string> expected = c.expected;
    std::string input;
    if (words.empty() || words == std::vector<std::string>{"repl"}) {
      // A REPL session: the banner (printed at a terminal only), then prompts with what is typed.
      ASSERT_FALSE(expected.empty()) << where << ": a REPL session starts with the banner";
      Printed version = run_mlsi(folder.dir, {"--version"}, false, "");
      ASSERT_EQ(version.printed.size(), 1u);
      EXPECT_EQ(expected[0], version.printed[0] + " - `:help` lists the commands, Ctrl-D leaves") << where;
      std::vector<std::string> shown;
      for (std::size_t i = 1; i < expected.size(); ++i) {
        const std::string& l = expected[i];
        if (l.rfind("mlsi> ", 0) == 0 || l.rfind("  ... ", 0) == 0)
          input += l.substr(6) + "\n";
        else if (l == "mlsi>" || l == "  ...")
          input += "\n";
        else
          shown.push_back(l);
      }
      expected = shown;
      words = {"repl"};
    }
    Printed r = run_mlsi(folder.dir, words, drop_errors, input);
    status = r.status;
    if (std::none_of(expected.begin(), expected.end(), is_ellipsis)) {
      EXPECT_EQ(joined(expected), r.text) << where;
    } else {
      EXPECT_TRUE(matches(expected, r.printed)) << where << "\n--- the page shows:\n"
                                                << joined(expected) << "--- mlsi printed:\n"
                                                << joined(r.printed);
    }
  }
  if (t.status) {
    EXPECT_EQ(*t.status, status) << t.page << ":" << t.line << ": the exit status the page states";
  }
}

INSTANTIATE_TEST_SUITE_P(Pages, DocTranscript, ::testing::ValuesIn(all_transcripts()),
                         [](const ::testing::TestParamInfo<Transcript>& info) { return test_name(info.param); });

// The pages hold the transcripts this test expects to find (a change in how blocks are read would
// otherwise run none, silently), and no untagged block hides a `$ mlsi` line that is not run.
TEST(DocTranscripts, EveryPageHasItsTranscriptsAndNoneIsHidden) {
  std::map<std::string, int> count;
  for (const char* page : kPages) {
    for (const Block& b : blocks_of(lines_of(page_text(page)))) {
      if (is_transcript(b)) {
        ++count[page];
        continue;
      }
      if (!b.tag.empty()) continue;
      for (std::size_t i = 0; i < b.body.size(); ++i)
        EXPECT_NE(b.body[i].rfind("$ mlsi", 0), 0u)
            << page << ":" << b.line + 1 + static_cast<int>(i) << ": a `$ mlsi` line in a block that is not a transcript";
    }
  }
  EXPECT_GE(count["README.md"], 2);
  EXPECT_GE(count["docs/language.md"], 40);
  EXPECT_GE(count["docs/cli.md"], 4);
  EXPECT_GE(count["docs/examples.md"], 5);
}

// A file the page gives and says is "also in `tests/examples/`" is that file, byte for byte.
TEST(DocTranscripts, FilesAlsoInTheRepositoryAreTheSame) {
  int compared = 0;
  for (const char* page : kPages) {
    PageFiles given = files_of(blocks_of(lines_of(page_text(page))));
    for (const auto& [name, folder] : given.also_in) {
      fs::path copy = fs::path(MLSI_SOURCE_DIR) / folder / name;
      ASSERT_TRUE(fs::is_regular_file(copy)) << page << " says " << name << " is also in " << folder;
      EXPECT_EQ(given.files[name], read_file(copy)) << page << ": " << name << " differs from " << copy;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 3);  // README's kv_cache.mls, and kv_cache.mls and group_stats.mls of docs/language.md
}

TEST(DocTranscripts, EllipsisStandsForAnyLines) {
  EXPECT_TRUE(matches({"a", "...", "d"}, {"a", "b", "c", "d"}));
  EXPECT_TRUE(matches({"a", "...", "d"}, {"a", "d"}));
  EXPECT_TRUE(matches({"a", "  ...", "d"}, {"a", "  b", "d"}));
  EXPECT_FALSE(matches({"a", "x...", "d"}, {"a", "b", "d"}));
  EXPECT_TRUE(matches({"a", "..."}, {"a", "b"}));
  EXPECT_FALSE(matches({"a", "...", "d"}, {"a", "b", "c"}));
  EXPECT_FALSE(matches({"a", "...", "c", "...", "e"}, {"a", "b", "d", "e"}));
  EXPECT_TRUE(matches({"a", "...", "c", "...", "e"}, {"a", "b", "c", "d", "e"}));
  EXPECT_FALSE(matches({"a", "b"}, {"a", "b", "c"}));
}

TEST(DocTranscripts, CommandsAreReadAsAShellReadsThem) {
  EXPECT_EQ(shell_words(R"(mlsi run x.mls --set 'sizes=[1 GB, 0 byte]')"),
            (std::vector<std::string>{"mlsi", "run", "x.mls", "--set", "sizes=[1 GB, 0 byte]"}));
  EXPECT_EQ(shell_words(R"(mlsi list hardware --where "family == \"moe\"")"),
            (std::vector<std::string>{"mlsi", "list", "hardware", "--where", "family == \"moe\""}));
  EXPECT_EQ(shell_words(R"(MLSI_PATH=cats  mlsi a\ b)"), (std::vector<std::string>{"MLSI_PATH=cats", "mlsi", "a b"}));
}

// README's table of questions (`| question | command |`): the command of each row, the first code span of
// its second cell, with the line it is on.
std::vector<std::pair<int, std::string>> readme_question_commands() {
  std::vector<std::pair<int, std::string>> out;
  const std::vector<std::string> lines = lines_of(page_text("README.md"));
  bool in_table = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.rfind("| question | command |", 0) == 0) {
      in_table = true;
      ++i;  // the |---|---| line
      continue;
    }
    if (!in_table) continue;
    if (l.rfind("|", 0) != 0) break;
    auto cell = l.find(" | ");
    auto open = l.find('`', cell);
    auto close = open == std::string::npos ? open : l.find('`', open + 1);
    EXPECT_NE(close, std::string::npos) << "README.md:" << i + 1 << ": a question without a command";
    if (close != std::string::npos) out.emplace_back(static_cast<int>(i + 1), l.substr(open + 1, close - open - 1));
  }
  return out;
}

// Every question of README's table is answered by its command as written, run from the repository root
// (in a folder holding the repository files it names): exit status 0, and something printed.
TEST(DocTranscripts, ReadmeQuestionsAreAnsweredByTheirCommands) {
  const auto rows = readme_question_commands();
  EXPECT_GE(rows.size(), 10u);
  for (const auto& [line, command] : rows) {
    std::vector<std::string> words = shell_words(command);
    ASSERT_FALSE(words.empty());
    ASSERT_EQ(words[0], "mlsi") << "README.md:" << line;
    words.erase(words.begin());
    Folder folder("readme_question_" + std::to_string(line));
    copy_repository_files(folder, words, PageFiles{});
    Printed r = run_mlsi(folder.dir, words, false, "");
    EXPECT_EQ(r.status, 0) << "README.md:" << line << ": $ " << command << "\n" << r.text;
    EXPECT_GE(r.printed.size(), 2u) << "README.md:" << line << ": $ " << command;
  }
}

// README shows `mlsi` commands only where they are run: in transcripts and in the table of questions. A
// block tagged `sh` (commands without output, not run) holds none, other than the setup's `./build/mlsi`.
TEST(DocTranscripts, ReadmeShowsNoMlsiCommandThatIsNotRun) {
  for (const Block& b : blocks_of(lines_of(page_text("README.md")))) {
    if (b.tag != "sh") continue;
    for (std::size_t i = 0; i < b.body.size(); ++i) {
      const std::string& l = b.body[i];
      auto start = l.find_first_not_of(' ');
      EXPECT_TRUE(start == std::string::npos || l.compare(start, 5, "mlsi ") != 0)
          << "README.md:" << b.line + 1 + static_cast<int>(i) << ": `" << l << "` is not run: show it as a transcript";
    }
  }
}

}  // namespace
