// The writer of the files the user names (cli/file_writer.hpp; issue #39, item 2): a file is replaced
// whole or not at all. A write that fails (here past a file size limit, RLIMIT_FSIZE, which a full disk
// behaves as) leaves the previous file byte for byte, with its mode, and no temporary beside it; this
// holds for `mlsi fmt -w`, `doc -o`, `plot -o` and `sweep --plot`, which all write through it.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/file_writer.hpp"
#include "tests/unit/cli_harness.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

namespace fs = std::filesystem;

struct WriterScratch : mlsi_test::ScratchDir {
  WriterScratch() : ScratchDir("mlsi_file_writer_test") {}
  std::string put(const std::string& name, const std::string& text, mode_t mode) const {
    fs::path p = dir / name;
    std::ofstream(p, std::ios::binary) << text;
    EXPECT_EQ(::chmod(p.c_str(), mode), 0) << std::strerror(errno);
    return p.string();
  }
  // The names in the folder: a temporary left behind would be one more.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }
};

std::string contents_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

mode_t mode_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

// Runs `body` in a child process whose files may grow to `limit` bytes at most, with SIGXFSZ ignored
// (as `mlsi` ignores it, cli/main.cpp), and returns what the child wrote to its pipe.
template <class Body>
std::string under_file_size_limit(rlim_t limit, Body body) {
  int fds[2];
  if (::pipe(fds) != 0) return "pipe failed";
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    rlimit r{limit, limit};
    if (::setrlimit(RLIMIT_FSIZE, &r) != 0) ::_exit(100);
    std::signal(SIGXFSZ, SIG_IGN);
    std::string report = body();
    if (::write(fds[1], report.data(), report.size()) != static_cast<ssize_t>(report.size())) ::_exit(101);
    ::_exit(0);
  }
  ::close(fds[1]);
  std::string report;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) report.append(buffer, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  return report;
}

constexpr rlim_t kLimit = 64 * 1024;

TEST(FileWriter, AFailedWriteLeavesTheFileAsItWas) {
  WriterScratch s;
  const std::string original = "the previous contents, which must survive\n";
  std::string path = s.put("out.svg", original, 0640);
  std::string text(2 * kLimit, 'x');  // twice what the limit lets a file hold
  std::string report = under_file_size_limit(kLimit, [&] { return mlsi::write_file(path, text).value_or("written"); });
  EXPECT_EQ(report, "cannot write to `" + path + "`: " + std::strerror(EFBIG));
  EXPECT_EQ(contents_of(path), original);
  EXPECT_EQ(mode_of(path), 0640u);
  EXPECT_EQ(s.names(), std::vector<std::string>{"out.svg"});
}

TEST(FileWriter, FmtWriteUnderALimitKeepsTheSource) {
  // A source longer than the limit whose layout `mlsi fmt` changes (two spaces after `=`): the formatted
  // text cannot be written whole, so the file stays as it was.
  WriterScratch s;
  std::string source = "scenario Long {\n";
  for (int i = 0; source.size() < 2 * kLimit; ++i) source += "  output x" + std::to_string(i) + " =  " + std::to_string(i) + "\n";
  source += "}\n";
  std::string path = s.put("long.mls", source, 0600);
  std::string report = under_file_size_limit(kLimit, [&] {
    auto r = mlsi_test::mlsi_here({"fmt", "-w", path});
    return std::to_string(r.status) + "\n" + r.out + r.err;
  });
  EXPECT_EQ(report, "2\nerror: cannot write to `" + path + "`: " + std::strerror(EFBIG) + "\n");
  EXPECT_EQ(contents_of(path), source);
  EXPECT_EQ(mode_of(path), 0600u);
  EXPECT_EQ(s.names(), std::vector<std::string>{"long.mls"});
}

TEST(FileWriter, AReplacedFileKeepsItsMode) {
  WriterScratch s;
  std::string path = s.put("page.md", "old\n", 0604);  // a mode no umask gives a new file
  EXPECT_EQ(mlsi::write_file(path, "new\n"), std::nullopt);
  EXPECT_EQ(contents_of(path), "new\n");
  EXPECT_EQ(mode_of(path), 0604u);
  EXPECT_EQ(s.names(), std::vector<std::string>{"page.md"});
}

TEST(FileWriter, ANewFileHasTheUmasksMode) {
  WriterScratch s;
  mode_t previous = ::umask(027);
  auto failure = mlsi::write_file((s.dir / "new.svg").string(), "<svg/>\n");
  ::umask(previous);
  EXPECT_EQ(failure, std::nullopt);
  EXPECT_EQ(contents_of((s.dir / "new.svg").string()), "<svg/>\n");
  EXPECT_EQ(mode_of((s.dir / "new.svg").string()), 0640u);  // 0666 & ~027
  EXPECT_EQ(s.names(), std::vector<std::string>{"new.svg"});
}

TEST(FileWriter, ASymbolicLinkIsWrittenThrough) {
  // The link stays a link, to a file that now holds the text; a link to nothing yet creates its target.
  WriterScratch s;
  fs::create_directory(s.dir / "real");
  std::string target = s.put("real/chart.svg", "old\n", 0644);
  fs::create_symlink("real/chart.svg", s.dir / "chart.svg");
  EXPECT_EQ(mlsi::write_file((s.dir / "chart.svg").string(), "new\n"), std::nullopt);
  EXPECT_TRUE(fs::is_symlink(s.dir / "chart.svg"));
  EXPECT_EQ(fs::read_symlink(s.dir / "chart.svg"), "real/chart.svg");
  EXPECT_EQ(contents_of(target), "new\n");
  EXPECT_EQ(s.names(), (std::vector<std::string>{"chart.svg", "real"}));

  fs::create_symlink("real/later.svg", s.dir / "later.svg");
  EXPECT_EQ(mlsi::write_file((s.dir / "later.svg").string(), "made\n"), std::nullopt);
  EXPECT_TRUE(fs::is_symlink(s.dir / "later.svg"));
  EXPECT_EQ(contents_of((s.dir / "real" / "later.svg").string()), "made\n");
}

TEST(FileWriter, ALoopOfLinksIsAnError) {
  WriterScratch s;
  fs::create_symlink("b", s.dir / "a");
  fs::create_symlink("a", s.dir / "b");
  std::string path = (s.dir / "a").string();
  EXPECT_EQ(mlsi::write_file(path, "x"), "cannot write to `" + path + "`: " + std::strerror(ELOOP));
  EXPECT_EQ(s.names(), (std::vector<std::string>{"a", "b"}));
}

}  // namespace
