#pragma once
// The formatter's printer (formatter.hpp): walks a module's AST and writes its tokens again through the
// layout writer (formatter_writer.hpp), spaced and broken canonically. Its declarations are
// printer_declarations.cpp's; its types, units and expressions printer_expressions.cpp's.
#include <cstdint>
#include <string>
#include <string_view>

#include "formatter/formatter_lex.hpp"
#include "formatter/formatter_writer.hpp"
#include "grammar/grammar.hpp"
#include "syntax/ast.hpp"

namespace mlsi::fmt_layout {

class Printer {
 public:
  explicit Printer(std::string_view source) : w_(source), src_(source) {}

  std::string module(const ast::Module& m);

 private:
  // ---- declarations ------------------------------------------------------------------------------
  void start(int indent) { w_.statement(w_.next(), indent, indent); }
  void header(std::string_view text, Space space = Space::one) { w_.expect(text, space, false); }

  void decl(const ast::ScenarioDecl& d);

  // `{`, the entries (each starts its own line), `}` on a line of its own, or `{}` when there is nothing.
  template <typename Entries>
  void block(Entries entries, bool any) {
    header("{");
    std::uint32_t brace = w_.next();
    if (!any && !w_.comment_before(brace + 1)) {
      w_.expect("}", Space::none, false);
      return;
    }
    entries();
    w_.statement(w_.next(), 0, 2, false);
    w_.expect("}", Space::none, false);
  }

  void decl(const ast::ConfigDecl& d);
  void config_set(const ast::ConfigSet& s);

  // `expect NAME == VALUE [within TOLERANCE] [source "TEXT"]`: every part of an expectation is printed here.
  void expectation(const ast::Expectation& x);
  void decl(const ast::FnDecl& d);
  void member(const ast::FnDecl& d);
  void decl(const ast::LetDecl& d);
  void decl(const ast::UnitDecl& d);
  void decl(const ast::DimensionDecl& d);
  void decl(const ast::TypeDecl& d);
  void decl(const ast::ImportDecl&);
  void member(const ast::InputDecl& d);
  void member(const ast::LetDecl& d) { named_value("let", d.name, d.type.has_value(), *d.value); }
  void member(const ast::OutputDecl& d) { named_value("output", d.name, d.type.has_value(), *d.value); }
  void named_value(std::string_view keyword, const std::string& name, bool typed, const ast::Expr& value);
  void member(const ast::CheckDecl& d);

  // ---- types and units ---------------------------------------------------------------------------
  // A type as written (its brackets kept), spaced canonically: `Information / Time`, `Time^2`,
  // `List[Count]`, `one of a | b`. Its extent is found by the grammar's own rule.
  template <typename Rule>
  void type() {
    std::uint32_t begin = w_.next();
    tao::pegtl::memory_input<> in(src_.data() + begin, src_.size() - begin, "");
    if (!tao::pegtl::parse<Rule>(in)) throw fmt_layout::LostPlace(begin, "expected a type in the source here");
    auto end = static_cast<std::uint32_t>(begin + (in.current() - in.begin()));
    std::string_view prev;
    for (const auto& t : fmt_layout::lex_region(w_, begin, end)) {
      std::string_view text = src_.substr(t.begin, t.end - t.begin);
      // Against its neighbour: `(`, `[` and what follows them, `)`, `]`, the `[` of `List[` and a power.
      bool tight = !prev.empty() && (text == ")" || text == "]" || text == "[" || text[0] == '^' || text == ":" ||
                                     text == "," || prev == "(" || prev == "[");
      w_.token(text, t.begin, t.end, tight ? Space::none : Space::one, false);
      prev = text;
    }
  }

  // A unit after `->`, written without spaces: `-> GB/s`, `-> 1/s`.
  void unit(const ast::UnitExpr& u, Space space);

  // ---- expressions -------------------------------------------------------------------------------
  // The value of a declaration or clause, after a space.
  void clause(const ast::Expr& e);
  void literal(std::size_t length, Space space, bool breakable);
  static bool led_by_operand(const ast::Expr& e);

  // How many parentheses the author put around `e` (the parser keeps only the widened span).
  int parentheses(const ast::Expr& e) const;
  void expr(const ast::Expr& e, Space space);

  // The entries of a list, a call, a record or a match, each an expression of its own.
  // `inside` is the space after the opening bracket: one inside braces (`{ a: 1 }`), none otherwise.
  template <typename Entry>
  void entries(std::size_t count, Space inside, Entry entry) {
    for (std::size_t i = 0; i < count; ++i) {
      if (i > 0) w_.expect(",", Space::none, false);
      w_.begin_expression();
      entry(i, i > 0 ? Space::one : inside);
      w_.end_expression();
    }
  }

  void bare(const ast::Expr& e, Space space);
  Writer w_;
  std::string_view src_;
};

}  // namespace mlsi::fmt_layout
