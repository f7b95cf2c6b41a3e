// The REPL (`mlsi repl`, issue #7).
//
// - Entry reading: when an entry needs more lines, what kind it is, `:run` arguments.
// - Completion: units after a number or `->`, catalogue entries, record fields, commands, `:run` arguments.
// - A scripted session (standard input not a terminal, tests/repl/session.repl) of 45 entries:
//   expressions, declarations, a multi-line scenario, every command, errors followed by successful
//   lines; exact output (tests/repl/session.out).
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
    session_ = std::make_unique<mlsi::Session>();
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
  static std::unique_ptr<mlsi::Session> session_;
};
std::unique_ptr<mlsi::Session> ReplCompletion::session_;

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
  EXPECT_EQ(complete("size -> (GB/mi"), (Names{"min"}));  // inside a compound unit
  EXPECT_EQ(complete("3.35 TB/mi"), (Names{"min"}));
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
  EXPECT_EQ(complete("H100.mem", &start), (Names{"memory", "memory_bandwidth"}));
  EXPECT_EQ(start, 5u);
  EXPECT_EQ(mlsi::common_prefix(complete("H100.mem")), "memory");
  // Through a reference to another entry, and a nested record.
  EXPECT_EQ(complete("DGX_H100.accelerator.mem"), (Names{"memory", "memory_bandwidth"}));
  EXPECT_EQ(complete("H100.flops.fp"), (Names{"fp16", "fp32", "fp8"}));  // only the rates H100 has
  EXPECT_TRUE(has(complete("2 * Llama2_70B.l"), "layers"));
  EXPECT_TRUE(complete("H100.memory.x").empty());  // not a record
}

TEST_F(ReplCompletion, Commands) {
  EXPECT_EQ(complete(":ru"), (Names{":run "}));
  EXPECT_EQ(complete(":re"), (Names{":reset"}));
  EXPECT_EQ(complete(":").size(), 10u);
  EXPECT_EQ(complete(":list fa"), (Names{"fabrics"}));
  EXPECT_EQ(complete(":units Infor"), (Names{"Information"}));
  EXPECT_EQ(complete(":show H10"), (Names{"H100"}));
  EXPECT_EQ(complete(":type H100.mem"), (Names{"memory", "memory_bandwidth"}));
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  EXPECT_EQ(complete(":load tests/examples/kv_"), (Names{"tests/examples/kv_cache.mls"}));
  EXPECT_EQ(complete(":load tests/exam"), (Names{"tests/examples/"}));
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

// ---- a scripted session ----------------------------------------------------------------------------
struct Session {
  int status = -1;
  std::string out;  // standard output and standard error, interleaved as a user sees them
};

Session run_repl(const std::string& script, std::vector<std::string> args = {"repl"}) {
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  std::istringstream in(script);
  std::ostringstream out;
  Session s;
  s.status = mlsi::run_cli(args, mlsi::CliStreams{out, out, false, &in, false});
  s.out = out.str();
  fs::current_path(previous);
  return s;
}

std::string read_file(const std::string& path) {
  std::ifstream in(std::string(MLSI_SOURCE_DIR) + "/" + path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// tests/repl/session.repl: 45 entries (expressions, declarations, a multi-line scenario, every command,
// errors followed by successful lines), with the hand derivation of every expected number in its `#`
// comments; tests/repl/session.out: everything the session prints. Line numbers matter: diagnostics
// name them (`<repl>:LINE:COL`). (`:explain kv(80, hbm / (1 GiB)) -> KiB`, kept on one line so the line
// numbers stay: hbm = 80 GiB makes the second argument 80; kv(80, 80) = 2 * 80 * 80 * 2 B = 25600 B = 25 KiB.)
TEST(ReplScript, Session) {
  std::string script = read_file("tests/repl/session.repl");
  ASSERT_FALSE(script.empty());
  auto s = run_repl(script);
  EXPECT_EQ(s.out, read_file("tests/repl/session.out"));
  EXPECT_EQ(s.status, 1);  // some entries failed; the session went on to `:quit`
  EXPECT_EQ(s.out.find("= 2  [Count]"), std::string::npos);  // `1 + 1` after `:quit` is not run
}

TEST(ReplScript, PipedLikeEcho) {
  // `echo '1 GiB -> MB' | mlsi repl`: no prompt, no escape codes, status 0.
  auto s = run_repl("1 GiB -> MB\n");
  EXPECT_EQ(s.out, "= 1073.74 MB  [Information]\n");
  EXPECT_EQ(s.status, 0);
}

TEST(ReplScript, Redefinition) {
  // A REPL definition replaces an earlier one; what used the old one keeps it. The prelude's names stay.
  auto s = run_repl(R"(let a = 2
fn twice_a(x: Count) = x * a
let a = 10
twice_a(3)
a
fn a(x: Count) = x + 1
a(1)
let z = 1 / 0
z
)");
  // twice_a(3) = 3 * 2 = 6 (the `a` it was checked against); a(1) = 1 + 1 = 2.
  EXPECT_EQ(s.out, R"(a = 2  [Count]
fn twice_a(x: Count) -> Count
a = 10  [Count]
= 6  [Count]
= 10  [Count]
fn a(x: Count) -> Count
= 2  [Count]
<repl>:8:11: error: division by zero
 8 | let z = 1 / 0
   |           ^
   = note: `0` is 0
<repl>:9:1: error: unknown name `z`
 9 | z
   | ^
   = note: did you mean `a`?
)");
  EXPECT_EQ(s.status, 1);
  // The prelude's names cannot be redefined, as in a file.
  auto prelude = run_repl("let nvlink_latency = 1 us\nnvlink_latency\n");
  EXPECT_EQ(prelude.out.rfind("<repl>:1:5: error: `nvlink_latency` is already defined\n", 0), 0u) << prelude.out;
  EXPECT_NE(prelude.out.find("= note: first defined at <prelude>/constants.mls:"), std::string::npos) << prelude.out;
  EXPECT_NE(prelude.out.find("= 500 ns  [Time]\n"), std::string::npos) << prelude.out;  // unchanged
}

TEST(ReplScript, ListShowsAValueInTheUnitItsOutputDeclares) {
  // A scenario output read on its own shows in the unit the output declares, at the prompt and in `:list`
  // alike (without it, 6 GiB would show in the automatic unit, `6 GiB`): `total` is 2 GiB * batch -> MiB,
  // and batch 3 gives 6 GiB = 6 * 1024 MiB = 6144 MiB.
  auto s = run_repl(R"(scenario Cache {
  input batch: Count = 1
  output total = 2 GiB * batch -> MiB
}
Cache(batch = 3).total
let kv = Cache(batch = 3).total
:list
)");
  EXPECT_EQ(s.out, R"(scenario Cache: inputs batch; outputs total
= 6144 MiB  [Information]
kv = 6144 MiB  [Information]
ans = 6144 MiB  [Information]
kv = 6144 MiB  [Information]
scenario Cache: inputs batch; outputs total
)");
  EXPECT_EQ(s.status, 0);
}

TEST(ReplScript, WhereOfAnUnusedInputIsChecked) {
  // No formula reads `xs`; its `where` divides by its entry 0 in `:run`, and in `:run` with the entry
  // given as 2 it holds (1 / [1, 2] = [1, 0.5], both above 0).
  auto s = run_repl(R"(scenario Unused {
  input xs: List[Count] = [1, 0] where 1 / xs > 0
  output y = 1
}
:run Unused
:run Unused xs=[1, 2]
)");
  EXPECT_EQ(s.out, R"(scenario Unused: inputs xs; outputs y
<repl>:2:42: error: division by zero
 2 |   input xs: List[Count] = [1, 0] where 1 / xs > 0
   |                                          ^
   = note: `xs` is 0
Unused

inputs
  xs  [1, 2]

outputs
  y        1
)");
  EXPECT_EQ(s.status, 1);
}

TEST(ReplScript, BuiltinScenarioCallAndRunFormula) {
  // A built-in scenario is called as a REPL scenario is: ParallelLayout with tp = 4, pp = 8, dp = 32 has
  // devices = 4 * 8 * 32 = 1024 and microbatches = global_batch / (dp * microbatch) = 1536 / 32 = 48.
  // A `:run` argument may read the other inputs: dp = 1024 / (4 * 8) = 32, devices = 4 * 8 * 32 = 1024.
  auto s = run_repl(R"(ParallelLayout(tp = 4, pp = 8, dp = 32).devices
ParallelLayout(tp = 4, pp = 8, dp = 32).microbatches
scenario Layout {
  input tp: Count = 8
  input pp: Count = 8
  input dp: Count = 16
  output devices = tp * pp * dp
}
:run Layout dp=1024/(tp*pp) tp=4
:run Layout dp=1024/(tp*pp) tp=1024/(dp*pp)
)");
  EXPECT_EQ(s.out, R"(= 1024  [Count]
= 48  [Count]
scenario Layout: inputs tp, pp, dp; outputs devices
Layout

inputs
  tp          4
  pp          8
  dp         32

outputs
  devices  1024
<repl>:10:32: error: the value given for `tp` depends on itself: tp -> dp -> tp
 10 | :run Layout dp=1024/(tp*pp) tp=1024/(dp*pp)
    |                                ^~~~~~~~~~~~
    = note: `tp` is given by :run at <repl>:10:32, which reads `dp`
    = note: `dp` is given by :run at <repl>:10:16, which reads `tp`
)");
  EXPECT_EQ(s.status, 1);
}

TEST(ReplScript, SeeAlsoIsShownAndChecked) {
  // `:show` prints a built-in scenario's doc with its `See also:` line (sustained_throughput.mls); a
  // scenario entered in the session has its `See also:` names checked like a file's.
  auto s = run_repl(":show SustainedThroughput\n## Mine.\n## See also: TrainingRunn\nscenario Mine {\n  output y = 1\n}\n");
  EXPECT_NE(s.out.find("\nSee also: TrainingRun, PublishedRun.\n"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("error: `See also:` names `TrainingRunn`, which is not a scenario"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("= note: did you mean `TrainingRun`?"), std::string::npos) << s.out;
}

TEST(ReplScript, ReplTakesNoFile) {
  auto s = run_repl("", {"repl", "tests/examples/kv_cache.mls"});
  EXPECT_EQ(s.status, 2);
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
