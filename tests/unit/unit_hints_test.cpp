// The notes of an unknown unit (model/unit_hints.hpp) over the prelude's units: each expected note
// follows from the prelude's declarations (stdlib/prelude/units.mls: `bit` and `B` take the large and
// binary prefixes, `FLOP` and `OPS` the large ones, `s` the small ones; there is no unit `k`, `K`, `n`
// or `Gb`) and from the rules written in docs/language.md section 3.
#include <string>
#include <vector>

#include "model/unit_hints.hpp"
#include "model/units.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi::UnknownUnit;

class UnitHints : public ::testing::Test {
 protected:
  std::vector<std::string> notes(const UnknownUnit& u) { return mlsi::unknown_unit_notes(u, session_.program().units); }
  mlsi::Dim dim(const char* unit) { return session_.program().units.find(unit)->dim; }
  mlsi::ProgramSession session_;
};

UnknownUnit after(const char* number, const char* name) {
  UnknownUnit u;
  u.name = name;
  u.number = number;
  return u;
}

TEST_F(UnitHints, LowerCaseBIsBitsNeverBytes) {
  // `Gb` differs from `GB` only in case, the closest name by edit distance; a bit is an eighth of a byte.
  EXPECT_EQ(notes(after("400", "Gb")), std::vector<std::string>{"did you mean `Gbit`?"});
  EXPECT_EQ(notes(after("1", "Mib")), std::vector<std::string>{"did you mean `Mibit`?"});
  EXPECT_EQ(notes(after("8", "b")), std::vector<std::string>{"did you mean `bit`?"});
  // Also where an Information is expected, which `GB` would satisfy.
  UnknownUnit expected = after("400", "Gb");
  expected.expected = dim("byte");
  EXPECT_EQ(notes(expected), std::vector<std::string>{"did you mean `Gbit`?"});
}

TEST_F(UnitHints, FlopsIsARate) {
  // `TFLOP` is one edit from `TFLOPS` but is an amount of compute; `TFLOP/s` is the rate.
  EXPECT_EQ(notes(after("989", "TFLOPS")), std::vector<std::string>{"did you mean `TFLOP/s`?"});
  EXPECT_EQ(notes(after("1", "GFLOPs")), std::vector<std::string>{"did you mean `GFLOP/s`?"});
  EXPECT_EQ(notes(after("1", "flops")), std::vector<std::string>{"did you mean `FLOP/s`?"});
}

TEST_F(UnitHints, ACountHasNoUnit) {
  // k = 1e3, M = 1e6, G = 1e9, T = 1e12, P = 1e15 (the `large` prefixes) have the prelude's scale words
  // (thousand ... quadrillion); E = 1e18 has none; Ki = 2^10, Mi = 2^20 (the `binary` ones) neither.
  EXPECT_EQ(notes(after("128", "k")), std::vector<std::string>{"a Count has no unit: write `128 thousand` (`k` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("8", "K")), std::vector<std::string>{"a Count has no unit: write `8 thousand` (`K` alone is not a unit)"});
  EXPECT_EQ(notes(after("7", "G")), std::vector<std::string>{"a Count has no unit: write `7 billion` (`G` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("3", "M")), std::vector<std::string>{"a Count has no unit: write `3 million` (`M` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("2", "T")), std::vector<std::string>{"a Count has no unit: write `2 trillion` (`T` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("5", "P")), std::vector<std::string>{"a Count has no unit: write `5 quadrillion` (`P` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("6", "E")), std::vector<std::string>{"a Count has no unit: write `6 * 1e18` (`E` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("4", "Ki")), std::vector<std::string>{"a Count has no unit: write `4 * 1024` (`Ki` alone is a prefix, not a unit)"});
  EXPECT_EQ(notes(after("4", "Mi")), std::vector<std::string>{"a Count has no unit: write `4 * 1024^2` (`Mi` alone is a prefix, not a unit)"});
  // After `->` there is no number to multiply: no hint, and no one-letter guess.
  UnknownUnit converted;
  converted.name = "k";
  EXPECT_TRUE(notes(converted).empty());
}

TEST_F(UnitHints, ANumberAndANameNeedAStar) {
  UnknownUnit u = after("2", "n");
  u.names_value = true;
  EXPECT_EQ(notes(u), std::vector<std::string>{"a number and a name need `*` between them: write `2 * n`"});
  // Not a value in scope either: every one-letter unit is one edit from `n`, so none is suggested (`%`).
  EXPECT_EQ(notes(after("2", "n")), std::vector<std::string>{"a number and a name need `*` between them: write `2 * n`"});
  // A longer name in scope, which is also close to a unit: the name wins.
  UnknownUnit layers = after("2", "hours");
  layers.names_value = true;
  EXPECT_EQ(notes(layers), std::vector<std::string>{"a number and a name need `*` between them: write `2 * hours`"});
}

TEST_F(UnitHints, SuggestionsHaveTheExpectedDimension) {
  // `mins` is one edit from `min` (Time) and from `mins`-like names of no other dimension: with a Time
  // expected, `min`; with an Energy expected, no unit of that dimension is close, so no suggestion.
  UnknownUnit time = after("5", "mins");
  time.expected = dim("s");
  EXPECT_EQ(notes(time), std::vector<std::string>{"did you mean `min`?"});
  UnknownUnit energy = after("5", "mins");
  energy.expected = dim("J");
  EXPECT_TRUE(notes(energy).empty());
  // `GIB` is `GiB` in another case: kept, it is of the expected dimension and not the bit/byte trap.
  UnknownUnit gib = after("80", "GIB");
  gib.expected = dim("byte");
  EXPECT_EQ(notes(gib), std::vector<std::string>{"did you mean `GiB`?"});
}

// `1_000` is a number (grammar.hpp `digit_groups`); a unit `_000` is left only by a space, `1 _000`.
TEST_F(UnitHints, DigitSeparators) {
  UnknownUnit u = after("1", "_000");
  EXPECT_EQ(mlsi::unknown_unit_message(u), "unknown unit `_000`");
  EXPECT_EQ(notes(u), std::vector<std::string>{"a digit separator `_` goes between two digits, with no space: write `1_000`"});
  UnknownUnit gb = after("1", "_000GB");
  EXPECT_EQ(notes(gb), std::vector<std::string>{"a digit separator `_` goes between two digits, with no space: write `1_000 GB`"});
  EXPECT_EQ(mlsi::unknown_unit_message(after("1", "Gb")), "unknown unit `Gb`");
}

TEST_F(UnitHints, LaterTermsKeepTheirNote) {
  UnknownUnit u;
  u.name = "layers";
  u.first = false;
  EXPECT_EQ(notes(u), std::vector<std::string>{"a unit is written right after its number; to multiply by a value, put spaces around `*`"});
  u.divide = true;
  EXPECT_EQ(notes(u), std::vector<std::string>{"a unit is written right after its number; to divide by a value, put spaces around `/`"});
}

}  // namespace
