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

// The factors of a product or ratio as written, each with its power (+1 multiplied, -1 divided):
// `rate * tokens * time` and `rate * (tokens * time)` are the same three factors.
using Factors = std::vector<std::pair<const ast::Expr*, int>>;
void product_factors(const ast::Expr& e, int sign, Factors& out) {
  if (e.kind == ast::ExprKind::binary && !e.flag && (e.text == "*" || e.text == "/")) {
    product_factors(*e.operands[0], sign, out);
    product_factors(*e.operands[1], e.text == "/" ? -sign : sign, out);
    return;
  }
  out.emplace_back(&e, sign);
}

}  // namespace

std::optional<Dim> Compiler::written_dim(const ast::Expr& e, const Scenario* in, const LabelScope& bound) const {
  using K = ast::ExprKind;
  auto of_type = [](const Type& t) -> std::optional<Dim> {
    const Type& s = t.scalar();
    return s.is_quantity() ? std::optional<Dim>(s.dim) : std::nullopt;
  };
  auto of_unit = [&](const ast::UnitExpr& u) -> std::optional<Dim> {
    DiagnosticLog scratch;  // the unit was already checked where the expression was compiled
    NameScope scope = p_.scopes.scope_of(u.span.file);
    auto r = p_.units.resolve(u, p_.dims, p_.sources, scratch, nullptr, &scope);
    return r ? std::optional<Dim>(r->dim) : std::nullopt;
  };
  switch (e.kind) {
    case K::number: return Dim{};
    case K::quantity:
    case K::convert: return of_unit(e.unit);
    case K::name: {
      for (const auto& b : bound)
        if (b.first == e.text) return std::nullopt;
      if (in)
        if (auto it = in->slot_index.find(e.text); it != in->slot_index.end()) return of_type(in->slots[static_cast<std::size_t>(it->second)].type);
      if (auto it = p_.global_index.find(e.text); it != p_.global_index.end()) return of_type(p_.globals[static_cast<std::size_t>(it->second)].type);
      return std::nullopt;
    }
    case K::negate: return written_dim(*e.operands[0], in, bound);
    case K::binary: {
      if (e.flag) return of_unit(e.operands[1]->unit);
      auto a = written_dim(*e.operands[0], in, bound);
      if (e.text == "+" || e.text == "-") return a;
      auto b = written_dim(*e.operands[1], in, bound);
      if (!a || !b || (e.text != "*" && e.text != "/")) return std::nullopt;
      return e.text == "*" ? multiply(*a, *b).dim : divide(*a, *b).dim;
    }
    default: return std::nullopt;
  }
}

CountLabel Compiler::product_label(const ast::Expr& e, const Scenario* in, const LabelScope& bound) const {
  Factors factors;
  product_factors(e, 1, factors);
  CountLabel label;
  for (const auto& [f, sign] : factors) {
    CountLabel next = count_label(*f, in, bound);
    if (label && next && next.unit != label.unit) return {};  // `tok/sample`: no one label
    label = multiply_labels(label, next, sign);
  }
  if (!label) return label;
  // A Count whose factors are not all Counts (a rate in tok/s times a time, tokens times a rate and a
  // time) is a ratio of quantities: what the label counts is not what the product counts (language.md §12).
  Dim total;
  bool all_counts = true;
  for (const auto& [f, sign] : factors) {
    auto d = written_dim(*f, in, bound);
    if (!d) return label;  // a factor whose dimension is not plain from the text: the label stays
    all_counts = all_counts && d->dimensionless();
    auto next = sign > 0 ? multiply(total, *d) : divide(total, *d);
    if (!next.dim) return label;
    total = *next.dim;
  }
  return total.dimensionless() && !all_counts ? CountLabel{} : label;
}

CountLabel Compiler::count_label(const ast::Expr& e, const Scenario* in, const LabelScope& bound) const {
  using K = ast::ExprKind;
  auto of = [&](const ast::Expr& x) { return count_label(x, in, bound); };
  auto of_unit = [&](const ast::UnitExpr& u) {
    DiagnosticLog scratch;  // the unit was already checked where the expression was compiled
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
      if (op == "*" || op == "/") return product_label(e, in, bound);
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
