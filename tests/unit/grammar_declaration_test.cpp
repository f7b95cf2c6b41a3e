// The grammar: the AST every declaration parses to, whitespace and comments anywhere, reserved words, and
// the `##` docs attached to declarations.
#include "grammar_printer.hpp"

namespace grammar_printer {

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

}  // namespace grammar_printer
