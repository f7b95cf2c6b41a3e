// Names in expressions: a local, a scenario's own input, let or output, an enumeration's case where one
// is expected, a global, a catalogue entry; an unknown name, with what it may have meant.
#include <fmt/format.h>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"

namespace mlsi {

using check_nodes::constant;
using check_nodes::make;

void Compiler::note_slot(Span span, const Scenario& s, int slot) {
  if (!p_.uses) return;
  const Slot& sl = s.slots[static_cast<std::size_t>(slot)];
  note_use(NameUse{span, UseKind::slot, p_.find_scenario_index(s.name), slot, sl.span, sl.name, sl.type, nullptr, nullptr});
}

std::vector<std::string> Compiler::value_names(const Scope& sc) const {
  std::vector<std::string> out;
  for (const auto& l : sc.locals) out.push_back(l.name);
  if (sc.scenario)
    for (const auto& s : sc.scenario->slots) out.push_back(s.name);
  for (const auto& g : p_.globals) out.push_back(g.name);
  out.insert(out.end(), p_.deferred_globals.begin(), p_.deferred_globals.end());
  for (auto& n : p_.catalogue.all_names()) out.push_back(std::move(n));
  return out;
}

namespace {

// `a, b, c`: the cases of an enumeration, for a note.
std::string case_list(const EnumType& en) {
  std::string cases;
  for (const auto& c : en.cases) cases += (cases.empty() ? "" : ", ") + c;
  return cases;
}

}  // namespace

CExpr Compiler::name(const ast::Expr& e, Scope& sc, const Type* expected) {
  const std::string& n = e.text;
  for (auto it = sc.locals.rbegin(); it != sc.locals.rend(); ++it) {
    if (it->name != n) continue;
    CExpr c = make(Op::local, e, it->type);
    c.index = it->index;
    if (p_.uses) note_use(NameUse{e.span, UseKind::local, -1, it->index, it->span, n, it->type, nullptr, nullptr});
    return c;
  }
  if (sc.scenario) {
    int slot = sc.scenario->find_slot(n);
    bool own_default = sc.in_default && slot == sc.current_slot;
    if (slot >= 0 && !own_default) {
      CExpr c = make(Op::slot, e, slot_type(*sc.scenario, slot, e.span));
      c.index = slot;
      if (sc.deps && sc.current_slot >= 0) (*sc.deps)[static_cast<std::size_t>(sc.current_slot)].push_back(slot);
      if (sc.reads) sc.reads->push_back(slot);
      note_slot(e.span, *sc.scenario, slot);
      return c;
    }
  }
  // Where an enumeration is expected, its case names are values.
  if (expected && expected->kind == Type::Kind::enumeration) {
    int idx = expected->enumeration->find(n);
    if (idx >= 0) {
      if (p_.uses) note_use(NameUse{e.span, UseKind::enum_case, -1, idx, {}, n, *expected, nullptr, expected->enumeration});
      return constant(e, Value(EnumValue{idx, expected->enumeration}), *expected);
    }
  }
  if (auto it = p_.global_index.find(n); it != p_.global_index.end()) {
    ensure_global(it->second);
    const Global& g = p_.globals[static_cast<std::size_t>(it->second)];
    CExpr c = make(Op::global, e, g.type);
    c.index = it->second;
    if (p_.uses) note_use(NameUse{e.span, UseKind::global, -1, it->second, g.span, g.name, g.type, nullptr, nullptr});
    return c;
  }
  if (const auto* entry = p_.catalogue.find(n)) {
    // An entry is never a value of an enumeration: where one is expected, `fp16` that is not one of its
    // cases is a misspelt case, even though the catalogue has a Precision `fp16`.
    if (!expected || expected->kind != Type::Kind::enumeration) {
      Type t = Type::of_record(entry->value.record().type);
      if (p_.uses) note_use(NameUse{e.span, UseKind::catalogue_entry, -1, -1, entry->span, entry->key, t, nullptr, nullptr});
      return constant(e, entry->value, std::move(t));
    }
    auto& d = diags_.error(e.span, fmt::format("`{}` is not a case of `{}`", n, tname(*expected)));
    if (auto near = closest_name(n, expected->enumeration->cases); !near.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", near));
    d.notes.push_back(fmt::format("`{}` is a {} entry of the catalogue, and an entry is never a case of an enumeration", n, entry->value.record().type->name));
    d.notes.push_back("expected one of: " + case_list(*expected->enumeration));
    return make(Op::constant, e, Type::error());
  }

  if (p_.uses) {
    UnknownName u{e.span, expected ? *expected : Type::error(), sc.scenario ? p_.find_scenario_index(sc.scenario->name) : -1, {}, nullptr};
    for (const auto& l : sc.locals) u.locals.emplace_back(l.name, l.type);
    p_.uses->unknown.push_back(std::move(u));
  }
  if (expected && expected->kind == Type::Kind::record && expected->record->catalogue) {
    unknown_entry(e.span, n, *expected);
    return make(Op::constant, e, Type::error());
  }
  auto& d = diags_.error(e.span, fmt::format("unknown name `{}`", n));
  if (expected && expected->is_bool()) d.notes.push_back("a Bool is `true` or `false`");
  if (expected && expected->kind == Type::Kind::enumeration) {
    d.notes.push_back("expected one of: " + case_list(*expected->enumeration));
    auto s = closest_name(n, expected->enumeration->cases);
    if (!s.empty()) d.notes.insert(d.notes.begin(), fmt::format("did you mean `{}`?", s));
    return make(Op::constant, e, Type::error());
  }
  auto candidates = value_names(sc);
  auto s = closest_name(n, candidates);
  if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
  if (find_unit(n, e.span))
    d.notes.push_back(fmt::format("`{0}` is a unit; a unit follows a number, as in `1 {0}`", n));
  else if (p_.function_index.count(n) || p_.scenario_index.count(n))
    d.notes.push_back(fmt::format("`{}` is a function or scenario: call it with `(...)`", n));
  return make(Op::constant, e, Type::error());
}
}  // namespace mlsi
