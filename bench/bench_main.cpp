// mlsi against hand-written C++ on the activation-memory formula of issue #8 (96 layers, seq 2048,
// hidden 12288, 96 heads, 2-byte values: bytes, then GiB, then time at 3.35 TB/s in ms), side by side.
#include <benchmark/benchmark.h>
#include <mlsi/mlsi.hpp>

#include <cmath>
#include <vector>

#include "eval/evaluator.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"
#include "eval/sweep_program.hpp"
#include "solve/grid_solve.hpp"
#include "solve/solve.hpp"

namespace {

constexpr std::size_t kPoints = 1'000'000;

const char* kFormula = R"(
scenario Bench {
  input seq: Count = 2048
  input layers: Count = 96
  input hidden: Count = 12288
  input heads: Count = 96
  input bytes_per_value: Information = 2 byte
  output bytes = layers * seq * hidden * (34 + 5 * heads * seq / hidden) * bytes_per_value / 2 -> GiB
  output time = bytes / (3.35 TB/s) -> ms
}
)";

// The same formula in doubles: bytes, GiB, ms.
inline void formula(double seq, double& gib, double& ms) {
  const double layers = 96, hidden = 12288, heads = 96, bpv = 2;
  double bytes = layers * seq * hidden * (34 + 5 * heads * seq / hidden) * bpv / 2;
  gib = bytes / 1073741824.0;
  ms = bytes / 3.35e12 * 1e3;
}

void HandWrittenCxx_1M(benchmark::State& state) {
  std::vector<double> gib(kPoints), ms(kPoints);
  for (auto _ : state) {
    for (std::size_t i = 0; i < kPoints; ++i) formula(static_cast<double>(i + 1), gib[i], ms[i]);
    benchmark::DoNotOptimize(gib.data());
    benchmark::DoNotOptimize(ms.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}
BENCHMARK(HandWrittenCxx_1M)->Unit(benchmark::kMillisecond);

struct Compiled {
  mlsi::ProgramSession session;
  int scenario = -1;
  int seq_slot = -1;
  mlsi::ScenarioRun base;
  std::optional<mlsi::SweepProgram> program;
  mlsi::GivenInputs given;

  explicit Compiled(const char* text, const char* builtin = nullptr, const char* varied = "seq") {
    if (builtin) session.load_builtin_scenarios();
    else session.load_text("bench.mls", text);
    if (!session.check()) throw std::runtime_error("bench scenario does not check");
    scenario = session.program().find_scenario_index(builtin ? builtin : "Bench");
    const auto& sc = session.program().scenarios[static_cast<std::size_t>(scenario)];
    seq_slot = sc.find_slot(varied);
    given.assign(sc.slots.size(), std::nullopt);
    base = mlsi::Evaluator(session.program()).run(scenario, given);
    program = mlsi::SweepProgram::compile(session.program(), scenario, {seq_slot}, base, {}, nullptr);
    if (!program) throw std::runtime_error("bench scenario does not compile for sweeps");
  }
};

Compiled& bench_formula() {
  static Compiled c(kFormula);
  return c;
}

void TreeEvaluatorOnePoint(benchmark::State& state) {
  auto& c = bench_formula();
  mlsi::Evaluator ev(c.session.program());
  auto given = c.given;
  auto& input = given[static_cast<std::size_t>(c.seq_slot)].emplace();
  input.origin = "bench";
  double seq = 1;
  for (auto _ : state) {
    input.value.v = seq;
    auto run = ev.run(c.scenario, given);
    benchmark::DoNotOptimize(run.slots.data());
    seq += 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(TreeEvaluatorOnePoint);

// One point at a time through the compiled program's scalar path (SweepProgram::run_point).
void CompiledProgramOnePoint(benchmark::State& state) {
  auto& c = bench_formula();
  auto& prog = *c.program;
  state.counters["instructions"] = static_cast<double>(prog.instructions());
  double seq = 1;
  std::uint32_t out = prog.slot_register[static_cast<std::size_t>(c.session.program().scenarios[static_cast<std::size_t>(c.scenario)].outputs[1])];
  for (auto _ : state) {
    bool ok = prog.run_point(&seq);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(prog.point_value(out));
    seq += 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(CompiledProgramOnePoint);

// The same through the block path with a block of one point (what CompiledProgramOnePoint measured before
// run_point existed).
void CompiledProgramBlockOfOne(benchmark::State& state) {
  auto& c = bench_formula();
  auto& prog = *c.program;
  double seq = 1;
  const double* column = &seq;
  std::vector<const double*> inputs = {column};
  std::uint32_t out = prog.slot_register[static_cast<std::size_t>(c.session.program().scenarios[static_cast<std::size_t>(c.scenario)].outputs[1])];
  for (auto _ : state) {
    prog.run(inputs, 1);
    benchmark::DoNotOptimize(prog.value(out, 0));
    seq += 1;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(CompiledProgramBlockOfOne);

// A sweep of 1,000,000 points through the block-compiled program, results kept in memory.
void BlockSweep(benchmark::State& state, Compiled& c) {
  auto& prog = *c.program;
  const auto& sc = c.session.program().scenarios[static_cast<std::size_t>(c.scenario)];
  std::vector<double> column(mlsi::SweepProgram::kBlock);
  std::vector<const double*> inputs = {column.data()};
  std::vector<std::vector<double>> results(sc.outputs.size(), std::vector<double>(kPoints));
  for (auto _ : state) {
    for (std::size_t start = 0; start < kPoints; start += mlsi::SweepProgram::kBlock) {
      std::size_t n = std::min(mlsi::SweepProgram::kBlock, kPoints - start);
      for (std::size_t k = 0; k < n; ++k) column[k] = static_cast<double>(start + k + 1);
      prog.run(inputs, n);
      for (std::size_t o = 0; o < sc.outputs.size(); ++o) {
        std::uint32_t reg = prog.slot_register[static_cast<std::size_t>(sc.outputs[o])];
        if (reg == UINT32_MAX) continue;
        for (std::size_t k = 0; k < n; ++k) results[o][start + k] = prog.value(reg, k);
      }
    }
    benchmark::DoNotOptimize(results.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kPoints));
}

void BlockSweepFormula_1M(benchmark::State& state) { BlockSweep(state, bench_formula()); }
BENCHMARK(BlockSweepFormula_1M)->Unit(benchmark::kMillisecond);

void BuiltinActivationMemory_1M(benchmark::State& state) {
  static Compiled c(nullptr, "ActivationMemory", "seq_len");
  BlockSweep(state, c);
}
BENCHMARK(BuiltinActivationMemory_1M)->Unit(benchmark::kMillisecond);

void ParseCheckPreludeCatalogueScenarios(benchmark::State& state) {
  for (auto _ : state) {
    mlsi::ProgramSession s;
    s.load_builtin_scenarios();
    benchmark::DoNotOptimize(s.check());
  }
}
BENCHMARK(ParseCheckPreludeCatalogueScenarios)->Unit(benchmark::kMillisecond);

// Issue #20: a whole solve, from loading the scenario to the answer, and the evaluations it took.
void Solve(benchmark::State& state, const char* target, const char* input, bool maximize, const char* condition) {
  std::uint64_t evaluated = 0;
  for (auto _ : state) {
    mlsi::SolveTask r;
    r.run.target = target;
    r.input = input;
    r.maximize = maximize;
    r.conditions = {condition};
    mlsi::Solve solve(r);
    if (!solve.prepare().ok()) state.SkipWithError("prepare failed");
    mlsi::SolveAnswer answer;
    if (!solve.run(answer).ok()) state.SkipWithError("solve failed");
    evaluated = answer.evaluated;
    benchmark::DoNotOptimize(answer.value);
  }
  state.counters["evaluations"] = static_cast<double>(evaluated);
}
// Whole numbers from 1, the upper end open: the answer 206 (ActivationMemory, full <= 1 TB).
void SolveWholeMicrobatch(benchmark::State& state) { Solve(state, "ActivationMemory", "microbatch", true, "full <= 1 TB"); }
BENCHMARK(SolveWholeMicrobatch)->Unit(benchmark::kMillisecond);
// Whole numbers up to 2^53: the fewest devices for ZeRO stage 3 (33), searched from the default 64.
void SolveFewestDevices(benchmark::State& state) { Solve(state, "ZeroSharding", "n_devices", false, "fits[3]"); }
BENCHMARK(SolveFewestDevices)->Unit(benchmark::kMillisecond);
// A continuous input to 1e-9: the bytes per value for which none <= 1 TB at microbatch 1 (about 7.26 byte).
void SolveContinuousBytes(benchmark::State& state) { Solve(state, "ActivationMemory", "bytes_per_value", true, "none <= 1 TB"); }
BENCHMARK(SolveContinuousBytes)->Unit(benchmark::kMillisecond);

// Issue #20 item 2: the best point of a 10,000-point grid (ActivationMemory, microbatch 1..100 x seq_len
// 128..12800, the most tokens with full <= 80 GB: 33792), beside a sweep of the same grid that only
// consumes its points. Both load the scenario and compile the sweep program in each iteration.
void GridSolve10k(benchmark::State& state) {
  for (auto _ : state) {
    mlsi::GridSolveRequest r;
    r.run.target = "ActivationMemory";
    r.varies = {{"microbatch=1..100 step 1", {}}, {"seq_len=128..12800 step 128", {}}};
    r.objective = "microbatch * seq_len";
    r.maximize = true;
    r.conditions = {"full <= 80 GB"};
    mlsi::GridSolve solve(r);
    if (!solve.prepare().ok()) state.SkipWithError("prepare failed");
    mlsi::GridAnswer answer = solve.run();
    if (!answer.solved || answer.best.front().objective != 33792) state.SkipWithError("wrong answer");
    benchmark::DoNotOptimize(answer.best);
  }
  state.counters["points"] = 10000;
}
BENCHMARK(GridSolve10k)->Unit(benchmark::kMillisecond);

void SweepOfTheSameGrid10k(benchmark::State& state) {
  for (auto _ : state) {
    mlsi::SweepTask r;
    r.run.target = "ActivationMemory";
    r.varies = {{"microbatch=1..100 step 1", {}}, {"seq_len=128..12800 step 128", {}}};
    mlsi::Sweep sweep(r);
    if (!sweep.prepare().ok()) state.SkipWithError("prepare failed");
    double sum = 0;
    sweep.run(1, 1, [&](std::size_t, const std::vector<mlsi::PointCell>& cells, const std::string&) { sum += cells[4].number; });
    benchmark::DoNotOptimize(sum);
  }
  state.counters["points"] = 10000;
}
BENCHMARK(SweepOfTheSameGrid10k)->Unit(benchmark::kMillisecond);

// Issue #21: what the Python module stands on. One run of ActivationMemory through a Runner (mlsi.run's
// path: the scenario prepared once, the microbatch given as a number), beside Session::run, which reads
// and checks it again; and a million-point sweep gathered into columns (mlsi.sweep's path, and the C++
// sweep into memory bench/python_bench.py compares it with).
// Warm runs of one scenario through a Runner, `vary(r, i)` setting the i-th call's inputs.
template <typename Vary>
void runner_runs(benchmark::State& state, const char* scenario, Vary vary) {
  mlsi::api::Session session;
  mlsi::api::RunRequest base;
  base.scenario = scenario;
  mlsi::api::Runner runner = session.runner(base);
  int i = 0;
  for (auto _ : state) {
    mlsi::api::RunRequest r;
    vary(r, i++);
    mlsi::api::RunResult result = runner.run(r.inputs);
    if (!result.ok) state.SkipWithError("run failed");
    benchmark::DoNotOptimize(result);
  }
}

void RunnerRun(benchmark::State& state) {
  runner_runs(state, "ActivationMemory", [](mlsi::api::RunRequest& r, int i) { r.set("microbatch", 1.0 + i % 64, ""); });
}
BENCHMARK(RunnerRun);

// Issue #40: one warm run of TrainingStep through a Runner (mlsi.run's path), one input changed per call
// as bench/plan_bench.py does, so that nothing is reused from the previous call.
void RunnerTrainingStep(benchmark::State& state) {
  runner_runs(state, "TrainingStep", [](mlsi::api::RunRequest& r, int i) { r.set("global_batch", 1024.0 + 32.0 * (i % 64), ""); });
}
BENCHMARK(RunnerTrainingStep)->Unit(benchmark::kMicrosecond);

void SessionRun(benchmark::State& state) {
  mlsi::api::Session session;
  for (auto _ : state) {
    mlsi::api::RunRequest r;
    r.scenario = "ActivationMemory";
    r.set("microbatch", 4.0, "");
    mlsi::api::RunResult result = session.run(r);
    if (!result.ok) state.SkipWithError("run failed");
    benchmark::DoNotOptimize(result);
  }
}
BENCHMARK(SessionRun)->Unit(benchmark::kMicrosecond);

void SweepTable1M(benchmark::State& state) {
  mlsi::api::Session session;
  for (auto _ : state) {
    mlsi::api::SweepRequest r;
    r.run.scenario = "ActivationMemory";
    r.vary = {"microbatch=1..1000 step 1", "seq_len=128..128000 step 128"};
    mlsi::api::SweepTable table = session.sweep_table(r);
    if (!table.ok || table.rows != 1000000) state.SkipWithError("sweep failed");
    benchmark::DoNotOptimize(table);
  }
  state.counters["points"] = 1000000;
}
BENCHMARK(SweepTable1M)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
