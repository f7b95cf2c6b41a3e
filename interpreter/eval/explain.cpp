// The derivation tree of --explain: which terms each formula reads, each let and input explained once,
// and the catalogue entries and constants every node rests on.
#include "eval/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "eval/explain_terms.hpp"
#include "model/calibration.hpp"

namespace mlsi {

namespace {

using Given = std::vector<std::optional<InputValue>>;

void merge(std::vector<ValueProvenance>& into, const std::vector<ValueProvenance>& from) {
  for (const auto& p : from) {
    bool known = std::any_of(into.begin(), into.end(), [&](const ValueProvenance& q) { return q.kind == p.kind && q.name == p.name; });
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

// Where one field of an entry comes from: a calibration figure's own `X_source`, or the default it holds
// (docs/catalogue.md §2.14); any other field's, the entry's `source`.
std::string field_source_of(const RecordValue& r, std::size_t index) {
  const std::string& field = r.type->fields.at(index);
  if (const auto* d = find_calibration_default(r.type->name, field)) {
    if (index < r.defaulted.size() && r.defaulted[index]) return fmt::format("default: {} ({})", d->rule, kCalibrationSection);
    int own = r.type->find(field + "_source");
    if (own >= 0) {
      const auto& f = r.fields[static_cast<std::size_t>(own)];
      if (f && std::holds_alternative<std::string>(f->v)) return f->text();
    }
  }
  return source_of(r);
}

ValueProvenance entry_provenance(const RecordValue& r) {
  return ValueProvenance{ValueProvenance::Kind::catalogue, r.key, r.type->name, source_of(r), ""};
}

// The origin of an input of a called scenario: the call gave it.
const char* const kCallArgument = "argument of the call";

// How an input's origin is written: "default", "config NAME", or what the caller gave the value with, in
// its words ("--set", "--inputs FILE" on the command line; the Python module's keyword, `microbatch=`).
std::string origin_text(const std::string& origin) { return origin.empty() ? "default" : origin; }

class Explainer {
 public:
  Explainer(const Program& p, const EvaluationLimits& limits, int depth = 0) : p_(p), limits_(limits), terms_(p, limits), depth_(depth) {}

  DerivationTree run(const ScenarioRun& run, const Given& given, const std::string& config) {
    const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(run.scenario));
    run_ = &run;
    given_ = &given;
    explained_.assign(s.slots.size(), false);
    DerivationTree x;
    x.scenario = s.name;
    x.config = config;
    for (int o : s.outputs) x.outputs.push_back(slot_node(o, true));
    return x;
  }

  DerivationNode expression(const CExpr& e, const DisplayUnit& display) {
    TermContext cx;
    if (e.op == Op::global) return global_node(e);  // a constant named on its own: its own derivation
    DerivationNode n;
    n.kind = DerivationNode::Kind::value;
    n.name = one_line(p_.sources.text(e.span));
    if (auto v = terms_.value_of(e, cx)) terms_.set_value(n, *v, e.type, display);
    n.formula = n.name;
    n.substituted = terms_.substitute_formula(e, cx);
    collect(e, cx, n.terms, n.depends_on);
    tidy(n);
    return n;
  }

 private:
  // Adds the terms `e` reads (slots, constants, catalogue fields, calls) and what they rest on.
  void collect(const CExpr& e, const TermContext& cx, std::vector<DerivationNode>& terms, std::vector<ValueProvenance>& deps) {
    auto add = [&](DerivationNode n) {
      merge(deps, n.depends_on);
      bool listed = std::any_of(terms.begin(), terms.end(), [&](const DerivationNode& t) { return t.kind == n.kind && t.name == n.name; });
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
        auto object = terms_.value_of(e.kids[0], cx);
        if (object && is_catalogue_entry(*object)) add(field_node(e, object->record(), cx));
        else collect(e.kids[0], cx, terms, deps);
        return;
      }
      case Op::call_fn:
      case Op::call_local: add(call_node(e, cx)); return;
      case Op::call_scenario: add(scenario_call_node(e, cx)); return;
      case Op::comprehension:
        for (const auto& k : e.kids) collect(k, cx, terms, deps);
        return;
      default:
        for (const CExpr* k : terms_.live_kids(e, cx)) collect(*k, cx, terms, deps);
    }
  }

  // Drops what repeats: a substitution equal to the formula or to the value, a formula that is the value.
  static void tidy(DerivationNode& n) {
    if (n.substituted == n.formula || n.substituted == n.value) n.substituted.clear();
    if (n.formula == n.value || n.formula == n.name) n.formula.clear();
  }

  DerivationNode slot_node(int index, bool top) {
    const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(run_->scenario));
    auto i = static_cast<std::size_t>(index);
    const Slot& sl = s.slots[i];
    DerivationNode n;
    n.kind = sl.kind == SlotKind::input ? DerivationNode::Kind::input : sl.kind == SlotKind::let ? DerivationNode::Kind::let : DerivationNode::Kind::output;
    n.name = sl.name;
    bool available = run_->available.empty() || run_->available[i];
    if (available) terms_.set_value(n, run_->slots[i], sl.type, run_->display[i]);
    else n.value = "(not used)";
    if (sl.kind == SlotKind::input) n.origin = origin_text(run_->origin[i]);
    if (explained_[i] && !top) {
      n.explained_above = true;
      n.depends_on = slot_deps_[index];
      return n;
    }
    explained_[i] = true;
    TermContext cx{run_, nullptr};
    const CExpr* formula = sl.expr ? &*sl.expr : nullptr;
    if (sl.kind == SlotKind::input && i < given_->size() && (*given_)[i]) {
      formula = (*given_)[i]->expr.get();
      if (!(*given_)[i]->in_scope) cx = TermContext{};  // a given value is an expression outside the scenario
    }
    if (formula && available) {
      n.formula = one_line(p_.sources.text(formula->span));
      n.substituted = terms_.substitute_formula(*formula, cx);
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

  DerivationNode global_node(const CExpr& e) {
    const Global& g = p_.globals[static_cast<std::size_t>(e.index)];
    DerivationNode n;
    n.kind = DerivationNode::Kind::constant;
    n.name = g.name;
    n.declared = p_.sources.file(g.span.file).name;
    TermContext none;
    if (auto v = terms_.value_of(e, none)) terms_.set_value(n, *v, g.type, g.display);
    ValueProvenance own{ValueProvenance::Kind::constant, g.name, n.value, g.doc, n.value_json};
    if (globals_done_.contains(e.index)) {
      n.explained_above = true;
      n.depends_on = global_deps_[e.index];
      return n;
    }
    globals_done_.insert(e.index);
    n.depends_on.push_back(own);
    n.formula = one_line(p_.sources.text(g.expr.span));
    n.substituted = terms_.substitute_formula(g.expr, none);
    collect(g.expr, none, n.terms, n.depends_on);
    tidy(n);
    global_deps_[e.index] = n.depends_on;
    return n;
  }

  DerivationNode field_node(const CExpr& e, const RecordValue& entry, const TermContext& cx) {
    DerivationNode n;
    n.kind = DerivationNode::Kind::catalogue;
    n.name = one_line(p_.sources.text(e.span));
    const std::string& field = entry.type->fields.at(static_cast<std::size_t>(e.index));
    n.catalogue = CatalogueRef{entry.key, entry.type->name, field, field_source_of(entry, static_cast<std::size_t>(e.index))};
    if (auto v = terms_.value_of(e, cx)) terms_.set_value(n, *v, e.type, DisplayUnit{});
    else n.value = "(absent)";
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

  // What a function call and a scenario call show alike: the call as written, its value, and the call
  // with its arguments' values.
  DerivationNode call_head(const CExpr& e, const TermContext& cx, DerivationNode::Kind kind) {
    DerivationNode n;
    n.kind = kind;
    n.name = one_line(p_.sources.text(e.span));
    if (auto v = terms_.value_of(e, cx)) terms_.set_value(n, *v, e.type, DisplayUnit{});
    n.call = terms_.splice(e, cx);
    return n;
  }

  DerivationNode call_node(const CExpr& e, const TermContext& cx) {
    bool local = e.op == Op::call_local;
    const Function& fn = local ? p_.scenarios.at(static_cast<std::size_t>(run_->scenario)).functions.at(static_cast<std::size_t>(e.index))
                               : p_.functions.at(static_cast<std::size_t>(e.index));
    DerivationNode n = call_head(e, cx, DerivationNode::Kind::call);
    std::string params;
    for (const auto& param : fn.params) params += (params.empty() ? "" : ", ") + param;
    auto lc = p_.sources.line_col(fn.span.file, fn.span.begin);
    n.declared = fmt::format("fn {}({}) at {}:{}", fn.name, params, p_.sources.file(fn.span.file).name, lc.line);
    std::vector<Value> args;
    bool known = true;
    for (const auto& k : e.kids) {
      collect(k, cx, n.terms, n.depends_on);
      auto v = terms_.value_of(k, cx);
      if (v) args.push_back(*v);
      known = known && v.has_value();
    }
    // The body with the arguments' values; a recursion is expanded once.
    // Own functions are told apart from top-level ones by a negative index.
    int call_id = local ? -1 - e.index : e.index;
    bool recursive = std::find(calls_.begin(), calls_.end(), call_id) != calls_.end();
    if (known && !recursive && calls_.size() < 16) {
      calls_.push_back(call_id);
      TermContext body{local ? cx.run : nullptr, &args};
      n.formula = one_line(p_.sources.text(fn.body.span));
      n.substituted = terms_.substitute(fn.body, body);
      collect(fn.body, body, n.terms, n.depends_on);
      calls_.pop_back();
    } else if (!known && !recursive && calls_.size() < 16) {
      // An argument with no one value (a comprehension's variable): the body's terms that do not
      // depend on the parameters (the scenario's inputs, constants, catalogue fields) still count.
      calls_.push_back(call_id);
      TermContext body{local ? cx.run : nullptr, nullptr};
      collect(fn.body, body, n.terms, n.depends_on);
      calls_.pop_back();
    }
    if (n.call == n.name) n.call.clear();
    if (n.substituted == n.formula || n.substituted == n.value) n.substituted.clear();
    return n;
  }

  DerivationNode scenario_call_node(const CExpr& e, const TermContext& cx) {
    const Scenario& s = p_.scenarios.at(static_cast<std::size_t>(e.index));
    DerivationNode n = call_head(e, cx, DerivationNode::Kind::scenario_call);
    if (n.call == n.name) n.call.clear();
    auto lc = p_.sources.line_col(s.span.file, s.span.begin);
    n.declared = fmt::format("scenario {} at {}:{}", s.name, p_.sources.file(s.span.file).name, lc.line);
    for (const auto& k : e.kids) collect(k, cx, n.terms, n.depends_on);
    // The called scenario's own derivation, run again with the call's arguments, so that what its outputs
    // rest on reaches the caller's `depends on`.
    Given args(s.slots.size());
    bool known = depth_ < 4;
    for (std::size_t i = 0; known && i < e.kids.size(); ++i) {
      auto v = terms_.value_of(e.kids[i], cx);
      known = v.has_value();
      if (v) args[static_cast<std::size_t>(e.map[i])] = InputValue{*v, kCallArgument, DisplayUnit{}, e.kids[i].span};
    }
    if (!known) return n;
    try {
      ScenarioRun inner = Evaluator(p_, limits_).run(e.index, args);
      DerivationTree x = Explainer(p_, limits_, depth_ + 1).run(inner, args, "");
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
  EvaluationLimits limits_;
  TermWriter terms_;
  const ScenarioRun* run_ = nullptr;
  const Given* given_ = nullptr;
  std::vector<bool> explained_;                      // per slot: explained once already
  std::map<int, std::vector<ValueProvenance>> slot_deps_;  // what an explained slot rests on
  std::set<int> globals_done_;
  std::map<int, std::vector<ValueProvenance>> global_deps_;
  std::map<std::string, std::vector<ValueProvenance>> fields_done_;
  std::vector<int> calls_;  // functions being expanded
  int depth_ = 0;           // scenario calls this explanation is inside
};

}  // namespace

DerivationTree explain_run(const Program& p, const ScenarioRun& run, const std::vector<std::optional<InputValue>>& given,
                        const std::string& config, const EvaluationLimits& limits) {
  return Explainer(p, limits).run(run, given, config);
}

DerivationNode explain_expression(const Program& p, const CExpr& e, const DisplayUnit& display, const EvaluationLimits& limits) {
  return Explainer(p, limits).expression(e, display);
}

}  // namespace mlsi
