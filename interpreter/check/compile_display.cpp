// The display unit of an input, let or output (language.md §12): the unit its expression names (a quantity
// literal, `->`, a constant's name, a branch), or an automatic one with the count label it carries.
#include "check/compiler.hpp"

namespace mlsi {

DisplayUnit Compiler::display_of(const ast::Expr& e, const Scenario* in) {
  DisplayUnit d = named_display(e);
  if (d.automatic) d.label = count_label(e, in);
  return d;
}

DisplayUnit Compiler::named_display(const ast::Expr& e) {
  DisplayUnit d;
  // `if c then a else b -> ms` parses the conversion into the last branch: any branch that converts
  // gives the unit of the whole.
  if (e.kind == ast::ExprKind::if_then || e.kind == ast::ExprKind::match) {
    for (std::size_t i = e.operands.size(); i-- > 1;) {
      DisplayUnit branch = named_display(*e.operands[i]);
      if (!branch.automatic) return branch;
    }
    return d;
  }
  if (e.kind == ast::ExprKind::let_in) return named_display(*e.operands[1]);
  // A name shows in the unit of what it names (`= gpu_mttf` in hours, as the prelude wrote it).
  if (e.kind == ast::ExprKind::name) {
    if (auto it = p_.global_index.find(e.text); it != p_.global_index.end()) return p_.globals[static_cast<std::size_t>(it->second)].display;
    return d;
  }
  const ast::UnitExpr* u = nullptr;
  if (e.kind == ast::ExprKind::convert || e.kind == ast::ExprKind::quantity) u = &e.unit;
  if (e.kind == ast::ExprKind::binary && e.flag) u = &e.operands[1]->unit;  // `[a, b] GB`
  if (!u) return d;
  DiagnosticLog scratch;  // the unit was already checked where the expression was compiled
  NameScope scope = p_.scopes.scope_of(u->span.file);
  auto r = p_.units.resolve(*u, p_.dims, p_.sources, scratch, nullptr, &scope);
  if (!r) return d;
  d.text = r->text == "1" ? "" : r->text;  // `-> 1` asks for a plain number
  d.factor = r->factor;
  d.automatic = false;
  d.label = r->label;
  return d;
}

}  // namespace mlsi
