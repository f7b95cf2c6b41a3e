// The REPL (`mlsi repl`, issue #7).
//
// - Entry reading: when an entry needs more lines, what kind it is, `:run` arguments.
// - Completion: units after a number or `->`, catalogue entries, record fields, commands, `:run` arguments.
// - Scripted sessions (standard input not a terminal) are in repl_script_test.cpp.
// - A terminal session under a pseudo-terminal: tab completion of a unit prefix, a catalogue entry and a
//   record field, Ctrl-C, a continued entry, Ctrl-D, and the history file read again by a second session
//   (reverse search with Ctrl-R).
//
// Every expected number is derived by hand in the comments next to it (for the session, in session.repl).
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/cli.hpp"
#include "repl/repl_completion.hpp"
#include "repl/repl_input.hpp"
#include "session/session.hpp"

// System headers and gtest after the interpreter's (see cli_test.cpp: <signal.h> defines a macro
// `si_value`).
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <csignal>

#include <gtest/gtest.h>

namespace fs = std::filesystem;
using mlsi::EntryKind;

namespace {

// ---- entries ---------------------------------------------------------------------------------------
TEST(ReplInput, Classify) {
  EXPECT_EQ(mlsi::classify_entry(""), EntryKind::empty);
  EXPECT_EQ(mlsi::classify_entry("  # a comment"), EntryKind::empty);
  EXPECT_EQ(mlsi::classify_entry(":run KvCache"), EntryKind::command);
  EXPECT_EQ(mlsi::classify_entry("let x = 1"), EntryKind::declaration);
  EXPECT_EQ(mlsi::classify_entry("## doc\nfn f(x: Count) = x"), EntryKind::declaration);
  EXPECT_EQ(mlsi::classify_entry("@prefixes(large) unit tok: Tokens"), EntryKind::declaration);
  EXPECT_EQ(mlsi::classify_entry("import \"a.mls\""), EntryKind::import);
  EXPECT_EQ(mlsi::classify_entry("letter + 1"), EntryKind::expression);  // `let` only as a whole word
  EXPECT_EQ(mlsi::classify_entry("1 GiB -> MB"), EntryKind::expression);
  // `type` starts a declaration only as `type Name =`; otherwise it is a name.
  EXPECT_EQ(mlsi::classify_entry("type Device = { name: Text }"), EntryKind::declaration);
  EXPECT_EQ(mlsi::classify_entry("type * 2"), EntryKind::expression);
  EXPECT_EQ(mlsi::classify_entry("type == 2"), EntryKind::expression);
}

TEST(ReplInput, Continuation) {
  EXPECT_FALSE(mlsi::entry_incomplete("1 GiB -> MB"));
  EXPECT_TRUE(mlsi::entry_incomplete("scenario S {"));
  EXPECT_TRUE(mlsi::entry_incomplete("scenario S"));  // the `{` may come on the next line
  EXPECT_FALSE(mlsi::entry_incomplete("scenario S {\n  output x = 1\n}"));
  EXPECT_TRUE(mlsi::entry_incomplete("max(1 GB,"));
  EXPECT_TRUE(mlsi::entry_incomplete("fn f(x: Count) -> Count ="));
  EXPECT_TRUE(mlsi::entry_incomplete("1 +"));
  EXPECT_TRUE(mlsi::entry_incomplete("if x then"));
  EXPECT_TRUE(mlsi::entry_incomplete("## documentation of what follows"));
  EXPECT_TRUE(mlsi::entry_incomplete("@prefixes(large)"));
  EXPECT_FALSE(mlsi::entry_incomplete("50 %"));                 // `%` is a unit, not an operator
  EXPECT_FALSE(mlsi::entry_incomplete("\"(\" == \"[\""));        // brackets in strings do not count
  EXPECT_FALSE(mlsi::entry_incomplete("1 + 2  # (a comment"));  // nor in comments
  EXPECT_FALSE(mlsi::entry_incomplete("(1 + 2))"));             // the parser reports the stray `)`
  EXPECT_FALSE(mlsi::entry_incomplete(":run S x=("));           // commands are one line
  EXPECT_FALSE(mlsi::entry_incomplete("# only a comment"));
}

TEST(ReplInput, RunArguments) {
  std::string t = ":run KvCache bytes_per_value=1 byte batch = 2 workload=KvCache(batch=2).total == x";
  std::vector<mlsi::Assignment> a;
  std::size_t bad = 0;
  ASSERT_TRUE(mlsi::split_assignments(t, 12, t.size(), a, bad));
  ASSERT_EQ(a.size(), 3u);
  auto value = [&](const mlsi::Assignment& x) { return t.substr(x.value_begin, x.value_end - x.value_begin); };
  EXPECT_EQ(a[0].name, "bytes_per_value");
  EXPECT_EQ(value(a[0]), "1 byte");
  EXPECT_EQ(a[1].name, "batch");
  EXPECT_EQ(value(a[1]), " 2");
  EXPECT_EQ(a[2].name, "workload");
  EXPECT_EQ(value(a[2]), "KvCache(batch=2).total == x");  // `=` inside brackets and `==` do not split
  std::string stray = ":run KvCache 3 batch=2";
  EXPECT_FALSE(mlsi::split_assignments(stray, 12, stray.size(), a, bad));
  EXPECT_EQ(bad, 13u);
}

// ---- completion ------------------------------------------------------------------------------------
class ReplCompletion : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    session_ = std::make_unique<mlsi::ProgramSession>();
    session_->load_file(std::string(MLSI_SOURCE_DIR) + "/tests/examples/kv_cache.mls");
    ASSERT_TRUE(session_->check());
  }
  static void TearDownTestSuite() { session_.reset(); }
  static std::vector<std::string> complete(const std::string& text, std::size_t* start = nullptr) {
    auto c = mlsi::complete(session_->program(), text);
    if (start) *start = c.start;
    return c.candidates;
  }
  static bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }
  static std::unique_ptr<mlsi::ProgramSession> session_;
};
std::unique_ptr<mlsi::ProgramSession> ReplCompletion::session_;

using Names = std::vector<std::string>;

TEST_F(ReplCompletion, UnitPrefixAfterANumber) {
  std::size_t start = 0;
  // The prelude's binary prefixes on B and bit: GiB and Gibit.
  EXPECT_EQ(complete("1 Gi", &start), (Names{"GiB", "Gibit"}));
  EXPECT_EQ(start, 2u);
  EXPECT_EQ(complete("x * 2.5e3 TFL"), (Names{"TFLOP"}));
  EXPECT_EQ(complete("2by", &start), (Names{"byte"}));  // tight against its number
  EXPECT_EQ(start, 1u);
  EXPECT_EQ(complete("size -> Ki"), (Names{"KiB", "Kibit"}));
  EXPECT_EQ(complete("size -> (GB/mi"), (Names{"million", "min"}));  // inside a compound unit (scale words are units)
  EXPECT_EQ(complete("3.35 TB/mi"), (Names{"million", "min"}));
  EXPECT_EQ(complete("Gi"), (Names{"GiB", "Gibit"}));  // no value name starts so: units
}

TEST_F(ReplCompletion, CatalogueEntriesAndNames) {
  auto llama = complete("Llama");
  EXPECT_TRUE(has(llama, "Llama2_70B"));
  EXPECT_TRUE(has(llama, "Llama3_405B"));
  for (const auto& c : llama) EXPECT_EQ(c.rfind("Llama", 0), 0u) << c;
  EXPECT_EQ(complete("sq"), (Names{"sqrt("}));                   // a builtin function
  EXPECT_EQ(complete("nvlink_lat"), (Names{"nvlink_latency"}));  // a prelude constant
  EXPECT_TRUE(has(complete("KvC"), "KvCache("));                 // a scenario, to call
  EXPECT_TRUE(has(complete("le"), "let "));                      // a keyword at the start of a line
  EXPECT_FALSE(has(complete("1 + le"), "let "));
  EXPECT_TRUE(complete("x2 ").empty());  // `x2` is a name, not a number: nothing to add after it
}

TEST_F(ReplCompletion, RecordFields) {
  std::size_t start = 0;
  // H100 writes memory, memory_bandwidth and its calibration memory_efficiency (+ _source) (hardware/cloud.toml).
  const Names h100_mem = {"memory", "memory_bandwidth", "memory_efficiency", "memory_efficiency_source"};
  EXPECT_EQ(complete("H100.mem", &start), h100_mem);
  EXPECT_EQ(start, 5u);
  EXPECT_EQ(mlsi::common_prefix(complete("H100.mem")), "memory");
  // Through a reference to another entry, and a nested record.
  EXPECT_EQ(complete("DGX_H100.accelerator.mem"), h100_mem);
  EXPECT_EQ(complete("H100.flops.fp"), (Names{"fp16", "fp32", "fp8"}));  // only the rates H100 has
  EXPECT_TRUE(has(complete("2 * Llama2_70B.l"), "layers"));
  EXPECT_TRUE(complete("H100.memory.x").empty());  // not a record
}

TEST_F(ReplCompletion, Commands) {
  EXPECT_EQ(complete(":ru"), (Names{":run "}));
  EXPECT_EQ(complete(":re"), (Names{":reset"}));
  EXPECT_EQ(complete(":").size(), 12u);
  EXPECT_EQ(complete(":so"), (Names{":solve ", ":source "}));
  EXPECT_EQ(complete(":source KvC"), (Names{"KvCache"}));  // scenarios only
  EXPECT_TRUE(complete(":source H10").empty());
  EXPECT_EQ(complete(":list fa"), (Names{"fabrics"}));
  EXPECT_EQ(complete(":units Infor"), (Names{"Information"}));
  EXPECT_EQ(complete(":show H10"), (Names{"H100", "H100_PCIe"}));  // the catalogue names that begin with H10
  EXPECT_EQ(complete(":type H100.mem"), (Names{"memory", "memory_bandwidth", "memory_efficiency", "memory_efficiency_source"}));
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  EXPECT_EQ(complete(":load tests/examples/kv_"), (Names{"tests/examples/kv_cache.mls"}));
  EXPECT_EQ(complete(":load tests/exam"), (Names{"tests/examples/"}));
  // A catalogue file and a config.json load too.
  EXPECT_EQ(complete(":load tests/repl/four_"), (Names{"tests/repl/four_h100_node.toml"}));
  EXPECT_EQ(complete(":load tests/hf/llama-3.2-1"), (Names{"tests/hf/llama-3.2-1b.json"}));
  fs::current_path(previous);
}

TEST_F(ReplCompletion, RunArguments) {
  EXPECT_EQ(complete(":run KvC"), (Names{"KvCache "}));
  EXPECT_EQ(complete(":run KvCache b"), (Names{"batch=", "bytes_per_value="}));
  EXPECT_EQ(complete(":run KvCache "), (Names{"batch=", "bytes_per_value=", "config=", "context=", "workload="}));
  EXPECT_EQ(complete(":run KvCache config=lo"), (Names{"long_context "}));
  // A catalogue input offers the entries of its kind only.
  EXPECT_EQ(complete(":run KvCache workload=Llama2_7"), (Names{"Llama2_70B ", "Llama2_7B "}));
  EXPECT_TRUE(complete(":run KvCache workload=H10").empty());  // H100 is Hardware
  EXPECT_EQ(complete(":run KvCache bytes_per_value=1 by"), (Names{"byte", "bytes_per_value="}));
  EXPECT_EQ(complete(":run KvCache batch=2 * ba"), (Names{}));  // inside a value: names, none is `ba...`
}

// ---- a terminal session ------------------------------------------------------------------------------
// `mlsi repl` in a child process whose standard input, output and error are a pseudo-terminal, with
// TERM=dumb (libedit redraws a line with a carriage return, not cursor escapes) and the history in a
// scratch XDG_STATE_HOME.
class Terminal {
 public:
  explicit Terminal(const fs::path& state) {
    master_ = posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ < 0 || grantpt(master_) != 0 || unlockpt(master_) != 0) return;
    std::string slave_name = ptsname(master_);
    winsize size{};
    size.ws_row = 24;
    size.ws_col = 100;
    ioctl(master_, TIOCSWINSZ, &size);
    std::cout.flush();
    std::cerr.flush();
    pid_ = fork();
    if (pid_ != 0) return;
    setsid();  // a new session, whose controlling terminal is the pty
    int slave = open(slave_name.c_str(), O_RDWR);
    ioctl(slave, TIOCSCTTY, 0);
    dup2(slave, STDIN_FILENO);
    dup2(slave, STDOUT_FILENO);
    dup2(slave, STDERR_FILENO);
    if (slave > STDERR_FILENO) close(slave);
    close(master_);
    setenv("XDG_STATE_HOME", state.c_str(), 1);
    setenv("HOME", state.c_str(), 1);
    setenv("TERM", "dumb", 1);
    if (chdir(MLSI_SOURCE_DIR) != 0) _exit(99);
    int status = mlsi::run_cli({"repl"}, mlsi::CliStreams{std::cout, std::cerr, false, &std::cin, true});
    std::cout.flush();
    _exit(status);
  }
  ~Terminal() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) close(master_);
  }
  bool started() const { return pid_ > 0; }
  void send(const std::string& keys) { ASSERT_EQ(write(master_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size())); }
  // Reads until `text` appears after what the previous waits matched; false after 10 s without it.
  bool wait_for(const std::string& text, int seconds = 10) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    for (;;) {
      if (auto at = output_.find(text, seen_); at != std::string::npos) {
        seen_ = at + text.size();
        return true;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return false;
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char buf[4096];
      ssize_t n = read(master_, buf, sizeof buf);
      if (n <= 0) return output_.find(text, seen_) != std::string::npos;  // the child closed the terminal
      output_.append(buf, static_cast<std::size_t>(n));
    }
  }
  // Waits (10 s at most) for the REPL to end.
  int exit_status() {
    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) return -1;  // the destructor kills it
      wait_for("\x01never", 1);  // drain the output meanwhile
    }
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  // A result, then the next prompt: only once libedit shows it is the terminal in its raw mode again,
  // so that a control key sent then (Ctrl-C, Ctrl-D, Ctrl-R) reaches the editor, not the line discipline.
  bool result(const std::string& text) { return wait_for(text) && wait_for("mlsi> ") && raw(); }
  // Whether the editor has the terminal (the pty's settings are shared by both ends): libedit prints the
  // prompt a moment before it turns canonical mode off.
  bool raw() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    termios mode{};
    while (tcgetattr(master_, &mode) == 0 && (mode.c_lflag & ICANON)) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      usleep(5000);
    }
    return true;
  }
  const std::string& output() const { return output_; }

 private:
  int master_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  std::string output_;
  std::size_t seen_ = 0;
};

TEST(ReplTerminal, CompletionInterruptHistory) {
  fs::path state = fs::temp_directory_path() / ("mlsi_repl_test_" + std::to_string(::getpid()));
  fs::remove_all(state);
  {
    Terminal t(state);
    ASSERT_TRUE(t.started());
    ASSERT_TRUE(t.wait_for("mlsi> ") && t.raw()) << t.output();
    // A unit prefix: `Gi` after a number lists GiB and Gibit (columns 5 + 2 wide); `TFL` completes to TFLOP.
    t.send("1 Gi\t");
    ASSERT_TRUE(t.wait_for("GiB    Gibit")) << t.output();
    t.send("B\r");
    ASSERT_TRUE(t.result("= 1 GiB  [Information]")) << t.output();
    t.send("2 TFL\t");
    ASSERT_TRUE(t.wait_for("2 TFLOP")) << t.output();
    t.send("\r");
    ASSERT_TRUE(t.result("= 2 TFLOP  [Compute]")) << t.output();
    // A catalogue entry: `Llama` lists the Llama workloads, `Llama3_4` completes to Llama3_405B.
    t.send("Llama\t");
    ASSERT_TRUE(t.wait_for("Llama2_70B")) << t.output();
    ASSERT_TRUE(t.wait_for("Llama3_8B")) << t.output();
    t.send("3_4\t");
    ASSERT_TRUE(t.wait_for("Llama3_405B")) << t.output();
    // A record field: `.lay` completes to `layers` (Llama 3.1 405B has 126 layers in the catalogue).
    t.send(".lay\t");
    ASSERT_TRUE(t.wait_for("Llama3_405B.layers")) << t.output();
    t.send("\r");
    ASSERT_TRUE(t.result("= 126  [Count]")) << t.output();
    // `H100.mem` completes to what both fields share, `memory`; a second Tab lists them.
    t.send("H100.mem\t");
    ASSERT_TRUE(t.wait_for("H100.memory")) << t.output();
    t.send("\t");
    ASSERT_TRUE(t.wait_for("memory_bandwidth")) << t.output();
    t.send("\r");
    ASSERT_TRUE(t.result("= 80 GiB  [Information]")) << t.output();
    // Ctrl-C abandons the input `1 +`; the next line is evaluated on its own: 2 * 21 = 42.
    t.send("1 +\x03");
    ASSERT_TRUE(t.result("1 +^C")) << t.output();
    t.send("2 * 21\r");
    ASSERT_TRUE(t.result("= 42  [Count]")) << t.output();
    // An open bracket continues the entry on a `  ... ` prompt: (1 + 2) = 3.
    t.send("(1 +\r");
    ASSERT_TRUE(t.wait_for("  ... ")) << t.output();
    t.send("2)\r");
    ASSERT_TRUE(t.result("= 3  [Count]")) << t.output();
    EXPECT_EQ(t.output().find("error"), std::string::npos) << t.output();
    // Ctrl-D leaves.
    t.send("\x04");
    EXPECT_EQ(t.exit_status(), 0) << t.output();
  }
  // The history is kept in $XDG_STATE_HOME/mlsi/history ...
  std::ifstream file(state / "mlsi" / "history");
  std::stringstream history;
  history << file.rdbuf();
  EXPECT_NE(history.str().find("H100.memory"), std::string::npos) << history.str();
  // The abandoned input is not (libedit writes a space as \040; `(1 +` of the continued entry is there).
  EXPECT_EQ(history.str().find("\n1\\040+\n"), std::string::npos) << history.str();
  EXPECT_NE(history.str().find("\n(1\\040+\n"), std::string::npos) << history.str();
  {
    // ... and read by the next session: Ctrl-R searches it back.
    Terminal t(state);
    ASSERT_TRUE(t.started());
    ASSERT_TRUE(t.wait_for("mlsi> ") && t.raw()) << t.output();
    t.send("\x12H100");
    ASSERT_TRUE(t.wait_for("H100.memory")) << t.output();
    t.send("\r");
    ASSERT_TRUE(t.result("= 80 GiB  [Information]")) << t.output();
    t.send(":quit\r");
    EXPECT_EQ(t.exit_status(), 0) << t.output();
  }
  fs::remove_all(state);
}

}  // namespace
