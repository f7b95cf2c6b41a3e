#include "syntax/parse_converter.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <tuple>

#include "grammar/grammar.hpp"
#include "syntax/parser.hpp"

namespace mlsi::parse_detail {

namespace g = grammar;

Converter::Chain Converter::chain(const Node& n, std::size_t operators) {
  int length = static_cast<int>(std::min<std::size_t>(operators, kMaxChain + 1));
  chain_ += length;
  if (chain_ > kMaxChain)  // at the start of the chain: underlining all of it could mean a megabyte of `~`
    throw ConvertError{Span{file_, span(n).begin, span(n).begin + 1}, fmt::format("syntax error: expression too deep: more than {} operators chained along one path", kMaxChain)};
  return Chain{*this, length};
}

double Converter::number_value(std::string_view text) {
  // The digits without `_`, on the stack for the usual literal (a std::string was built for each).
  // strtod, not std::from_chars: Emscripten's libc++ has no from_chars of a double.
  char buffer[64];
  std::string long_digits;
  char* digits = buffer;
  if (text.size() >= sizeof buffer) {
    long_digits.resize(text.size());
    digits = long_digits.data();
  }
  std::size_t length = 0;
  for (char c : text)
    if (c != '_') digits[length++] = c;
  digits[length] = '\0';
  return std::strtod(digits, nullptr);
}

ast::ExprPtr Converter::comprehension(const Node& whole, const Node& body, const Node& rest, bool bare) {
  auto e = make(ast::ExprKind::comprehension, whole);
  e->flag = bare;
  e->operands.push_back(expr(body));
  e->text = rest.children.at(0)->string();
  e->op_span = span(*rest.children[0]);
  e->operands.push_back(expr(*rest.children.at(1)));
  if (rest.children.size() > 2) e->operands.push_back(expr(*rest.children[2]->children.at(0)));
  return e;
}

std::pair<int, int> Converter::power_of(const Node& n) const {
  // `^2`, `^-1`, `^(1/2)`, `^(-3/2)`: the grammar allows only these characters.
  std::string text = n.string();
  auto digits = [&](std::size_t& i) {
    int value = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
      value = value * 10 + (text[i] - '0');
      if (value > kMaxPower)
        throw ConvertError{span(n), fmt::format("the power `{}` is too large (at most {})", text, kMaxPower)};
    }
    return value;
  };
  std::size_t i = 1;
  bool fraction = text[i] == '(';
  if (fraction) ++i;
  bool negative = text[i] == '-';
  if (negative) ++i;
  int num = digits(i);
  int den = 1;
  if (fraction) {
    ++i;  // the '/'
    den = digits(i);
    if (den == 0) throw ConvertError{span(n), fmt::format("the power `{}` divides by zero", text)};
  }
  return {negative ? -num : num, den};
}

Span Converter::span(const Node& n) const {
  return Span{file_, base_ + n.begin, base_ + n.end};
}

std::string Converter::unescape(std::string_view quoted) {
  std::string out;
  for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
    char c = quoted[i];
    if (c == '\\' && i + 2 < quoted.size()) {
      char e = quoted[++i];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
    } else {
      out += c;
    }
  }
  return out;
}

ast::UnitExpr Converter::unit(const Node& n) {
  ast::UnitExpr u;
  u.span = span(n);
  add_unit_terms(n, false, u.terms);
  return u;
}

void Converter::add_unit_terms(const Node& n, bool inverted, std::vector<ast::UnitTerm>& out) {
  out.reserve(out.size() + n.children.size());  // at most a term per child (most often exactly)
  bool divide_next = false;
  for (const auto& c : n.children) {
    if (c->is_type<g::unit_mul>()) {
      divide_next = false;
    } else if (c->is_type<g::unit_div>()) {
      divide_next = true;
    } else if (c->is_type<g::unit_paren>()) {
      add_unit_terms(*c->children.at(0), inverted != divide_next, out);
      divide_next = false;
    } else if (c->is_type<g::unit_atom>()) {
      ast::UnitTerm t;
      t.name = c->children.at(0)->string();
      t.span = span(*c);
      if (c->children.size() > 1) std::tie(t.power, t.power_den) = power_of(*c->children[1]);
      t.divide = inverted != divide_next;
      out.push_back(std::move(t));
      divide_next = false;
    } else if (c->is_type<g::unit_one>()) {
      ast::UnitTerm t;
      t.span = span(*c);
      t.divide = inverted != divide_next;
      out.push_back(std::move(t));
      divide_next = false;
    } else if (c->is_type<g::unit_expr>() || c->is_type<g::unit_tight>()) {
      add_unit_terms(*c, inverted != divide_next, out);
      divide_next = false;
    }
  }
}

ast::TypeExpr Converter::type(const Node& n) {
  ast::TypeExpr t;
  t.span = span(n);
  if (n.is_type<g::list_type>()) {
    t.kind = ast::TypeExpr::Kind::list;
    t.operands.push_back(type(*n.children.at(0)));
  } else if (n.is_type<g::enum_type>()) {
    t.kind = ast::TypeExpr::Kind::enumeration;
    for (const auto& c : n.children) {
      t.cases.push_back(c->string());
      t.case_spans.push_back(span(*c));
    }
  } else if (n.is_type<g::record_type>()) {
    t.kind = ast::TypeExpr::Kind::record;
    for (const auto& f : n.children) {
      t.cases.push_back(f->children.at(0)->string());
      t.case_spans.push_back(span(*f->children[0]));
      t.operands.push_back(type(*f->children.at(1)));
    }
  } else if (n.is_type<g::dim_expr>()) {
    auto deeper = chain(n, n.children.size() / 2);
    t = type(*n.children.at(0));
    for (std::size_t i = 1; i + 1 < n.children.size(); i += 2) {
      ast::TypeExpr combined;
      combined.kind = n.children[i]->is_type<g::dim_mul>() ? ast::TypeExpr::Kind::mul : ast::TypeExpr::Kind::div;
      combined.span = Span::join(t.span, span(*n.children[i + 1]));
      combined.operands.push_back(std::move(t));
      combined.operands.push_back(type(*n.children[i + 1]));
      t = std::move(combined);
    }
  } else if (n.is_type<g::dim_factor>()) {
    t = type(*n.children.at(0));
    if (n.children.size() > 1) {
      ast::TypeExpr p;
      p.kind = ast::TypeExpr::Kind::pow;
      p.span = span(n);
      std::tie(p.power, p.power_den) = power_of(*n.children[1]);
      p.operands.push_back(std::move(t));
      t = std::move(p);
    }
  } else if (n.is_type<g::dim_paren>()) {
    t = type(*n.children.at(0));
  } else if (n.is_type<g::dim_one>()) {
    t.kind = ast::TypeExpr::Kind::one;
  } else {  // dim_name
    t.kind = ast::TypeExpr::Kind::name;
    t.name = n.string();
  }
  return t;
}

ast::ExprPtr Converter::make(ast::ExprKind k, const Node& n) {
  auto e = std::make_unique<ast::Expr>();
  e->kind = k;
  e->span = span(n);
  return e;
}

ast::ExprPtr Converter::binary(const Node& n) {
  auto deeper = chain(n, n.children.size() / 2);
  auto lhs = expr(*n.children.at(0));
  for (std::size_t i = 1; i + 1 < n.children.size(); i += 2) {
    auto rhs = expr(*n.children[i + 1]);
    auto e = std::make_unique<ast::Expr>();
    e->kind = ast::ExprKind::binary;
    const Node& op = *n.children[i];
    e->text = op.is_type<g::op_and>() ? "and" : op.is_type<g::op_or>() ? "or" : op.string();
    e->op_span = span(op);
    e->span = Span::join(lhs->span, rhs->span);
    e->operands.reserve(2);  // (one allocation, not two)
    e->operands.push_back(std::move(lhs));
    e->operands.push_back(std::move(rhs));
    lhs = std::move(e);
  }
  return lhs;
}

ast::ExprPtr Converter::expr(const Node& n) {
  using K = ast::ExprKind;
  if (n.is_type<g::expr>()) {
    auto inner = expr(*n.children.at(0));
    if (n.children.size() == 1) return inner;
    auto e = make(K::convert, n);
    e->unit = unit(*n.children[1]);
    e->op_span = e->unit.span;
    e->operands.push_back(std::move(inner));
    return e;
  }
  if (n.is_type<g::disjunction>() || n.is_type<g::conjunction>() || n.is_type<g::comparison>() ||
      n.is_type<g::sum>() || n.is_type<g::product>() || n.is_type<g::power>())
    return binary(n);
  if (n.is_type<g::logical_not>()) {
    auto e = make(K::logical_not, n);
    e->op_span = Span{file_, e->span.begin, e->span.begin + 3};
    e->operands.push_back(expr(*n.children.at(0)));
    return e;
  }
  if (n.is_type<g::negation>()) {
    auto e = make(K::negate, n);
    e->op_span = span(*n.children.at(0));
    e->operands.push_back(expr(*n.children.at(1)));
    return e;
  }
  if (n.is_type<g::postfix>()) {
    auto deeper = chain(n, n.children.size() - 1);
    auto e = expr(*n.children.at(0));
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      const Node& s = *n.children[i];
      ast::ExprPtr next;
      if (s.is_type<g::call_suffix>()) {
        next = std::make_unique<ast::Expr>();
        next->kind = K::call;
        next->op_span = e->span;
        next->operands.reserve(s.children.at(0)->children.size() + 1);
        for (const auto& a : s.children.at(0)->children) {
          if (a->is_type<g::named_arg>()) {
            next->names.push_back(a->children.at(0)->string());
            next->name_spans.push_back(span(*a->children[0]));
            next->operands.push_back(expr(*a->children.at(1)));
          } else if (a->is_type<g::positional_arg>()) {  // `key for x in xs`: a comprehension without brackets
            next->names.emplace_back();
            next->name_spans.push_back(span(*a));
            next->operands.push_back(comprehension(*a, *a->children.at(0), *a->children.at(1), true));
          } else {
            next->names.emplace_back();
            next->name_spans.push_back(span(*a));
            next->operands.push_back(expr(*a));
          }
        }
        next->operands.insert(next->operands.begin(), std::move(e));
      } else if (s.is_type<g::field_access>()) {
        next = std::make_unique<ast::Expr>();
        next->kind = K::field;
        next->text = s.children.at(0)->string();
        next->op_span = span(*s.children[0]);
        next->operands.push_back(std::move(e));
      } else {  // index_access
        next = std::make_unique<ast::Expr>();
        next->kind = K::index;
        next->op_span = span(s);
        next->operands.reserve(2);
        next->operands.push_back(std::move(e));
        next->operands.push_back(expr(*s.children.at(0)));
      }
      next->span = Span{file_, next->operands[0]->span.begin, span(s).end};
      e = std::move(next);
    }
    return e;
  }
  if (n.is_type<g::number>()) {
    auto e = make(K::number, n);
    e->value = number_value(n.string_view());
    return e;
  }
  if (n.is_type<g::quantity>()) {
    auto e = make(K::quantity, n);
    e->value = number_value(n.children.at(0)->string_view());
    e->unit = unit(*n.children.at(1));
    e->op_span = e->unit.span;
    return e;
  }
  if (n.is_type<g::string_lit>()) {
    auto e = make(K::text, n);
    e->text = unescape(n.string_view());
    return e;
  }
  if (n.is_type<g::true_lit>() || n.is_type<g::false_lit>()) {
    auto e = make(K::boolean, n);
    e->flag = n.is_type<g::true_lit>();
    return e;
  }
  if (n.is_type<g::name_ref>()) {
    auto e = make(K::name, n);
    e->text = n.string();
    e->op_span = e->span;
    return e;
  }
  if (n.is_type<g::paren>()) {
    auto e = expr(*n.children.at(0));
    e->span = span(n);
    return e;
  }
  if (n.is_type<g::list_quantity>()) {
    if (n.children.size() == 1) return expr(*n.children[0]);  // a list without a unit
    // `[a, b] GB` is `[a, b] * 1 GB`, marked so that the unit also becomes the display unit.
    auto e = make(K::binary, n);
    e->text.assign(1, '*');  // (`= "*"` trips GCC 12's false -Wrestrict under the sanitizers)
    e->flag = true;
    auto unit_node = make(K::quantity, *n.children.at(1));
    unit_node->value = 1;
    unit_node->unit = unit(*n.children.at(1));
    e->op_span = unit_node->span;
    e->operands.reserve(2);
    e->operands.push_back(expr(*n.children.at(0)));
    e->operands.push_back(std::move(unit_node));
    return e;
  }
  if (n.is_type<g::list_lit>()) {
    if (n.children.empty()) return make(K::list, n);
    const Node& body = *n.children[0];  // list_body: the first entry, then a comprehension or more entries
    const Node& rest = *body.children.at(1);
    if (rest.is_type<g::comprehension>()) return comprehension(n, *body.children[0], rest, false);
    auto e = make(K::list, n);
    e->operands.reserve(rest.children.size() + 1);
    e->operands.push_back(expr(*body.children[0]));
    for (const auto& item : rest.children) e->operands.push_back(expr(*item));
    return e;
  }
  if (n.is_type<g::record_lit>()) {
    auto e = make(K::record, n);
    e->names.reserve(n.children.size());
    e->name_spans.reserve(n.children.size());
    e->operands.reserve(n.children.size());
    for (const auto& f : n.children) {
      e->names.push_back(f->children.at(0)->string());
      e->name_spans.push_back(span(*f->children[0]));
      e->operands.push_back(expr(*f->children.at(1)));
    }
    return e;
  }
  if (n.is_type<g::let_in>()) {
    auto e = make(K::let_in, n);
    e->text = n.children.at(0)->string();
    e->op_span = span(*n.children[0]);
    e->operands.reserve(2);
    e->operands.push_back(expr(*n.children.at(1)));
    e->operands.push_back(expr(*n.children.at(2)));
    return e;
  }
  if (n.is_type<g::if_expr>()) {
    auto e = make(K::if_then, n);
    e->operands.reserve(n.children.size());
    for (const auto& c : n.children) e->operands.push_back(expr(*c));
    return e;
  }
  if (n.is_type<g::match_expr>()) {
    auto e = make(K::match, n);
    e->operands.push_back(expr(*n.children.at(0)));
    for (std::size_t i = 1; i < n.children.size(); ++i) {
      const Node& arm = *n.children[i];
      e->names.push_back(arm.children.at(0)->string());
      e->name_spans.push_back(span(*arm.children[0]));
      e->operands.push_back(expr(*arm.children.at(1)));
    }
    return e;
  }
  throw std::logic_error(fmt::format("parser: unexpected node at byte {}", n.begin));
}

}  // namespace mlsi::parse_detail
