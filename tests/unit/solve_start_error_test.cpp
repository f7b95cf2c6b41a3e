// A solve whose search starts where the scenario cannot be evaluated (issue #39, item 13): an overflow
// unrelated to the conditions at the low end made `mlsi solve --for` answer "no value satisfies", though
// values between its samples do. The evaluation error is the answer, at that value.
//
// `big = 1e307 / n * 100` overflows (exceeds the largest double, about 1.7977e308) for n = 1 .. 5:
// 1e309 / n > 1.7977e308 while n < 5.56. `small = 2 n <= 50` holds for n <= 25, so n = 6 .. 25 satisfy
// both. Sampling 1 .. 1000 in 33 steps of about 31 tries 1, 32, 63, ...: 1 fails to evaluate and every
// other sample fails the condition.
#include <mlsi/mlsi.hpp>

#include <gtest/gtest.h>

#include "cli_harness.hpp"

namespace {

const char* const kOverflowAtLowEnd = R"(scenario Over {
  input n: Count = 10 where is_whole(n) and n >= 1
  output big = 1e307 / n * 100
  output small = n * 2
}
)";

TEST(SolveStartError, TheErrorWhereTheSearchStartsIsTheAnswer) {
  mlsi_test::TempFile file("solve_start_error.mls", kOverflowAtLowEnd);
  auto r = mlsi_test::mlsi({"solve", file.path.string(), "--max", "n", "--such-that", "small <= 50", "--for", "n=1..1000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.find("no value of `n` satisfies"), std::string::npos) << r.err;
  // The overflow, at its place in the file (line 3, the `*` at column 28), with where the search started.
  EXPECT_NE(r.err.find(file.path.string() + ":3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("overflows to infinity"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("= note: while solving for `n`: at n = 1, where the search starts (34 evaluations); narrow the domain with --for\n"),
            std::string::npos)
      << r.err;
  // Narrowed past the overflow, the answer is 25.
  auto narrowed = mlsi_test::mlsi({"solve", file.path.string(), "--max", "n", "--such-that", "small <= 50", "--for", "n=6..1000"});
  EXPECT_EQ(narrowed.status, 0) << narrowed.err;
  EXPECT_NE(narrowed.out.find("n = 25 is the largest value for which `small <= 50` holds"), std::string::npos) << narrowed.out;
}

TEST(SolveStartError, AnErrorAtTheStartDoesNotHideAnAnswerTheSamplesFind) {
  // Without --for the search starts at n = 1 too (the `where`'s end), but the far end is found by doubling
  // from the input's own value (10, which holds) until the condition fails, and the whole values from 1
  // to there, fewer than 64, are all tried: the boundary is n = 25.
  mlsi_test::TempFile file("solve_start_error_api.mls", kOverflowAtLowEnd);
  mlsi::api::Session session;
  mlsi::api::SolveRequest request;
  request.run.file = file.path.string();
  request.input = "n";
  request.such_that = {"small <= 50"};
  auto result = session.solve(request);
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_EQ(result.kind, mlsi::api::SolveResult::Kind::solved);
  EXPECT_EQ(result.si, 25);
}

}  // namespace
