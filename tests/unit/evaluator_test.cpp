// Evaluation: the design page's two examples give exactly the values it states, run-time errors carry
// the messages a user needs, every evaluation is bounded, and lists broadcast.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/display.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`,
// which must not meet an interpreter declaration that uses the name.
#include <gtest/gtest.h>

namespace {

const std::string kExamples = std::string(MLSI_SOURCE_DIR) + "/tests/examples/";

// A checked session with one scenario to run, and its inputs as given so far.
struct Run {
  std::unique_ptr<mlsi::ProgramSession> session;
  int scenario = -1;
  mlsi::GivenInputs given;
  mlsi::EvaluationLimits limits;
  mlsi::ScenarioRun result;
  std::string error;             // the message of an EvalError, if evaluation failed
  std::vector<std::string> notes;
  std::string rendered;

  mlsi::Program& program() { return session->program(); }
  const mlsi::Scenario& sc() { return program().scenarios.at(static_cast<std::size_t>(scenario)); }
  int slot(const std::string& name) {
    int s = sc().find_slot(name);
    EXPECT_GE(s, 0) << "no slot " << name;
    return s;
  }
  const mlsi::Value& value(const std::string& name) { return result.slots.at(static_cast<std::size_t>(slot(name))); }
  double number(const std::string& name) { return value(name).number(); }
  std::vector<double> numbers(const std::string& name) {
    std::vector<double> out;
    for (const auto& v : value(name).list()) out.push_back(v.number());
    return out;
  }
  // As a person sees it: "320 KiB".
  std::string shown(const std::string& name) {
    int s = slot(name);
    return mlsi::format_value(value(name), sc().slots.at(static_cast<std::size_t>(s)).type,
                              result.display.at(static_cast<std::size_t>(s)), program());
  }
  bool set(const std::string& assignment) {
    mlsi::Evaluator ev(program(), limits);
    bool ok = mlsi::apply_set(*session, ev, scenario, assignment, given);
    EXPECT_TRUE(ok) << mlsi::render_all(program().sources, session->diagnostics(), false);
    return ok;
  }
  bool config(const std::string& name) {
    for (const auto& c : program().configs)
      if (c.scenario == scenario && c.name == name) {
        mlsi::Evaluator ev(program(), limits);
        return mlsi::apply_config(*session, ev, c, given);
      }
    ADD_FAILURE() << "no config " << name;
    return false;
  }
  // Evaluates; returns true when evaluation succeeded.
  bool run() {
    mlsi::Evaluator ev(program(), limits);
    try {
      result = ev.run(scenario, given);
      return true;
    } catch (const mlsi::EvalError& e) {
      error = e.diag.message;
      notes = e.diag.notes;
      rendered = mlsi::render(program().sources, e.diag, false);
      return false;
    }
  }
};

void prepare(Run& r, const std::string& scenario) {
  ASSERT_TRUE(r.session->check()) << mlsi::render_all(r.program().sources, r.session->diagnostics(), false);
  const mlsi::Scenario* sc = r.program().find_scenario(scenario);
  ASSERT_NE(sc, nullptr) << scenario;
  r.scenario = r.program().find_scenario_index(scenario);
  r.given.assign(sc->slots.size(), std::nullopt);
}

std::unique_ptr<Run> from_file(const std::string& file, const std::string& scenario) {
  auto r = std::make_unique<Run>();
  r->session = std::make_unique<mlsi::ProgramSession>();
  EXPECT_TRUE(r->session->load_file(kExamples + file).has_value());
  prepare(*r, scenario);
  return r;
}

std::unique_ptr<Run> from_text(const std::string& text, const std::string& scenario = "S") {
  auto r = std::make_unique<Run>();
  r->session = std::make_unique<mlsi::ProgramSession>();
  r->session->load_text("test.mls", text);
  prepare(*r, scenario);
  return r;
}

// ---- Example 1: KvCache ---------------------------------------------------------------------------------
// Llama2_70B (its paper, docs/catalogue.md §3.2.1): layers 80, hidden_dim 8192, heads 64, kv_heads 8 -> head_dim = 8192 / 64 = 128.
// per_token = 2 * 80 * 8 * 128 * 2 B = 327680 B = 320 * 1024 B = 320 KiB.
// total = 327680 B * 8 * 4096 = 10737418240 B = 10 * 2^30 B = 10 GiB; 10 GiB <= 80 GiB (H100.memory).
TEST(Example1, KvCacheDefaults) {
  auto r = from_file("kv_cache.mls", "KvCache");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("per_token"), 327680.0);
  EXPECT_EQ(r->number("total"), 10737418240.0);
  EXPECT_TRUE(r->value("fits_h100").boolean());
  EXPECT_EQ(r->shown("per_token"), "320 KiB");
  EXPECT_EQ(r->shown("total"), "10 GiB");
  EXPECT_EQ(r->shown("fits_h100"), "true");
}

// long_context: batch 1, context 131072: 327680 B * 131072 = 42949672960 B = 40 * 2^30 B = 40 GiB.
TEST(Example1, KvCacheLongContext) {
  auto r = from_file("kv_cache.mls", "KvCache");
  ASSERT_TRUE(r->config("long_context"));
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("total"), 42949672960.0);
  EXPECT_EQ(r->shown("total"), "40 GiB");
  EXPECT_TRUE(r->value("fits_h100").boolean());  // 40 GiB <= 80 GiB
}

TEST(Example1, BatchZeroViolatesWhere) {
  auto r = from_file("kv_cache.mls", "KvCache");
  ASSERT_TRUE(r->set("batch=0"));
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "input `batch` = 0 does not satisfy `batch >= 1`");
}

TEST(Example1, CheckFailureCarriesItsMessage) {
  // bytes_per_value = 0 byte makes the cache empty: `check total > 0 byte else "an empty cache"`.
  auto r = from_file("kv_cache.mls", "KvCache");
  ASSERT_TRUE(r->set("bytes_per_value=0 byte"));
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "check failed: an empty cache");
}

TEST(Example1, AbsentCatalogueFieldNamesEntryAndField) {
  // GPT4 has no kv_heads in the catalogue (its source gives none, docs/catalogue.md §3.2.1).
  auto r = from_file("kv_cache.mls", "KvCache");
  ASSERT_TRUE(r->set("workload=GPT4"));
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "Workload GPT4 has no field kv_heads (its source does not give one)");
}

// ---- Example 2: GroupStats ---------------------------------------------------------------------------
// rewards [1, 0, 1, 1]: n = 4, sum = 3; mean baseline 3/4 = 0.75 each; advantages r - 0.75.
TEST(Example2, GroupStatsDefaults) {
  auto r = from_file("group_stats.mls", "GroupStats");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->numbers("baseline"), (std::vector<double>{0.75, 0.75, 0.75, 0.75}));
  EXPECT_EQ(r->numbers("advantages"), (std::vector<double>{0.25, -0.75, 0.25, 0.25}));
  // sync_time = 2 * 7/8 * 140e9 B / 450e9 B/s + 2 * 7 * 5e-6 s = 0.54444... s + 7e-5 s = 0.5445144... s
  double sync = 2.0 * 7.0 / 8.0 * 140e9 / 450e9 + 2.0 * 7.0 * 5e-6;
  EXPECT_NEAR(r->number("sync_time"), sync, 1e-12 * sync);
  EXPECT_NEAR(r->number("sync_time"), 0.544514444444444, 1e-12);
  EXPECT_EQ(r->shown("sync_time"), "544.514 ms");
  // adam_state = 175e9 * (2 + 2 + 12) B = 2.8e12 B = 2.8 TB
  EXPECT_NEAR(r->number("adam_state"), 2.8e12, 1e-12 * 2.8e12);
  EXPECT_EQ(r->shown("adam_state"), "2.8 TB");
  // kv = 327680 B * 2 * 4096 = 2684354560 B = 2.5 * 2^30 B = 2.5 GiB
  EXPECT_EQ(r->number("kv"), 2684354560.0);
  EXPECT_EQ(r->shown("kv"), "2.5 GiB");
  EXPECT_EQ(r->shown("baseline"), "[0.75, 0.75, 0.75, 0.75]");
  EXPECT_EQ(r->shown("advantages"), "[0.25, -0.75, 0.25, 0.25]");
}

// leave_one_out: (3 - r) / 3 -> [2/3, 1, 2/3, 2/3]; advantages [1/3, -1, 1/3, 1/3].
TEST(Example2, GroupStatsLeaveOneOut) {
  auto r = from_file("group_stats.mls", "GroupStats");
  ASSERT_TRUE(r->set("baseline_rule=leave_one_out"));
  ASSERT_TRUE(r->run()) << r->rendered;
  auto b = r->numbers("baseline");
  ASSERT_EQ(b.size(), 4u);
  EXPECT_DOUBLE_EQ(b[0], 2.0 / 3.0);
  EXPECT_EQ(b[1], 1.0);
  EXPECT_DOUBLE_EQ(b[2], 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(b[3], 2.0 / 3.0);
  EXPECT_EQ(r->shown("baseline"), "[0.666667, 1, 0.666667, 0.666667]");
  auto a = r->numbers("advantages");
  ASSERT_EQ(a.size(), 4u);
  EXPECT_DOUBLE_EQ(a[0], 1.0 / 3.0);
  EXPECT_EQ(a[1], -1.0);
}

TEST(Example2, RewardsSetOnTheCommandLine) {
  // rewards [1, 1, 0]: mean 2/3; advantages [1/3, 1/3, -2/3].
  auto r = from_file("group_stats.mls", "GroupStats");
  ASSERT_TRUE(r->set("rewards=[1, 1, 0]"));
  ASSERT_TRUE(r->run()) << r->rendered;
  auto a = r->numbers("advantages");
  ASSERT_EQ(a.size(), 3u);
  EXPECT_DOUBLE_EQ(a[2], -2.0 / 3.0);
}

TEST(Example2, ScalarWhereViolationOnAListNamesNoEntry) {
  // `where len(rewards) >= 2` is one condition on the whole list: no "entry i" note applies.
  auto r = from_file("group_stats.mls", "GroupStats");
  ASSERT_TRUE(r->set("rewards=[1]"));
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "input `rewards` = [1] does not satisfy `len(rewards) >= 2`");
  for (const auto& n : r->notes) EXPECT_EQ(n.find("entry"), std::string::npos) << n;
}

// ---- run-time errors ---------------------------------------------------------------------------------
TEST(RuntimeError, DivisionByZero) {
  auto r = from_text("scenario S {\n  input b: Count = 3\n  input d: Count = 0\n  output q = b / d\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "division by zero");
  EXPECT_EQ(r->notes, std::vector<std::string>{"`d` is 0"});
}

TEST(RuntimeError, DivisionByZeroQuantity) {
  auto r = from_text("scenario S {\n  input bw: Information / Time = 0 GB/s\n  output t = 1 GB / bw\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "division by zero");
}

TEST(RuntimeError, SqrtOfANegative) {
  auto r = from_text("scenario S {\n  input x: Count = -4\n  output a = sqrt(x)\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "`sqrt` of -4 is undefined: it needs a number >= 0");
}

TEST(RuntimeError, LogOfZero) {
  auto r = from_text("scenario S {\n  input x: Count = 0\n  output a = log(x)\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "`log` of 0 is undefined: it needs a number > 0");
}

TEST(RuntimeError, IndexOutOfRange) {
  auto r = from_text("scenario S {\n  input xs: List[Count] = [1, 2, 3, 4]\n  output a = xs[4]\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "index 4 is out of range: the list has 4 entries (indices 0 to 3)");
}

TEST(RuntimeError, NegativeIndex) {
  auto r = from_text("scenario S {\n  input i: Count = -1\n  output a = [1, 2][i]\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "index -1 is out of range: the list has 2 entries (indices 0 to 1)");
}

TEST(RuntimeError, NonWholeIndex) {
  auto r = from_text("scenario S {\n  input xs: List[Count] = [1, 2, 3, 4]\n  output a = xs[1.5]\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "a list index must be a whole number, given 1.5");
}

TEST(RuntimeError, WhereViolation) {
  auto r = from_text("scenario S {\n  input batch: Count = 0 where batch >= 1\n  output o = batch\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "input `batch` = 0 does not satisfy `batch >= 1`");
}

TEST(RuntimeError, WhereViolationShowsTheValueInItsUnit) {
  auto r = from_text("scenario S {\n  input size: Information = 512 MiB where size >= 1 GiB\n  output o = size\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "input `size` = 512 MiB does not satisfy `size >= 1 GiB`");
}

TEST(RuntimeError, CheckFailureWithMessage) {
  auto r = from_text("scenario S {\n  input x: Count = 0\n  output a = x\n  check x > 0 else \"x must be positive\"\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "check failed: x must be positive");
}

TEST(RuntimeError, CheckFailureWithoutMessageShowsTheCondition) {
  auto r = from_text("scenario S {\n  input x: Count = 0\n  output a = x\n  check x > 0\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "check failed: `x > 0`");
}

TEST(RuntimeError, AbsentCatalogueField) {
  auto r = from_text("scenario S {\n  output q = GPT4.seq_len\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "Workload GPT4 has no field seq_len (its source does not give one)");
}

TEST(RuntimeError, InputWithoutDefaultMustBeGiven) {
  auto r = from_text("scenario S {\n  input size: Information\n  output o = size\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "input `size` has no default and was not given");
}

TEST(RuntimeError, RunawayRecursionStopsAtTheDepthLimit) {
  auto r = from_text("fn f(n: Count) -> Count = if n > 1e9 then 0 else f(n + 1)\nscenario S {\n  output q = f(0)\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "calls nested deeper than 200 (a runaway recursion?)");
}

TEST(RuntimeError, MutualRecursionStopsAtTheDepthLimit) {
  auto r = from_text(
      "fn f(n: Count) -> Count = g(n + 1)\nfn g(n: Count) -> Count = f(n + 1)\nscenario S {\n  output q = f(0)\n}\n");
  r->limits.max_call_depth = 50;
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "calls nested deeper than 50 (a runaway recursion?)");
}

TEST(RuntimeError, BoundedRecursionIsFine) {
  // fact(10) = 3628800.
  auto r = from_text("fn fact(n: Count) -> Count = if n <= 1 then 1 else n * fact(n - 1)\nscenario S {\n  output q = fact(10)\n}\n");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("q"), 3628800.0);
}

TEST(RuntimeError, TooLongRangeStopsAtTheListLimit) {
  auto r = from_text("scenario S {\n  output q = len(range(1e9))\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "`range` of 1000000000 entries is longer than the limit of 10000000");
}

TEST(RuntimeError, ListLimitIsConfigurable) {
  auto r = from_text("scenario S {\n  output q = len(range(1000))\n}\n");
  r->limits.max_list_length = 100;
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "`range` of 1000 entries is longer than the limit of 100");
}

TEST(RuntimeError, StepLimit) {
  auto r = from_text("fn f(n: Count) -> Count = if n <= 0 then 0 else 1 + f(n - 1)\nscenario S {\n  output q = f(150)\n}\n");
  r->limits.max_steps = 100;
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "evaluation stopped after 100 steps");
}

TEST(RuntimeError, OverflowToInfinity) {
  auto r = from_text("scenario S {\n  output q = 1e300 * 1e300\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "the product overflows to infinity");
}

TEST(RuntimeError, OverflowOfAnInput) {
  auto r = from_text("scenario S {\n  input x: Count = 1e300\n  output q = x * 1e300\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "the product overflows to infinity");
}

TEST(RuntimeError, ExpOverflow) {
  auto r = from_text("scenario S {\n  input x: Count = 1000\n  output q = exp(x)\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "the exponential overflows to infinity");
}

TEST(RuntimeError, ErrorInsideACalledScenarioSaysWhere) {
  auto r = from_text(
      "scenario A {\n  input b: Count = 1 where b >= 1\n  output o = b\n}\nscenario S {\n  output x = A(b = 0).o\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "input `b` = 0 does not satisfy `b >= 1`");
  ASSERT_FALSE(r->notes.empty());
  EXPECT_EQ(r->notes.back(), "in the call of scenario `A` at test.mls:6:14");
}

// ---- broadcasting over lists -----------------------------------------------------------------------
TEST(Broadcast, ListTimesQuantity) {
  auto r = from_text("scenario S {\n  output q = [1, 2] * 2 byte\n}\n");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->numbers("q"), (std::vector<double>{2, 4}));
  EXPECT_EQ(mlsi::type_name(r->sc().slots.at(static_cast<std::size_t>(r->slot("q"))).type, r->program().dims),
            "List[Information]");
}

TEST(Broadcast, ListPlusList) {
  auto r = from_text("scenario S {\n  output q = [1 s, 2 s] + [10 s, 20 s] -> ms\n}\n");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->numbers("q"), (std::vector<double>{11, 22}));
  EXPECT_EQ(r->shown("q"), "[11000, 22000] ms");
}

TEST(Broadcast, ListsOfDifferentLengths) {
  auto r = from_text("scenario S {\n  input a: List[Count] = [1, 2]\n  input b: List[Count] = [1, 2, 3]\n  output q = a + b\n}\n");
  ASSERT_FALSE(r->run());
  EXPECT_EQ(r->error, "lists of different lengths (2 and 3)");
}

TEST(Broadcast, ListComparedWithScalarInWhere) {
  auto ok = from_text("scenario S {\n  input xs: List[Count] = [1, 2, 3] where xs >= 1\n  output o = sum(xs)\n}\n");
  ASSERT_TRUE(ok->run()) << ok->rendered;
  EXPECT_EQ(ok->number("o"), 6);

  auto bad = from_text("scenario S {\n  input xs: List[Count] = [1, 0, 3] where xs >= 1\n  output o = sum(xs)\n}\n");
  ASSERT_FALSE(bad->run());
  EXPECT_EQ(bad->error, "input `xs` = [1, 0, 3] does not satisfy `xs >= 1`");
  EXPECT_EQ(bad->notes, std::vector<std::string>{"entry 1 is 0"});
}

TEST(Broadcast, ListOfQuantitiesComparedInWhere) {
  auto bad = from_text("scenario S {\n  input ts: List[Time] = [30 s, 0 s] where ts > 0 s and ts < 1 h\n  output o = sum(ts)\n}\n");
  ASSERT_FALSE(bad->run());
  EXPECT_EQ(bad->error, "input `ts` = [30, 0] s does not satisfy `ts > 0 s and ts < 1 h`");
}

TEST(Builtins, ListFunctions) {
  auto r = from_text(R"(scenario S {
  input xs: List[Time] = [3 s, 1 s, 2 s]
  output n = len(xs)
  output total = sum(xs)
  output lo = min(xs)
  output hi = max(xs)
  output avg = mean(xs)
  output pair = min(4 s, 2 s)
  output r = range(2, 5)
  output evens = [i for i in range(6) if i / 2 == floor(i / 2)]
}
)");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("n"), 3);
  EXPECT_EQ(r->number("total"), 6);
  EXPECT_EQ(r->number("lo"), 1);
  EXPECT_EQ(r->number("hi"), 3);
  EXPECT_EQ(r->number("avg"), 2);
  EXPECT_EQ(r->number("pair"), 2);
  EXPECT_EQ(r->numbers("r"), (std::vector<double>{2, 3, 4}));
  EXPECT_EQ(r->numbers("evens"), (std::vector<double>{0, 2, 4}));
}

TEST(Builtins, RoundingAndLogs) {
  auto r = from_text(R"(scenario S {
  output c = ceil(2.1)
  output f = floor(-2.1)
  output rd = round(2.5)
  output l2 = log2(1024)
  output l10 = log10(1e6)
  output e = exp(0)
  output a = abs(-3 s)
}
)");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("c"), 3);
  EXPECT_EQ(r->number("f"), -3);
  EXPECT_EQ(r->number("rd"), 3);
  EXPECT_EQ(r->number("l2"), 10);
  EXPECT_DOUBLE_EQ(r->number("l10"), 6);
  EXPECT_EQ(r->number("e"), 1);
  EXPECT_EQ(r->number("a"), 3);
}

TEST(Evaluation, ScenarioCallReturnsItsOutputs) {
  auto r = from_text(R"(scenario A {
  input batch: Count = 1
  output total = batch * 3 byte
}
scenario S {
  output x = A(batch = 2).total
  output y = A().total
}
)");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("x"), 6);
  EXPECT_EQ(r->number("y"), 3);
}

TEST(Evaluation, RecordsAndIf) {
  auto r = from_text(R"(scenario S {
  input k: Count = 3
  let rec = { a: 2 s, b: { c: k } }
  output x = rec.a * rec.b.c
  output y = if k > 2 then "big" else "small"
}
)");
  ASSERT_TRUE(r->run()) << r->rendered;
  EXPECT_EQ(r->number("x"), 6);
  EXPECT_EQ(r->value("y").text(), "big");
}

}  // namespace
