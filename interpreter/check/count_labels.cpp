// What a value counts, for its automatic display unit (language.md §12): `tokens / time` with `tokens`
// written in `tok` shows as `3 ktok/s`, not `3 kHz`. A label is a unit declared from Count, so it never
// changes a value or its dimension; it is worked out from the expression as written, the way a reader
// would: through names, arithmetic, branches and list functions, and lost where two labels disagree.
#include "check/compiler.hpp"

namespace mlsi {

namespace {

CountLabel multiply_labels(const CountLabel& a, const CountLabel& b, int sign) {
  if (!b) return a;
  CountLabel scaled{b.unit, sign * b.power};
  if (!a) return scaled;
  if (a.unit != b.unit) return {};
  CountLabel product{a.unit, a.power + scaled.power};
  return product ? product : CountLabel{};
}

// Two values that are added, compared or chosen between: one label if they agree, or if only one has one.
CountLabel join_labels(const CountLabel& a, const CountLabel& b) {
  if (!a) return b;
  if (!b || a == b) return a;
  return {};
}

}  // namespace

CountLabel Compiler::count_label(const ast::Expr& e, const Scenario* in, const LabelScope& bound) const {
  using K = ast::ExprKind;
  auto of = [&](const ast::Expr& x) { return count_label(x, in, bound); };
  auto of_unit = [&](const ast::UnitExpr& u) {
    Diagnostics scratch;  // the unit was already checked where the expression was compiled
    NameScope scope = p_.scopes.scope_of(u.span.file);
    auto r = p_.units.resolve(u, p_.dims, p_.sources, scratch, nullptr, &scope);
    return r ? r->label : CountLabel{};
  };
  switch (e.kind) {
    case K::quantity:
    case K::convert: return of_unit(e.unit);
    case K::name: {
      for (auto it = bound.rbegin(); it != bound.rend(); ++it)
        if (it->first == e.text) return it->second;
      if (in)
        if (auto it = in->slot_index.find(e.text); it != in->slot_index.end()) return in->slots[static_cast<std::size_t>(it->second)].display.label;
      if (auto it = p_.global_index.find(e.text); it != p_.global_index.end()) return p_.globals[static_cast<std::size_t>(it->second)].display.label;
      return {};
    }
    case K::negate:
    case K::index: return of(*e.operands[0]);
    case K::binary: {
      if (e.flag) {  // `[a, b] tok`
        CountLabel unit = of_unit(e.operands[1]->unit);
        return unit ? unit : of(*e.operands[0]);
      }
      const std::string& op = e.text;
      if (op == "*") return multiply_labels(of(*e.operands[0]), of(*e.operands[1]), 1);
      if (op == "/") return multiply_labels(of(*e.operands[0]), of(*e.operands[1]), -1);
      if (op == "+" || op == "-") return join_labels(of(*e.operands[0]), of(*e.operands[1]));
      return {};
    }
    case K::if_then: return join_labels(of(*e.operands[1]), of(*e.operands[2]));
    case K::match: {
      CountLabel out = of(*e.operands[1]);
      for (std::size_t i = 2; i < e.operands.size(); ++i) out = join_labels(out, of(*e.operands[i]));
      return out;
    }
    case K::list: {
      CountLabel out;
      for (std::size_t i = 0; i < e.operands.size(); ++i) out = i == 0 ? of(*e.operands[i]) : join_labels(out, of(*e.operands[i]));
      return out;
    }
    case K::call: {
      // The functions whose result counts what their arguments count.
      static const char* const kept[] = {"sum", "min", "max", "mean", "abs", "ceil", "floor", "round"};
      const ast::Expr& callee = *e.operands[0];
      if (callee.kind != K::name || e.operands.size() < 2) return {};
      bool keeps = false;
      for (const char* k : kept) keeps = keeps || callee.text == k;
      if (!keeps || (in && in->slot_index.count(callee.text))) return {};
      CountLabel out = of(*e.operands[1]);
      for (std::size_t i = 2; i < e.operands.size(); ++i) out = join_labels(out, of(*e.operands[i]));
      return out;
    }
    case K::comprehension: {
      LabelScope inner = bound;
      inner.emplace_back(e.text, of(*e.operands[1]));
      return count_label(*e.operands[0], in, inner);
    }
    case K::let_in: {
      LabelScope inner = bound;
      inner.emplace_back(e.text, of(*e.operands[0]));
      return count_label(*e.operands[1], in, inner);
    }
    default: return {};
  }
}

}  // namespace mlsi
