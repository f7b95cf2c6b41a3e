// `sum` and `mean` add by Neumaier's compensated summation (issue #39, item 16): the small terms of a
// list of mixed magnitudes count. Each expected value is the exact sum of the listed doubles, rounded
// once (worked out in the comment); adding in order loses the small terms.
#include "tests/unit/cli_harness.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi_test::mlsi_here;
using mlsi_test::TempFile;

TEST(CompensatedSum, SmallTermsAmongLargeOnesCount) {
  // 1e16 + 1 - 1e16 = 1 exactly; in order, 1e16 + 1 rounds to 1e16 (doubles there are 2 apart) and gives 0.
  auto r = mlsi_here({"eval", "sum([1e16, 1, -1e16])"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "= 1  [Count]\n");
  // (1e16 + 1 - 1e16 + 3) / 4 = 1.
  r = mlsi_here({"eval", "mean([1e16, 1, -1e16, 3])"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "= 1  [Count]\n");
  // Ten times the double nearest 0.1 (0.1000000000000000055511151231257827) is 1.000000000000000055511...,
  // whose nearest double is 1; adding in order gives 0.9999999999999999.
  r = mlsi_here({"eval", "sum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]) == 1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "= true  [Bool]\n");
}

TEST(CompensatedSum, AnOverflowIsStillAnError) {
  auto r = mlsi_here({"eval", "sum([1e308, 1e308, -1e308])"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("the sum overflows to infinity"), std::string::npos) << r.err;
}

TEST(CompensatedSum, ASweepAddsAsARunDoes) {
  // A sum over a varied input, in every point of a sweep: 1e16 + x - 1e16 = x.
  TempFile f("compensated_sweep.mls", "scenario S {\n  input x: Count = 1\n  output total = sum([1e16, x, -1e16])\n  output avg = mean([1e16, x, -1e16])\n}\n");
  auto r = mlsi_here({"sweep", f.path.string(), "--vary", "x=1,2,3", "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  // mean: x / 3, printed exactly as the nearest double to 1/3 and 2/3.
  EXPECT_EQ(r.out, "x,total,avg,error\n1,1,0.3333333333333333,\n2,2,0.6666666666666666,\n3,3,1,\n");
}

}  // namespace
