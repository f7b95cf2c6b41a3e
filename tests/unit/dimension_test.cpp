// Exponent arithmetic of dimensions: every result is exact and in range, or refused; nothing wraps.
// Expected values are worked out by hand on each line.
#include <cstdint>
#include <limits>

#include "model/dimension.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi::Dim;
using mlsi::kMaxExponentPart;
using mlsi::Rational;

TEST(Rational, MakeReducesToLowestTermsWithAPositiveDenominator) {
  EXPECT_EQ(Rational::make(6, -4), (Rational{-3, 2}));  // 6/-4 = -3/2
  EXPECT_EQ(Rational::make(0, 7), (Rational{0, 1}));
  EXPECT_EQ(Rational::make(kMaxExponentPart, 1), (Rational{1'000'000, 1}));
  EXPECT_EQ(Rational::make(2'000'000, 2), (Rational{1'000'000, 1}));  // in range once reduced
}

TEST(Rational, MakeRefusesZeroDenominatorsAndPartsOutOfRange) {
  EXPECT_FALSE(Rational::make(1, 0));
  EXPECT_FALSE(Rational::make(kMaxExponentPart + 1, 1));
  EXPECT_FALSE(Rational::make(-kMaxExponentPart - 1, 1));
  EXPECT_FALSE(Rational::make(1, kMaxExponentPart + 1));
  EXPECT_FALSE(Rational::make(std::int64_t{1} << 32, 1));  // 2^32 was 0 in 32 bits
  EXPECT_FALSE(Rational::make(std::numeric_limits<std::int64_t>::min(), 1));
  EXPECT_FALSE(Rational::make(1, std::numeric_limits<std::int64_t>::min()));
}

TEST(Rational, ArithmeticIsExact) {
  EXPECT_EQ(mlsi::checked_add(Rational{1, 2}, Rational{1, 3}), (Rational{5, 6}));   // 3/6 + 2/6
  EXPECT_EQ(mlsi::checked_sub(Rational{1, 2}, Rational{1, 2}), (Rational{0, 1}));
  EXPECT_EQ(mlsi::checked_mul(Rational{-2, 3}, Rational{3, 4}), (Rational{-1, 2}));  // -6/12
}

TEST(Rational, ArithmeticRefusesResultsOutOfRange) {
  // 65536 * 65536 = 2^32, which wrapped to 0.
  EXPECT_FALSE(mlsi::checked_mul(Rational{65536, 1}, Rational{65536, 1}));
  // 10^6 + 1: one past the limit.
  EXPECT_FALSE(mlsi::checked_add(Rational{1'000'000, 1}, Rational{1, 1}));
  EXPECT_FALSE(mlsi::checked_sub(Rational{-1'000'000, 1}, Rational{1, 1}));
  // 1/999983 + 1/999979 (two primes): the denominator is their product, about 10^12.
  EXPECT_FALSE(mlsi::checked_add(Rational{1, 999983}, Rational{1, 999979}));
  // Parts a Rational should never hold still do not wrap: INT32_MIN * INT32_MIN is 2^62 in 64 bits.
  constexpr auto lo = std::numeric_limits<std::int32_t>::min();
  EXPECT_FALSE(mlsi::checked_mul(Rational{lo, 1}, Rational{lo, 1}));
  // lo/1 + lo/1: the two products lo*1 sum to -2^32, fine in 64 bits, out of range.
  EXPECT_FALSE(mlsi::checked_add(Rational{lo, 1}, Rational{lo, 1}));
}

TEST(Dim, PowerOfAPowerIsRefusedNotWrapped) {
  Dim t = Dim::base(2);
  auto a = mlsi::power(t, Rational{65536, 1});
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.dim->exp[2], (Rational{65536, 1}));
  auto b = mlsi::power(*a.dim, Rational{65536, 1});
  EXPECT_FALSE(b.ok());
  EXPECT_EQ(b.base, 2u);
  EXPECT_EQ(b.exponent, "4294967296");  // 2^32, exact
}

TEST(Dim, HalvingTwentyTimesPassesTheDenominatorLimit) {
  Dim d = Dim::base(0);
  // 2^19 = 524288 <= 10^6 < 2^20 = 1048576: nineteen square roots are fine, the twentieth is not.
  for (int i = 0; i < 19; ++i) {
    auto r = mlsi::power(d, Rational{1, 2});
    ASSERT_TRUE(r.ok()) << i;
    d = *r.dim;
  }
  EXPECT_EQ(d.exp[0], (Rational{1, 524288}));
  auto r = mlsi::power(d, Rational{1, 2});
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.exponent, "1/1048576");
}

TEST(Dim, ProductsAndQuotientsAreChecked) {
  Dim big = *mlsi::power(Dim::base(1), Rational{1'000'000, 1}).dim;
  auto over = mlsi::multiply(big, Dim::base(1));
  EXPECT_FALSE(over.ok());
  EXPECT_EQ(over.base, 1u);
  EXPECT_EQ(over.exponent, "1000001");
  auto under = mlsi::divide(Dim{}, *mlsi::multiply(big, Dim{}).dim);  // 1 / X^(10^6) is fine
  ASSERT_TRUE(under.ok());
  EXPECT_EQ(under.dim->exp[1], (Rational{-1'000'000, 1}));
  EXPECT_FALSE(mlsi::divide(*under.dim, Dim::base(1)).ok());  // -10^6 - 1
  // Other base dimensions are untouched.
  auto mixed = mlsi::multiply(Dim::base(0), Dim::base(3));
  ASSERT_TRUE(mixed.ok());
  EXPECT_EQ(mixed.dim->exp[0], (Rational{1, 1}));
  EXPECT_EQ(mixed.dim->exp[3], (Rational{1, 1}));
  EXPECT_TRUE(mixed.dim->exp[1].is_zero());
}

TEST(DimensionRegistry, OverflowMessageNamesTheBaseAndTheExactExponent) {
  mlsi::DimensionRegistry dims;
  Dim time;
  ASSERT_TRUE(dims.add_base("Time", time));
  auto r = mlsi::power(*mlsi::power(time, Rational{65536, 1}).dim, Rational{65536, 1});
  EXPECT_EQ(dims.overflow_message(r),
            "dimension exponent too large: this gives Time^4294967296 (a dimension exponent is a fraction whose numerator and "
            "denominator are at most 1000000)");
}

}  // namespace
