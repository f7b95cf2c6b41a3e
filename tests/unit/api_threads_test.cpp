// The public API's promise on threads (docs/api.md): one prepared Run evaluated by two threads at once,
// each with its own evaluator, and one Session used by two threads at once, give what one thread gets.
// Kinds (api_kinds.hpp) reads the file's global `let chip_memory = 80 GiB`, whose value is computed
// once and kept (model/once_value.hpp): both threads may be first to need it. memory = 4 * 80 GiB =
// 320 GiB = 343597383680 B; with `chips` = 1..8, k * 80 GiB = k * 85899345920 B.
#include <mlsi/mlsi.hpp>

#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/unit/api_kinds.hpp"
#include "tests/unit/cli_harness.hpp"

namespace {

constexpr double kChipBytes = 80.0 * 1024 * 1024 * 1024;
constexpr int kRounds = 25;

TEST(ApiThreads, OneRunEvaluatedByTwoThreadsAtOnce) {
  mlsi_test::TempFile file("api_threads.mls", mlsi_test::kApiKinds);
  mlsi::api::Session session;
  mlsi::api::RunRequest request;
  request.file = file.path.string();
  request.scenario = "Kinds";
  mlsi::api::Run run = session.prepare(request);
  ASSERT_TRUE(run.ok()) << run.diagnostics().render();
  // Both threads start together (neither has read the `let` yet) and evaluate it over and over.
  std::vector<std::vector<double>> seen(2);
  std::vector<std::vector<std::string>> shown(2);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kRounds; ++i) {
        auto result = run.evaluate();
        seen[t].push_back(result.ok ? result.output("memory")->value.si : -1);
        shown[t].push_back(result.ok ? result.output("summary")->value.shown : result.diagnostics.render());
      }
    });
  for (auto& t : threads) t.join();
  for (std::size_t t = 0; t < 2; ++t) {
    ASSERT_EQ(seen[t].size(), static_cast<std::size_t>(kRounds));
    for (int i = 0; i < kRounds; ++i) {
      EXPECT_EQ(seen[t][static_cast<std::size_t>(i)], 4 * kChipBytes);
      EXPECT_EQ(shown[t][static_cast<std::size_t>(i)], "{memory: 80 GiB, tdp: 700 W}");
    }
  }
}

TEST(ApiThreads, OneSessionUsedByTwoThreadsAtOnce) {
  mlsi_test::TempFile file("api_threads_session.mls", mlsi_test::kApiKinds);
  mlsi::api::SessionOptions options;
  options.files.push_back(file.path.string());
  const mlsi::api::Session session(options);
  ASSERT_TRUE(session.ok()) << session.diagnostics().render();
  // Thread t runs Kinds with chips = t*4 + 1 .. t*4 + 4 (a scenario of the session's file, by name).
  std::vector<std::vector<double>> seen(2);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (int k = 1; k <= 4; ++k) {
        mlsi::api::RunRequest request;
        request.scenario = "Kinds";
        request.set("chips", static_cast<double>(t * 4) + k, "");
        auto result = session.run(request);
        seen[t].push_back(result.ok ? result.output("memory")->value.si : -1);
      }
    });
  for (auto& t : threads) t.join();
  for (std::size_t t = 0; t < 2; ++t)
    for (int k = 1; k <= 4; ++k) EXPECT_EQ(seen[t][static_cast<std::size_t>(k - 1)], (static_cast<double>(t * 4) + k) * kChipBytes);
}

}  // namespace
