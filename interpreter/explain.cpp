#include "interpreter/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "interpreter/format.hpp"
#include "interpreter/render.hpp"

namespace mlsi {

namespace {

using Given = std::vector<std::optional<InputValue>>;

// Source text on one line: a formula written over several lines reads as one.
std::string one_line(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// Cuts a long text at a character boundary (UTF-8 continuation bytes are 10xxxxxx).
std::string shorten(std::string s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + " …";
}

void merge(std::vector<Provenance>& into, const std::vector<Provenance>& from) {
  for (const auto& p : from) {
    bool known = std::any_of(into.begin(), into.end(), [&](const Provenance& q) { return q.kind == p.kind && q.name == p.name; });
    if (!known) into.push_back(p);
  }
}

bool is_catalogue_entry(const Value& v) {
  return std::holds_alternative<std::shared_ptr<const RecordValue>>(v.v) && !v.record().key.empty() && v.record().type &&
         v.record().type->catalogue;
}

std::string source_of(const RecordValue& r) {
  int idx = r.type->find("source");
  if (idx < 0) return "";
  const auto& f = r.fields[static_cast<std::size_t>(idx)];
  return f && std::holds_alternative<std::string>(f->v) ? f->text() : "";
}

Provenance entry_provenance(const RecordValue& r) {
  return Provenance{Provenance::Kind::catalogue, r.key, r.type->name, source_of(r)};
}

// The origin of an input of a called scenario: the call gave it.
const char* const kCallArgument = "argument of the call";

// How an input's origin is written: "default", "config NAME", "--set", "--inputs FILE".
std::string origin_text(const std::string& origin) {
  if (origin.empty() || origin == "default" || origin == kCallArgument || origin.rfind("config ", 0) == 0 || origin.rfind("--", 0) == 0 ||
      origin.rfind(':', 0) == 0)
    return origin.empty() ? "default" : origin;
  return "--inputs " + origin;
}

class Explainer {
 public:
  Explainer(const Program& p, const Limits& limits, int depth = 0) : p_(p), limits_(limits), depth_(depth) {}

  Explanation run(const ScenarioRun& run, const Given& given, const std::string& config) {
    const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(run.scenario));
    run_ = &run;
    given_ = &given;
    explained_.assign(s.slots.size(), false);
    Explanation x;
    x.scenario = s.name;
    x.config = config;
    for (int o : s.outputs) x.outputs.push_back(slot_node(o, true));
    return x;
  }

  ExplainNode expression(const CExpr& e, const DisplayUnit& display) {
    Context cx;
    if (e.op == Op::global) return global_node(e);  // a constant named on its own: its own derivation
    ExplainNode n;
    n.kind = ExplainNode::Kind::value;
    n.name = one_line(p_.sources.text(e.span));
    if (auto v = value_of(e, cx)) set_value(n, *v, e.type, display);
    n.formula = n.name;
    n.substituted = substitute_formula(e, cx);
    collect(e, cx, n.terms, n.depends_on);
    tidy(n);
    return n;
  }

 private:
  // What the terms of an expression can be evaluated against.
  struct Context {
    const ScenarioRun* run = nullptr;            // a scenario's expression: its slots are known
    const std::vector<Value>* locals = nullptr;  // a function's body: its parameters are locals 0, 1, ...
  };

  // Whether `e` can be evaluated here: it reads no local that only a loop binds (a comprehension's
  // variable) and no slot outside a run.
  bool evaluable(const CExpr& e, const Context& cx, std::vector<int>& bound) const {
    switch (e.op) {
      case Op::local:
        return std::find(bound.begin(), bound.end(), e.index) != bound.end() ||
               (cx.locals && e.index >= 0 && static_cast<std::size_t>(e.index) < cx.locals->size());
      case Op::slot:
        return cx.run && (cx.run->available.empty() || cx.run->available[static_cast<std::size_t>(e.index)]);
      case Op::comprehension: {
        if (!evaluable(e.kids[0], cx, bound)) return false;
        bound.push_back(e.index);
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

  std::optional<Value> value_of(const CExpr& e, const Context& cx) const {
    std::vector<int> bound;
    if (!evaluable(e, cx, bound)) return std::nullopt;
    if (e.op == Op::slot) return cx.run->slots[static_cast<std::size_t>(e.index)];
    if (e.op == Op::local) return (*cx.locals)[static_cast<std::size_t>(e.index)];
    try {
      Evaluator ev(p_, limits_);
      if (cx.run) return ev.value_in(e, cx.run->scenario, *cx.run);
      if (cx.locals) return ev.value_with_locals(e, *cx.locals);
      return ev.value(e);
    } catch (const EvalError&) {
      return std::nullopt;  // a branch not taken, or a field the entry lacks: shown as written
    }
  }

  DisplayUnit display_of(const CExpr& e, const Context& cx) const {
    if (e.op == Op::slot && cx.run) return cx.run->display[static_cast<std::size_t>(e.index)];
    if (e.op == Op::global) return p_.globals[static_cast<std::size_t>(e.index)].display;
    return DisplayUnit{};
  }

  // A value as shown: its display unit, long lists elided to their first and last entries.
  std::string shown(const Value& v, const Type& t, const DisplayUnit& d) const {
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

  void set_value(ExplainNode& n, const Value& v, const Type& t, const DisplayUnit& d) const {
    n.value = shown(v, t, d);
    n.value_json = json_value(p_, v, t, d);
  }

  static bool is_term(const CExpr& e) {
    switch (e.op) {
      case Op::slot: case Op::global: case Op::local: case Op::field: case Op::index: case Op::call_fn: case Op::call_scenario:
        return true;
      default:
        return false;
    }
  }

  // A whole formula: a call on its own shows its arguments' values (`f(48, 1600)`), not just its result.
  std::string substitute_formula(const CExpr& e, const Context& cx) const {
    return e.op == Op::call_fn || e.op == Op::call_scenario ? splice(e, cx) : substitute(e, cx);
  }

  // The expression as written with each term replaced by its value.
  std::string substitute(const CExpr& e, const Context& cx) const {
    if (is_term(e))
      if (auto v = value_of(e, cx)) {
        std::string s = shown(*v, e.type, display_of(e, cx));
        return s.starts_with('-') ? "(" + s + ")" : s;
      }
    return splice(e, cx);
  }

  // The kids of `e` whose values take part: a branch or arm not taken is shown as written.
  std::vector<const CExpr*> live_kids(const CExpr& e, const Context& cx) const {
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
    if (e.op == Op::comprehension) return {&e.kids[0]};
    for (const auto& k : e.kids) kids.push_back(&k);
    return kids;
  }

  // The source text of `e` with the text of each kid replaced by the kid's substitution.
  std::string splice(const CExpr& e, const Context& cx) const {
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

  // Adds the terms `e` reads (slots, constants, catalogue fields, calls) and what they rest on.
  void collect(const CExpr& e, const Context& cx, std::vector<ExplainNode>& terms, std::vector<Provenance>& deps) {
    auto add = [&](ExplainNode n) {
      merge(deps, n.depends_on);
      bool listed = std::any_of(terms.begin(), terms.end(), [&](const ExplainNode& t) { return t.kind == n.kind && t.name == n.name; });
      if (!listed) terms.push_back(std::move(n));
    };
    switch (e.op) {
      case Op::slot:
        if (cx.run) add(slot_node(e.index, false));
        return;
      case Op::global: add(global_node(e)); return;
      case Op::local: return;
      case Op::constant:
        if (is_catalogue_entry(e.constant)) merge(deps, {entry_provenance(e.constant.record())});
        return;
      case Op::field: {
        auto object = value_of(e.kids[0], cx);
        if (object && is_catalogue_entry(*object)) add(field_node(e, object->record(), cx));
        else collect(e.kids[0], cx, terms, deps);
        return;
      }
      case Op::call_fn: add(call_node(e, cx)); return;
      case Op::call_scenario: add(scenario_call_node(e, cx)); return;
      case Op::comprehension:
        for (const auto& k : e.kids) collect(k, cx, terms, deps);
        return;
      default:
        for (const CExpr* k : live_kids(e, cx)) collect(*k, cx, terms, deps);
    }
  }

  // Drops what repeats: a substitution equal to the formula or to the value, a formula that is the value.
  static void tidy(ExplainNode& n) {
    if (n.substituted == n.formula || n.substituted == n.value) n.substituted.clear();
    if (n.formula == n.value || n.formula == n.name) n.formula.clear();
  }

  ExplainNode slot_node(int index, bool top) {
    const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(run_->scenario));
    auto i = static_cast<std::size_t>(index);
    const Slot& sl = s.slots[i];
    ExplainNode n;
    n.kind = sl.kind == SlotKind::input ? ExplainNode::Kind::input : sl.kind == SlotKind::let ? ExplainNode::Kind::let : ExplainNode::Kind::output;
    n.name = sl.name;
    bool available = run_->available.empty() || run_->available[i];
    if (available) set_value(n, run_->slots[i], sl.type, run_->display[i]);
    else n.value = "(not used)", n.value_json = "{\"value\": null}";
    if (sl.kind == SlotKind::input) n.origin = origin_text(run_->origin[i]);
    if (explained_[i] && !top) {
      n.explained_above = true;
      n.depends_on = slot_deps_[index];
      return n;
    }
    explained_[i] = true;
    Context cx{run_, nullptr};
    const CExpr* formula = sl.expr ? &*sl.expr : nullptr;
    if (sl.kind == SlotKind::input && i < given_->size() && (*given_)[i]) {
      formula = (*given_)[i]->expr.get();
      cx = Context{};  // a given value is an expression outside the scenario
    }
    if (formula && available) {
      n.formula = one_line(p_.sources.text(formula->span));
      n.substituted = substitute_formula(*formula, cx);
      collect(*formula, cx, n.terms, n.depends_on);
    }
    if (available && is_catalogue_entry(run_->slots[i])) {
      const RecordValue& r = run_->slots[i].record();
      n.catalogue = CatalogueRef{r.key, r.type->name, "", source_of(r)};
      merge(n.depends_on, {entry_provenance(r)});
    }
    tidy(n);
    slot_deps_[index] = n.depends_on;
    return n;
  }

  ExplainNode global_node(const CExpr& e) {
    const Global& g = p_.globals[static_cast<std::size_t>(e.index)];
    ExplainNode n;
    n.kind = ExplainNode::Kind::constant;
    n.name = g.name;
    n.declared = p_.sources.file(g.span.file).name;
    Context none;
    if (auto v = value_of(e, none)) set_value(n, *v, g.type, g.display);
    Provenance own{Provenance::Kind::constant, g.name, n.value, g.doc};
    if (globals_done_.contains(e.index)) {
      n.explained_above = true;
      n.depends_on = global_deps_[e.index];
      return n;
    }
    globals_done_.insert(e.index);
    n.depends_on.push_back(own);
    n.formula = one_line(p_.sources.text(g.expr.span));
    n.substituted = substitute_formula(g.expr, none);
    collect(g.expr, none, n.terms, n.depends_on);
    tidy(n);
    global_deps_[e.index] = n.depends_on;
    return n;
  }

  ExplainNode field_node(const CExpr& e, const RecordValue& entry, const Context& cx) {
    ExplainNode n;
    n.kind = ExplainNode::Kind::catalogue;
    n.name = one_line(p_.sources.text(e.span));
    const std::string& field = entry.type->fields.at(static_cast<std::size_t>(e.index));
    n.catalogue = CatalogueRef{entry.key, entry.type->name, field, source_of(entry)};
    if (auto v = value_of(e, cx)) set_value(n, *v, e.type, DisplayUnit{});
    else n.value = "(absent)", n.value_json = "{\"value\": null}";
    std::string key = n.name + "|" + entry.key + "." + field;
    if (fields_done_.contains(key)) {
      n.explained_above = true;
      n.depends_on = fields_done_[key];
      return n;
    }
    n.depends_on.push_back(entry_provenance(entry));
    collect(e.kids[0], cx, n.terms, n.depends_on);
    fields_done_[key] = n.depends_on;
    return n;
  }

  ExplainNode call_node(const CExpr& e, const Context& cx) {
    const Function& fn = p_.functions.at(static_cast<std::size_t>(e.index));
    ExplainNode n;
    n.kind = ExplainNode::Kind::call;
    n.name = one_line(p_.sources.text(e.span));
    if (auto v = value_of(e, cx)) set_value(n, *v, e.type, DisplayUnit{});
    n.call = splice(e, cx);
    std::string params;
    for (const auto& param : fn.params) params += (params.empty() ? "" : ", ") + param;
    auto lc = p_.sources.line_col(fn.span.file, fn.span.begin);
    n.declared = fmt::format("fn {}({}) at {}:{}", fn.name, params, p_.sources.file(fn.span.file).name, lc.line);
    std::vector<Value> args;
    bool known = true;
    for (const auto& k : e.kids) {
      collect(k, cx, n.terms, n.depends_on);
      auto v = value_of(k, cx);
      if (v) args.push_back(*v);
      known = known && v.has_value();
    }
    // The body with the arguments' values; a recursion is expanded once.
    bool recursive = std::find(calls_.begin(), calls_.end(), e.index) != calls_.end();
    if (known && !recursive && calls_.size() < 16) {
      calls_.push_back(e.index);
      Context body{nullptr, &args};
      n.formula = one_line(p_.sources.text(fn.body.span));
      n.substituted = substitute(fn.body, body);
      collect(fn.body, body, n.terms, n.depends_on);
      calls_.pop_back();
    }
    if (n.call == n.name) n.call.clear();
    if (n.substituted == n.formula || n.substituted == n.value) n.substituted.clear();
    return n;
  }

  ExplainNode scenario_call_node(const CExpr& e, const Context& cx) {
    const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(e.index));
    ExplainNode n;
    n.kind = ExplainNode::Kind::scenario_call;
    n.name = one_line(p_.sources.text(e.span));
    if (auto v = value_of(e, cx)) set_value(n, *v, e.type, DisplayUnit{});
    n.call = splice(e, cx);
    if (n.call == n.name) n.call.clear();
    auto lc = p_.sources.line_col(s.span.file, s.span.begin);
    n.declared = fmt::format("scenario {} at {}:{}", s.name, p_.sources.file(s.span.file).name, lc.line);
    for (const auto& k : e.kids) collect(k, cx, n.terms, n.depends_on);
    // The called scenario's own derivation, run again with the call's arguments, so that what its outputs
    // rest on reaches the caller's `depends on`.
    Given args(s.slots.size());
    bool known = depth_ < 4;
    for (std::size_t i = 0; known && i < e.kids.size(); ++i) {
      auto v = value_of(e.kids[i], cx);
      known = v.has_value();
      if (v) args[static_cast<std::size_t>(e.map[i])] = InputValue{*v, kCallArgument, DisplayUnit{}, e.kids[i].span};
    }
    if (!known) return n;
    try {
      ScenarioRun inner = Evaluator(p_, limits_).run(e.index, args);
      Explanation x = Explainer(p_, limits_, depth_ + 1).run(inner, args, "");
      for (auto& o : x.outputs) {
        merge(n.depends_on, o.depends_on);
        n.terms.push_back(std::move(o));
      }
    } catch (const EvalError&) {
      // the call did not fail in the run; if it does here, its insides are left out
    }
    return n;
  }

  const Program& p_;
  Limits limits_;
  const ScenarioRun* run_ = nullptr;
  const Given* given_ = nullptr;
  std::vector<bool> explained_;                      // per slot: explained once already
  std::map<int, std::vector<Provenance>> slot_deps_;  // what an explained slot rests on
  std::set<int> globals_done_;
  std::map<int, std::vector<Provenance>> global_deps_;
  std::map<std::string, std::vector<Provenance>> fields_done_;
  std::vector<int> calls_;  // functions being expanded
  int depth_ = 0;           // scenario calls this explanation is inside
};

}  // namespace

Explanation explain_run(const Program& p, const ScenarioRun& run, const std::vector<std::optional<InputValue>>& given,
                        const std::string& config, const Limits& limits) {
  return Explainer(p, limits).run(run, given, config);
}

ExplainNode explain_expression(const Program& p, const CExpr& e, const DisplayUnit& display, const Limits& limits) {
  return Explainer(p, limits).expression(e, display);
}

}  // namespace mlsi
