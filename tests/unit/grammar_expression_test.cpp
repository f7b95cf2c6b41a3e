// The grammar: PEGTL's static analysis, and the shape of the AST each expression parses to (precedence,
// associativity, calls, literals, comprehensions, quantities against division).
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/grammar.hpp"
#include "grammar_printer.hpp"

namespace grammar_printer {

// ---- PEGTL's grammar analysis: no rule can loop without consuming input -----------------------------
TEST(Grammar, AnalyzeFindsNoProblems) {
  EXPECT_EQ(tao::pegtl::analyze<mlsi::grammar::file>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<mlsi::grammar::expression_only>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<mlsi::grammar::unit_only>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<mlsi::grammar::type_only>(1), 0u);
}

// ---- operator precedence and associativity -------------------------------------------------------
TEST(GrammarExpr, UnaryMinusBindsLooserThanPower) { EXPECT_EQ(expr("-2^2"), "(neg (^ 2 2))"); }
TEST(GrammarExpr, SubtractionIsLeftAssociative) { EXPECT_EQ(expr("a - b - c"), "(- (- a b) c)"); }
TEST(GrammarExpr, DivisionIsLeftAssociative) { EXPECT_EQ(expr("a / b / c"), "(/ (/ a b) c)"); }
TEST(GrammarExpr, PowerIsRightAssociative) { EXPECT_EQ(expr("2^3^2"), "(^ 2 (^ 3 2))"); }
TEST(GrammarExpr, PowerOfNegativeExponent) { EXPECT_EQ(expr("2^-1"), "(^ 2 (neg 1))"); }
TEST(GrammarExpr, ProductBindsTighterThanSum) {
  EXPECT_EQ(expr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(expr("(a + b) * c"), "(* (+ a b) c)");
}
TEST(GrammarExpr, ConversionIsOutermost) {
  EXPECT_EQ(expr("a + b -> GiB"), "(-> (+ a b) GiB)");
  EXPECT_EQ(expr("x * 2 -> 1/s"), "(-> (* x 2) 1/s)");
  EXPECT_EQ(expr("x -> USD/TB/month"), "(-> x USD/TB/month)");
}
TEST(GrammarExpr, NotBindsTighterThanAnd) {
  EXPECT_EQ(expr("not a and b"), "(and (not a) b)");
  EXPECT_EQ(expr("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(expr("not a == b"), "(not (== a b))");
}
TEST(GrammarExpr, Comparisons) {
  EXPECT_EQ(expr("a + 1 < b * 2"), "(< (+ a 1) (* b 2))");
  EXPECT_EQ(expr("a <= b"), "(<= a b)");
  EXPECT_EQ(expr("a > b"), "(> a b)");
  EXPECT_EQ(expr("a >= b"), "(>= a b)");
  EXPECT_EQ(expr("a == b"), "(== a b)");
  EXPECT_EQ(expr("a != b"), "(!= a b)");
  EXPECT_EQ(expr("total <= H100.memory"), "(<= total (. H100 memory))");
  EXPECT_EQ(expr("a < b and c >= d or e"), "(or (and (< a b) (>= c d)) e)");
}
TEST(GrammarExpr, IfThenElse) {
  EXPECT_EQ(expr("if a > 1 then x else y + 1"), "(if (> a 1) x (+ y 1))");
  EXPECT_EQ(expr("if a then if b then 1 else 2 else 3"), "(if a (if b 1 2) 3)");
}
TEST(GrammarExpr, LetInBodyExtendsAsFarAsPossible) {
  EXPECT_EQ(expr("let x = a + 1 in x * x + 2"), "(let x (+ a 1) (+ (* x x) 2))");
  EXPECT_EQ(expr("let a = 1 in let b = a in a * b"), "(let a 1 (let b a (* a b)))");
  EXPECT_EQ(expr("2 * (let k = 3 in k) + 1"), "(+ (* 2 (let k 3 k)) 1)");
  EXPECT_EQ(expr("[let y = x in y for x in xs]"), "(for x xs (let y x y))");
  EXPECT_EQ(expr("let x = 2 in x -> GB"), "(let x 2 (-> x GB))");
}

TEST(GrammarExpr, CallsWithNamedArguments) {
  EXPECT_EQ(expr("f()"), "(call f)");
  EXPECT_EQ(expr("f(1, x = 2)"), "(call f 1 x=2)");
  EXPECT_EQ(expr("KvCache(batch = 2).total"), "(. (call KvCache batch=2) total)");
  EXPECT_EQ(expr("ring_allreduce(140 GB, 8, 450 GB/s, 5 us)"), "(call ring_allreduce 140[GB] 8 450[GB/s] 5[us])");
  // A named argument is `name = value`; `name == value` is a comparison passed positionally.
  EXPECT_EQ(expr("f(a == b)"), "(call f (== a b))");
}
TEST(GrammarExpr, FieldAccessChains) {
  EXPECT_EQ(expr("fleet.node.accelerator.memory"), "(. (. (. fleet node) accelerator) memory)");
  EXPECT_EQ(expr("2 * workload.layers"), "(* 2 (. workload layers))");
}
TEST(GrammarExpr, Indexing) {
  EXPECT_EQ(expr("xs[i + 1]"), "([] xs (+ i 1))");
  EXPECT_EQ(expr("rewards[i] - baseline[i]"), "(- ([] rewards i) ([] baseline i))");
  EXPECT_EQ(expr("m[0][1]"), "([] ([] m 0) 1)");
  EXPECT_EQ(expr("f(x)[0].y"), "(. ([] (call f x) 0) y)");
}
TEST(GrammarExpr, ListLiterals) {
  EXPECT_EQ(expr("[]"), "[]");
  EXPECT_EQ(expr("[1, 0, 1, 1]"), "[1 0 1 1]");
  EXPECT_EQ(expr("[1, 2,]"), "[1 2]");
  EXPECT_EQ(expr("[30 s, 32 s]"), "[30[s] 32[s]]");
}
TEST(GrammarExpr, Comprehensions) {
  EXPECT_EQ(expr("[sum(rewards) / n for r in rewards]"), "(for r rewards (/ (call sum rewards) n))");
  EXPECT_EQ(expr("[x * 2 for x in xs if x > 0]"), "(for x xs (* x 2) if (> x 0))");
  EXPECT_EQ(expr("[rewards[i] - baseline[i] for i in range(n)]"),
            "(for i (call range n) (- ([] rewards i) ([] baseline i)))");
}
// The key of max_by: a comprehension without brackets, only as a call's argument.
TEST(GrammarExpr, ComprehensionWithoutBracketsAsAnArgument) {
  EXPECT_EQ(expr("max_by(d.memory for d in devices)"), "(call max_by (bare-for d devices (. d memory)))");
  EXPECT_EQ(expr("min_by(x for x in xs if x > 0)"), "(call min_by (bare-for x xs x if (> x 0)))");
  EXPECT_EQ(expr("f(a, x for x in xs)"), "(call f a (bare-for x xs x))");
  EXPECT_EQ(expr("x for x in xs"), "error: syntax error: expected `(` or the end of the input, found `for`");
}
// `_` between two digits groups them; the value is the number without it.
TEST(GrammarExpr, DigitSeparators) {
  EXPECT_EQ(expr("1_000"), "1000");
  EXPECT_EQ(expr("1_000_000"), "1000000");
  EXPECT_EQ(expr("12_345.5"), "12345.5");
  EXPECT_EQ(expr("0.000_5"), "0.0005");
  EXPECT_EQ(expr("2_048 GiB"), "2048[GiB]");
  EXPECT_EQ(expr("3_0GB/s"), "30[GB/s]");
  EXPECT_EQ(expr("1_0e2"), "1000");
  const std::string misplaced = "error: syntax error: a digit separator `_` goes between two digits, as in `1_000` or `2_048.5`";
  EXPECT_EQ(expr("1__0"), misplaced);
  EXPECT_EQ(expr("1_"), misplaced);
  EXPECT_EQ(expr("1_.5"), misplaced);
  EXPECT_EQ(expr("1.5_"), misplaced);
  EXPECT_EQ(expr("1e1_0"), "error: syntax error: an exponent has no digit separators: write `1e10`, not `1e1_0`");
  EXPECT_EQ(expr("_1"), "_1");  // a name
}
TEST(GrammarExpr, RecordLiterals) {
  EXPECT_EQ(expr("{}"), "{}");
  EXPECT_EQ(expr("{ a: 1, b: 2 s }"), "{a: 1, b: 2[s]}");
  EXPECT_EQ(expr("{a: 1,}"), "{a: 1}");
  EXPECT_EQ(expr("{a: {b: 1}}.a.b"), "(. (. {a: {b: 1}} a) b)");
}
TEST(GrammarExpr, MatchWithTrailingComma) {
  EXPECT_EQ(expr("match rule {\n  mean => 1,\n  leave_one_out => 2,\n}"), "(match rule mean=>1 leave_one_out=>2)");
  EXPECT_EQ(expr("match r { a => 1, _ => 2 }"), "(match r a=>1 _=>2)");
}
TEST(GrammarExpr, QuantityLiteralVersusDivision) {
  // Without spaces the unit is compound; with spaces `/` divides.
  EXPECT_EQ(expr("3.35 TB/s"), "3.35[TB/s]");
  EXPECT_EQ(expr("100 GB / bandwidth"), "(/ 100[GB] bandwidth)");
  EXPECT_EQ(expr("100 GB/bandwidth"), "100[GB/bandwidth]");  // a (unknown) unit, found by the checker
  EXPECT_EQ(expr("989 TFLOP/s * 0.4 * 30 day"), "(* (* 989[TFLOP/s] 0.4) 30[day])");
  EXPECT_EQ(expr("2 byte * layers"), "(* 2[byte] layers)");
  EXPECT_EQ(expr("0.01%"), "0.01[%]");
  EXPECT_EQ(expr("50 %"), "50[%]");
  EXPECT_EQ(expr("1 USD/TB/month"), "1[USD/TB/month]");
  EXPECT_EQ(expr("4 s^2"), "4[s^2]");
  EXPECT_EQ(expr("3.14e23 FLOP"), "3.14e+23[FLOP]");
  EXPECT_EQ(expr("2e-3"), "0.002");
  EXPECT_EQ(expr("(1 s)^n"), "(^ 1[s] n)");
}
TEST(GrammarExpr, TextAndBooleans) {
  EXPECT_EQ(expr("\"a \\\"b\\\"\""), "\"a \"b\"\"");
  EXPECT_EQ(expr("true and not false"), "(and true (not false))");
}
TEST(GrammarExpr, UnitOnTheNextLineIsNotAUnit) {
  // A number and its unit must be on one line: a new line always starts a new entry.
  EXPECT_EQ(expr("[1,\n byte]"), "[1 byte]");
}

}  // namespace grammar_printer
