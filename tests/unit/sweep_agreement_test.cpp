// The two ways mlsi evaluates a scenario agree: the compiled block sweep kernel (SweepProgram, which
// `mlsi sweep` and `mlsi plot` use) and the tree evaluator (`mlsi run`, and the sweep's path for every
// point the kernel flags). For every built-in scenario (enumerated from the program), 200 random points
// inside the `where` domains of its numeric inputs (read from the checked program: input_domains.hpp)
// and points just outside them go through both, varying every numeric input; then 100 more leaving the
// inputs whose defaults read other inputs to those defaults, and 25 for each config varying what it
// does not set. The points come from a fixed seed per scenario (its name), so a failure repeats.
// The table printed says per scenario whether the kernel applies and what was compared; a scenario the
// kernel does not compile must be in kKnownFallbacks with the reason. The rules:
// - a point the kernel computes (ok) runs on the tree evaluator too, and every slot the kernel has a
//   register for (inputs, lets, outputs) is the same double to the bit, in both of the kernel's paths
//   (run over a block, run_point); an output the kernel does not compute (a list, record or text) is
//   the base point's, as the sweep shows it, and the tree's is the same;
// - a point that fails on the tree evaluator is flagged by the kernel (not ok), so the sweep evaluates
//   it on the tree evaluator and reports the tree's message: the errors are the same by construction
//   once the flag is right. A flagged point that runs on the tree (an `if` whose other branch divides
//   by zero) is counted, not an error: it costs time, not correctness;
// - a point just outside a domain fails with the input's `where` message on the tree, and is flagged.
// Bit-identical, not within a bound: both paths do the same IEEE 754 operations in the same order on
// the same doubles (the kernel is compiled from the same checked expressions, and folds what it does
// not vary with the tree evaluator itself). Nothing may reorder or fuse them: the build is ISO C++20
// (CMAKE_CXX_EXTENSIONS OFF, so GCC's default is -ffp-contract=off), targets baseline x86-64 (no FMA
// instruction to contract into), and uses no -ffast-math, so -O3 on sweep_program.cpp vectorizes only
// operations that are exact per lane (+ - * / sqrt min max) and calls the same scalar libm for pow,
// exp and log. The one rewrite, x / 2^k as x * 2^-k, rounds the same real number.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "eval/evaluator.hpp"
#include "eval/sweep_program.hpp"
#include "model/display.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"
#include "tests/unit/input_domains.hpp"

namespace {

using mlsi::GivenInputs;
using mlsi::Program;
using mlsi::Scenario;
using mlsi::ScenarioRun;
using mlsi::SweepProgram;
using mlsi_test::InputDomain;
using mlsi_test::InputSampler;

// Scenarios a sweep evaluates point by point, and why: SweepProgram::compile's reason when every numeric
// input varies (or the reason none can). Such a scenario compares no point through the kernel; one that
// does not compile and is not listed here fails the test, and so does a listed one that compiles.
// In each of these, every numeric input (each one alone, too: ScenarioCheck::kernel_subset) feeds a list,
// a record, a text or a scenario call, which the kernel does not compute; or there is none to vary.
constexpr const char* kList = "a list, record or scenario call that depends on a varied input";
constexpr const char* kListFunction = "a list function of a varied value";
constexpr const char* kText = "a list, record or text value that depends on a varied input";
constexpr const char* kNoNumber = "no numeric input to vary";
constexpr const char* kListParameter = "a function of a list or record";
const std::map<std::string, std::string> kKnownFallbacks = {
    {"CenteredReward", kList},
    {"CheckpointWrite", kText},
    {"ContinuationForkCost", kList},
    {"CostPerToken", kList},
    {"DecodeRoofline", kText},
    {"DenseNetwork", kListFunction},
    {"DenseScalingSweep", kList},
    {"EpochOverhead", kListFunction},
    {"GradAccumulation", kList},
    {"GroupBarrier", kNoNumber},
    {"GroupCoefficients", kNoNumber},
    {"ImageLoader", kText},
    {"LayerStack", kListParameter},
    {"ParadigmCost", kList},
    {"PerExampleGradient", kList},
    {"RepeatedVerification", kListFunction},
    {"SequencePacking", kText},
    {"SequenceParallel", kListParameter},  // its coefficient function takes the strategy, an enumeration
    {"ServingFleet", kList},
    {"SpeculativeDecoding", kList},
    {"TargetMask", kNoNumber},
    {"TpDecodeSweep", kList},
    {"ZeroSharding", kList},
    {"BestLayout", kList},  // every candidate is a TrainingStep call
    {"ServingStep", kText},      // prefill_bound and decode_bound: enumerations of the varied inputs
    {"ServingCapacity", kList},  // every candidate batch is a ServingStep call
};

// Scenarios whose checks tie their inputs together (a layout's degrees multiply out to the devices and divide
// the batch): points drawn one input at a time almost never run, so the kernel is also compared varying the
// inputs that are free at the others' defaults. Each still feeds most outputs (seq_len: every GEMM, the
// attention, the memory).
const std::map<std::string, std::vector<std::string>> kFreeInputs = {
    {"TrainingStep", {"seq_len", "goodput", "training_tokens"}},
};

constexpr std::size_t kInsidePoints = 200;   // per scenario, inside every domain
constexpr std::size_t kMaxAttempts = 4000;   // points drawn to find them (a `where` the sampler cannot read rejects some)
constexpr std::size_t kOutsideFrom = 8;      // inside points whose neighbours just outside are tried
constexpr std::size_t kDefaultsPoints = 100; // with the inputs whose defaults read other inputs left to their defaults
constexpr std::size_t kConfigPoints = 25;     // per config, varying the inputs it does not set

struct TreeResult {
  bool ok = false;
  bool where_failed = false;  // a WhereError: an input outside its domain
  std::string message;
  ScenarioRun run;
};

TreeResult tree_run(const Program& p, int scenario, const GivenInputs& given) {
  TreeResult r;
  try {
    r.run = mlsi::Evaluator(p).run(scenario, given);
    r.ok = true;
  } catch (const mlsi::WhereError& e) {
    r.where_failed = true;
    r.message = e.diag.message;
  } catch (const mlsi::EvalError& e) {
    r.message = e.diag.message;
  }
  return r;
}

std::string shown(double x) { return fmt::format("{:.17g} ({:a})", x, x); }

// The given inputs of a point, as a sweep gives them (origin --vary, the input's own display unit).
GivenInputs given_at(const GivenInputs& fixed, const Scenario& sc, const std::vector<InputDomain>& domains, const std::vector<double>& x) {
  GivenInputs g = fixed;
  for (std::size_t i = 0; i < domains.size(); ++i) {
    const auto& slot = sc.slots[static_cast<std::size_t>(domains[i].slot)];
    g[static_cast<std::size_t>(domains[i].slot)] = mlsi::InputValue{mlsi::Value(x[i]), "--vary", slot.display, mlsi::Span{}};
  }
  return g;
}

// What one scenario, with one set of varied inputs, compared.
struct Tally {
  std::string label;
  std::string kernel;  // "kernel" or why the sweep falls back
  std::size_t inside = 0, inside_ran = 0, rejected = 0, through_kernel = 0, flagged_but_ran = 0, outside = 0;
};

class ScenarioCheck {
 public:
  ScenarioCheck(const Program& p, int scenario, std::uint64_t seed) : p_(p), scenario_(scenario), sc_(p.scenarios[static_cast<std::size_t>(scenario)]), seed_(seed) {}

  // Draws points varying `varied` (the others are `fixed`, as a config gives them, or keep their
  // defaults) and compares both paths.
  Tally check(const std::string& label, const std::vector<int>& varied, const GivenInputs& fixed, std::size_t inside_points, bool outside_too) {
    Tally t;
    t.label = label;
    TreeResult defaults = tree_run(p_, scenario_, fixed);
    InputSampler sampler(mlsi_test::input_domains(p_, scenario_, varied, defaults.ok ? &defaults.run : nullptr), seed_);
    const auto& domains = sampler.domains();
    std::vector<std::vector<double>> points;
    std::vector<TreeResult> results;
    for (std::size_t attempt = 0; attempt < kMaxAttempts && t.inside < inside_points; ++attempt) {
      points.push_back(sampler.inside());
      results.push_back(tree_run(p_, scenario_, given_at(fixed, sc_, domains, points.back())));
      if (results.back().where_failed) ++t.rejected;
      else ++t.inside, t.inside_ran += results.back().ok;
    }
    if (t.inside < inside_points)
      problem(fmt::format("{}: only {} of {} drawn points are inside the domains", label, t.inside, points.size()));
    std::size_t drawn = points.size();
    if (outside_too) {
      std::size_t from = 0;
      for (std::size_t k = 0; k < drawn && from < kOutsideFrom; ++k) {
        if (!results[k].ok) continue;
        ++from;
        for (const auto& o : sampler.outside(points[k])) {
          std::vector<double> x = points[k];
          x[o.input] = o.value;
          TreeResult r = tree_run(p_, scenario_, given_at(fixed, sc_, domains, x));
          if (!r.where_failed)
            problem(fmt::format("{}: {} = {} ({}) is not rejected by its `where` on the tree evaluator: {}", label, domains[o.input].name,
                                shown(o.value), o.why, r.ok ? "it runs" : r.message));
          points.push_back(std::move(x));
          results.push_back(std::move(r));
          ++t.outside;
        }
      }
    }
    // The base point stands for what the sweep does not vary, as the sweep's first point does.
    std::size_t base = 0;
    while (base < drawn && !results[base].ok) ++base;
    if (base == drawn) {
      t.kernel = "no point of the domain runs";
      return t;
    }
    std::string why;
    auto program = SweepProgram::compile(p_, scenario_, varied, results[base].run, {}, &why);
    if (!program) {
      t.kernel = why;
      return t;
    }
    t.kernel = "kernel";
    compare(*program, domains, points, results, results[base].run, drawn, t);
    return t;
  }

  // The inputs of `numeric` the kernel can vary together, taken greedily in order, with a run of the
  // defaults standing for the rest (empty when the defaults do not run).
  std::vector<int> kernel_subset(const std::vector<int>& numeric) {
    TreeResult defaults = tree_run(p_, scenario_, GivenInputs(sc_.slots.size()));
    std::vector<int> subset;
    if (!defaults.ok) return subset;
    for (int input : numeric) {
      subset.push_back(input);
      if (!SweepProgram::compile(p_, scenario_, subset, defaults.run, {}, nullptr)) subset.pop_back();
    }
    return subset;
  }

  const std::vector<std::string>& problems() const { return problems_; }

 private:
  void problem(std::string text) {
    if (problems_.size() < 40) problems_.push_back(sc_.name + ": " + std::move(text));
  }

  std::string point_text(const std::vector<InputDomain>& domains, const std::vector<double>& x) const {
    std::string s;
    for (std::size_t i = 0; i < domains.size(); ++i) s += fmt::format("{}{}={:.17g}", i ? " " : "", domains[i].name, x[i]);
    return s;
  }

  // Points [0, drawn) were drawn inside the bounds the sampler read; the rest are just outside.
  void compare(SweepProgram& program, const std::vector<InputDomain>& domains, const std::vector<std::vector<double>>& points,
               const std::vector<TreeResult>& results, const ScenarioRun& base, std::size_t drawn, Tally& t) {
    constexpr std::size_t B = SweepProgram::kBlock;
    std::vector<std::vector<double>> columns(domains.size(), std::vector<double>(B));
    std::vector<const double*> column_ptrs;
    for (auto& c : columns) column_ptrs.push_back(c.data());
    // Blocks of B points run every lane; blocks of at most B / 4 only their own (SweepProgram::run):
    // the points go through both, alternately.
    std::size_t next = 0;
    for (bool full = true; next < points.size(); full = !full) {
      std::size_t n = std::min(points.size() - next, full ? B : B / 4 - 7);
      for (std::size_t k = 0; k < n; ++k)
        for (std::size_t i = 0; i < domains.size(); ++i) columns[i][k] = points[next + k][i];
      program.run(column_ptrs, n);
      for (std::size_t k = 0; k < n; ++k) compare_point(program, k, domains, points[next + k], results[next + k], base, next + k >= drawn, t);
      next += n;
    }
  }

  void compare_point(SweepProgram& program, std::size_t lane, const std::vector<InputDomain>& domains, const std::vector<double>& x,
                     const TreeResult& tree, const ScenarioRun& base, bool outside, Tally& t) {
    std::string at = point_text(domains, x);
    bool block_ok = program.ok(lane);
    std::vector<double> block(program.slot_register.size());
    for (std::size_t s = 0; s < block.size(); ++s)
      if (program.slot_register[s] != UINT32_MAX) block[s] = program.value(program.slot_register[s], lane);
    bool point_ok = program.run_point(x.data());
    if (point_ok != block_ok) problem(fmt::format("at {}: run says {}, run_point says {}", at, block_ok, point_ok));
    if (!block_ok && !point_ok) {
      if (tree.ok) ++t.flagged_but_ran;
      return;
    }
    if (!tree.ok) {
      problem(fmt::format("at {}: the kernel computes the point, the tree evaluator fails: {}{}", at, tree.message,
                          outside ? " (a point just outside the domain)" : ""));
      return;
    }
    ++t.through_kernel;
    for (std::size_t s = 0; s < sc_.slots.size(); ++s) {
      const mlsi::Slot& slot = sc_.slots[s];
      std::uint32_t reg = program.slot_register[s];
      const mlsi::Value& want = tree.run.slots[s];
      if (reg == UINT32_MAX) {
        // Not computed by the kernel: the sweep shows the base point's value.
        if (slot.kind == mlsi::SlotKind::output && mlsi::format_value(want, slot.type, slot.display, p_) != mlsi::format_value(base.slots[s], slot.type, slot.display, p_))
          problem(fmt::format("at {}: `{}` is {} on the tree evaluator, {} at the base point", at, slot.name, mlsi::format_value(want, slot.type, slot.display, p_),
                              mlsi::format_value(base.slots[s], slot.type, slot.display, p_)));
        continue;
      }
      if (!tree.run.available[s]) continue;  // an unused default the tree could not evaluate: shown nowhere
      double expected = slot.type.is_bool() ? (want.boolean() ? 1.0 : 0.0) : want.number();
      for (auto [path, got] : {std::pair{"run", block[s]}, std::pair{"run_point", program.point_value(reg)}})
        if (std::bit_cast<std::uint64_t>(got) != std::bit_cast<std::uint64_t>(expected))
          problem(fmt::format("at {}: `{}` is {} on the tree evaluator, {} in the kernel's {}", at, slot.name, shown(expected), shown(got), path));
    }
  }

  const Program& p_;
  int scenario_;
  const Scenario& sc_;
  std::uint64_t seed_;
  std::vector<std::string> problems_;
};

bool reads_slots(const mlsi::CExpr& e) {
  if (e.op == mlsi::Op::slot) return true;
  for (const auto& k : e.kids)
    if (reads_slots(k)) return true;
  return false;
}

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

TEST(SweepAgreement, EveryBuiltInScenarioAgreesOnBothPaths) {
  mlsi::ProgramSession session;
  session.load_builtin_scenarios();
  ASSERT_TRUE(session.check());
  const Program& p = session.program();
  std::vector<Tally> tallies;
  std::vector<std::string> problems;
  std::size_t scenarios = 0, compiled = 0;
  std::map<std::string, std::string> fallbacks;
  for (std::size_t si = 0; si < p.scenarios.size(); ++si) {
    const Scenario& sc = p.scenarios[si];
    if (p.sources.file(sc.file).name.rfind("<builtin>/scenarios/", 0) != 0) continue;
    ++scenarios;
    std::vector<int> numeric, constant_defaults;
    for (int i : sc.inputs) {
      const auto& slot = sc.slots[static_cast<std::size_t>(i)];
      if (!slot.type.is_quantity()) continue;
      numeric.push_back(i);
      if (!slot.expr || !reads_slots(*slot.expr)) constant_defaults.push_back(i);
    }
    ScenarioCheck check(p, static_cast<int>(si), fnv1a(sc.name));
    const GivenInputs none(sc.slots.size());
    Tally all{sc.name, "no numeric input to vary"};
    if (!numeric.empty()) all = check.check(sc.name, numeric, none, kInsidePoints, true);
    tallies.push_back(all);
    std::size_t through_kernel = all.through_kernel;
    if (auto free = kFreeInputs.find(sc.name); free != kFreeInputs.end()) {
      std::vector<int> varied;
      for (int i : numeric)
        for (const auto& name : free->second)
          if (sc.slots[static_cast<std::size_t>(i)].name == name) varied.push_back(i);
      tallies.push_back(check.check(fmt::format("{} (free inputs: {})", sc.name, fmt::join(free->second, ", ")), varied, none,
                                    kInsidePoints, true));
      through_kernel += tallies.back().through_kernel;
    }
    std::vector<int> kernel_inputs = numeric;
    if (all.kernel == "kernel") {
      ++compiled;
    } else {
      fallbacks[sc.name] = all.kernel;
      // A sweep that varies fewer inputs may still compile: those the kernel can vary together.
      kernel_inputs = numeric.empty() ? numeric : check.kernel_subset(numeric);
      if (!kernel_inputs.empty()) {
        std::string names;
        for (int i : kernel_inputs) names += (names.empty() ? "" : ", ") + sc.slots[static_cast<std::size_t>(i)].name;
        tallies.push_back(check.check(fmt::format("{} (only {} of {} varied: {})", sc.name, kernel_inputs.size(), numeric.size(), names), kernel_inputs,
                                      none, kInsidePoints, true));
        through_kernel += tallies.back().through_kernel;
      }
    }
    // Inputs whose defaults read other inputs, left to those defaults: the kernel computes them.
    if (!constant_defaults.empty() && constant_defaults.size() < numeric.size()) {
      tallies.push_back(check.check(sc.name + " (derived defaults)", constant_defaults, none, kDefaultsPoints, false));
      through_kernel += tallies.back().through_kernel;
    }
    // Each config of the scenario, varying what it does not set (other entries, other fields read).
    Tally configs{sc.name + " (configs)", "kernel"};
    std::size_t config_count = 0;
    for (const auto& cfg : p.configs) {
      if (cfg.scenario != static_cast<int>(si)) continue;
      GivenInputs fixed(sc.slots.size());
      mlsi::Evaluator ev(p);
      mlsi::apply_config(session, ev, cfg, fixed);
      std::vector<int> varied;
      for (int i : kernel_inputs)
        if (!fixed[static_cast<std::size_t>(i)]) varied.push_back(i);
      if (varied.empty()) continue;
      ++config_count;
      Tally c = check.check(sc.name + " config " + cfg.name, varied, fixed, kConfigPoints, false);
      if (c.kernel != "kernel") configs.kernel = "config " + cfg.name + ": " + c.kernel;
      configs.inside += c.inside, configs.inside_ran += c.inside_ran, configs.rejected += c.rejected;
      configs.through_kernel += c.through_kernel, configs.flagged_but_ran += c.flagged_but_ran;
    }
    if (config_count > 0) {
      configs.label = fmt::format("{} ({} configs)", sc.name, config_count);
      tallies.push_back(configs);
      through_kernel += configs.through_kernel;
    }
    if (through_kernel == 0 && !kKnownFallbacks.count(sc.name))
      problems.push_back(sc.name + ": no point is compared through the kernel, and the scenario is not a known fallback");
    problems.insert(problems.end(), check.problems().begin(), check.problems().end());
  }
  // The report: per scenario (and set of varied inputs), whether the kernel applies and what was compared.
  std::printf("%-44s %-8s %7s %7s %7s %7s %7s %7s\n", "scenario", "kernel", "inside", "ran", "kernel", "flagged", "reject", "outside");
  for (const auto& t : tallies)
    std::printf("%-44s %-8s %7zu %7zu %7zu %7zu %7zu %7zu%s\n", t.label.c_str(), t.kernel == "kernel" ? "yes" : "no", t.inside,
                t.inside_ran, t.through_kernel, t.flagged_but_ran, t.rejected, t.outside,
                t.kernel == "kernel" ? "" : (": " + t.kernel).c_str());
  std::printf("%zu built-in scenarios: %zu through the kernel, %zu evaluated point by point\n", scenarios, compiled, scenarios - compiled);

  EXPECT_GT(scenarios, 50u) << "the built-in scenarios were not loaded";
  EXPECT_EQ(fallbacks, kKnownFallbacks) << "a scenario the kernel does not compile must be listed, with its reason";
  for (const auto& pr : problems) ADD_FAILURE() << pr;
}

}  // namespace
