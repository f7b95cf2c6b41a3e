#pragma once
// What the grammar's tests share (grammar_expression_test.cpp, grammar_declaration_test.cpp,
// grammar_error_test.cpp): a compact printer of the AST, (op a b), (neg a), (call f a name=b), (. x f),
// ([] x i), ..., the parse of one expression or one file, and the first syntax error of a text with its
// line and column.
#include <cmath>
#include <optional>
#include <sstream>
#include <string>

#include "syntax/parser.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`,
// which must not meet an interpreter declaration that uses the name.
#include <gtest/gtest.h>

namespace grammar_printer {

namespace ast = mlsi::ast;

// ---- a compact printer of the AST: (op a b), (neg a), (call f a name=b), (. x f), ([] x i), ... ----------
inline std::string num(double v) {
  std::ostringstream os;
  if (v == std::floor(v) && std::fabs(v) < 1e15) os << static_cast<long long>(v);
  else os << v;
  return os.str();
}

inline std::string unit_text(const ast::UnitExpr& u) {
  std::string s;
  for (std::size_t i = 0; i < u.terms.size(); ++i) {
    const auto& t = u.terms[i];
    if (i > 0 || t.divide) s += t.divide ? "/" : "*";
    s += t.name.empty() ? "1" : t.name;
    if (t.power != 1) s += "^" + std::to_string(t.power);
  }
  return s;
}

inline std::string type_text(const ast::TypeExpr& t) {
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

inline std::string show(const ast::Expr& e) {
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
inline std::string expr(const std::string& text) {
  Parsed p;
  p.file = p.sources.add("<expr>", text);
  auto e = mlsi::parse_expression(p.sources, p.file, p.diags);
  if (!e) return "error: " + (p.diags.list().empty() ? std::string("(no diagnostic)") : p.diags.list()[0].message);
  EXPECT_TRUE(p.diags.list().empty());
  return show(*e);
}

inline std::optional<ast::Module> module(Parsed& p, const std::string& text) {
  p.file = p.sources.add("test.mls", text);
  return mlsi::parse_module(p.sources, p.file, p.diags);
}

// ---- syntax errors: message and position ------------------------------------------------------------
struct SyntaxError {
  std::string message;
  std::uint32_t line = 0, col = 0;
  std::size_t count = 0;
};

inline SyntaxError syntax_error(const std::string& text) {
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

}  // namespace grammar_printer
