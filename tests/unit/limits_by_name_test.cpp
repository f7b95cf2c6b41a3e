// Limits set by name (issue #39, item 11), as the Python module's Session(limits=...) and the WebAssembly
// module's `limits` set them: read as the command line reads the option, and refused in its words. They
// were cast: max_call_depth = 2^32 + 1 became 1, 2^31 a negative depth, max_nesting = 2^32 became 0.
#include <mlsi/mlsi.hpp>

#include <gtest/gtest.h>

#include <cmath>

#include "cli_harness.hpp"

namespace {

// Each limit and the command line's option for it.
const std::pair<const char*, const char*> kLimitFlags[] = {
    {"max_file_size", "--max-file-size"}, {"max_files", "--max-files"},       {"max_import_depth", "--max-import-depth"},
    {"max_nesting", "--max-nesting"},     {"max_call_depth", "--max-depth"}, {"max_list_length", "--max-list"},
    {"max_steps", "--max-steps"},         {"max_total_steps", "--max-total-steps"}, {"max_sweep_points", "--max-points"},
};

TEST(LimitsByName, EveryLimitHasItsOption) {
  std::vector<std::string> names;
  for (const auto& [name, flag] : kLimitFlags) names.emplace_back(name);
  EXPECT_EQ(mlsi::api::limit_names(), names);
}

// The table every front end reads (mlsi/options.hpp): each limit's option, its default (docs/api.md's
// table of Limits) and its largest value (docs/language.md 11.4, docs/security.md), and a setter that sets
// the limit it names.
TEST(LimitsByName, TheTableOfLimits) {
  struct Row {
    const char* option;
    std::uint64_t default_value, maximum;
  };
  const Row expected[] = {
      {"max_file_size", 16u << 20, 1u << 30},
      {"max_files", 1000, 1'000'000},
      {"max_import_depth", 32, 1000},
      {"max_nesting", 200, 10'000},
      {"max_depth", 200, 100'000},
      {"max_list", 10'000'000, std::uint64_t{1} << 53},
      {"max_steps", 500'000'000, 1'000'000'000'000'000'000},
      {"max_total_steps", 500'000'000, 1'000'000'000'000'000'000},
      {"max_points", 1'000'000'000'000'000, std::uint64_t{1} << 53},
  };
  ASSERT_EQ(mlsi::api::kLimitTable.size(), std::size(kLimitFlags));
  for (std::size_t i = 0; i < std::size(kLimitFlags); ++i) {
    const mlsi::api::LimitInfo& limit = mlsi::api::kLimitTable[i];
    EXPECT_EQ(limit.name, kLimitFlags[i].first);
    EXPECT_EQ(limit.flag, kLimitFlags[i].second);
    EXPECT_EQ(limit.option, expected[i].option);
    EXPECT_EQ(limit.default_value(), expected[i].default_value) << limit.name;
    EXPECT_EQ(limit.maximum, expected[i].maximum) << limit.name;
    EXPECT_EQ(&mlsi::api::limit_info(limit.flag), &limit);
    mlsi::api::Limits limits;
    limit.set(limits, 7);
    for (const auto& other : mlsi::api::kLimitTable)
      EXPECT_EQ(other.get(limits), &other == &limit ? 7 : other.default_value()) << limit.name << " set " << other.name;
  }
}

TEST(LimitsByName, RefusedInTheCommandLinesWords) {
  // 2^32 + 1, 2^31, 2^32, 2^64 (wraps to 0 in 64 bits), a sign, a point, an exponent, JavaScript's
  // String(Infinity), String(NaN) and String(1e30), and 0.
  for (const char* text : {"4294967297", "2147483648", "4294967296", "18446744073709551616", "-1", "1.5", "1e3", "Infinity", "NaN", "1e+30", "0"}) {
    for (const auto& [name, flag] : kLimitFlags) {
      mlsi::api::Limits limits;
      auto refused = mlsi::api::set_limit(limits, name, text);
      auto cli = mlsi_test::mlsi({"run", "ActivationMemory", flag, text});
      std::string text_s = text;
      bool fits = text_s == "4294967297" || text_s == "2147483648" || text_s == "4294967296";
      // The three 32-bit values fit the 64-bit limits and --max-file-size (2^30) does not take them.
      if (fits && cli.status == 0) {
        EXPECT_FALSE(refused) << name << " " << text << ": " << *refused;
        continue;
      }
      ASSERT_TRUE(refused) << name << " " << text;
      ASSERT_EQ(cli.status, 2) << flag << " " << text;
      std::string expected = cli.err.substr(7, cli.err.find('\n') - 7);  // after "error: "
      expected.replace(0, std::string(flag).size(), name);
      EXPECT_EQ(*refused, expected);
    }
  }
}

TEST(LimitsByName, TheMessagesOfTheIssue) {
  mlsi::api::Limits limits;
  EXPECT_EQ(mlsi::api::set_limit(limits, "max_call_depth", "4294967297"), "max_call_depth is at most 100000, given `4294967297`");
  EXPECT_EQ(mlsi::api::set_limit(limits, "max_call_depth", "2147483648"), "max_call_depth is at most 100000, given `2147483648`");
  EXPECT_EQ(mlsi::api::set_limit(limits, "max_nesting", "4294967296"), "max_nesting is at most 10000, given `4294967296`");
  EXPECT_EQ(mlsi::api::set_limit(limits, "max_steps", "Infinity", "limits.maxSteps"),
            "limits.maxSteps needs a positive whole number, given `Infinity`");
  EXPECT_EQ(limits.max_call_depth, 200);  // nothing refused was set
  EXPECT_EQ(limits.max_nesting, 200);
  EXPECT_EQ(mlsi::api::set_limit(limits, "max_call_depth", "100000"), std::nullopt);
  EXPECT_EQ(limits.max_call_depth, 100000);
  EXPECT_EQ(mlsi::api::set_limit(limits, "max_depth", "1"),
            "no limit named `max_depth`; the limits are max_file_size, max_files, max_import_depth, max_nesting, max_call_depth, "
            "max_list_length, max_steps, max_total_steps, max_sweep_points");
}

TEST(LimitsByName, ToleranceOfASolve) {
  // As --tol: a number strictly between 0 and 1; NaN stopped the bisection at once.
  mlsi::api::Session session;
  for (double tol : {std::nan(""), 0.0, 1.0, -1e-9}) {
    mlsi::api::SolveRequest request;
    request.run.scenario = "ActivationMemory";
    request.input = "microbatch";
    request.such_that = {"full <= 80 GB"};
    request.tolerance = tol;
    auto result = session.solve(request);
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(result.diagnostics.size(), 1u);
    EXPECT_EQ(result.diagnostics[0].category, mlsi::api::Category::usage);
    EXPECT_EQ(result.diagnostics[0].message.rfind("tolerance needs a number between 0 and 1 (exclusive), such as 1e-6; given `", 0), 0u)
        << result.diagnostics[0].message;
  }
}

}  // namespace
