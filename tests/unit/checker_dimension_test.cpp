// The static checker's types: small sources must give exactly the diagnostics language.md asks for
// ("Types") and nothing else: dimensions of sums and comparisons, conversions and annotations, functions'
// arguments and results, Bool conditions, powers, roots and logarithms, lists and records.
#include "checker_fixture.hpp"

namespace checker_fixture {

// ---- dimensions of + - and comparisons ----------------------------------------------------------------
TEST(Checker, AddingInformationAndCount) {
  auto c = check(R"(scenario S {
  input batch: Count = 8
  input bytes: Information = 2 byte
  output x = bytes + batch
}
)");
  EXPECT_EQ(c.messages(), Messages{"cannot add Information and Count"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.where(0), "4:20");  // at the `+`
}

TEST(Checker, AddingInformationAndBandwidthNamesBothDimensions) {
  auto c = check("scenario S {\n  output x = 1 GB + 1 GB/s\n}\n");
  EXPECT_EQ(c.messages(), Messages{"cannot add Information and Information / Time"}) << c.rendered;
}

TEST(Checker, SubtractingDifferentDimensions) {
  auto c = check("scenario S {\n  output x = 1 byte - 1 s\n}\n");
  EXPECT_EQ(c.messages(), Messages{"cannot subtract Time from Information"}) << c.rendered;
}

TEST(Checker, ComparingDifferentDimensions) {
  auto c = check("scenario S {\n  input bytes: Information = 2 byte\n  output y = bytes < 1 s\n}\n");
  EXPECT_EQ(c.messages(), Messages{"cannot compare Information and Time"}) << c.rendered;
  EXPECT_EQ(c.where(0), "3:20");
}

TEST(Checker, MinAndMaxNeedOneDimension) {
  auto c = check("scenario S {\n  output y = max(1 s, 1 byte)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`max` needs arguments of one dimension: Time and Information"}) << c.rendered;
}

// ---- conversions and annotations -----------------------------------------------------------------
TEST(Checker, ConversionToAUnitOfAnotherDimension) {
  auto c = check("scenario S {\n  output z = 80 GiB -> s\n}\n");
  EXPECT_EQ(c.messages(), Messages{"cannot convert Information to `s`, which is Time"}) << c.rendered;
  EXPECT_EQ(c.where(0), "2:24");  // at the unit
}

TEST(Checker, ConversionToAnUnknownUnit) {
  auto c = check("scenario S {\n  output z = 80 GiB -> GiBs\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown unit `GiBs`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  ASSERT_FALSE(c.notes(0).empty());
  EXPECT_EQ(c.notes(0)[0], "did you mean `GiB`?");
}

TEST(Checker, OutputAnnotationMismatch) {
  auto c = check("scenario S {\n  input bytes: Information = 2 byte\n  output w: Time = bytes\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`w` is declared Time, but its value is Information"}) << c.rendered;
}

TEST(Checker, OutputAnnotatedWithAUnitChecksItsDimension) {
  auto ok = check("scenario S {\n  output w: GiB = 3 GB\n}\n");
  EXPECT_TRUE(ok.errors.empty()) << ok.rendered;
  auto bad = check("scenario S {\n  output w: GiB = 3 s\n}\n");
  EXPECT_EQ(bad.messages(), Messages{"`w` is declared Information, but its value is Time"}) << bad.rendered;
}

TEST(Checker, InputDefaultOfWrongDimension) {
  auto c = check("scenario S {\n  input t: Time = 3 byte\n  output o = t\n}\n");
  EXPECT_EQ(c.messages(), Messages{"the default of input `t` expects Time, found Information"}) << c.rendered;
}

// ---- functions -----------------------------------------------------------------------------------
TEST(Checker, FunctionArgumentDimension) {
  auto c = check("fn f(x: Time) -> Time = x\nscenario S {\n  output a = f(1 byte)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"parameter `x` of `f` expects Time, found Information"}) << c.rendered;
  EXPECT_EQ(c.where(0), "3:16");
}

TEST(Checker, FunctionReturnType) {
  auto c = check("fn g(x: Time) -> Information = x\n");
  EXPECT_EQ(c.messages(), Messages{"`g` is declared to return Information, but its body is Time"}) << c.rendered;
}

TEST(Checker, FunctionArity) {
  auto c = check("fn f(x: Time) -> Time = x\nscenario S {\n  output a = f(1 s, 2 s)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`f` takes 1 argument, given 2"}) << c.rendered;
}

TEST(Checker, DesignPageFunctionChecks) {
  auto c = check(R"(fn ring_allreduce(size: Information, n: Count, bandwidth: Information / Time, latency: Time) -> Time =
  2 * (n - 1) / n * size / bandwidth + 2 * (n - 1) * latency
scenario S {
  output t = ring_allreduce(140 GB, 8, 450 GB/s, 5 us) -> ms
}
)");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.type_name("S", "t"), "Time");
}

// ---- Bool conditions -------------------------------------------------------------------------------
TEST(Checker, WhereMustBeBool) {
  auto c = check("scenario S {\n  input n: Count = 2 where n\n  output o = n\n}\n");
  EXPECT_EQ(c.messages(), Messages{"a `where` condition must be a Bool, found Count"}) << c.rendered;
}

TEST(Checker, CheckMustBeBool) {
  auto c = check("scenario S {\n  input n: Count = 2\n  output o = n\n  check n * 1 byte\n}\n");
  EXPECT_EQ(c.messages(), Messages{"a `check` condition must be a Bool, found Information"}) << c.rendered;
}

TEST(Checker, IfConditionMustBeBool) {
  auto c = check("scenario S {\n  output o = if 1 then 2 else 3\n}\n");
  EXPECT_EQ(c.messages(), Messages{"the condition of `if` must be a Bool, found Count"}) << c.rendered;
}

TEST(Checker, IfBranchesMustAgree) {
  auto c = check("scenario S {\n  output o = if true then 2 s else 3 byte\n}\n");
  EXPECT_EQ(c.messages(), Messages{"the branches of `if` differ: Time and Information"}) << c.rendered;
}

// ---- powers, sqrt, log ---------------------------------------------------------------------------
TEST(Checker, PowerOfAQuantityNeedsAConstantExponent) {
  auto c = check("scenario S {\n  input n: Count = 2\n  output b = (1 s)^n\n}\n");
  EXPECT_EQ(c.messages(), Messages{"the exponent of a Time must be a number known before evaluation"}) << c.rendered;
  EXPECT_EQ(c.where(0), "3:20");
}

TEST(Checker, PowerOfACountMayUseAnyExponent) {
  auto c = check("scenario S {\n  input n: Count = 3\n  output c = 2^n\n  output d: Time^2 = (3 s)^2\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.value("S", "c").number(), 8);
  EXPECT_DOUBLE_EQ(c.value("S", "d").number(), 9);
}

TEST(Checker, ExponentMustBeACount) {
  auto c = check("scenario S {\n  output b = 2^(1 s)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"an exponent must be a Count, found Time"}) << c.rendered;
}

TEST(Checker, SqrtHalvesDimensions) {
  auto c = check("scenario S {\n  output t: Time = sqrt(4 s^2)\n  output a = sqrt(16 byte^2 / (1 s^2))\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.type_name("S", "t"), "Time");
  EXPECT_EQ(c.type_name("S", "a"), "Information / Time");
  EXPECT_DOUBLE_EQ(c.value("S", "t").number(), 2);  // sqrt(4 s^2) = 2 s
  EXPECT_DOUBLE_EQ(c.value("S", "a").number(), 4);  // sqrt(16 B^2/s^2) = 4 B/s
}

TEST(Checker, LogOfAQuantity) {
  auto c = check("scenario S {\n  output e = log(1 GiB)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`log` needs a dimensionless number (a Count), found Information"}) << c.rendered;
}

TEST(Checker, ExpOfAQuantity) {
  auto c = check("scenario S {\n  output e = exp(2 s)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`exp` needs a dimensionless number (a Count), found Time"}) << c.rendered;
}

TEST(Checker, LogOfARatioIsFine) {
  auto c = check("scenario S {\n  output e = log(1 GiB / (1 MiB))\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
}

// ---- lists and records -----------------------------------------------------------------------------
TEST(Checker, ListElementMismatch) {
  auto c = check("scenario S {\n  output l = [1 s, 1 byte]\n}\n");
  EXPECT_EQ(c.messages(), Messages{"list elements must have one type: this is Information, the first is Time"})
      << c.rendered;
  EXPECT_EQ(c.where(0), "2:20");
}

TEST(Checker, UnknownFieldWithSuggestion) {
  auto c = check("scenario S {\n  output h = H100.memry\n}\n");
  EXPECT_EQ(c.messages(), Messages{"Hardware has no field `memry`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.notes(0), Messages{"did you mean `memory`?"});
  EXPECT_EQ(c.where(0), "2:19");
}

TEST(Checker, UnknownFieldOfAScenarioResult) {
  auto c = check("scenario A {\n  output total = 1 byte\n}\nscenario B {\n  output x = A().totl\n}\n");
  EXPECT_EQ(c.messages(), Messages{"A has no field `totl`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.notes(0), Messages{"did you mean `total`?"});
}

}  // namespace checker_fixture
