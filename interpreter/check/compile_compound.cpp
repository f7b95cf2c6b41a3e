// Expressions that take a value apart: a record's field (`a.b`), a list comprehension (`for ... in`),
// and `match` over an enumeration's cases.
#include <fmt/format.h>

#include <algorithm>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"

namespace mlsi {

using check_nodes::make;

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
