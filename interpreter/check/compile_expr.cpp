// Expressions: name resolution and the static dimension rules of language.md ("Types").
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

bool Compiler::expect_type(const CExpr& c, const Type& want, const std::string& what) {
  if (compatible(c.type, want)) return true;
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
  return false;
}

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

CExpr Compiler::field(const ast::Expr& e, Scope& sc) {
  CExpr c = make(Op::field, e, Type::error());
  c.kids.push_back(expr(*e.operands[0], sc));
  const Type& t = c.kids[0].type;
  if (t.is_error()) return c;
  if (t.kind != Type::Kind::record) {
    diags_.error(e.op_span, fmt::format("`.{}` needs a record, but this is {}", e.text, tname(t)));
    return c;
  }
  int idx = t.record->find(e.text);
  if (idx < 0) {
    if (p_.uses) p_.uses->unknown.push_back(UnknownName{e.op_span, Type::error(), -1, {}, t.record});
    // A record inside a catalogue entry (`A100.flops`) is named by the entry when it is known here.
    std::string owner;
    const CExpr& of = c.kids[0];
    if (of.op == Op::constant && of.constant.is_record()) owner = of.constant.record().owner;
    else if (of.op == Op::field && of.kids[0].op == Op::constant && of.kids[0].constant.is_record())
      owner = of.kids[0].constant.record().key;
    auto& d = diags_.error(e.op_span, fmt::format("{} no field `{}`", record_subject(t.record->name, "", owner), e.text));
    auto s = closest_name(e.text, t.record->fields);
    if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
    return c;
  }
  c.index = idx;
  c.type = t.record->types[static_cast<std::size_t>(idx)];
  if (p_.uses) {
    // Where the field is written: an entry's own field in the catalogue, or a called scenario's output.
    Span def;
    const CExpr& of = c.kids[0];
    if (of.op == Op::constant && of.constant.is_record() && !of.constant.record().key.empty())
      if (const auto* entry = p_.catalogue.find(of.constant.record().key))
        if (static_cast<std::size_t>(idx) < entry->field_spans.size()) def = entry->field_spans[static_cast<std::size_t>(idx)];
    if (of.op == Op::call_scenario) {
      const Scenario& called = p_.scenarios[static_cast<std::size_t>(of.index)];
      if (int slot = called.find_slot(e.text); slot >= 0) def = called.slots[static_cast<std::size_t>(slot)].span;
    }
    note_use(NameUse{e.op_span, UseKind::field, -1, idx, def, e.text, c.type, t.record, nullptr});
  }
  return c;
}

CExpr Compiler::comprehension(const ast::Expr& e, Scope& sc, const Type* expected) {
  CExpr c = make(Op::comprehension, e, Type::error());
  CExpr source = expr(*e.operands[1], sc);
  Type element = Type::error();
  if (source.type.is_list()) element = *source.type.element;
  else if (!source.type.is_error())
    diags_.error(source.span, fmt::format("`for ... in` needs a list, found {}", tname(source.type)));
  int local = static_cast<int>(sc.locals.size());
  sc.locals.push_back(Local{e.text, local, element, e.op_span});
  sc.max_locals = std::max(sc.max_locals, static_cast<int>(sc.locals.size()));
  c.index = local;
  const Type* hint = expected && expected->is_list() ? expected->element.get() : nullptr;
  CExpr body = expr(*e.operands[0], sc, hint);
  c.kids.push_back(std::move(source));
  c.type = Type::list(body.type);
  c.kids.push_back(std::move(body));
  if (e.operands.size() > 2) {
    CExpr filter = expr(*e.operands[2], sc);
    if (!filter.type.is_error() && !filter.type.is_bool())
      diags_.error(filter.span, fmt::format("the filter `if` of a list must be a Bool, found {}", tname(filter.type)));
    c.kids.push_back(std::move(filter));
  }
  sc.locals.pop_back();
  return c;
}

CExpr Compiler::match(const ast::Expr& e, Scope& sc, const Type* expected) {
  CExpr c = make(Op::match, e, Type::error());
  c.kids.push_back(expr(*e.operands[0], sc));
  const Type subject = c.kids[0].type;
  std::shared_ptr<const EnumType> en;
  if (subject.kind == Type::Kind::enumeration) en = subject.enumeration;
  else if (!subject.is_error())
    diags_.error(c.kids[0].span, fmt::format("`match` needs an enumeration (`one of ...`), found {}", tname(subject)));
  int wildcard = -1;
  if (en) c.map.assign(en->cases.size(), -1);
  Type result = Type::error();
  const Type* hint = expected;
  for (std::size_t i = 0; i < e.names.size(); ++i) {
    const std::string& pat = e.names[i];
    int arm = static_cast<int>(i) + 1;
    if (pat == "_") {
      if (wildcard >= 0) diags_.error(e.name_spans[i], "a second `_` arm is never reached");
      wildcard = arm;
    } else if (en) {
      int idx = en->find(pat);
      if (idx < 0) {
        if (p_.uses) p_.uses->unknown.push_back(UnknownName{e.name_spans[i], subject, -1, {}, nullptr});
        auto& d = diags_.error(e.name_spans[i], fmt::format("`{}` is not a case of {}", pat, tname(subject)));
        auto s = closest_name(pat, en->cases);
        if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
      } else if (c.map[static_cast<std::size_t>(idx)] >= 0) {
        diags_.error(e.name_spans[i], fmt::format("case `{}` is matched twice", pat));
      } else {
        c.map[static_cast<std::size_t>(idx)] = arm;
        if (p_.uses) note_use(NameUse{e.name_spans[i], UseKind::enum_case, -1, idx, {}, pat, subject, nullptr, en});
      }
    }
    c.kids.push_back(expr(*e.operands[i + 1], sc, hint));
    const Type t = c.kids.back().type;
    if (result.is_error()) {
      result = t;
      if (!hint && !t.is_error()) hint = &result;
    } else if (!compatible(result, t)) {
      auto& d = diags_.error(c.kids.back().span, fmt::format("the arms of `match` differ: {} and {}", tname(result), tname(t)));
      d.labels.push_back(Label{c.kids[1].span, tname(result)});
    }
  }
  if (en) {
    std::string missing;
    for (std::size_t k = 0; k < en->cases.size(); ++k) {
      if (c.map[k] >= 0) continue;
      if (wildcard >= 0) c.map[k] = wildcard;
      else missing += (missing.empty() ? "`" : ", `") + en->cases[k] + "`";
    }
    if (!missing.empty()) diags_.error(e.span.valid() ? Span{e.span.file, e.span.begin, e.span.begin + 5} : e.span,
                                       fmt::format("`match` does not cover {}", missing))
                              .notes.push_back("add an arm for each case, or `_ => ...` for the rest");
  }
  c.type = result;
  return c;
}

}  // namespace mlsi
