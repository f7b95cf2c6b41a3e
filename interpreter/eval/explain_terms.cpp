#include "eval/explain_terms.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "model/display.hpp"
#include "model/value_json.hpp"

namespace mlsi {

namespace {

// Cuts a long text at a character boundary (UTF-8 continuation bytes are 10xxxxxx).
std::string shorten(std::string s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + " …";
}

// The local that max_by or min_by binds for its key and filter, or -1 for any other node.
int loop_variable(const CExpr& e) {
  if (e.op != Op::builtin) return -1;
  auto b = static_cast<Builtin>(e.index);
  return (b == Builtin::max_by || b == Builtin::min_by) && !e.map.empty() ? e.map[0] : -1;
}

}  // namespace

// Whether `e` can be evaluated here: it reads no local that only a loop binds (a comprehension's
// variable) and no slot outside a run.
bool TermWriter::evaluable(const CExpr& e, const TermContext& cx, std::vector<int>& bound) const {
  switch (e.op) {
    case Op::local:
      return std::find(bound.begin(), bound.end(), e.index) != bound.end() ||
             (cx.locals && e.index >= 0 && static_cast<std::size_t>(e.index) < cx.locals->size());
    case Op::slot:
      return cx.run && (cx.run->available.empty() || cx.run->available[static_cast<std::size_t>(e.index)]);
    case Op::let_in:
    case Op::builtin:
    case Op::comprehension: {
      // max_by and min_by bind a loop variable as a comprehension does (the index of its local in `map`).
      bool keyed = e.op == Op::builtin && loop_variable(e) >= 0;
      if (e.op == Op::builtin && !keyed) {
        for (const auto& k : e.kids)
          if (!evaluable(k, cx, bound)) return false;
        return true;
      }
      if (!evaluable(e.kids[0], cx, bound)) return false;
      bound.push_back(keyed ? loop_variable(e) : e.index);
      bool ok = true;
      for (std::size_t i = 1; i < e.kids.size(); ++i) ok = ok && evaluable(e.kids[i], cx, bound);
      bound.pop_back();
      return ok;
    }
    default:
      for (const auto& k : e.kids)
        if (!evaluable(k, cx, bound)) return false;
      return true;
  }
}

std::optional<Value> TermWriter::value_of(const CExpr& e, const TermContext& cx) const {
  std::vector<int> bound;
  if (!evaluable(e, cx, bound)) return std::nullopt;
  if (e.op == Op::slot) return cx.run->slots[static_cast<std::size_t>(e.index)];
  if (e.op == Op::local) return (*cx.locals)[static_cast<std::size_t>(e.index)];
  try {
    Evaluator ev(p_, limits_);
    if (cx.run) return ev.value_in(e, cx.run->scenario, *cx.run, cx.locals);
    if (cx.locals) return ev.value_with_locals(e, *cx.locals);
    return ev.value(e);
  } catch (const EvalError&) {
    return std::nullopt;  // a branch not taken, or a field the entry lacks: shown as written
  }
}

DisplayUnit TermWriter::display_of(const CExpr& e, const TermContext& cx) const {
  if (e.op == Op::slot && cx.run) return cx.run->display[static_cast<std::size_t>(e.index)];
  if (e.op == Op::global) return p_.globals[static_cast<std::size_t>(e.index)].display;
  return DisplayUnit{};
}

// A value as shown: its display unit, long lists elided to their first and last entries.
std::string TermWriter::shown(const Value& v, const Type& t, const DisplayUnit& d) const {
  if (t.kind == Type::Kind::list && v.is_list() && v.list().size() > 8) {
    const List& l = v.list();
    DisplayUnit u = effective_unit(v, t, d, p_);
    DisplayUnit plain{"", u.factor, false};
    auto entry = [&](const Value& x) { return format_value(x, *t.element, plain, p_); };
    std::string s = fmt::format("[{}, {}, {}, …, {}]", entry(l[0]), entry(l[1]), entry(l[2]), entry(l.back()));
    if (t.scalar().is_quantity() && !u.text.empty()) s += " " + u.text;
    return s + fmt::format(" ({} entries)", l.size());
  }
  return shorten(format_value(v, t, d, p_), 120);
}

// A list longer than this is explained by its `shown` text only: its JSON value would be repeated by every
// node that reads it (a search over 8,904 layouts made `--explain --format json` 90 MB).
constexpr std::size_t kExplainedListEntries = 1000;

void TermWriter::set_value(DerivationNode& n, const Value& v, const Type& t, const DisplayUnit& d) const {
  n.value = shown(v, t, d);
  if (v.is_list() && v.list().size() > kExplainedListEntries) return;  // value_json stays empty: null
  n.value_json = json_field(p_, v, t, d);
}

bool TermWriter::is_term(const CExpr& e) {
  switch (e.op) {
    case Op::slot: case Op::global: case Op::local: case Op::field: case Op::index: case Op::call_fn: case Op::call_local:
    case Op::call_scenario:
      return true;
    default:
      return false;
  }
}

// A whole formula: a call on its own shows its arguments' values (`f(48, 1600)`), not just its result.
std::string TermWriter::substitute_formula(const CExpr& e, const TermContext& cx) const {
  return e.op == Op::call_fn || e.op == Op::call_local || e.op == Op::call_scenario ? splice(e, cx) : substitute(e, cx);
}

// The expression as written with each term replaced by its value.
std::string TermWriter::substitute(const CExpr& e, const TermContext& cx) const {
  if (is_term(e))
    if (auto v = value_of(e, cx)) {
      std::string s = shown(*v, e.type, display_of(e, cx));
      return s.starts_with('-') ? "(" + s + ")" : s;
    }
  return splice(e, cx);
}

// The kids of `e` whose values take part: a branch or arm not taken is shown as written.
std::vector<const CExpr*> TermWriter::live_kids(const CExpr& e, const TermContext& cx) const {
  std::vector<const CExpr*> kids;
  if (e.op == Op::if_then || e.op == Op::match) {
    kids.push_back(&e.kids[0]);
    auto chosen = value_of(e.kids[0], cx);
    if (e.op == Op::if_then && chosen && std::holds_alternative<bool>(chosen->v)) {
      kids.push_back(&e.kids[chosen->boolean() ? 1 : 2]);
      return kids;
    }
    if (e.op == Op::match && chosen && std::holds_alternative<EnumValue>(chosen->v)) {
      auto arm = static_cast<std::size_t>(e.map.at(static_cast<std::size_t>(chosen->enumeration().index)));
      kids.push_back(&e.kids[arm]);
      return kids;
    }
    for (std::size_t i = 1; i < e.kids.size(); ++i) kids.push_back(&e.kids[i]);
    return kids;
  }
  // A comprehension's body and filter read its loop variable: shown as written, only the list substituted.
  if (e.op == Op::comprehension || loop_variable(e) >= 0) return {&e.kids[0]};
  for (const auto& k : e.kids) kids.push_back(&k);
  return kids;
}

// The source text of `e` with the text of each kid replaced by the kid's substitution.
std::string TermWriter::splice(const CExpr& e, const TermContext& cx) const {
  std::string_view text = p_.sources.text(e.span);
  auto kids = live_kids(e, cx);
  std::sort(kids.begin(), kids.end(), [](const CExpr* a, const CExpr* b) { return a->span.begin < b->span.begin; });
  std::string out;
  std::uint32_t cursor = e.span.begin;
  for (const CExpr* k : kids) {
    if (k->span.file != e.span.file || k->span.begin < cursor || k->span.end > e.span.end || k->span.begin >= k->span.end) continue;
    out += text.substr(cursor - e.span.begin, k->span.begin - cursor);
    out += substitute(*k, cx);
    cursor = k->span.end;
  }
  out += text.substr(cursor - e.span.begin);
  return one_line(out);
}

}  // namespace mlsi
