// Units after `->` and expressions, with the parentheses the author wrote and canonical spaces.
#include <algorithm>
#include <variant>

#include "formatter/printer.hpp"

namespace mlsi::fmt_layout {

using ast::ExprKind;

void Printer::unit(const ast::UnitExpr& u, Space space) {
  for (const auto& t : fmt_layout::lex_region(w_, u.span.begin, u.span.end)) {
    w_.token(src_.substr(t.begin, t.end - t.begin), t.begin, t.end, space, false);
    space = Space::none;
  }
}

void Printer::clause(const ast::Expr& e) {
  w_.begin_expression();
  expr(e, Space::one);
  w_.end_expression();
}

void Printer::literal(std::size_t length, Space space, bool breakable) {
  std::uint32_t at = w_.next();
  w_.token(src_.substr(at, length), at, at + static_cast<std::uint32_t>(length), space, breakable);
}

bool Printer::led_by_operand(const ast::Expr& e) {
  switch (e.kind) {
    case ExprKind::binary: case ExprKind::call: case ExprKind::field: case ExprKind::index: case ExprKind::convert:
      return true;
    default:
      return false;
  }
}

int Printer::parentheses(const ast::Expr& e) const {
  std::uint32_t stop = led_by_operand(e) ? e.operands.at(0)->span.begin : e.span.end;
  int count = 0;
  for (std::uint32_t at = w_.skip(e.span.begin); at < stop && src_[at] == '('; at = w_.skip(at + 1)) ++count;
  return count;
}

void Printer::expr(const ast::Expr& e, Space space) {
  int parens = parentheses(e);
  for (int i = 0; i < parens; ++i) {
    w_.open("(", i == 0 ? space : Space::none);
    w_.begin_expression();
  }
  bare(e, parens > 0 ? Space::none : space);
  for (int i = 0; i < parens; ++i) {
    w_.end_expression();
    w_.close(")", false, true);
  }
}

void Printer::bare(const ast::Expr& e, Space space) {
  const auto& ops = e.operands;
  switch (e.kind) {
    case ExprKind::number:
      return literal(fmt_layout::number_length(src_.substr(w_.next())), space, true);
    case ExprKind::quantity: {
      // As written, with at most one space between the number and its unit.
      std::uint32_t at = w_.next();
      std::string text(src_.substr(at, fmt_layout::number_length(src_.substr(at))));
      if (at + text.size() < e.unit.span.begin) text += ' ';
      text += src_.substr(e.unit.span.begin, e.unit.span.end - e.unit.span.begin);
      return w_.token(text, at, e.unit.span.end, space, true);
    }
    case ExprKind::boolean:
      return w_.expect(e.flag ? "true" : "false", space);
    case ExprKind::text:
      return literal(fmt_layout::string_length(src_.substr(w_.next())), space, true);
    case ExprKind::name:
      return w_.expect(e.text, space);
    case ExprKind::negate:
      w_.expect("-", space);
      return expr(*ops.at(0), Space::none);
    case ExprKind::logical_not:
      w_.expect("not", space);
      return expr(*ops.at(0), Space::one);
    case ExprKind::binary: {
      expr(*ops.at(0), space);
      if (e.flag) {  // `[a, b] GB`: the unit of every entry, against the list
        const auto& u = ops.at(1)->unit.span;
        return w_.token(src_.substr(u.begin, u.end - u.begin), u.begin, u.end, Space::one, false);
      }
      w_.expect(e.text, Space::one);
      return expr(*ops.at(1), Space::one);
    }
    case ExprKind::if_then:
      w_.expect("if", space);
      expr(*ops.at(0), Space::one);
      w_.expect("then", Space::one);
      expr(*ops.at(1), Space::one);
      w_.expect("else", Space::one);
      return expr(*ops.at(2), Space::one);
    case ExprKind::call:
      expr(*ops.at(0), space);
      w_.open("(", Space::none);
      entries(ops.size() - 1, Space::none, [&](std::size_t i, Space s) {
        if (!e.names[i].empty()) {
          w_.expect(e.names[i], s);
          w_.expect("=", Space::one, false);
          s = Space::one;
        }
        expr(*ops[i + 1], s);
      });
      return w_.close(")", true, ops.size() > 1);
    case ExprKind::field:
      expr(*ops.at(0), space);
      w_.expect(".", Space::none);
      return w_.expect(e.text, Space::none, false);
    case ExprKind::index:
      expr(*ops.at(0), space);
      w_.open("[", Space::none);
      w_.begin_expression();
      expr(*ops.at(1), Space::none);
      w_.end_expression();
      return w_.close("]", false, true);
    case ExprKind::list:
      w_.open("[", space);
      entries(ops.size(), Space::none, [&](std::size_t i, Space s) { expr(*ops[i], s); });
      return w_.close("]", true, !ops.empty());
    case ExprKind::comprehension:
      if (e.flag) w_.begin_expression();  // `max_by(d.memory for d in devices)`: no brackets of its own
      else w_.open("[", space);
      w_.begin_expression();
      expr(*ops.at(0), e.flag ? space : Space::none);
      w_.end_expression();
      w_.expect("for", Space::one);
      w_.expect(e.text, Space::one);
      w_.expect("in", Space::one);
      w_.begin_expression();
      expr(*ops.at(1), Space::one);
      w_.end_expression();
      if (ops.size() > 2) {
        w_.expect("if", Space::one);
        w_.begin_expression();
        expr(*ops[2], Space::one);
        w_.end_expression();
      }
      if (e.flag) return w_.end_expression();
      return w_.close("]", false, true);
    case ExprKind::record:
      w_.open("{", space);
      entries(ops.size(), Space::one, [&](std::size_t i, Space s) {
        w_.expect(e.names[i], s);
        w_.expect(":", Space::none, false);
        expr(*ops[i], Space::one);
      });
      return w_.close("}", true, !ops.empty(), Space::one);
    case ExprKind::match:
      w_.expect("match", space);
      expr(*ops.at(0), Space::one);
      w_.open("{", Space::one);
      entries(ops.size() - 1, Space::one, [&](std::size_t i, Space s) {
        w_.expect(e.names[i], s);
        w_.expect("=>", Space::one);
        expr(*ops[i + 1], Space::one);
      });
      return w_.close("}", true, ops.size() > 1, Space::one);
    case ExprKind::let_in:
      w_.expect("let", space);
      w_.expect(e.text, Space::one);
      w_.expect("=", Space::one);
      expr(*ops.at(0), Space::one);
      w_.expect("in", Space::one);
      return expr(*ops.at(1), Space::one);
    case ExprKind::convert:
      expr(*ops.at(0), space);
      w_.expect("->", Space::one);
      return unit(e.unit, Space::one);
  }
}

}  // namespace mlsi::fmt_layout
