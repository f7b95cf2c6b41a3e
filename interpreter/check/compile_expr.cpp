// Expressions: the dispatch over the kinds of expression, literals and the static dimension rules of
// language.md ("Types"); names are resolved in compile_name.cpp, records, lists and enumerations taken
// apart in compile_compound.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"
#include "check/integer_literal.hpp"
#include "base/check_deadline.hpp"
#include "base/stack_guard.hpp"
#include "model/display.hpp"
#include "model/unit_example.hpp"
#include "base/work_counters.hpp"

namespace mlsi {

using check_nodes::constant;
using check_nodes::make;

void Compiler::report_type_mismatch(const CExpr& c, const Type& want, const std::string& what) {
  std::string msg;
  if (want.kind == Type::Kind::record && want.record->catalogue && c.type.kind == Type::Kind::record &&
      c.type.record->catalogue && c.op == Op::constant)
    msg = fmt::format("{} expects a {}; {} is a {}", what, want.record->name, c.constant.record().key, c.type.record->name);
  else
    msg = fmt::format("{} expects {}, found {}", what, tname(want), tname(c.type));
  auto& d = diags_.error(c.span, msg);
  if (std::string note = bare_number_note(c, want, p_); !note.empty()) d.notes.push_back(std::move(note));
  if (std::string note = hidden_case_note(c, want); !note.empty()) d.notes.push_back(std::move(note));
  // Two dimensions of one name: a user's own `Tokens` against a built-in pack file's (language.md §4.1).
  if (tname(want) == tname(c.type))
    d.notes.push_back(fmt::format("these are two different dimensions named {}: a built-in pack file's own and one declared "
                                  "elsewhere; a text that declares its own cannot pass values of the pack's",
                                  tname(want)));
}

CExpr Compiler::expr(const ast::Expr& e, Scope& sc, const Type* expected) {
  using K = ast::ExprKind;
  if (stack_exhausted()) {
    // Reported once: every expression between here and the top of the chain would say the same.
    if (!stack_reported_) {
      stack_reported_ = true;
      auto& d = diags_.error(e.span, "nesting too deep to check: this expression, with the definitions it uses, runs out of stack");
      d.notes.push_back("split a long chain of definitions that each use the next, or a very deep expression");
    }
    return constant(e, Value(0.0), Type::error());
  }
  if (check_deadline_passed()) {
    // The rest is not checked: said once, where the bound (check_deadline.hpp) passed.
    if (!deadline_reported_) {
      deadline_reported_ = true;
      diags_.error(e.span, fmt::format("checking stopped here: this document takes more than {} ms to check, the editor's "
                                       "bound (`mlsi check` has none)", check_deadline_milliseconds()));
    }
    return constant(e, Value(0.0), Type::error());
  }
  switch (e.kind) {
    case K::number:
      note_expected(e.span, expected);
      if (!std::isfinite(e.value)) {
        diags_.error(e.span, "this number is too large for a double (at most about 1.8e308)");
        return constant(e, Value(0.0), Type::error());
      }
      warn_inexact_integer(e.span, p_.sources.text(e.span), e.value);
      return constant(e, Value(e.value), Type::count());
    case K::quantity: {
      note_expected(e.span, expected);
      UnitContext context = quantity_context(e, sc, expected);
      auto u = resolve_unit(e.unit, &context);
      if (!u) return constant(e, Value(e.value), Type::error());
      // `3 t` is always three tonnes; if `t` is also a name in this scenario or function, the author
      // may have meant `3 * t`. The meaning does not change, but the reader is told.
      // Only the unit right after the number reads like a factor (`3 t`); `3.35 TB/s` does not.
      for (const auto& term : e.unit.terms) {
        if (&term != &e.unit.terms.front()) break;
        bool local = std::any_of(sc.locals.begin(), sc.locals.end(), [&](const Local& l) { return l.name == term.name; });
        bool slot = sc.scenario && sc.scenario->find_slot(term.name) >= 0;
        if (term.name.empty() || !(local || slot)) continue;
        auto& d = diags_.warning(term.span, fmt::format("`{0}` after a number is the unit `{0}`, not the {1} `{0}`", term.name, local ? "parameter" : "declaration"));
        d.notes.push_back(fmt::format("to multiply by the value, write `{} * {}`", exact_number(e.value), term.name));
      }
      if (std::isfinite(e.value)) {
        Span number{e.span.file, e.span.begin, std::max(e.span.begin, e.unit.span.begin)};
        std::string_view text = p_.sources.text(number);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
        number.end = number.begin + static_cast<std::uint32_t>(text.size());
        warn_inexact_integer(number, text, e.value);
      }
      double v = e.value * u->factor;
      if (!std::isfinite(v)) {
        diags_.error(e.span, "this quantity is too large for a double (at most about 1.8e308 in SI units)");
        return constant(e, Value(0.0), Type::error());
      }
      return constant(e, Value(v), Type::quantity(u->dim));
    }
    case K::boolean: return constant(e, Value(e.flag), Type::boolean());
    case K::text: return constant(e, Value(e.text), Type::text());
    case K::name: return name(e, sc, expected);
    case K::negate:
    case K::logical_not: {
      bool neg = e.kind == K::negate;
      CExpr c = make(neg ? Op::negate : Op::logical_not, e, Type::error());
      c.kids.push_back(expr(*e.operands[0], sc, expected));
      const Type& t = c.kids[0].type;
      const Type& s = t.scalar();
      if (s.is_error() || (neg && s.is_quantity()) || (!neg && s.is_bool())) {
        c.type = t;
        if (neg && c.kids[0].op == Op::constant && c.kids[0].constant.is_number()) {
          CExpr folded = constant(e, Value(-c.kids[0].constant.number()), t);
          return folded;
        }
      } else {
        diags_.error(c.op_span, neg ? fmt::format("cannot negate {}", tname(t))
                                    : fmt::format("`not` needs a Bool, found {}", tname(t)));
      }
      return c;
    }
    case K::binary: return binary(e, sc, expected);
    case K::if_then: {
      CExpr c = make(Op::if_then, e, Type::error());
      c.kids.push_back(expr(*e.operands[0], sc));
      if (!c.kids[0].type.is_error() && !c.kids[0].type.is_bool())
        diags_.error(c.kids[0].span, fmt::format("the condition of `if` must be a Bool, found {}", tname(c.kids[0].type)));
      c.kids.push_back(expr(*e.operands[1], sc, expected));
      const Type* branch_hint = expected ? expected : &c.kids[1].type;
      c.kids.push_back(expr(*e.operands[2], sc, branch_hint));
      if (!compatible(c.kids[1].type, c.kids[2].type)) {
        auto& d = diags_.error(c.kids[2].span, fmt::format("the branches of `if` differ: {} and {}", tname(c.kids[1].type), tname(c.kids[2].type)));
        d.labels.push_back(Label{c.kids[1].span, ""});
      }
      c.type = c.kids[1].type.is_error() ? c.kids[2].type : c.kids[1].type;
      return c;
    }
    case K::call: return call(e, sc, expected);
    case K::let_in: return let_in(e, sc, expected);
    case K::field: return field(e, sc);
    case K::index: {
      CExpr c = make(Op::index, e, Type::error());
      c.kids.push_back(expr(*e.operands[0], sc));
      c.kids.push_back(expr(*e.operands[1], sc));
      const Type& lt = c.kids[0].type;
      if (!lt.is_error() && !lt.is_list())
        diags_.error(c.kids[0].span, fmt::format("only a list can be indexed; this is {}", tname(lt)));
      else if (lt.is_list())
        c.type = *lt.element;
      const Type& it = c.kids[1].type;
      if (!it.is_error() && !it.is_count())
        diags_.error(c.kids[1].span, fmt::format("a list index must be a Count, found {}", tname(it)));
      return c;
    }
    case K::list: {
      CExpr c = make(Op::list, e, Type::error());
      const Type* hint = expected && expected->is_list() ? expected->element.get() : nullptr;
      Type element = hint ? *hint : Type::error();
      bool known = false;
      c.kids.reserve(e.operands.size());  // a list literal may hold millions: no growing step by step
      for (const auto& item : e.operands) {
        ++work_counters().list_elements_checked;
        c.kids.push_back(expr(*item, sc, known ? &element : hint));
        const Type& t = c.kids.back().type;
        if (t.is_error()) continue;
        if (!known) {
          element = t;
          known = true;
        } else if (!compatible(element, t)) {
          auto& d = diags_.error(c.kids.back().span, fmt::format("list elements must have one type: this is {}, the first is {}", tname(t), tname(element)));
          d.labels.push_back(Label{c.kids.front().span, ""});
        }
      }
      c.type = Type::list(element);
      return c;
    }
    case K::comprehension: return comprehension(e, sc, expected);
    case K::record: return record_literal(e, sc, expected);
    case K::match: return match(e, sc, expected);
    case K::convert: return convert(e, sc, expected);
  }
  return make(Op::constant, e, Type::error());
}

void Compiler::warn_inexact_integer(Span span, std::string_view text, double value) {
  if (auto message = inexact_integer_literal(text, value)) {
    auto& d = diags_.warning(span, std::move(*message));
    d.notes.push_back("every whole number up to 2^53 = 9007199254740992 is exact; past it, a double holds only some");
  }
}

UnitContext Compiler::quantity_context(const ast::Expr& e, const Scope& sc, const Type* expected) const {
  UnitContext cx;
  std::string_view before = p_.sources.text(Span{e.span.file, e.span.begin, std::max(e.span.begin, e.unit.span.begin)});
  while (!before.empty() && (before.back() == ' ' || before.back() == '\t')) before.remove_suffix(1);
  cx.number = std::string(before);
  if (expected && expected->scalar().is_quantity()) cx.expected = expected->scalar().dim;
  cx.names_value = [this, &sc](const std::string& n) {
    for (const auto& l : sc.locals)
      if (l.name == n) return true;
    if (sc.scenario && sc.scenario->find_slot(n) >= 0) return true;
    return p_.global_index.count(n) > 0 || std::find(p_.deferred_globals.begin(), p_.deferred_globals.end(), n) != p_.deferred_globals.end();
  };
  return cx;
}

CExpr Compiler::convert(const ast::Expr& e, Scope& sc, const Type* expected) {
  CExpr inner = expr(*e.operands[0], sc, expected);
  UnitContext target;
  if (inner.type.scalar().is_quantity()) target.expected = inner.type.scalar().dim;
  note_expected(e.unit.span, &inner.type);
  auto u = resolve_unit(e.unit, &target);
  if (!u || inner.type.is_error()) return inner;
  const Type& s = inner.type.scalar();
  if (!s.is_quantity() || !(s.dim == u->dim)) {
    auto& d = diags_.error(e.unit.span, fmt::format("cannot convert {} to `{}`, which is {}", tname(s), u->text, p_.dims.format(u->dim)));
    d.labels.push_back(Label{inner.span, tname(inner.type)});
  }
  inner.span = e.span;
  return inner;
}

}  // namespace mlsi
