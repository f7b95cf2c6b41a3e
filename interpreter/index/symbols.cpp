#include "index/symbols.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mlsi::index {

const char* kind_name(SymbolKind k) {
  switch (k) {
    case SymbolKind::scenario: return "scenario";
    case SymbolKind::input: return "input";
    case SymbolKind::let: return "let";
    case SymbolKind::output: return "output";
    case SymbolKind::function: return "function";
    case SymbolKind::parameter: return "parameter";
    case SymbolKind::local: return "local";
    case SymbolKind::global: return "constant";
    case SymbolKind::config: return "config";
    case SymbolKind::unit: return "unit";
    case SymbolKind::dimension: return "dimension";
    case SymbolKind::type: return "type";
    case SymbolKind::catalogue_entry: return "catalogue entry";
    case SymbolKind::catalogue_kind: return "catalogue kind";
    case SymbolKind::field: return "field";
    case SymbolKind::enum_case: return "case";
    case SymbolKind::builtin_function: return "built-in function";
    case SymbolKind::builtin_type: return "built-in type";
  }
  return "name";
}

namespace {

std::string span_key(Span s) { return fmt::format("{}:{}", s.file, s.begin); }

// The identity of an enumeration: its name, or its cases.
std::string enum_key(const EnumType& en) {
  if (!en.name.empty()) return en.name;
  std::string cases;
  for (const auto& c : en.cases) cases += c + ",";
  return cases;
}

SymbolKind slot_kind(SlotKind k) {
  switch (k) {
    case SlotKind::input: return SymbolKind::input;
    case SlotKind::let: return SymbolKind::let;
    case SlotKind::output: return SymbolKind::output;
  }
  return SymbolKind::let;
}

}  // namespace

Target target_of_use(const Program& p, const NameUse& use) {
  Target t;
  t.name = use.name;
  t.definition = use.definition;
  t.type = use.type;
  t.index = use.index;
  switch (use.kind) {
    case UseKind::slot: {
      const Scenario& s = p.scenarios[static_cast<std::size_t>(use.scenario)];
      t.kind = slot_kind(s.slots[static_cast<std::size_t>(use.index)].kind);
      t.scenario = use.scenario;
      t.key = fmt::format("slot:{}:{}", use.scenario, use.index);
      break;
    }
    case UseKind::global:
      t.kind = SymbolKind::global;
      t.key = fmt::format("global:{}", use.index);
      break;
    case UseKind::function:
      t.kind = SymbolKind::function;
      t.key = fmt::format("function:{}", use.index);
      break;
    case UseKind::local_function:
      t.kind = SymbolKind::function;
      t.scenario = use.scenario;
      t.key = fmt::format("fn:{}:{}", use.scenario, use.index);
      break;
    case UseKind::scenario:
      t.kind = SymbolKind::scenario;
      t.key = fmt::format("scenario:{}", use.index);
      break;
    case UseKind::catalogue_entry:
      t.kind = SymbolKind::catalogue_entry;
      t.key = "entry:" + use.name;
      break;
    case UseKind::field:
      t.kind = SymbolKind::field;
      t.record = use.record;
      // A field of a named record (a catalogue kind, a scenario's result) is one symbol wherever it is read.
      t.key = use.record && !use.record->name.empty() ? fmt::format("field:{}.{}", use.record->name, use.name)
                                                      : "field:" + span_key(use.definition) + use.name;
      break;
    case UseKind::local:
      t.kind = SymbolKind::local;
      t.key = "local:" + span_key(use.definition);
      break;
    case UseKind::enum_case:
      t.kind = SymbolKind::enum_case;
      t.enumeration = use.enumeration;
      t.key = fmt::format("case:{}:{}", use.enumeration ? enum_key(*use.enumeration) : "", use.name);
      break;
    case UseKind::builtin_function:
      t.kind = SymbolKind::builtin_function;
      t.key = "builtin:" + use.name;
      break;
  }
  return t;
}

SymbolIndex::SymbolIndex(const Program& program, const NameUses& uses) : p_(program) {
  for (const auto& m : p_.modules) add_declarations(*m);
  add_uses(uses);
  std::sort(occurrences_.begin(), occurrences_.end(), [](const Occurrence& a, const Occurrence& b) {
    if (a.span.file != b.span.file) return a.span.file < b.span.file;
    if (a.span.begin != b.span.begin) return a.span.begin < b.span.begin;
    return a.span.end > b.span.end;
  });
  // A name recorded twice (a slot compiled on demand, then again) is one occurrence.
  occurrences_.erase(std::unique(occurrences_.begin(), occurrences_.end(),
                                 [](const Occurrence& a, const Occurrence& b) {
                                   return a.span.file == b.span.file && a.span.begin == b.span.begin && a.span.end == b.span.end;
                                 }),
                     occurrences_.end());
}

void SymbolIndex::add(Span span, Target target, bool declaration) {
  if (!span.valid() || span.end <= span.begin) return;
  occurrences_.push_back(Occurrence{span, std::move(target), declaration});
}

Target SymbolIndex::slot_target(int scenario, int slot) const {
  const Scenario& s = p_.scenarios[static_cast<std::size_t>(scenario)];
  const Slot& sl = s.slots[static_cast<std::size_t>(slot)];
  Target t;
  t.kind = slot_kind(sl.kind);
  t.name = sl.name;
  t.key = fmt::format("slot:{}:{}", scenario, slot);
  t.definition = sl.span;
  t.scenario = scenario;
  t.index = slot;
  t.type = sl.type;
  return t;
}

void SymbolIndex::add_uses(const NameUses& uses) {
  for (const auto& u : uses.uses) {
    Target t = target_of_use(p_, u);
    // A local's binding is its declaration: it is found from its uses.
    if (u.kind == UseKind::local && u.definition.valid()) {
      Target d = t;
      d.kind = SymbolKind::local;
      add(u.definition, d, true);
    }
    add(u.span, std::move(t), false);
  }
}

void SymbolIndex::add_units(const ast::UnitExpr& u) {
  if (!u.span.valid()) return;
  NameScope scope = p_.scopes.scope_of(u.span.file);
  for (const auto& term : u.terms) {
    if (term.name.empty()) continue;
    const Unit* unit = p_.units.find(term.name, &scope);
    if (!unit) continue;
    Target t;
    t.kind = SymbolKind::unit;
    t.name = term.name;
    t.key = "unit:" + term.name;
    t.definition = unit->span;
    t.type = Type::quantity(unit->dim);
    add(term.span, std::move(t), false);
  }
}

void SymbolIndex::add_expr_units(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::quantity || e.kind == ast::ExprKind::convert) add_units(e.unit);
  for (const auto& o : e.operands)
    if (o) add_expr_units(*o);
}

void SymbolIndex::add_type_names(const ast::TypeExpr& t, FileId file) {
  for (const auto& o : t.operands) add_type_names(o, file);
  if (t.kind != ast::TypeExpr::Kind::name || !t.span.valid()) return;
  Target target;
  target.name = t.name;
  NameScope scope = p_.scopes.scope_of(file);
  if (auto it = p_.type_index.find(t.name); it != p_.type_index.end()) {
    const NamedType& nt = p_.types[static_cast<std::size_t>(it->second)];
    target.kind = SymbolKind::type;
    target.key = fmt::format("type:{}", it->second);
    target.definition = nt.span;
    target.index = it->second;
    target.type = nt.type;
  } else if (const Dim* d = p_.dims.find(t.name, scope.home, scope.owners)) {
    target.kind = SymbolKind::dimension;
    target.key = "dim:" + t.name;
    target.type = Type::quantity(*d);
    for (const auto& m : p_.modules)
      for (const auto& decl : m->decls)
        if (const auto* dd = std::get_if<ast::DimensionDecl>(&decl); dd && dd->name == t.name && !target.definition.valid())
          target.definition = dd->name_span;
  } else if (const Unit* u = p_.units.find(t.name, &scope)) {
    target.kind = SymbolKind::unit;
    target.key = "unit:" + t.name;
    target.definition = u->span;
    target.type = Type::quantity(u->dim);
  } else if (auto k = p_.catalogue.kinds.find(t.name); k != p_.catalogue.kinds.end()) {
    target.kind = SymbolKind::catalogue_kind;
    target.key = "kind:" + t.name;
    target.type = Type::of_record(k->second);
  } else if (t.name == "Bool" || t.name == "Text" || t.name == "Count") {
    target.kind = SymbolKind::builtin_type;
    target.key = "builtin-type:" + t.name;
    target.type = t.name == "Bool" ? Type::boolean() : t.name == "Text" ? Type::text() : Type::count();
  } else {
    return;
  }
  add(t.span, std::move(target), false);
}

void SymbolIndex::add_declarations(const ast::Module& m) {
  for (const auto& decl : m.decls) {
    if (const auto* s = std::get_if<ast::ScenarioDecl>(&decl)) {
      int si = -1;
      for (std::size_t i = 0; i < p_.scenarios.size(); ++i)
        if (p_.scenarios[i].decl == s) si = static_cast<int>(i);
      if (si < 0) continue;
      const Scenario& sc = p_.scenarios[static_cast<std::size_t>(si)];
      Target t;
      t.kind = SymbolKind::scenario;
      t.name = s->name;
      t.key = fmt::format("scenario:{}", si);
      t.definition = sc.span;
      t.index = si;
      if (sc.result) t.type = Type::of_record(sc.result);
      add(s->name_span, t, true);
      for (const auto& member : s->members) {
        std::visit([&](const auto& d) {
          using D = std::decay_t<decltype(d)>;
          if constexpr (std::is_same_v<D, ast::InputDecl> || std::is_same_v<D, ast::LetDecl> || std::is_same_v<D, ast::OutputDecl>) {
            int slot = sc.find_slot(d.name);
            if (slot >= 0 && sc.slots[static_cast<std::size_t>(slot)].span.begin == d.name_span.begin) add(d.name_span, slot_target(si, slot), true);
            if constexpr (std::is_same_v<D, ast::InputDecl>) {
              add_type_names(d.type, m.file);
              if (d.default_value) add_expr_units(*d.default_value);
              if (d.where) add_expr_units(*d.where);
            } else {
              if (d.type) add_type_names(*d.type, m.file);
              if (d.value) add_expr_units(*d.value);
            }
          } else if constexpr (std::is_same_v<D, ast::FnDecl>) {
            int fi = sc.find_function(d.name);
            if (fi >= 0) {
              const Function& f = sc.functions[static_cast<std::size_t>(fi)];
              Target ft;
              ft.kind = SymbolKind::function;
              ft.name = d.name;
              ft.key = fmt::format("fn:{}:{}", si, fi);
              ft.definition = f.span;
              ft.scenario = si;
              ft.index = fi;
              ft.type = f.result;
              add(d.name_span, ft, true);
            }
            for (const auto& param : d.params) add_type_names(param.type, m.file);
            if (d.result) add_type_names(*d.result, m.file);
            if (d.body) add_expr_units(*d.body);
          } else if constexpr (std::is_same_v<D, ast::CheckDecl>) {
            if (d.condition) add_expr_units(*d.condition);
          }
        }, member);
      }
    } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
      for (std::size_t i = 0; i < p_.configs.size(); ++i) {
        const Config& cfg = p_.configs[i];
        if (cfg.span.file != c->name_span.file || cfg.span.begin != c->name_span.begin) continue;
        Target t;
        t.kind = SymbolKind::config;
        t.name = c->name;
        t.key = fmt::format("config:{}", i);
        t.definition = cfg.span;
        t.scenario = cfg.scenario;
        t.index = static_cast<int>(i);
        add(c->name_span, t, true);
      }
      for (const auto& set : c->sets)
        if (set.value) add_expr_units(*set.value);
      for (const auto& x : c->expects) {
        if (x.value) add_expr_units(*x.value);
        if (x.tolerance) add_expr_units(*x.tolerance);
      }
    } else if (const auto* f = std::get_if<ast::FnDecl>(&decl)) {
      if (auto it = p_.function_index.find(f->name); it != p_.function_index.end()) {
        const Function& fn = p_.functions[static_cast<std::size_t>(it->second)];
        if (fn.decl == f) {
          Target t;
          t.kind = SymbolKind::function;
          t.name = f->name;
          t.key = fmt::format("function:{}", it->second);
          t.definition = fn.span;
          t.index = it->second;
          t.type = fn.result;
          add(f->name_span, t, true);
        }
      }
      for (const auto& param : f->params) add_type_names(param.type, m.file);
      if (f->result) add_type_names(*f->result, m.file);
      if (f->body) add_expr_units(*f->body);
    } else if (const auto* l = std::get_if<ast::LetDecl>(&decl)) {
      if (auto it = p_.global_index.find(l->name); it != p_.global_index.end()) {
        const Global& g = p_.globals[static_cast<std::size_t>(it->second)];
        if (g.decl == l) {
          Target t;
          t.kind = SymbolKind::global;
          t.name = l->name;
          t.key = fmt::format("global:{}", it->second);
          t.definition = g.span;
          t.index = it->second;
          t.type = g.type;
          add(l->name_span, t, true);
        }
      }
      if (l->type) add_type_names(*l->type, m.file);
      if (l->value) add_expr_units(*l->value);
    } else if (const auto* u = std::get_if<ast::UnitDecl>(&decl)) {
      NameScope scope = p_.scopes.scope_of(m.file);
      if (const Unit* unit = p_.units.find(u->name, &scope)) {
        Target t;
        t.kind = SymbolKind::unit;
        t.name = u->name;
        t.key = "unit:" + u->name;
        t.definition = u->name_span;
        t.type = Type::quantity(unit->dim);
        add(u->name_span, t, true);
      }
      if (u->dimension) add_type_names(*u->dimension, m.file);
      if (u->value) add_expr_units(*u->value);
    } else if (const auto* d = std::get_if<ast::DimensionDecl>(&decl)) {
      Target t;
      t.kind = SymbolKind::dimension;
      t.name = d->name;
      t.key = "dim:" + d->name;
      t.definition = d->name_span;
      NameScope scope = p_.scopes.scope_of(m.file);
      if (const Dim* dim = p_.dims.find(d->name, scope.home, scope.owners)) t.type = Type::quantity(*dim);
      add(d->name_span, t, true);
      if (d->definition) add_type_names(*d->definition, m.file);
    } else if (const auto* td = std::get_if<ast::TypeDecl>(&decl)) {
      if (auto it = p_.type_index.find(td->name); it != p_.type_index.end()) {
        const NamedType& nt = p_.types[static_cast<std::size_t>(it->second)];
        Target t;
        t.kind = SymbolKind::type;
        t.name = td->name;
        t.key = fmt::format("type:{}", it->second);
        t.definition = nt.span;
        t.index = it->second;
        t.type = nt.type;
        add(td->name_span, t, true);
      }
      add_type_names(td->type, m.file);
    }
  }
}

const Occurrence* SymbolIndex::at(FileId file, std::uint32_t offset) const {
  auto first = std::lower_bound(occurrences_.begin(), occurrences_.end(), file,
                                [](const Occurrence& o, FileId f) { return o.span.file < f; });
  const Occurrence* best = nullptr;
  for (auto it = first; it != occurrences_.end() && it->span.file == file && it->span.begin <= offset; ++it) {
    if (offset > it->span.end) continue;
    // The innermost: the one that starts last (a later start is inside or after an earlier one).
    best = &*it;
  }
  return best;
}

std::vector<const Occurrence*> SymbolIndex::references(const Target& target, bool include_declaration) const {
  std::vector<const Occurrence*> out;
  for (const auto& o : occurrences_)
    if (o.target.key == target.key && (include_declaration || !o.declaration)) out.push_back(&o);
  return out;
}

std::vector<const Occurrence*> SymbolIndex::in_file(FileId file) const {
  std::vector<const Occurrence*> out;
  for (const auto& o : occurrences_)
    if (o.span.file == file) out.push_back(&o);
  return out;
}

}  // namespace mlsi::index
