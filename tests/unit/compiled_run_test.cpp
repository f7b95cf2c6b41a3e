// A Runner's runs on the compiled kernel (session/compiled_run.hpp, api/compiled_runs.cpp) give what the
// tree evaluator's runs give, byte for byte: every value (SI and display numbers compared bit for bit),
// unit, dimension, shown text, availability, warning, note and error message. The reference is a Runner
// of a session whose call depth is one below the default, which keeps every run on the tree evaluator
// (CompiledRun::compile refuses shallower calls than the default); its runs are otherwise the same.
//
// Every config of every built-in pack file (training, serving, systems, plan), and each scenario without one,
// runs through both: with every numeric input given as a number (one shape), and with each numeric input
// alone (a shape each), at the config's values and at twice and half of them. The kernel is compiled at
// the second run of a shape; the points are then run on it, or fall back to the tree evaluator where
// the kernel flags them. Then targeted cases where the kernel must fall back: a check that fails, a
// division by zero in a branch not taken, a `where` that fails, and a calibration default read in a
// branch (the notes may then differ from point to point: no kernel at all).
#include <mlsi/mlsi.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "api/detail.hpp"
#include "session/session.hpp"
#include "tests/unit/cli_harness.hpp"

namespace {

using mlsi::api::InputSetting;
using mlsi::api::RunResult;

// A session whose runs all stay on the tree evaluator: the call depth one below the default.
mlsi::api::SessionOptions tree_only_options(mlsi::api::SessionOptions options = {}) {
  options.limits.max_call_depth = mlsi::EvaluationLimits{}.max_call_depth - 1;
  return options;
}

std::string bits(double x) { return fmt::format("{:a}", x); }

void expect_same_value(const mlsi::api::Value& tree, const mlsi::api::Value& fast, const std::string& where) {
  EXPECT_EQ(tree.kind, fast.kind) << where;
  // Bit for bit: 0.1 + 0.2 and 0.30000000000000004 are different answers.
  EXPECT_EQ(std::bit_cast<std::uint64_t>(tree.number), std::bit_cast<std::uint64_t>(fast.number)) << where << ": " << bits(tree.number) << " vs " << bits(fast.number);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(tree.si), std::bit_cast<std::uint64_t>(fast.si)) << where << ": " << bits(tree.si) << " vs " << bits(fast.si);
  EXPECT_EQ(tree.unit, fast.unit) << where;
  EXPECT_EQ(tree.dimension, fast.dimension) << where;
  EXPECT_EQ(tree.boolean, fast.boolean) << where;
  EXPECT_EQ(tree.text, fast.text) << where;
  EXPECT_EQ(tree.kind_name, fast.kind_name) << where;
  EXPECT_EQ(tree.shown, fast.shown) << where;
  ASSERT_EQ(tree.items.size(), fast.items.size()) << where;
  for (std::size_t i = 0; i < tree.items.size(); ++i) expect_same_value(tree.items[i], fast.items[i], fmt::format("{}[{}]", where, i));
  ASSERT_EQ(tree.fields.size(), fast.fields.size()) << where;
  for (std::size_t i = 0; i < tree.fields.size(); ++i) {
    EXPECT_EQ(tree.fields[i].name, fast.fields[i].name) << where;
    EXPECT_EQ(tree.fields[i].present, fast.fields[i].present) << where;
    expect_same_value(tree.fields[i].value, fast.fields[i].value, where + "." + tree.fields[i].name);
  }
}

void expect_same_items(const std::vector<mlsi::api::Item>& tree, const std::vector<mlsi::api::Item>& fast, const std::string& where) {
  ASSERT_EQ(tree.size(), fast.size()) << where;
  for (std::size_t i = 0; i < tree.size(); ++i) {
    EXPECT_EQ(tree[i].name, fast[i].name) << where;
    EXPECT_EQ(tree[i].type, fast[i].type) << where << " " << tree[i].name;
    EXPECT_EQ(tree[i].available, fast[i].available) << where << " " << tree[i].name;
    expect_same_value(tree[i].value, fast[i].value, where + " " + tree[i].name);
  }
}

void expect_same_run(const RunResult& tree, const RunResult& fast, const std::string& where) {
  EXPECT_EQ(tree.ok, fast.ok) << where;
  EXPECT_EQ(tree.scenario, fast.scenario) << where;
  EXPECT_EQ(tree.config, fast.config) << where;
  // The text and the JSON: messages, notes, severities, categories and locations.
  EXPECT_EQ(tree.diagnostics.render(), fast.diagnostics.render()) << where;
  EXPECT_EQ(tree.diagnostics.json(), fast.diagnostics.json()) << where;
  expect_same_items(tree.inputs, fast.inputs, where + " input");
  expect_same_items(tree.outputs, fast.outputs, where + " output");
}

// Each quantity input of `run` given as the number it shows, in the unit it shows it in.
std::vector<InputSetting> numbers_of(const RunResult& run) {
  mlsi::api::RunRequest r;
  for (const auto& item : run.inputs)
    if (item.available && item.value.kind == mlsi::api::Value::Kind::quantity) r.set(item.name, item.value.number, item.value.unit);
  return r.inputs;
}

std::vector<InputSetting> scaled(std::vector<InputSetting> settings, std::size_t which, double factor) {
  settings[which].number *= factor;
  return settings;
}

// Runs `points` (settings of one shape) on both runners, after two runs of the shape's first point
// that make the kernel; returns how many went through the kernel.
std::uint64_t compare_points(const mlsi::api::Runner& fast, const mlsi::api::Runner& tree, const std::vector<std::vector<InputSetting>>& points,
                             const std::string& label) {
  for (int warm = 0; warm < 2; ++warm) expect_same_run(tree.run(points.front()), fast.run(points.front()), label + " (tree run to compile)");
  std::uint64_t before = mlsi::api::detail::kernel_runs(fast);
  for (std::size_t i = 0; i < points.size(); ++i) expect_same_run(tree.run(points[i]), fast.run(points[i]), fmt::format("{} point {}", label, i));
  return mlsi::api::detail::kernel_runs(fast) - before;
}

struct PackRun {
  std::string scenario, config;
};

// Every built-in scenario with each of its configs, and alone.
std::vector<PackRun> pack_runs() {
  mlsi::ProgramSession session;
  session.load_builtin_scenarios();
  EXPECT_TRUE(session.check());
  const mlsi::Program& p = session.program();
  std::vector<PackRun> runs;
  for (const auto& sc : p.scenarios)
    if (p.sources.file(sc.file).name.rfind("<builtin>/scenarios/", 0) == 0) runs.push_back({sc.name, ""});
  for (const auto& cfg : p.configs) {
    const auto& sc = p.scenarios[static_cast<std::size_t>(cfg.scenario)];
    if (p.sources.file(sc.file).name.rfind("<builtin>/scenarios/", 0) == 0) runs.push_back({sc.name, cfg.name});
  }
  return runs;
}

// Compared at its own inputs only: each of its runs takes a second on the tree evaluator (every
// candidate layout is a TrainingStep call), and the kernel does not compile it (a list of candidates
// depends on every numeric input: tests/unit/sweep_agreement_test.cpp).
const std::set<std::string> kSlowTreeOnly = {"BestLayout"};

TEST(CompiledRun, EveryConfigOfEveryPackGivesTheTreeEvaluatorsRun) {
  mlsi::api::Session session;
  mlsi::api::Session tree_session(tree_only_options());
  std::vector<PackRun> runs = pack_runs();
  std::map<std::string, std::uint64_t> through_kernel;  // by scenario
  std::size_t configs = 0, points = 0;
  for (const auto& pr : runs) {
    mlsi::api::RunRequest request;
    request.scenario = pr.scenario;
    request.config = pr.config;
    std::string label = pr.config.empty() ? pr.scenario : pr.scenario + " config " + pr.config;
    mlsi::api::Runner fast = session.runner(request);
    mlsi::api::Runner tree = tree_session.runner(request);
    RunResult first = tree.run();
    expect_same_run(first, fast.run(), label);
    configs += !pr.config.empty();
    if (!first.ok || kSlowTreeOnly.contains(pr.scenario)) continue;
    std::vector<InputSetting> all = numbers_of(first);
    if (all.empty()) continue;
    // Every numeric input at once: at the config's values, then each doubled and halved in turn.
    std::vector<std::vector<InputSetting>> shape{all};
    for (std::size_t i = 0; i < all.size(); ++i) shape.push_back(scaled(all, i, 2)), shape.push_back(scaled(all, i, 0.5));
    through_kernel[pr.scenario] += compare_points(fast, tree, shape, label + " (every number)");
    points += shape.size();
    // Each numeric input alone: a kernel of its own that varies only it.
    for (std::size_t i = 0; i < all.size(); ++i) {
      std::vector<InputSetting> one{all[i]};
      std::vector<std::vector<InputSetting>> alone{one, scaled(one, 0, 2), scaled(one, 0, 0.5), scaled(one, 0, 3)};
      through_kernel[pr.scenario] += compare_points(fast, tree, alone, label + " (" + all[i].name + " alone)");
      points += alone.size();
    }
  }
  std::uint64_t total = 0;
  for (const auto& [name, n] : through_kernel) total += n;
  std::printf("%zu runs (%zu configs), %zu points compared, %llu through the kernel (TrainingStep: %llu)\n", runs.size(), configs, points,
              static_cast<unsigned long long>(total), static_cast<unsigned long long>(through_kernel["TrainingStep"]));
  EXPECT_GT(configs, 100u) << "the built-in configs were not found";
  // TrainingStep (the planner's speed target) and most scenarios run on the kernel.
  EXPECT_GT(through_kernel["TrainingStep"], 100u);
  EXPECT_GT(total, points / 2);
}

// Each of TrainingStep's configs, run as bench/plan_bench.py runs it (global_batch given as a number):
// from the third run on, every point goes through the kernel.
TEST(CompiledRun, TrainingStepConfigsRunOnTheKernel) {
  mlsi::api::Session session;
  mlsi::api::Session tree_session(tree_only_options());
  for (const auto& pr : pack_runs()) {
    if (pr.scenario != "TrainingStep") continue;
    mlsi::api::RunRequest request;
    request.scenario = pr.scenario;
    request.config = pr.config;
    mlsi::api::Runner fast = session.runner(request);
    mlsi::api::Runner tree = tree_session.runner(request);
    double batch = tree.run().input("global_batch")->value.si;
    std::vector<std::vector<InputSetting>> points;
    for (double b : {batch, batch * 2, batch * 4}) points.push_back(mlsi::api::RunRequest().set("global_batch", b, "").inputs);
    EXPECT_EQ(compare_points(fast, tree, points, "TrainingStep " + pr.config), points.size()) << pr.config;
  }
}

// A scenario where the kernel computes what the tree evaluator would not, or fails where it would not.
constexpr const char* kFallbacks = R"(scenario Fallbacks {
  input x: Count = 1 where x >= 1
  input y: Count = 2
  ## The kernel computes both branches: 1 / y is infinite at y = 0, where the tree evaluator takes the other.
  output inverse = if y > 0 then 1 / y else 0
  output doubled = 2 * x
  check doubled < 100 else "doubled stays under 100"
}
)";

struct FallbackRunners {
  mlsi_test::TempFile file{"compiled_run_fallbacks.mls", kFallbacks};
  mlsi::api::Session session, tree_session{tree_only_options()};
  mlsi::api::Runner fast = session.runner(request()), tree = tree_session.runner(request());
  mlsi::api::RunRequest request() const {
    mlsi::api::RunRequest r;
    r.file = file.path.string();
    return r;
  }
};

std::vector<InputSetting> xy(double x, double y) { return mlsi::api::RunRequest().set("x", x, "").set("y", y, "").inputs; }

TEST(CompiledRun, APointTheKernelFlagsRunsOnTheTreeEvaluator) {
  FallbackRunners r;
  // Compiled at the second run, used at the third: 1 / 4 and 2 * 3.
  EXPECT_EQ(compare_points(r.fast, r.tree, {xy(1, 2), xy(3, 4)}, "Fallbacks"), 2u);
  RunResult ran = r.fast.run(xy(3, 4));
  ASSERT_TRUE(ran.ok) << ran.diagnostics.render();
  EXPECT_EQ(ran.output("inverse")->value.si, 0.25);
  EXPECT_EQ(ran.output("doubled")->value.si, 6);

  std::uint64_t before = mlsi::api::detail::kernel_runs(r.fast);
  // y = 0: the branch not taken divides by zero; the tree evaluator takes the other, and gives 0.
  RunResult zero = r.fast.run(xy(1, 0));
  ASSERT_TRUE(zero.ok) << zero.diagnostics.render();
  EXPECT_EQ(zero.output("inverse")->value.si, 0);
  expect_same_run(r.tree.run(xy(1, 0)), zero, "division by zero in the branch not taken");
  // x = 50: doubled is 100, and the check fails, in the check's own words.
  RunResult check = r.fast.run(xy(50, 2));
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.diagnostics.render().find("check failed: doubled stays under 100"), std::string::npos) << check.diagnostics.render();
  expect_same_run(r.tree.run(xy(50, 2)), check, "a check that fails");
  // x = 0.5: outside `x >= 1`.
  RunResult where = r.fast.run(xy(0.5, 2));
  EXPECT_FALSE(where.ok);
  EXPECT_NE(where.diagnostics.render().find("input `x` = 0.5 does not satisfy `x >= 1`"), std::string::npos) << where.diagnostics.render();
  expect_same_run(r.tree.run(xy(0.5, 2)), where, "a where that fails");
  // None of them went through the kernel; the next plain point does.
  EXPECT_EQ(mlsi::api::detail::kernel_runs(r.fast), before);
  expect_same_run(r.tree.run(xy(7, 8)), r.fast.run(xy(7, 8)), "a plain point after them");
  EXPECT_EQ(mlsi::api::detail::kernel_runs(r.fast), before + 1);
}

// An input the runner's request gives as a formula over another input (`y = x + 1`): evaluated at every
// run, never taken for the base run's constant, whichever input a run varies.
TEST(CompiledRun, AnInputGivenAsAFormulaOverAnotherStaysOnTheTreeEvaluator) {
  FallbackRunners r;
  mlsi::api::RunRequest request = r.request();
  request.set("y", "x + 1");
  mlsi::api::Runner fast = r.session.runner(request), tree = r.tree_session.runner(request);
  auto x = [](double v) { return mlsi::api::RunRequest().set("x", v, "").inputs; };
  EXPECT_EQ(compare_points(fast, tree, {x(1), x(3), x(7)}, "Fallbacks, y = x + 1"), 0u);
  RunResult seven = fast.run(x(7));
  ASSERT_TRUE(seven.ok) << seven.diagnostics.render();
  EXPECT_EQ(seven.output("inverse")->value.si, 0.125);  // 1 / (7 + 1)
}

// Calibration defaults (docs/catalogue.md §2.14) read on every path are noted as the tree evaluator notes
// them; one read in a branch that only some points take keeps the scenario off the kernel, since its
// notes then change from point to point.
constexpr const char* kDefaults = R"(scenario DefaultReads {
  input hw: Hardware = PlainGPU
  input node: Node = PlainGPU_x8
  input x: Count = 1
  output always = hw.gemm_latency * x -> us
  output sometimes = if x > 1 then node.collective_bandwidth * x else 0 GB/s
}

scenario DefaultAlways {
  input hw: Hardware = PlainGPU
  input x: Count = 1
  output always = hw.gemm_latency * x -> us
}
)";

struct DefaultRunners {
  mlsi_test::TempFile file{"compiled_run_defaults.mls", kDefaults};
  mlsi::api::SessionOptions options = with_uncalibrated();
  mlsi::api::Session session{options}, tree_session{tree_only_options(options)};
  static mlsi::api::SessionOptions with_uncalibrated() {
    mlsi::api::SessionOptions o;
    o.catalogues = {std::string(MLSI_SOURCE_DIR) + "/tests/golden/commands/show/calibration/uncalibrated.toml"};
    return o;
  }
  // The scenario's runner on both sessions, with `settings` its own.
  std::pair<mlsi::api::Runner, mlsi::api::Runner> runners(const std::string& scenario, std::vector<InputSetting> settings = {}) const {
    mlsi::api::RunRequest r;
    r.file = file.path.string();
    r.scenario = scenario;
    r.inputs = std::move(settings);
    return {session.runner(r), tree_session.runner(r)};
  }
};

std::vector<InputSetting> x_is(double v) { return mlsi::api::RunRequest().set("x", v, "").inputs; }

TEST(CompiledRun, ABranchThatReadsACalibrationDefaultKeepsTheTreeEvaluator) {
  DefaultRunners d;
  auto [fast, tree] = d.runners("DefaultReads");
  // `sometimes` reads PlainGPU_x8's defaulted collective_bandwidth at x > 1 only: one note at x = 1, two
  // at x = 2. No point goes through the kernel.
  EXPECT_EQ(compare_points(fast, tree, {x_is(1), x_is(2), x_is(1), x_is(3)}, "DefaultReads"), 0u);
  RunResult one = fast.run(x_is(1)), two = fast.run(x_is(2));
  ASSERT_TRUE(one.ok && two.ok);
  ASSERT_EQ(one.diagnostics.size(), 1u) << one.diagnostics.render();
  EXPECT_EQ(one.diagnostics[0].message,
            "PlainGPU has no calibration of gemm_latency; using defaults derived from its datasheet (docs/catalogue.md §2.14)");
  ASSERT_EQ(two.diagnostics.size(), 2u) << two.diagnostics.render();
  EXPECT_EQ(two.diagnostics[1].message,
            "PlainGPU_x8 has no calibration of collective_bandwidth; using defaults derived from its datasheet (docs/catalogue.md §2.14)");
}

TEST(CompiledRun, ADefaultReadOnEveryPathIsNotedOnTheKernel) {
  DefaultRunners d;
  auto [fast, tree] = d.runners("DefaultAlways");
  EXPECT_EQ(compare_points(fast, tree, {x_is(1), x_is(2), x_is(5)}, "DefaultAlways"), 3u);
  RunResult five = fast.run(x_is(5));
  ASSERT_TRUE(five.ok);
  ASSERT_EQ(five.diagnostics.size(), 1u) << five.diagnostics.render();
  EXPECT_EQ(five.diagnostics[0].severity, mlsi::api::Severity::note);
  // PlainGPU's gemm_latency defaults to 10 us (docs/catalogue.md §2.14): 5 x 10 us.
  EXPECT_EQ(five.output("always")->value.shown, "50 us");
}

TEST(CompiledRun, ABranchOverCalibratedFieldsRunsOnTheKernel) {
  DefaultRunners d;
  // H100 and DGX_H100 are calibrated: no note at any point, and the branch reads no default.
  auto [fast, tree] = d.runners("DefaultReads", mlsi::api::RunRequest().set("hw", "H100").set("node", "DGX_H100").inputs);
  EXPECT_EQ(compare_points(fast, tree, {x_is(1), x_is(2), x_is(1), x_is(3)}, "DefaultReads on H100"), 4u);
  EXPECT_TRUE(fast.run(x_is(2)).diagnostics.empty());
}

}  // namespace
