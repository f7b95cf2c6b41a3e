// Memory running out (issue 16, item 13): std::bad_alloc anywhere in a command is an error, "out of
// memory while <activity>" with exit status 1, not an abort; in the REPL it fails the one entry.
//
// The real thing is a child process under RLIMIT_AS, as `ulimit -v` sets it. AddressSanitizer
// reserves terabytes of address space for its shadow memory and cannot run under RLIMIT_AS (and
// reports, rather than throws, a failed allocation), so a sanitizer build makes memory run out through
// the test hook of activity.hpp instead: the same catch, the same message, the same status.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "base/activity.hpp"
#include "cli/cli.hpp"
#include "tests/unit/cli_harness.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define MLSI_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MLSI_TEST_ASAN 1
#endif
#endif

namespace fs = std::filesystem;

namespace {

using mlsi_test::Result;

// Runs `mlsi ARGS...` in the current working directory with `input` as its standard input.
Result run_with_input(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  return mlsi_test::mlsi_here(args, &in);
}

struct ScratchFile {
  fs::path path;
  ScratchFile(const std::string& name, const std::string& text)
      : path(fs::temp_directory_path() / ("mlsi_oom_test_" + std::to_string(::getpid()) + "_" + name)) {
    std::ofstream(path, std::ios::binary) << text;
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

// Five million entries of about 40 bytes (sizeof(mlsi::Value)): some 200 MB for the list alone,
// within --max-list (10^7) and --max-steps.
const char* kBigList = "scenario Big {\n  output n = len(range(5000000))\n}\n";

// The hook: memory runs out as the named activity starts, `times` times after the first `skip`.
const char* failing_activity = nullptr;
int skips_left = 0, failures_left = 0;
void fail_in(const char* what) {
  if (failing_activity == nullptr || std::string(what) != failing_activity) return;
  if (skips_left > 0) {
    --skips_left;
    return;
  }
  if (failures_left > 0) {
    --failures_left;
    throw std::bad_alloc();
  }
}

struct HookedActivity {
  explicit HookedActivity(const char* what, int times = 1000, int skip = 0) {
    failing_activity = what;
    failures_left = times;
    skips_left = skip;
    mlsi::set_activity_hook(&fail_in);
  }
  HookedActivity(const HookedActivity&) = delete;
  HookedActivity& operator=(const HookedActivity&) = delete;
  ~HookedActivity() {
    mlsi::set_activity_hook(nullptr);
    failing_activity = nullptr;
    failures_left = skips_left = 0;
  }
};

#ifndef MLSI_TEST_ASAN
// Runs `mlsi ARGS` in a child process whose address space may grow by `extra` bytes past what it
// has at the fork; the child reports its exit status and standard error through a pipe.
Result in_child_with_memory_limit(const std::vector<std::string>& args, std::size_t extra, int& wait_status) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    std::size_t used = 0;
    {
      std::ifstream statm("/proc/self/statm");
      statm >> used;  // pages of address space
    }
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = used * static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) + extra;
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(100);
    Result r = run_with_input(args);
    std::string report = std::to_string(r.status) + "\n" + r.err;
    if (write(fds[1], report.data(), report.size()) != static_cast<ssize_t>(report.size())) _exit(101);
    _exit(0);
  }
  close(fds[1]);
  std::string report;
  char buffer[4096];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) report.append(buffer, static_cast<std::size_t>(n));
  close(fds[0]);
  waitpid(pid, &wait_status, 0);
  Result r;
  auto newline = report.find('\n');
  if (newline == std::string::npos) return r;
  r.status = std::stoi(report.substr(0, newline));
  r.err = report.substr(newline + 1);
  return r;
}
#endif

}  // namespace

TEST(OutOfMemory, BigListUnderAMemoryLimitIsAnError) {
  ScratchFile file("big.mls", kBigList);
#ifdef MLSI_TEST_ASAN
  // The equivalent in a sanitizer build: the allocation fails as evaluation starts.
  HookedActivity hook("evaluating");
  Result r = run_with_input({"run", file.path.string()});
#else
  // Without a limit the run succeeds: the limit, not the file, makes it fail.
  Result unlimited = run_with_input({"run", file.path.string(), "--format", "csv"});
  ASSERT_EQ(unlimited.status, 0) << unlimited.err;
  EXPECT_EQ(unlimited.out, "n\n5000000\n");
  int wait_status = 0;
  // 64 MiB more than the test process uses: less than a third of the list.
  Result r = in_child_with_memory_limit({"run", file.path.string()}, std::size_t{64} << 20, wait_status);
  ASSERT_TRUE(WIFEXITED(wait_status)) << "the child was killed by signal " << WTERMSIG(wait_status);
  ASSERT_EQ(WEXITSTATUS(wait_status), 0);
#endif
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: out of memory while evaluating\n");
}

// Each activity names itself in the message.
TEST(OutOfMemory, MessageNamesTheActivity) {
  ScratchFile file("small.mls", "scenario S {\n  input a: Count = 3\n  output x = 2 * a\n}\n");
  for (const char* activity : {"reading the prelude and the catalogue", "reading", "checking", "evaluating", "writing the results"}) {
    HookedActivity hook(activity);
    Result r = run_with_input({"run", file.path.string()});
    EXPECT_EQ(r.status, 1) << activity;
    EXPECT_EQ(r.out, "") << activity;
    EXPECT_EQ(r.err, std::string("error: out of memory while ") + activity + "\n");
  }
  {
    HookedActivity hook("sweeping");
    Result r = run_with_input({"sweep", file.path.string(), "--vary", "a=1,2"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "error: out of memory while sweeping\n");
  }
  HookedActivity hook("formatting");
  Result r = run_with_input({"fmt", file.path.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: out of memory while formatting\n");
}

// In the REPL memory running out fails the entry, and the session goes on.
TEST(OutOfMemory, ReplEntryFailsAndTheSessionGoesOn) {
  HookedActivity hook("evaluating", 1);
  Result r = run_with_input({"repl"}, "2 * 3\n2 * 4\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: out of memory while evaluating\n");
  EXPECT_EQ(r.out, "= 8  [Count]\n");
}

// A declaration that runs out of memory is taken back, as a failed one is: `y` is not declared.
TEST(OutOfMemory, ReplDeclarationIsTakenBack) {
  // The REPL checks its start-up session once (the prelude; the built-in scenarios are read when an entry
  // names one); the entry's check is the second: `y` is declared by then, and must be taken back.
  HookedActivity hook("checking", 1, 1);
  Result r = run_with_input({"repl"}, "let y = 4\ny\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.substr(0, r.err.find('\n') + 1), "error: out of memory while checking\n");
  EXPECT_NE(r.err.find("<repl>:2:1: error: unknown name `y`"), std::string::npos) << r.err;
}
