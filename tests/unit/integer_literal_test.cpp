// Whole-number literals past 2^53 (check/integer_literal.hpp; issue #39, item 16): a literal that no
// double holds warns with the double it became; one that a double holds exactly does not.
#include "check/integer_literal.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace {

TEST(IntegerLiteral, InexactOnesSayWhatTheyBecame) {
  // 2^64 - 1 lies 1 below 2^64, where doubles are 4096 apart: it rounds to 2^64 = 18446744073709551616.
  EXPECT_EQ(mlsi::inexact_integer_literal("18446744073709551615", std::ldexp(1.0, 64)),
            "the integer `18446744073709551615` is not exactly representable as a double; it is 18446744073709551616");
  // 2^53 + 1 rounds (to even) down to 2^53, the threshold itself.
  EXPECT_EQ(mlsi::inexact_integer_literal("9007199254740993", std::ldexp(1.0, 53)),
            "the integer `9007199254740993` is not exactly representable as a double; it is 9007199254740992");
}

TEST(IntegerLiteral, ExactOnesAndOtherLiteralsAreQuiet) {
  EXPECT_EQ(mlsi::inexact_integer_literal("9007199254740992", std::ldexp(1.0, 53)), std::nullopt);  // 2^53
  EXPECT_EQ(mlsi::inexact_integer_literal("18_446_744_073_709_551_616", std::ldexp(1.0, 64)), std::nullopt);  // 2^64
  EXPECT_EQ(mlsi::inexact_integer_literal("9007199254740991", 9007199254740991.0), std::nullopt);  // 2^53 - 1
  // A point or an exponent: a decimal, rounded as decimals are.
  EXPECT_EQ(mlsi::inexact_integer_literal("9007199254740993.0", std::ldexp(1.0, 53)), std::nullopt);
  EXPECT_EQ(mlsi::inexact_integer_literal("1e17", 1e17), std::nullopt);
  // Too large for a double: an error of its own.
  EXPECT_EQ(mlsi::inexact_integer_literal(std::string(400, '9'), std::numeric_limits<double>::infinity()), std::nullopt);
}

}  // namespace
