// Types as written: dimensions, units, Bool, Text, catalogue kinds, lists, enumerations, record types, and
// the names `type` declarations give them (language.md §4.6, §7); record literals checked against the
// record type their context expects (against a catalogue kind: compile_catalogue_literal.cpp).
#include <fmt/format.h>

#include <algorithm>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"

namespace mlsi {

using check_nodes::make;

void Compiler::declare_type(const ast::TypeDecl& d) {
  const std::string& n = d.name;
  std::string taken;
  if (n == "Bool" || n == "Text" || n == "List") taken = "a built-in type";
  else if (find_dim(n, d.name_span)) taken = "a dimension";
  else if (p_.catalogue.kinds.count(n)) taken = "a catalogue kind";
  else if (find_unit(n, d.name_span)) taken = "a unit";
  if (!taken.empty()) {
    diags_.error(d.name_span, fmt::format("`{}` is already {}; a type needs a name of its own", n, taken));
    return;
  }
  if (auto it = p_.type_index.find(n); it != p_.type_index.end()) {
    const Span first = p_.types[static_cast<std::size_t>(it->second)].span;
    auto& diag = diags_.error(d.name_span, fmt::format("type `{}` is already defined", n));
    auto lc = p_.sources.line_col(first.file, first.begin);
    diag.notes.push_back(fmt::format("first defined at {}:{}:{}", p_.sources.file(first.file).name, lc.line, lc.col));
    return;
  }
  NamedType t;
  t.name = n;
  t.doc = d.doc;
  t.span = d.name_span;
  t.decl = &d;
  bind_name(p_, NameTable::types, n, static_cast<std::int64_t>(p_.types.size()));
  p_.types.push_back(std::move(t));
}

NamedType& Compiler::ensure_type(int index, Span use) {
  NamedType& t = p_.types[static_cast<std::size_t>(index)];
  if (t.state == State::done || t.state == State::failed) return t;
  if (t.state == State::in_progress) {
    auto& d = diags_.error(use, fmt::format("type `{}` is defined in terms of itself", t.name));
    d.notes.push_back("a record cannot contain itself; a list of its own type is not supported either");
    t.state = State::failed;
    t.type = Type::error();
    return t;
  }
  t.state = State::in_progress;
  Type resolved = resolve_type(t.decl->type, &t.display);
  if (t.state == State::failed) return t;
  // The name is how messages and `mlsi show` call it.
  if (resolved.kind == Type::Kind::record && !resolved.record->catalogue) {
    auto named = std::make_shared<RecordType>(*resolved.record);
    named->name = t.name;
    resolved.record = std::move(named);
  } else if (resolved.kind == Type::Kind::enumeration) {
    auto named = std::make_shared<EnumType>(*resolved.enumeration);
    named->name = t.name;
    resolved.enumeration = std::move(named);
  }
  t.type = std::move(resolved);
  t.state = State::done;
  return t;
}

Type Compiler::record_type(const ast::TypeExpr& t) {
  auto r = std::make_shared<RecordType>();
  for (std::size_t i = 0; i < t.cases.size(); ++i) {
    if (r->find(t.cases[i]) >= 0) diags_.error(t.case_spans[i], fmt::format("field `{}` is listed twice", t.cases[i]));
    r->fields.push_back(t.cases[i]);
    DisplayUnit unit;
    r->types.push_back(resolve_type(t.operands[i], &unit));
    r->units.push_back(unit.automatic ? DisplayUnitText{} : DisplayUnitText{unit.text, unit.factor});
  }
  return Type::of_record(r);
}

CExpr Compiler::record_literal(const ast::Expr& e, Scope& sc, const Type* expected) {
  if (expected && expected->kind == Type::Kind::record && expected->record->catalogue) return catalogue_literal(e, sc, *expected);
  CExpr c = make(Op::record, e, Type::error());
  const RecordType* want = expected && expected->kind == Type::Kind::record && !expected->record->catalogue ? expected->record.get() : nullptr;
  if (!want) {
    auto rt = std::make_shared<RecordType>();
    for (std::size_t i = 0; i < e.operands.size(); ++i) {
      if (rt->find(e.names[i]) >= 0) diags_.error(e.name_spans[i], fmt::format("field `{}` is given twice", e.names[i]));
      c.kids.push_back(expr(*e.operands[i], sc));
      rt->fields.push_back(e.names[i]);
      rt->types.push_back(c.kids.back().type);
    }
    c.type = Type::of_record(rt);
    return c;
  }
  // Against the record type expected: each field by name, in the type's order, checked against its type.
  const std::string shown = tname(*expected);
  std::vector<std::optional<CExpr>> fields(want->fields.size());
  bool ok = true;
  for (std::size_t i = 0; i < e.operands.size(); ++i) {
    int at = want->find(e.names[i]);
    if (at < 0) {
      auto& d = diags_.error(e.name_spans[i], fmt::format("{} has no field `{}`", shown, e.names[i]));
      if (auto s = closest_name(e.names[i], want->fields); !s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
      expr(*e.operands[i], sc);
      ok = false;
      continue;
    }
    auto slot = static_cast<std::size_t>(at);
    if (fields[slot]) {
      diags_.error(e.name_spans[i], fmt::format("field `{}` is given twice", e.names[i]));
      ok = false;
      continue;
    }
    CExpr value = expr(*e.operands[i], sc, &want->types[slot]);
    ok = expect_type(value, want->types[slot], [&] { return fmt::format("field `{}` of {}", e.names[i], shown); }) && ok;
    fields[slot] = std::move(value);
  }
  std::string missing;
  for (std::size_t k = 0; k < fields.size(); ++k)
    if (!fields[k]) missing += (missing.empty() ? "`" : ", `") + want->fields[k] + "`";
  if (!missing.empty() && ok) {
    auto& d = diags_.error(e.span, fmt::format("this record lacks {} of {}", missing, shown));
    if (!want->name.empty())
      d.notes.push_back(fmt::format("{} is {}", want->name, type_name(Type::of_record(std::make_shared<RecordType>(RecordType{"", false, want->fields, want->types, {}})), p_.dims)));
    ok = false;
  }
  if (!ok) return c;
  for (auto& f : fields) c.kids.push_back(std::move(*f));
  c.type = *expected;
  return c;
}

Type Compiler::resolve_type(const ast::TypeExpr& t, DisplayUnit* display) {
  using K = ast::TypeExpr::Kind;
  switch (t.kind) {
    case K::one: return Type::count();
    case K::list: return Type::list(resolve_type(t.operands[0]));
    case K::enumeration: {
      auto e = std::make_shared<EnumType>();
      for (std::size_t i = 0; i < t.cases.size(); ++i) {
        if (e->find(t.cases[i]) >= 0) diags_.error(t.case_spans[i], fmt::format("case `{}` is listed twice", t.cases[i]));
        e->cases.push_back(t.cases[i]);
      }
      return Type::of_enum(e);
    }
    case K::mul:
    case K::div:
    case K::pow: {
      std::vector<Type> ops;
      for (const auto& o : t.operands) ops.push_back(resolve_type(o));
      for (const auto& o : ops) {
        if (o.is_error()) return o;
        if (!o.is_quantity()) {
          diags_.error(t.span, "only dimensions can be multiplied, divided or raised to a power");
          return Type::error();
        }
      }
      auto exponent = Rational::make(t.power, t.power_den);
      if (!exponent) {
        diags_.error(t.span, "the power is too large");
        return Type::error();
      }
      DimOutcome r = t.kind == K::pow ? power(ops[0].dim, *exponent)
                     : t.kind == K::mul ? multiply(ops[0].dim, ops[1].dim)
                                        : divide(ops[0].dim, ops[1].dim);
      if (!r.ok()) {
        diags_.error(t.span, p_.dims.overflow_message(r));
        return Type::error();
      }
      if (display)
        if (auto unit = unit_display_of(t)) *display = *unit;
      return Type::quantity(*r.dim);
    }
    case K::record: return record_type(t);
    case K::name: break;
  }
  const std::string& n = t.name;
  if (n == "Bool") return Type::boolean();
  if (n == "Text") return Type::text();
  if (auto it = p_.type_index.find(n); it != p_.type_index.end()) {
    NamedType& named = ensure_type(it->second, t.span);
    if (display && !named.display.automatic) *display = named.display;
    return named.type;
  }
  if (const Dim* d = find_dim(n, t.span)) return Type::quantity(*d);
  if (auto it = p_.catalogue.kinds.find(n); it != p_.catalogue.kinds.end()) return Type::of_record(it->second);
  if (const Unit* u = find_unit(n, t.span)) {
    if (display) {
      *display = DisplayUnit{u->name, u->factor, false};
      NameScope scope = p_.scopes.scope_of(t.span.file);
      if (const Unit* label = p_.units.label_unit(u->name, &scope)) display->label = CountLabel{label->name, 1};
    }
    return Type::quantity(u->dim);
  }
  auto& d = diags_.error(t.span, fmt::format("unknown type `{}`", n));
  std::vector<std::string> candidates = p_.dims.names();
  candidates.insert(candidates.end(), {"Bool", "Text", "List"});
  for (const auto& [k, v] : p_.catalogue.kinds) candidates.push_back(k);
  for (const auto& [k, v] : p_.type_index) candidates.push_back(k);
  auto s = closest_name(n, candidates);
  if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
  d.notes.push_back("a type is a dimension (Count, Information, Information / Time, ...), a unit, Bool, Text, a catalogue kind, List[T], `one of a | b`, `{ field: T }` or a `type` you declare");
  return Type::error();
}

}  // namespace mlsi
