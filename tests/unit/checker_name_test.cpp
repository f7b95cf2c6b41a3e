// The static checker's names and declarations: small sources must give exactly the diagnostics language.md
// asks for ("Declarations") and nothing else: unknown names with their suggestions, units as values, match
// cases, cycles and order, enumerations, every error of a file reported once, scenario calls and configs.
#include "checker_fixture.hpp"

namespace checker_fixture {

// ---- names -----------------------------------------------------------------------------------------
TEST(Checker, UnknownNameSuggestsAVariable) {
  auto c = check("scenario S {\n  input batch: Count = 8\n  output b = batchh\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown name `batchh`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.notes(0), Messages{"did you mean `batch`?"});
  EXPECT_EQ(c.where(0), "3:14");
}

TEST(Checker, UnknownNameSuggestsACatalogueEntry) {
  auto c = check("scenario S {\n  output v = Lama2_70B.layers\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown name `Lama2_70B`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.notes(0), Messages{"did you mean `Llama2_70B`?"});
}

TEST(Checker, UnknownNameSuggestsAPreludeConstant) {
  auto c = check("scenario S {\n  output v = adam_optimizer_byte\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown name `adam_optimizer_byte`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.notes(0), Messages{"did you mean `adam_optimizer_bytes`?"});
}

TEST(Checker, AUnitNameIsNotAValue) {
  // A unit follows a number: a bare `h` is a name, and none is defined here.
  auto c = check("scenario S {\n  output v = 2 * h\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown name `h`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  auto notes = c.notes(0);
  EXPECT_NE(std::find(notes.begin(), notes.end(), "`h` is a unit; a unit follows a number, as in `1 h`"), notes.end())
      << c.rendered;
}

TEST(Checker, AVariableMayShareAUnitName) {
  // `s` the input and `2 s` the quantity do not interfere.
  auto c = check("scenario S {\n  input s: Count = 3\n  output v = s * 2 s\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.type_name("S", "v"), "Time");
  EXPECT_DOUBLE_EQ(c.value("S", "v").number(), 6);
}

// docs/language.md §3 "Units and names: the rule": a name is a unit only in a unit position, and declaring
// `s`, `h`, `t`, ... never changes the meaning of any formula (`2 h` is still two hours with an input `h`).
TEST(Checker, DocumentedUnitNameRuleExample) {
  auto c = check(R"(scenario Rule {
  input s: Count = 3
  input h: Time = 2 h
  input B: Information = 64 GB
  input bandwidth: Information / Time = 3.35 TB/s

  output t = 100 GB / bandwidth -> ms
  output w = s * h -> min
  output rate = B / (1 s) -> GB/s
  output v = 100 GB/s * s
}
)");
  ASSERT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_NEAR(c.value("Rule", "t").number(), 1e11 / 3.35e12, 1e-15);  // 100e9 B / 3.35e12 B/s = 29.8507 ms
  EXPECT_DOUBLE_EQ(c.value("Rule", "w").number(), 21600);            // 3 * 2 h = 6 h = 21600 s = 360 min
  EXPECT_DOUBLE_EQ(c.value("Rule", "rate").number(), 64e9);          // 64e9 B / 1 s = 64 GB/s
  EXPECT_DOUBLE_EQ(c.value("Rule", "v").number(), 300e9);            // 100e9 B/s * 3
}

TEST(Checker, DocumentedUnitNamesAsValuesExample) {
  auto c = check(R"(let s = 2

fn energy(W: Power, h: Time) -> Energy = W * h

scenario Power {
  input W: Power = 700 W
  input h: Time = 3 h
  input t: Count = 8
  input g: Mass / Energy = 400 g/kWh

  let L = [s * W for s in [1, 2, 4]]
  output e = t * W * h -> kWh
  output e2 = energy(W, 2 h) -> Wh
  output co2 = e * g -> kg
  output per_device = L -> kW
  output global_s = s
  output in_h = 90 min -> h
}
)");
  ASSERT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_DOUBLE_EQ(c.value("Power", "e").number(), 8 * 700 * 3 * 3600.0);   // 16.8 kWh = 6.048e7 J
  EXPECT_DOUBLE_EQ(c.value("Power", "e2").number(), 700 * 2 * 3600.0);      // 1400 Wh
  EXPECT_DOUBLE_EQ(c.value("Power", "co2").number(), 6.72);                 // 16.8 kWh * 0.4 kg/kWh
  auto per = c.value("Power", "per_device");
  ASSERT_TRUE(per.is_list());
  ASSERT_EQ(per.list().size(), 3u);
  EXPECT_DOUBLE_EQ(per.list()[2].number(), 2800);                           // 4 * 700 W
  EXPECT_EQ(c.value("Power", "global_s").number(), 2);
  EXPECT_DOUBLE_EQ(c.value("Power", "in_h").number(), 5400);                // 90 min = 1.5 h
}

TEST(Checker, UnknownFunctionWithSuggestion) {
  auto c = check("scenario S {\n  output v = sqr(4)\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown function `sqr`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.notes(0), Messages{"did you mean `sqrt`?"});
}

// ---- match ---------------------------------------------------------------------------------------------
TEST(Checker, MatchMustCoverEveryCase) {
  auto c = check("scenario S {\n  input r: one of a | b | c = a\n  output m = match r { a => 1 }\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`match` does not cover `b`, `c`"}) << c.rendered;
  EXPECT_EQ(c.where(0), "3:14");
}

TEST(Checker, MatchWildcardCoversTheRest) {
  auto c = check("scenario S {\n  input r: one of a | b | c = b\n  output m = match r { a => 1, _ => 2 }\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.value("S", "m").number(), 2);
}

TEST(Checker, MatchDuplicateCase) {
  auto c = check("scenario S {\n  input r: one of a | b = a\n  output m = match r { a => 1, a => 2, b => 3 }\n}\n");
  EXPECT_EQ(c.messages(), Messages{"case `a` is matched twice"}) << c.rendered;
  EXPECT_EQ(c.where(0), "3:32");
}

TEST(Checker, MatchUnknownCase) {
  auto c = check("scenario S {\n  input r: one of mean | loo = mean\n  output m = match r { mean => 1, lo => 2, loo => 3 }\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`lo` is not a case of one of mean | loo"}) << c.rendered;
}

TEST(Checker, MatchArmsMustAgree) {
  auto c = check("scenario S {\n  input r: one of a | b = a\n  output m = match r { a => 1 s, b => 1 byte }\n}\n");
  EXPECT_EQ(c.messages(), Messages{"the arms of `match` differ: Time and Information"}) << c.rendered;
}

// ---- cycles and order ----------------------------------------------------------------------------
TEST(Checker, CycleAmongLets) {
  auto c = check("scenario S {\n  let p = q + 1\n  let q = p + 1\n  output o = p\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`p` depends on itself: p -> q -> p"}) << c.rendered;
  EXPECT_EQ(c.where(0), "2:7");
}

TEST(Checker, LetUsingItself) {
  auto c = check("scenario S {\n  let p = p + 1\n  output o = p\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`p` depends on itself: p -> p"}) << c.rendered;
}

TEST(Checker, CycleAmongInputDefaults) {
  auto c = check("scenario T {\n  input x: Count = y\n  input y: Count = x\n  output o = x\n}\n");
  EXPECT_EQ(c.messages(), Messages{"`x` depends on itself: x -> y -> x"}) << c.rendered;
  EXPECT_EQ(c.where(0), "2:9");
}

TEST(Checker, InputDefaultNamingAGlobalLetOfTheSameName) {
  // The default of `scale` reads the global `scale`, not the input itself: no cycle.
  auto c = check("let scale = 3\nscenario S {\n  input scale: Count = scale\n  output o = scale * 2\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.value("S", "o").number(), 6);
}

TEST(Checker, InputDefaultNamingAPreludeConstantOfTheSameName) {
  auto c = check(
      "scenario S {\n  input adam_optimizer_bytes: Information = adam_optimizer_bytes\n"
      "  output o = adam_optimizer_bytes\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.value("S", "o").number(), 12);  // docs/catalogue.md §4.1, adam_optimizer_bytes (ZeRO, K = 12): 12 byte
}

TEST(Checker, UseBeforeDefine) {
  auto c = check("scenario S {\n  output y = x * 2\n  let x = 3 byte\n}\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.type_name("S", "y"), "Information");
  EXPECT_EQ(c.value("S", "y").number(), 6);
}

TEST(Checker, FunctionUsedBeforeItsDeclaration) {
  auto c = check("scenario S {\n  output y = double(2 s)\n}\nfn double(t: Time) -> Time = 2 * t\n");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_EQ(c.value("S", "y").number(), 4);
}

// ---- enumerations ------------------------------------------------------------------------------------
TEST(Checker, EnumCasesInDefaultAndEquality) {
  auto c = check(R"(scenario S {
  input rule: one of mean | leave_one_out = leave_one_out
  output is_mean = rule == mean
  output is_loo = rule != mean
}
config m for S {
  rule = mean
}
)");
  EXPECT_TRUE(c.errors.empty()) << c.rendered;
  EXPECT_FALSE(c.value("S", "is_mean").boolean());
  EXPECT_TRUE(c.value("S", "is_loo").boolean());
}

TEST(Checker, UnknownEnumCaseInDefault) {
  auto c = check("scenario S {\n  input rule: one of mean | leave_one_out = meen\n  output o = rule == mean\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown name `meen`"}) << c.rendered;
  ASSERT_EQ(c.errors.size(), 1u);
  ASSERT_FALSE(c.notes(0).empty());
  EXPECT_EQ(c.notes(0)[0], "did you mean `mean`?");
}

// ---- every error of a file is reported ----------------------------------------------------------------
TEST(Checker, AllErrorsOfAFileAreReported) {
  auto c = check(R"(scenario S {
  input batch: Count = 8
  output a = 1 byte + batch
  output b = batchh
  output c = 1 s -> GiB
}
)");
  EXPECT_EQ(c.messages(), (Messages{"cannot add Information and Count", "unknown name `batchh`",
                                    "cannot convert Time to `GiB`, which is Information"}))
      << c.rendered;
  ASSERT_EQ(c.errors.size(), 3u);
  EXPECT_EQ(c.where(0), "3:21");
  EXPECT_EQ(c.where(1), "4:14");
  EXPECT_EQ(c.where(2), "5:21");
}

TEST(Checker, ErrorsInSeveralDeclarationsAreAllReported) {
  auto c = check(R"(fn f(x: Time) -> Information = x
scenario A {
  output a = 1 s + 1 byte
}
scenario B {
  output b = log(2 s)
}
)");
  EXPECT_EQ(c.errors.size(), 3u) << c.rendered;
}

TEST(Checker, OneMistakeIsReportedOnce) {
  // An unknown name inside a larger expression is one error, not one per enclosing operator.
  auto c = check("scenario S {\n  output a = (nope + 1) * 2 byte -> GiB\n}\n");
  EXPECT_EQ(c.messages(), Messages{"unknown name `nope`"}) << c.rendered;
}

// ---- scenario calls and configs ----------------------------------------------------------------------
TEST(Checker, ScenarioCallArguments) {
  auto c = check(R"(scenario A {
  input batch: Count = 1
  output total = batch * 1 byte
}
scenario B {
  output x = A(bacth = 2).total
  output y = A(batch = 2 s).total
}
)");
  EXPECT_EQ(c.messages(), (Messages{"scenario `A` has no input `bacth`", "input `batch` expects Count, found Time"}))
      << c.rendered;
}

TEST(Checker, ConfigOfUnknownInput) {
  auto c = check("scenario S {\n  input batch: Count = 1\n  output o = batch\n}\nconfig c for S {\n  bach = 2\n}\n");
  EXPECT_EQ(c.messages(), Messages{"scenario `S` has no input `bach`"}) << c.rendered;
}

TEST(Checker, CatalogueEntryOfTheWrongKind) {
  auto c = check("scenario S {\n  input workload: Workload = H100\n  output o = workload.layers\n}\n");
  EXPECT_EQ(c.messages(), Messages{"the default of input `workload` expects a Workload; H100 is a Hardware"})
      << c.rendered;
}

}  // namespace checker_fixture
