// The REPL (`mlsi repl`, issue #7) reading a script: standard input not a terminal, so no prompt,
// banner or escape codes; what a user sees of standard output and error, interleaved.
//
// - tests/repl/session.repl of 45 entries: expressions, declarations, a multi-line scenario, every
//   command, errors followed by successful lines; exact output (tests/repl/session.out).
// - Redefinition, the units `:list` shows, `where` of an unused input, built-in scenario calls, `See also:`
//   and `:list scenarios`.
//
// Every expected number is derived by hand in the comments next to it (for the session, in session.repl).
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace fs = std::filesystem;

namespace {

using mlsi_test::read_source;

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

// tests/repl/session.repl: entries (expressions, declarations, a multi-line scenario, every command,
// errors followed by successful lines), with the hand derivation of every expected number in its `#`
// comments; tests/repl/session.out: everything the session prints. Line numbers matter: diagnostics
// name them (`<repl>:LINE:COL`). (`:explain kv(80, hbm / (1 GiB)) -> KiB`, kept on one line so the line
// numbers stay: hbm = 80 GiB makes the second argument 80; kv(80, 80) = 2 * 80 * 80 * 2 B = 25600 B = 25 KiB.)
TEST(ReplScript, Session) {
  std::string script = read_source("tests/repl/session.repl");
  ASSERT_FALSE(script.empty());
  auto s = run_repl(script);
  EXPECT_EQ(s.out, read_source("tests/repl/session.out"));
  EXPECT_EQ(s.status, 1);  // some entries failed; the session went on to `:quit`
  EXPECT_EQ(s.out.find("= 2  [Count]"), std::string::npos);  // `1 + 1` after `:quit` is not run
}

TEST(ReplScript, LoadsACatalogueFile) {
  // `:load x.toml` reads a catalogue file: its entries serve the entries after it, references to the
  // built-in catalogue resolved. A file with errors adds nothing. Four_H100 writes 4 accelerators per
  // node (tests/repl/four_h100_node.toml): a fleet of 3 such nodes has 3 * 4 = 12.
  auto s = run_repl(R"(:load tests/repl/unknown_accelerator.toml
Bad_Node
:load tests/repl/four_h100_node.toml
Four_H100.accelerators_per_node
let f: Fleet = {node: Four_H100, nodes: 3, fabric: InfiniBand_NDR}
f.accelerators
)");
  EXPECT_EQ(s.out, R"(tests/repl/unknown_accelerator.toml:4:15: error: Node `Bad_Node`: `accelerator` names `H1000`, which is not in the catalogue
 4 | accelerator = "H1000"
   |               ^~~~~~~
   = note: did you mean `H100`?
<repl>:2:1: error: unknown name `Bad_Node`
 2 | Bad_Node
   | ^~~~~~~~
loaded tests/repl/four_h100_node.toml: Node Four_H100
= 4  [Count]
f = {node: Four_H100, nodes: 3, accelerators: 12, accelerator: H100, fabric: InfiniBand_NDR}  [Fleet]
= 12  [Count]
)");
  EXPECT_EQ(s.status, 1);
}

TEST(ReplScript, LoadsAHuggingFaceConfig) {
  // `:load config.json` makes the Workload entry that `--workload` makes (tests/hf/llama-3.2-1b.json, Llama 3.2
  // 1B's published config), keyed by `--name KEY` or from the config's model_type (`llama`). The config says
  // num_hidden_layers 16; tests/hf/expected.toml (counted by tests/hf/parameters.py, not by mlsi) says
  // 1235814400 parameters, 1.23581e+09 to 6 digits; TrainingStateFit's weights at 4 byte a value are
  // 1235814400 * 4 byte = 4943257600 byte = 4.60377 GiB. A key taken, `--name` on a .toml and a missing KEY
  // are errors that add nothing.
  auto s = run_repl(R"(:load tests/hf/llama-3.2-1b.json --name Llama32_1B
Llama32_1B.layers
Llama32_1B.parameters
TrainingStateFit(workload = Llama32_1B).weights
:load tests/hf/llama-3.2-1b.json --name Llama32_1B
:load tests/repl/four_h100_node.toml --name X
:load tests/hf/llama-3.2-1b.json --name
:load tests/hf/llama-3.2-1b.json
llama.layers
)");
  EXPECT_EQ(s.out, R"(loaded tests/hf/llama-3.2-1b.json: Workload Llama32_1B
= 16  [Count]
= 1.23581e+09  [Count]
= 4.60377 GiB  [Information]
error: --name: entry name `Llama32_1B` is already taken by the entry at tests/hf/llama-3.2-1b.json (as [Workload.Llama32_1B]):2:1
error: `--name KEY` is the key of a config.json's Workload entry, as in `:load config.json --name MyModel`
error: `--name` needs a KEY, as in `:load config.json --name MyModel`
loaded tests/hf/llama-3.2-1b.json: Workload llama
= 16  [Count]
)");
  EXPECT_EQ(s.status, 1);
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
  EXPECT_NE(s.out.find("\nSee also: TrainingStep, TrainingRun, PublishedRun.\n"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("error: `See also:` names `TrainingRunn`, which is not a scenario"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("= note: did you mean `TrainingRun`?"), std::string::npos) << s.out;
}

TEST(ReplScript, ReplTakesNoFile) {
  auto s = run_repl("", {"repl", "tests/examples/kv_cache.mls"});
  EXPECT_EQ(s.status, 2);
}

TEST(ReplScript, ListScenariosShowsPackAndDescription) {
  // `:list scenarios` is `mlsi list scenarios` with the session's own: a built-in one in its pack (a
  // training one an `exercise`), one typed here from `<repl>` (no kind), each with the first sentence of
  // its doc; the count includes both.
  auto s = run_repl("## Weights of `params`. Two bytes each.\nscenario Fit {\n  input params: Count = 7e9\n  output weights = params * 2 byte\n}\n:list scenarios\n");
  EXPECT_EQ(s.status, 0) << s.out;
  EXPECT_NE(s.out.find("\nscenario                    pack      kind      description\n"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("\nActivationMemory            training  exercise  Activation memory of `workload` at a microbatch, under each recomputation strategy.\n"),
            std::string::npos) << s.out;
  EXPECT_NE(s.out.find("\nFit                         <repl>              Weights of `params`.\n"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("\n78 scenarios\n"), std::string::npos) << s.out;  // the 77 built-in ones of the four packs and Fit
}

}  // namespace
