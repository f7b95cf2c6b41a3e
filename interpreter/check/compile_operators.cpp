// Operators: the dimension rules of arithmetic, powers, comparisons and logic (language.md "Types").
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"
#include "base/stack_guard.hpp"
#include "model/display.hpp"
#include "base/work_counters.hpp"

namespace mlsi {
namespace {

// Applies `rule` to the scalar types under lists: `List[Information] * Count` is `List[Information]`.
template <typename Rule>
std::optional<Type> broadcast(const Type& a, const Type& b, Rule rule) {
  if (a.is_error() || b.is_error()) return Type::error();
  if (a.is_list() && b.is_list()) {
    auto r = broadcast(*a.element, *b.element, rule);
    if (!r) return std::nullopt;
    return Type::list(*r);
  }
  if (a.is_list()) {
    auto r = broadcast(*a.element, b, rule);
    if (!r) return std::nullopt;
    return Type::list(*r);
  }
  if (b.is_list()) {
    auto r = broadcast(a, *b.element, rule);
    if (!r) return std::nullopt;
    return Type::list(*r);
  }
  return rule(a, b);
}

std::optional<Rational> as_rational(double x) {
  for (int den = 1; den <= 12; ++den) {
    double n = x * den;
    if (std::fabs(n - std::round(n)) < 1e-9 && std::fabs(n) <= static_cast<double>(kMaxExponentPart))
      return Rational::make(static_cast<std::int64_t>(std::llround(n)), den);
  }
  return std::nullopt;
}

}  // namespace


using check_nodes::constant;
using check_nodes::make;

// `8 GB / 70B`: `70B` reads like "70 billion" (parameters), but `B` is the byte unit, so the quotient
// is a Count where a size per parameter was probably meant. The meaning stays; the reader is told.
void Compiler::warn_byte_count(const ast::Expr& divisor, const Type& dividend) {
  if (divisor.kind != ast::ExprKind::quantity || divisor.unit.terms.size() != 1) return;
  const ast::UnitTerm& term = divisor.unit.terms.front();
  const Unit* byte = p_.units.find("B");
  if (term.name != "B" || term.power != 1 || term.power_den != 1 || term.divide || !byte || !dividend.scalar().is_quantity() || !(dividend.scalar().dim == byte->dim))
    return;
  // Only `70B`, written against its number as a model size is: `x / (1 B)` strips the unit on purpose,
  // and `80 GB / 2 B` counts two-byte values.
  std::string_view number = p_.sources.text(Span{divisor.span.file, divisor.span.begin, std::max(divisor.span.begin, term.span.begin)});
  if (number.empty() || number.back() == ' ' || number.back() == '\t' || divisor.value == 1) return;
  std::string count = format_number(divisor.value);
  auto& d = diags_.warning(divisor.span, fmt::format("`{}` is {} bytes: `B` is the byte unit, so this divides bytes by bytes", p_.sources.text(divisor.span), count));
  d.notes.push_back(fmt::format("for {} billion (a Count), write `{} billion`", count, count));
}

// `workload.attention == "mla"`: a Text literal compared with an enumeration (a catalogue category, or
// any `one of`) names one of its cases and becomes that case; any other text is an error now, where a
// silent `false` would hide the misspelling. False when it reported one.
bool Compiler::text_as_case(const CExpr& side, CExpr& literal) {
  if (side.type.kind != Type::Kind::enumeration || literal.op != Op::constant || literal.type.kind != Type::Kind::text) return true;
  const EnumType& en = *side.type.enumeration;
  const std::string& text = literal.constant.text();
  int idx = en.find(text);
  if (idx >= 0) {
    literal.constant = Value(EnumValue{idx, side.type.enumeration});
    literal.type = side.type;
    return true;
  }
  auto& d = diags_.error(literal.span, fmt::format("`\"{}\"` is not a case of `{}`", text, tname(side.type)));
  if (auto near = closest_name(text, en.cases); !near.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", near));
  literal.type = Type::error();
  return false;
}

CExpr Compiler::binary(const ast::Expr& e, Scope& sc, const Type* expected) {
  const std::string& op = e.text;
  static const std::map<std::string, Op> ops = {
      {"+", Op::add}, {"-", Op::sub}, {"*", Op::mul}, {"/", Op::div}, {"^", Op::pow}, {"<", Op::lt},
      {"<=", Op::le}, {">", Op::gt},  {">=", Op::ge}, {"==", Op::eq}, {"!=", Op::ne}, {"and", Op::logical_and},
      {"or", Op::logical_or}};
  CExpr c = make(ops.at(op), e, Type::error());
  c.kids.reserve(2);  // no growing from one to two, which moves the first
  bool equality = c.op == Op::eq || c.op == Op::ne;
  bool arithmetic_or_order = c.op == Op::add || c.op == Op::sub || c.op == Op::lt || c.op == Op::le || c.op == Op::gt || c.op == Op::ge;
  const Type* hint = arithmetic_or_order ? expected : nullptr;
  if (c.op == Op::lt || c.op == Op::le || c.op == Op::gt || c.op == Op::ge || equality) hint = nullptr;
  // `rule == mean` and `mean == rule`: one side reads case names of the other side's enumeration, so a
  // bare name on the left is compiled after the right side.
  bool right_first = equality && e.operands[0]->kind == ast::ExprKind::name && e.operands[1]->kind != ast::ExprKind::name;
  if (right_first) {
    CExpr rhs = expr(*e.operands[1], sc, hint);
    c.kids.push_back(expr(*e.operands[0], sc, rhs.type.is_error() ? hint : &rhs.type));
    c.kids.push_back(std::move(rhs));
  } else {
    c.kids.push_back(expr(*e.operands[0], sc, hint));
    const Type* rhs_hint = (equality || arithmetic_or_order) && !c.kids[0].type.is_error() ? &c.kids[0].type : hint;
    c.kids.push_back(expr(*e.operands[1], sc, rhs_hint));
  }
  if (equality && text_as_case(c.kids[0], c.kids[1])) text_as_case(c.kids[1], c.kids[0]);
  const Type& a = c.kids[0].type;
  const Type& b = c.kids[1].type;
  auto mismatch = [&](const std::string& msg) {
    auto& d = diags_.error(c.op_span, msg);
    d.labels.push_back(Label{c.kids[0].span, tname(a)});
    d.labels.push_back(Label{c.kids[1].span, tname(b)});
  };

  switch (c.op) {
    case Op::add:
    case Op::sub: {
      auto t = broadcast(a, b, [](const Type& x, const Type& y) -> std::optional<Type> {
        if (x.is_quantity() && y.is_quantity() && x.dim == y.dim) return x;
        return std::nullopt;
      });
      if (t) c.type = *t;
      else if (c.op == Op::add) mismatch(fmt::format("cannot add {} and {}", tname(a.scalar()), tname(b.scalar())));
      else mismatch(fmt::format("cannot subtract {} from {}", tname(b.scalar()), tname(a.scalar())));
      break;
    }
    case Op::mul:
    case Op::div: {
      bool mul = c.op == Op::mul;
      std::optional<DimOutcome> overflow;
      auto t = broadcast(a, b, [mul, &overflow](const Type& x, const Type& y) -> std::optional<Type> {
        if (!x.is_quantity() || !y.is_quantity()) return std::nullopt;
        DimOutcome r = mul ? multiply(x.dim, y.dim) : divide(x.dim, y.dim);
        if (!r.ok()) {
          overflow = r;
          return std::nullopt;
        }
        return Type::quantity(*r.dim);
      });
      if (t) c.type = *t;
      else if (overflow) diags_.error(c.op_span, p_.dims.overflow_message(*overflow));
      else mismatch(fmt::format("cannot {} {} {} {}", mul ? "multiply" : "divide", tname(a), mul ? "by" : "by", tname(b)));
      if (t && !mul) warn_byte_count(*e.operands[1], a);
      break;
    }
    case Op::pow: {
      if (a.is_error() || b.is_error()) break;
      if (!b.is_count()) {
        diags_.error(c.kids[1].span, fmt::format("an exponent must be a Count, found {}", tname(b)));
        break;
      }
      if (!a.scalar().is_quantity()) {
        mismatch(fmt::format("cannot raise {} to a power", tname(a)));
        break;
      }
      if (a.scalar().dim.dimensionless()) {
        c.type = a;
        break;
      }
      std::optional<Rational> r;
      if (c.kids[1].op == Op::constant) r = as_rational(c.kids[1].constant.number());
      if (!r && c.kids[1].op == Op::constant && !(std::fabs(c.kids[1].constant.number()) < static_cast<double>(kMaxExponentPart))) {
        diags_.error(c.op_span, fmt::format("dimension exponent too large: {} to the power {} (a dimension exponent is a fraction whose numerator and denominator are at most {})",
                                            tname(a.scalar()), format_number(c.kids[1].constant.number()), kMaxExponentPart));
        break;
      }
      if (!r) {
        auto& d = diags_.error(c.kids[1].span, fmt::format("the exponent of a {} must be a number known before evaluation", tname(a.scalar())));
        d.notes.push_back("a quantity with a dimension can only be raised to a constant power, such as 2 or 1/2");
        break;
      }
      // `((1 s)^65536)^65536` must not wrap around to s^0 and pass for a plain number.
      DimOutcome raised = power(a.scalar().dim, *r);
      if (!raised.ok()) {
        diags_.error(c.op_span, p_.dims.overflow_message(raised));
        break;
      }
      c.type = a.is_list() ? Type::list(Type::quantity(*raised.dim)) : Type::quantity(*raised.dim);
      break;
    }
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
    case Op::eq:
    case Op::ne: {
      auto t = broadcast(a, b, [equality](const Type& x, const Type& y) -> std::optional<Type> {
        if (x.is_quantity() && y.is_quantity() && x.dim == y.dim) return Type::boolean();
        if (equality && x.kind == y.kind && x.kind != Type::Kind::quantity && x.kind != Type::Kind::record && compatible(x, y))
          return Type::boolean();
        return std::nullopt;
      });
      if (t) c.type = *t;
      else mismatch(fmt::format("cannot compare {} and {}", tname(a.scalar()), tname(b.scalar())));
      break;
    }
    case Op::logical_and:
    case Op::logical_or: {
      auto t = broadcast(a, b, [](const Type& x, const Type& y) -> std::optional<Type> {
        if (x.is_bool() && y.is_bool()) return Type::boolean();
        return std::nullopt;
      });
      if (t) c.type = *t;
      else mismatch(fmt::format("`{}` needs Bool operands, found {} and {}", op, tname(a), tname(b)));
      break;
    }
    default: break;
  }
  // Fold arithmetic on two plain constants (exponents must be known at check time). A result that is
  // not finite is left for evaluation, which reports it with its span.
  if (c.kids[0].op == Op::constant && c.kids[1].op == Op::constant && c.kids[0].constant.is_number() &&
      c.kids[1].constant.is_number() && c.type.is_quantity()) {
    double x = c.kids[0].constant.number(), y = c.kids[1].constant.number(), r = NAN;
    switch (c.op) {
      case Op::add: r = x + y; break;
      case Op::sub: r = x - y; break;
      case Op::mul: r = x * y; break;
      case Op::div: r = x / y; break;
      case Op::pow: r = std::pow(x, y); break;
      default: break;
    }
    if (std::isfinite(r)) {
      CExpr folded = c;
      folded.op = Op::constant;
      folded.constant = Value(r);
      folded.kids.clear();
      return folded;
    }
  }
  return c;
}

}  // namespace mlsi
