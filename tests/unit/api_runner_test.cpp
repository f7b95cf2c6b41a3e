// Runner (mlsi/runner.hpp): a scenario prepared once and run with other inputs gives exactly what
// Session::run gives for the same request, values, units, diagnostics and all, from any thread.
// ActivationMemory on GPT3 (96 layers, hidden 12288, seq_len 2048), by hand as docs/api.md works it:
// full = 96 * 2048 * b * 12288 * 2 B = 4831838208 * b bytes.
#include <mlsi/mlsi.hpp>

#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace {

constexpr double kFullPerMicrobatch = 96.0 * 2048 * 12288 * 2;

mlsi::api::RunRequest activation_memory() {
  mlsi::api::RunRequest r;
  r.scenario = "ActivationMemory";
  return r;
}

std::vector<mlsi::api::InputSetting> inputs_of(const mlsi::api::RunRequest& r) { return r.inputs; }

void expect_same_run(const mlsi::api::RunResult& a, const mlsi::api::RunResult& b) {
  ASSERT_EQ(a.ok, b.ok);
  EXPECT_EQ(a.diagnostics.render(), b.diagnostics.render());
  ASSERT_EQ(a.inputs.size(), b.inputs.size());
  ASSERT_EQ(a.outputs.size(), b.outputs.size());
  auto same = [](const mlsi::api::Item& x, const mlsi::api::Item& y) {
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.value.si, y.value.si) << x.name;
    EXPECT_EQ(x.value.unit, y.value.unit) << x.name;
    EXPECT_EQ(x.value.shown, y.value.shown) << x.name;
  };
  for (std::size_t i = 0; i < a.inputs.size(); ++i) same(a.inputs[i], b.inputs[i]);
  for (std::size_t i = 0; i < a.outputs.size(); ++i) same(a.outputs[i], b.outputs[i]);
}

TEST(ApiRunner, NumbersTextsAndUnitsGiveWhatSessionRunGives) {
  mlsi::api::Session session;
  mlsi::api::Runner runner = session.runner(activation_memory());
  ASSERT_TRUE(runner.ok()) << runner.diagnostics().render();
  for (double b : {1.0, 4.0, 13.0}) {
    mlsi::api::RunRequest r = activation_memory();
    r.set("microbatch", b, "");
    mlsi::api::RunResult fast = runner.run(inputs_of(r));
    ASSERT_TRUE(fast.ok) << fast.diagnostics.render();
    EXPECT_EQ(fast.output("full")->value.si, kFullPerMicrobatch * b);
    expect_same_run(fast, session.run(r));
  }
  // A quantity in a unit, a text, and a catalogue entry, each against the slow way.
  mlsi::api::RunRequest r = activation_memory();
  r.set("bytes_per_value", 0.5, "GiB").set("workload", "GPT2").set("seq_len", "512");
  mlsi::api::RunResult fast = runner.run(inputs_of(r));
  ASSERT_TRUE(fast.ok) << fast.diagnostics.render();
  // GPT2: 48 layers, hidden 1600; full = 48 * 512 * 1 * 1600 * 2^29 B
  EXPECT_EQ(fast.output("full")->value.si, 48.0 * 512 * 1600 * 536870912.0);
  EXPECT_EQ(fast.input("bytes_per_value")->value.shown, "0.5 GiB");
  expect_same_run(fast, session.run(r));
  // No inputs: the request's own.
  expect_same_run(runner.run(), session.run(activation_memory()));
}

TEST(ApiRunner, FailuresAreSaidAsSessionRunSaysThem) {
  mlsi::api::Session session;
  mlsi::api::Runner runner = session.runner(activation_memory());
  std::vector<mlsi::api::RunRequest> bad(4, activation_memory());
  bad[0].set("microbatchh", 4.0, "");        // no such input
  bad[1].set("microbatch", 0.0, "");         // outside its where
  bad[2].set("bytes_per_value", 2.0, "s");   // another dimension
  bad[3].set("bytes_per_value", "2 byte +");  // does not parse
  for (const auto& r : bad) {
    mlsi::api::RunResult fast = runner.run(inputs_of(r));
    EXPECT_FALSE(fast.ok);
    expect_same_run(fast, session.run(r));
    ASSERT_FALSE(fast.diagnostics.empty());
  }
  EXPECT_EQ(runner.run(inputs_of(bad[0])).diagnostics[0].category, mlsi::api::Category::input);
  EXPECT_EQ(runner.run(inputs_of(bad[1])).diagnostics[0].category, mlsi::api::Category::input);
  EXPECT_EQ(runner.run(inputs_of(bad[2])).diagnostics[0].category, mlsi::api::Category::input);
  EXPECT_EQ(runner.run(inputs_of(bad[3])).diagnostics[0].category, mlsi::api::Category::syntax);
  // A runner of what cannot be prepared says why on every run.
  mlsi::api::RunRequest missing;
  missing.scenario = "NoSuchScenario";
  mlsi::api::Runner none = session.runner(missing);
  EXPECT_FALSE(none.ok());
  mlsi::api::RunResult r = none.run();
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.diagnostics[0].category, mlsi::api::Category::usage);
}

TEST(ApiRunner, TwoThreadsAtOnceGetWhatOneGets) {
  mlsi::api::Session session;
  mlsi::api::Runner runner = session.runner(activation_memory());
  std::vector<std::vector<double>> seen(2);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        mlsi::api::RunRequest r;
        // Texts as well as numbers: reading a new text into the runner while the other thread evaluates.
        if (i % 2) r.set("microbatch", static_cast<double>(i % 17 + 1), "");
        else r.set("microbatch", std::to_string(i % 17 + 1));
        auto result = runner.run(r.inputs);
        seen[t].push_back(result.ok ? result.output("full")->value.si : -1);
      }
    });
  for (auto& t : threads) t.join();
  for (const auto& s : seen)
    for (int i = 0; i < 200; ++i) EXPECT_EQ(s[static_cast<std::size_t>(i)], kFullPerMicrobatch * (i % 17 + 1));
}

}  // namespace
