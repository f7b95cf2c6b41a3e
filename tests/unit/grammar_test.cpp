// The grammar: PEGTL's static analysis, the shape of the AST every construct parses to, the `##` docs
// attached to declarations, and syntax errors (message and line:column).
#include <cmath>
#include <sstream>
#include <string>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/grammar.hpp"
#include "syntax/parser.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`,
// which must not meet an interpreter declaration that uses the name.
#include <gtest/gtest.h>

namespace {

namespace ast = mlsi::ast;

// ---- a compact printer of the AST: (op a b), (neg a), (call f a name=b), (. x f), ([] x i), ... ----------
std::string num(double v) {
  std::ostringstream os;
  if (v == std::floor(v) && std::fabs(v) < 1e15) os << static_cast<long long>(v);
  else os << v;
  return os.str();
}

std::string unit_text(const ast::UnitExpr& u) {
  std::string s;
  for (std::size_t i = 0; i < u.terms.size(); ++i) {
    const auto& t = u.terms[i];
    if (i > 0 || t.divide) s += t.divide ? "/" : "*";
    s += t.name.empty() ? "1" : t.name;
    if (t.power != 1) s += "^" + std::to_string(t.power);
  }
  return s;
}

std::string type_text(const ast::TypeExpr& t) {
  using K = ast::TypeExpr::Kind;
  switch (t.kind) {
    case K::name: return t.name;
    case K::one: return "1";
    case K::mul: return "(" + type_text(t.operands[0]) + " * " + type_text(t.operands[1]) + ")";
    case K::div: return "(" + type_text(t.operands[0]) + " / " + type_text(t.operands[1]) + ")";
    case K::pow: return type_text(t.operands[0]) + "^" + std::to_string(t.power);
    case K::list: return "List[" + type_text(t.operands[0]) + "]";
    case K::enumeration: {
      std::string s = "one of";
      for (std::size_t i = 0; i < t.cases.size(); ++i) s += (i ? " | " : " ") + t.cases[i];
      return s;
    }
    case K::record: {
      std::string s = "{";
      for (std::size_t i = 0; i < t.cases.size(); ++i) s += (i ? ", " : "") + t.cases[i] + ": " + type_text(t.operands[i]);
      return s + "}";
    }
  }
  return "?";
}

std::string show(const ast::Expr& e) {
  using K = ast::ExprKind;
  auto kid = [&](std::size_t i) { return show(*e.operands.at(i)); };
  switch (e.kind) {
    case K::number: return num(e.value);
    case K::quantity: return num(e.value) + "[" + unit_text(e.unit) + "]";
    case K::boolean: return e.flag ? "true" : "false";
    case K::text: return "\"" + e.text + "\"";
    case K::name: return e.text;
    case K::negate: return "(neg " + kid(0) + ")";
    case K::logical_not: return "(not " + kid(0) + ")";
    case K::binary: return "(" + e.text + " " + kid(0) + " " + kid(1) + ")";
    case K::if_then: return "(if " + kid(0) + " " + kid(1) + " " + kid(2) + ")";
    case K::call: {
      std::string s = "(call " + kid(0);
      for (std::size_t i = 1; i < e.operands.size(); ++i) {
        s += " ";
        if (!e.names.at(i - 1).empty()) s += e.names[i - 1] + "=";
        s += kid(i);
      }
      return s + ")";
    }
    case K::field: return "(. " + kid(0) + " " + e.text + ")";
    case K::index: return "([] " + kid(0) + " " + kid(1) + ")";
    case K::list: {
      std::string s = "[";
      for (std::size_t i = 0; i < e.operands.size(); ++i) s += (i ? " " : "") + kid(i);
      return s + "]";
    }
    case K::comprehension: {
      std::string s = std::string(e.flag ? "(bare-for " : "(for ") + e.text + " " + kid(1) + " " + kid(0);
      if (e.operands.size() > 2) s += " if " + kid(2);
      return s + ")";
    }
    case K::record: {
      std::string s = "{";
      for (std::size_t i = 0; i < e.operands.size(); ++i) s += (i ? ", " : "") + e.names.at(i) + ": " + kid(i);
      return s + "}";
    }
    case K::match: {
      std::string s = "(match " + kid(0);
      for (std::size_t i = 1; i < e.operands.size(); ++i) s += " " + e.names.at(i - 1) + "=>" + kid(i);
      return s + ")";
    }
    case K::convert: return "(-> " + kid(0) + " " + unit_text(e.unit) + ")";
    case K::let_in: return "(let " + e.text + " " + kid(0) + " " + kid(1) + ")";
  }
  return "?";
}

struct Parsed {
  mlsi::SourceManager sources;
  mlsi::DiagnosticLog diags;
  mlsi::FileId file = mlsi::kNoFile;
};

// Parses one expression; returns its printed AST, or "error: MESSAGE" on a syntax error.
std::string expr(const std::string& text) {
  Parsed p;
  p.file = p.sources.add("<expr>", text);
  auto e = mlsi::parse_expression(p.sources, p.file, p.diags);
  if (!e) return "error: " + (p.diags.list().empty() ? std::string("(no diagnostic)") : p.diags.list()[0].message);
  EXPECT_TRUE(p.diags.list().empty());
  return show(*e);
}

std::optional<ast::Module> module(Parsed& p, const std::string& text) {
  p.file = p.sources.add("test.mls", text);
  return mlsi::parse_module(p.sources, p.file, p.diags);
}

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

// ---- declarations -----------------------------------------------------------------------------------
TEST(GrammarDecl, TypeDeclarationsAndRecordTypes) {
  Parsed p;
  auto m = module(p, R"(type Device = { name: Text, memory: Information, price: Money / Time, }
type Format = one of fp8 | bf16
type Fleet = List[{ d: Device, n: Count }]
type Empty = {}
scenario S {
  input type: Count = 1
  output x = type
}
)");
  ASSERT_TRUE(m) << mlsi::render_all(p.sources, p.diags, false);
  ASSERT_EQ(m->decls.size(), 5u);
  EXPECT_EQ(type_text(std::get<ast::TypeDecl>(m->decls[0]).type), "{name: Text, memory: Information, price: (Money / Time)}");
  EXPECT_EQ(type_text(std::get<ast::TypeDecl>(m->decls[1]).type), "one of fp8 | bf16");
  EXPECT_EQ(type_text(std::get<ast::TypeDecl>(m->decls[2]).type), "List[{d: Device, n: Count}]");
  EXPECT_EQ(std::get<ast::TypeDecl>(m->decls[3]).name, "Empty");
  // `type` is a keyword only where a declaration starts: elsewhere it is a name.
  const auto& sc = std::get<ast::ScenarioDecl>(m->decls[4]);
  EXPECT_EQ(std::get<ast::InputDecl>(sc.members[0]).name, "type");
}

TEST(GrammarDecl, EveryDeclarationKind) {
  Parsed p;
  auto m = module(p, R"(import "kv_cache.mls"
dimension Bandwidth = Information / Time
dimension Widget
@prefixes(large, binary)
unit wd: Widget
unit dozen = 12
let rate = 10 GB/s
fn transfer(size: Information, bw: Information / Time) -> Time = size / bw
scenario S {
  input workload: Workload = Llama2_70B
  input batch: Count = 8 where batch >= 1
  input rule: one of mean | leave_one_out = mean
  input xs: List[Count] = [1, 2]
  input size: Information
  let head_dim = workload.hidden_dim / workload.heads
  output t: Time = transfer(size, rate) -> ms
  output u = 2 * batch
  check batch > 0 else "an empty batch"
  check batch < 100
}
config big for S {
  batch = 64
  size = 1 GB
  expect t == 100 ms within 0.01%
  expect u == 128
}
)");
  ASSERT_TRUE(m) << mlsi::render_all(p.sources, p.diags, false);
  ASSERT_EQ(m->decls.size(), 9u);

  const auto& imp = std::get<ast::ImportDecl>(m->decls[0]);
  EXPECT_EQ(imp.path, "kv_cache.mls");

  const auto& dim = std::get<ast::DimensionDecl>(m->decls[1]);
  EXPECT_EQ(dim.name, "Bandwidth");
  ASSERT_TRUE(dim.definition);
  EXPECT_EQ(type_text(*dim.definition), "(Information / Time)");
  const auto& base = std::get<ast::DimensionDecl>(m->decls[2]);
  EXPECT_EQ(base.name, "Widget");
  EXPECT_FALSE(base.definition);

  const auto& wd = std::get<ast::UnitDecl>(m->decls[3]);
  EXPECT_EQ(wd.name, "wd");
  ASSERT_EQ(wd.attributes.size(), 1u);
  EXPECT_EQ(wd.attributes[0].name, "prefixes");
  EXPECT_EQ(wd.attributes[0].args, (std::vector<std::string>{"large", "binary"}));
  ASSERT_TRUE(wd.dimension);
  EXPECT_EQ(type_text(*wd.dimension), "Widget");
  EXPECT_EQ(wd.value, nullptr);
  const auto& dozen = std::get<ast::UnitDecl>(m->decls[4]);
  EXPECT_EQ(dozen.name, "dozen");
  EXPECT_TRUE(dozen.attributes.empty());
  EXPECT_FALSE(dozen.dimension);
  ASSERT_TRUE(dozen.value);
  EXPECT_EQ(show(*dozen.value), "12");

  const auto& let = std::get<ast::LetDecl>(m->decls[5]);
  EXPECT_EQ(let.name, "rate");
  EXPECT_EQ(show(*let.value), "10[GB/s]");

  const auto& fn = std::get<ast::FnDecl>(m->decls[6]);
  EXPECT_EQ(fn.name, "transfer");
  ASSERT_EQ(fn.params.size(), 2u);
  EXPECT_EQ(fn.params[0].name, "size");
  EXPECT_EQ(type_text(fn.params[0].type), "Information");
  EXPECT_EQ(fn.params[1].name, "bw");
  EXPECT_EQ(type_text(fn.params[1].type), "(Information / Time)");
  ASSERT_TRUE(fn.result);
  EXPECT_EQ(type_text(*fn.result), "Time");
  EXPECT_EQ(show(*fn.body), "(/ size bw)");

  const auto& sc = std::get<ast::ScenarioDecl>(m->decls[7]);
  EXPECT_EQ(sc.name, "S");
  ASSERT_EQ(sc.members.size(), 10u);
  const auto& workload = std::get<ast::InputDecl>(sc.members[0]);
  EXPECT_EQ(workload.name, "workload");
  EXPECT_EQ(type_text(workload.type), "Workload");
  EXPECT_EQ(show(*workload.default_value), "Llama2_70B");
  EXPECT_EQ(workload.where, nullptr);
  const auto& batch = std::get<ast::InputDecl>(sc.members[1]);
  EXPECT_EQ(show(*batch.default_value), "8");
  ASSERT_TRUE(batch.where);
  EXPECT_EQ(show(*batch.where), "(>= batch 1)");
  const auto& rule = std::get<ast::InputDecl>(sc.members[2]);
  EXPECT_EQ(type_text(rule.type), "one of mean | leave_one_out");
  EXPECT_EQ(show(*rule.default_value), "mean");
  const auto& xs = std::get<ast::InputDecl>(sc.members[3]);
  EXPECT_EQ(type_text(xs.type), "List[Count]");
  const auto& size = std::get<ast::InputDecl>(sc.members[4]);
  EXPECT_EQ(size.default_value, nullptr);
  const auto& head = std::get<ast::LetDecl>(sc.members[5]);
  EXPECT_EQ(show(*head.value), "(/ (. workload hidden_dim) (. workload heads))");
  const auto& t = std::get<ast::OutputDecl>(sc.members[6]);
  ASSERT_TRUE(t.type);
  EXPECT_EQ(type_text(*t.type), "Time");
  EXPECT_EQ(show(*t.value), "(-> (call transfer size rate) ms)");
  const auto& u = std::get<ast::OutputDecl>(sc.members[7]);
  EXPECT_FALSE(u.type);
  const auto& c1 = std::get<ast::CheckDecl>(sc.members[8]);
  EXPECT_EQ(show(*c1.condition), "(> batch 0)");
  EXPECT_EQ(c1.message, std::optional<std::string>("an empty batch"));
  const auto& c2 = std::get<ast::CheckDecl>(sc.members[9]);
  EXPECT_FALSE(c2.message);

  const auto& cfg = std::get<ast::ConfigDecl>(m->decls[8]);
  EXPECT_EQ(cfg.name, "big");
  EXPECT_EQ(cfg.scenario, "S");
  ASSERT_EQ(cfg.sets.size(), 2u);
  EXPECT_EQ(cfg.sets[0].name, "batch");
  EXPECT_EQ(show(*cfg.sets[0].value), "64");
  EXPECT_EQ(cfg.sets[1].name, "size");
  EXPECT_EQ(show(*cfg.sets[1].value), "1[GB]");
  ASSERT_EQ(cfg.expects.size(), 2u);
  EXPECT_EQ(cfg.expects[0].output, "t");
  EXPECT_EQ(show(*cfg.expects[0].value), "100[ms]");
  ASSERT_TRUE(cfg.expects[0].tolerance);
  EXPECT_EQ(show(*cfg.expects[0].tolerance), "0.01[%]");
  EXPECT_EQ(cfg.expects[1].output, "u");
  EXPECT_EQ(cfg.expects[1].tolerance, nullptr);
}

TEST(GrammarDecl, TypesOfDimensions) {
  Parsed p;
  auto m = module(p, "fn f(a: Money / (Information * Time), b: Time^2, c: 1 / Time, d: List[List[Time]]) = 1\n");
  ASSERT_TRUE(m) << mlsi::render_all(p.sources, p.diags, false);
  const auto& fn = std::get<ast::FnDecl>(m->decls.at(0));
  ASSERT_EQ(fn.params.size(), 4u);
  EXPECT_EQ(type_text(fn.params[0].type), "(Money / (Information * Time))");
  EXPECT_EQ(type_text(fn.params[1].type), "Time^2");
  EXPECT_EQ(type_text(fn.params[2].type), "(1 / Time)");
  EXPECT_EQ(type_text(fn.params[3].type), "List[List[Time]]");
  EXPECT_FALSE(fn.result);
}

TEST(GrammarDecl, EmptyFileAndComments) {
  Parsed p;
  auto m = module(p, "# only a comment\n\n   \n## a doc comment with nothing after it\n");
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->decls.empty());
  Parsed q;
  auto bom = module(q, "\xEF\xBB\xBFlet x = 1 # trailing comment\n");
  ASSERT_TRUE(bom) << mlsi::render_all(q.sources, q.diags, false);
  EXPECT_EQ(bom->decls.size(), 1u);
}

// Whitespace and reserved words are matched by code (grammar.hpp), not by rules: their edge cases.
TEST(GrammarDecl, WhitespaceAndCommentsEverywhere) {
  for (const char* text : {"", "\n\n", "# a comment without a line end", "\r\n# crlf\r\nlet x = 1\r\n",
                           "let x = 1# no space before\n", "let x =\t# a comment inside\n  1\n",
                           "\v\f let x = 1 #"}) {
    Parsed p;
    auto m = module(p, text);
    ASSERT_TRUE(m) << text << "\n" << mlsi::render_all(p.sources, p.diags, false);
    EXPECT_EQ(m->decls.size(), std::string_view(text).find("let") == std::string_view::npos ? 0u : 1u) << text;
  }
}

TEST(GrammarExpr, ReservedWordsOnlyAsWholeWords) {
  EXPECT_EQ(expr("iffy + ifs + in_x + scenario2 + true_ + notes + orange + android"),
            "(+ (+ (+ (+ (+ (+ (+ iffy ifs) in_x) scenario2) true_) notes) orange) android)");
  EXPECT_EQ(expr("not x"), "(not x)");
  // A reserved word is not a name: `then` cannot stand for a value.
  EXPECT_EQ(expr("then"), "error: syntax error: expected an expression, found `then`");
  EXPECT_EQ(expr("x + else"), "error: syntax error: expected an expression, found `else`");
}

TEST(GrammarDecl, DocsAttachToTheFollowingDeclaration) {
  Parsed p;
  auto m = module(p, R"(## Key-value cache of `workload`.
## Second line.
scenario KvCache {
  ## The served model.
  input workload: Workload = Llama2_70B
  input batch: Count = 8
  # an ordinary comment is not a doc
  let two = 2
  ## Keys and values of one token.
  output per_token = two * batch
}

## A named configuration.
config small for KvCache {
  batch = 1
}

## Time of one transfer.
fn f(x: Count) = x

## A widget unit.
unit widget = 3

## A constant.
let c = 1
)");
  ASSERT_TRUE(m) << mlsi::render_all(p.sources, p.diags, false);
  ASSERT_EQ(m->decls.size(), 5u);
  const auto& sc = std::get<ast::ScenarioDecl>(m->decls[0]);
  EXPECT_EQ(sc.doc, "Key-value cache of `workload`.\nSecond line.");
  EXPECT_EQ(std::get<ast::InputDecl>(sc.members[0]).doc, "The served model.");
  EXPECT_EQ(std::get<ast::InputDecl>(sc.members[1]).doc, "");
  EXPECT_EQ(std::get<ast::LetDecl>(sc.members[2]).doc, "");
  EXPECT_EQ(std::get<ast::OutputDecl>(sc.members[3]).doc, "Keys and values of one token.");
  EXPECT_EQ(std::get<ast::ConfigDecl>(m->decls[1]).doc, "A named configuration.");
  EXPECT_EQ(std::get<ast::FnDecl>(m->decls[2]).doc, "Time of one transfer.");
  EXPECT_EQ(std::get<ast::UnitDecl>(m->decls[3]).doc, "A widget unit.");
  EXPECT_EQ(std::get<ast::LetDecl>(m->decls[4]).doc, "A constant.");
}

// ---- syntax errors: message and position ------------------------------------------------------------
struct SyntaxError {
  std::string message;
  std::uint32_t line = 0, col = 0;
  std::size_t count = 0;
};

SyntaxError syntax_error(const std::string& text) {
  Parsed p;
  auto m = module(p, text);
  SyntaxError out;
  EXPECT_FALSE(m) << "parsed without error: " << text;
  out.count = p.diags.list().size();
  if (p.diags.list().empty()) return out;
  const auto& d = p.diags.list()[0];
  out.message = d.message;
  auto lc = p.sources.line_col(d.span.file, d.span.begin);
  out.line = lc.line;
  out.col = lc.col;
  return out;
}

TEST(GrammarError, MissingTypeAnnotationOfInput) {
  auto e = syntax_error("scenario S {\n  input x Count\n}\n");
  EXPECT_EQ(e.message, "syntax error: expected `:` and a type, found `Count`");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 11u);
  EXPECT_EQ(e.count, 1u);
}

TEST(GrammarError, MissingInOfComprehension) {
  auto e = syntax_error("let x = [y for y xs]\n");
  EXPECT_EQ(e.message, "syntax error: expected `in`, found `xs`");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.col, 18u);
}

TEST(GrammarError, ImportNeedsAString) {
  auto e = syntax_error("let a = 1\nimport kv.mls\n");
  EXPECT_EQ(e.message, "syntax error: expected a string in double quotes, found `kv.mls`");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 8u);
}

TEST(GrammarError, ExpectNeedsDoubleEquals) {
  auto e = syntax_error("config c for S {\n  x = 1\n  expect y = 2\n}\n");
  EXPECT_EQ(e.message, "syntax error: expected `==`, found `=`");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.col, 12u);
}

TEST(GrammarError, UnknownTopLevelWordExpectsADeclaration) {
  auto e = syntax_error("let a = 1\nblah\n");
  EXPECT_EQ(e.message,
            "syntax error: expected a declaration (`scenario`, `config`, `fn`, `let`, `type`, `unit`, `dimension` or "
            "`import`) or the end of the input, found `blah`");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 1u);
}

TEST(GrammarError, MissingThen) {
  auto e = syntax_error("let x = if a b else c\n");
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.col, 14u);
  EXPECT_NE(e.message.find("`then`"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("found `b`"), std::string::npos) << e.message;
  // `==` is one of many operators that could follow `a`; naming it alone misleads.
  EXPECT_EQ(e.message.find("`==`"), std::string::npos) << e.message;
}

TEST(GrammarError, UnclosedParenthesis) {
  auto e = syntax_error("let x = (1 + 2\nlet y = 3\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 1u);
  EXPECT_NE(e.message.find("expected"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("`)`"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("found `let`"), std::string::npos) << e.message;
  EXPECT_EQ(e.message.find("`==`"), std::string::npos) << e.message;
}

TEST(GrammarError, MissingOperandAtEndOfInput) {
  // Only an expression can follow `+`; keywords tried while reading a name must not leak into the message.
  auto e = syntax_error("let x = 1 +\n");
  EXPECT_EQ(e.message, "syntax error: expected an expression, found the end of the input");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 1u);
}

TEST(GrammarError, MissingValueOfLet) {
  auto e = syntax_error("let x =\n");
  EXPECT_EQ(e.message, "syntax error: expected an expression, found the end of the input");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 1u);
}

TEST(GrammarError, MissingUnitAfterArrow) {
  auto e = syntax_error("let x = 3 GiB ->\n");
  EXPECT_EQ(e.message, "syntax error: expected a unit, found the end of the input");
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.col, 1u);
}

TEST(GrammarError, UnknownScenarioMember) {
  auto e = syntax_error("scenario S {\n  input a: Count = 1\n  foo\n}\n");
  EXPECT_EQ(e.message, "syntax error: expected `input`, `let`, `output`, `check`, `fn` or `}`, found `foo`");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.col, 3u);
}

TEST(GrammarError, DeepNestingIsAnErrorNotACrash) {
  std::string text = "let x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n";
  auto e = syntax_error(text);
  EXPECT_EQ(e.message, "syntax error: nesting deeper than 200 levels");
  EXPECT_EQ(e.line, 1u);
}

TEST(GrammarError, ExpressionOnlyRejectsTrailingText) {
  Parsed p;
  p.file = p.sources.add("<set>", "1 byte 2");
  auto e = mlsi::parse_expression(p.sources, p.file, p.diags);
  EXPECT_EQ(e, nullptr);
  ASSERT_EQ(p.diags.list().size(), 1u);
  auto lc = p.sources.line_col(p.file, p.diags.list()[0].span.begin);
  EXPECT_EQ(lc.col, 8u);
  EXPECT_NE(p.diags.list()[0].message.find("found `2`"), std::string::npos) << p.diags.list()[0].message;
}

TEST(GrammarUnit, UnitOnlyParsesUnitExpressions) {
  Parsed p;
  p.file = p.sources.add("<unit>", "USD / TB / month");
  auto u = mlsi::parse_unit(p.sources, p.file, p.diags);
  ASSERT_TRUE(u);
  EXPECT_EQ(unit_text(*u), "USD/TB/month");
  Parsed q;
  q.file = q.sources.add("<unit>", "1/(GiB*s)");
  auto v = mlsi::parse_unit(q.sources, q.file, q.diags);
  ASSERT_TRUE(v);
  EXPECT_EQ(unit_text(*v), "1/GiB/s");
}

}  // namespace
