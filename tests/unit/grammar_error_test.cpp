// The grammar's syntax errors: the message and the line:column of the first, and the parses of a unit alone
// (grammar_expression_test.cpp and grammar_declaration_test.cpp hold the shapes of what parses).
#include "grammar_printer.hpp"

namespace grammar_printer {

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

}  // namespace grammar_printer
