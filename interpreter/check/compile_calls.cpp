// Calls: the built-in functions, user functions and scenarios called as functions, and `has`.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"
#include "base/stack_guard.hpp"
#include "model/builtin_functions.hpp"
#include "model/display.hpp"
#include "base/work_counters.hpp"
#include "model/unknown_input.hpp"

namespace mlsi {

using check_nodes::constant;
using check_nodes::make;

CExpr Compiler::call(const ast::Expr& e, Scope& sc, const Type* expected) {
  const ast::Expr& callee = *e.operands[0];
  if (callee.kind != ast::ExprKind::name) {
    auto& d = diags_.error(callee.span, "only a named function or scenario can be called");
    if (callee.kind == ast::ExprKind::number || callee.kind == ast::ExprKind::quantity) d.notes.push_back(multiplication_hint(e));
    return make(Op::constant, e, Type::error());
  }
  const std::string& n = callee.text;
  const BuiltinFunction* builtin_function = find_builtin_function(n);
  bool builtin = builtin_function && builtin_function->builtin;
  int own = sc.scenario ? sc.scenario->find_function(n) : -1;
  if (builtin || own >= 0 || n == "has" || p_.function_index.count(n) || p_.scenario_index.count(n)) reject_bare_comprehensions(e);
  if (p_.uses) note_callee(callee, sc, own, builtin);
  // A scenario's own function hides a top-level one of the same name inside that scenario.
  if (own >= 0) return call_local(e, sc, own);
  if (auto it = p_.function_index.find(n); it != p_.function_index.end()) return call_function(e, sc, it->second);
  if (n == "has") return has_field(e, sc);
  if (auto it = p_.scenario_index.find(n); it != p_.scenario_index.end()) return call_scenario(e, sc, it->second);
  if (builtin) return call_builtin(e, sc, *builtin_function->builtin, n);
  (void)expected;
  auto& d = diags_.error(callee.span, fmt::format("unknown function `{}`", n));
  // `n (n - 1)`: a value before `(` is a call of it, where a product was meant.
  bool local = std::any_of(sc.locals.begin(), sc.locals.end(), [&](const Local& l) { return l.name == n; });
  if (local || (sc.scenario && sc.scenario->find_slot(n) >= 0) || p_.global_index.count(n)) {
    d.notes.push_back(fmt::format("`{}` is a value, not a function: {}", n, multiplication_hint(e)));
    return make(Op::constant, e, Type::error());
  }
  std::vector<std::string> candidates = builtin_function_names();
  for (const auto& f : p_.functions) candidates.push_back(f.name);
  if (sc.scenario)
    for (const auto& f : sc.scenario->functions) candidates.push_back(f.name);
  candidates.insert(candidates.end(), p_.deferred_functions.begin(), p_.deferred_functions.end());
  for (const auto& s : p_.scenarios) candidates.push_back(s.name);
  auto s = closest_name(n, candidates);
  if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
  // Another scenario's own function (read from its declaration: it may not be checked yet).
  auto declares = [&](const Scenario& owner) {
    return owner.decl && std::any_of(owner.decl->members.begin(), owner.decl->members.end(), [&](const ast::Member& m) {
             const auto* f = std::get_if<ast::FnDecl>(&m);
             return f && f->name == n;
           });
  };
  for (const auto& owner : p_.scenarios)
    if (&owner != sc.scenario && declares(owner)) {
      d.notes.push_back(fmt::format("`{}` is a function of scenario `{}`: only that scenario's members can call it", n, owner.name));
      break;
    }
  return make(Op::constant, e, Type::error());
}

void Compiler::note_callee(const ast::Expr& callee, const Scope& sc, int own, bool builtin) {
  const std::string& n = callee.text;
  if (own >= 0) {
    const Function& f = sc.scenario->functions[static_cast<std::size_t>(own)];
    note_use(NameUse{callee.span, UseKind::local_function, p_.find_scenario_index(sc.scenario->name), own, f.span, n, f.result, nullptr, nullptr});
  } else if (auto f = p_.function_index.find(n); f != p_.function_index.end()) {
    const Function& fn = p_.functions[static_cast<std::size_t>(f->second)];
    note_use(NameUse{callee.span, UseKind::function, -1, f->second, fn.span, n, fn.result, nullptr, nullptr});
  } else if (auto s = p_.scenario_index.find(n); s != p_.scenario_index.end() && n != "has") {
    const Scenario& called = p_.scenarios[static_cast<std::size_t>(s->second)];
    note_use(NameUse{callee.span, UseKind::scenario, -1, s->second, called.span, called.name, Type::error(), nullptr, nullptr});
  } else if (builtin || n == "has") {
    note_use(NameUse{callee.span, UseKind::builtin_function, -1, -1, {}, n, Type::error(), nullptr, nullptr});
  }
}

// "write `2 * (n - 1)`" for `2 (n - 1)`: the callee and its parenthesised arguments as written.
std::string Compiler::multiplication_hint(const ast::Expr& call) const {
  const ast::Expr& callee = *call.operands[0];
  std::string_view rest = p_.sources.text(Span{call.span.file, callee.span.end, call.span.end});
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  return fmt::format("to multiply, write `{} * {}`", p_.sources.text(callee.span), rest);
}

CExpr Compiler::call_builtin(const ast::Expr& e, Scope& sc, Builtin b, const std::string& fname) {
  CExpr c = make(Op::builtin, e, Type::error());
  std::size_t nargs = e.operands.size() - 1;
  c.kids.reserve(nargs);
  for (std::size_t i = 1; i < e.operands.size(); ++i) {
    if (!e.names[i - 1].empty())
      diags_.error(e.name_spans[i - 1], fmt::format("`{}` takes positional arguments", fname));
    // `index_of(precisions, fp8)`: the value sought is an entry, so an enumeration's case names are values.
    bool entry = b == Builtin::index_of && i == 2 && c.kids[0].type.is_list();
    c.kids.push_back(expr(*e.operands[i], sc, entry ? c.kids[0].type.element.get() : nullptr));
  }
  auto arity = [&](std::size_t lo, std::size_t hi) {
    if (nargs >= lo && nargs <= hi) return true;
    diags_.error(e.span, lo == hi ? fmt::format("`{}` takes {} argument{}, given {}", fname, lo, lo == 1 ? "" : "s", nargs)
                                  : fmt::format("`{}` takes {} to {} arguments, given {}", fname, lo, hi, nargs));
    return false;
  };
  auto arg_error = [&](std::size_t i, const std::string& want) {
    diags_.error(c.kids[i].span, fmt::format("`{}` needs {}, found {}", fname, want, tname(c.kids[i].type)));
  };
  bool any_error = false;
  for (const auto& k : c.kids) any_error = any_error || k.type.is_error();

  if ((b == Builtin::min_list || b == Builtin::max_list) && nargs >= 2) b = b == Builtin::min_list ? Builtin::min_args : Builtin::max_args;
  c.index = static_cast<int>(b);
  switch (b) {
    case Builtin::len:
      if (arity(1, 1)) {
        if (!any_error && !c.kids[0].type.is_list()) arg_error(0, "a list");
        c.type = Type::count();
      }
      break;
    case Builtin::sum:
    case Builtin::mean:
    case Builtin::min_list:
    case Builtin::max_list:
      if (arity(1, 1) && !any_error) {
        const Type& t = c.kids[0].type;
        if (!t.is_list() || !t.element->is_quantity() ) arg_error(0, "a list of numbers or quantities");
        else c.type = *t.element;
      }
      break;
    case Builtin::min_args:
    case Builtin::max_args:
      if (!any_error) {
        c.type = c.kids[0].type;
        for (std::size_t i = 0; i < nargs; ++i) {
          if (!c.kids[i].type.is_quantity()) { arg_error(i, "numbers or quantities"); c.type = Type::error(); break; }
          if (!compatible(c.kids[i].type, c.kids[0].type)) {
            auto& d = diags_.error(c.kids[i].span, fmt::format("`{}` needs arguments of one dimension: {} and {}", fname, tname(c.kids[0].type), tname(c.kids[i].type)));
            d.labels.push_back(Label{c.kids[0].span, ""});
            c.type = Type::error();
            break;
          }
        }
      }
      break;
    case Builtin::range:
      if (arity(1, 2)) {
        for (std::size_t i = 0; i < nargs; ++i)
          if (!c.kids[i].type.is_error() && !c.kids[i].type.is_count()) arg_error(i, "a Count");
        c.type = Type::list(Type::count());
      }
      break;
    case Builtin::sqrt:
    case Builtin::abs:
      if (arity(1, 1) && !any_error) {
        const Type& t = c.kids[0].type;
        if (!t.scalar().is_quantity()) arg_error(0, "a number or quantity");
        else if (b == Builtin::abs) c.type = t;
        else if (DimOutcome root = power(t.scalar().dim, Rational{1, 2}); !root.ok())
          diags_.error(c.span, p_.dims.overflow_message(root));
        else c.type = t.is_list() ? Type::list(Type::quantity(*root.dim)) : Type::quantity(*root.dim);
      }
      break;
    case Builtin::is_whole:
      if (arity(1, 1) && !any_error) {
        const Type& t = c.kids[0].type;
        if (!t.scalar().is_count()) arg_error(0, "a dimensionless number (a Count)");
        else c.type = t.is_list() ? Type::list(Type::boolean()) : Type::boolean();
      }
      break;
    case Builtin::erlang_c:
      if (arity(2, 2) && !any_error) {
        for (std::size_t i = 0; i < 2; ++i)
          if (!c.kids[i].type.is_count()) arg_error(i, i == 0 ? "a number of servers (a Count)" : "an offered load in Erlangs (a Count)");
        if (c.kids[0].type.is_count() && c.kids[1].type.is_count()) c.type = Type::count();
      }
      break;
    case Builtin::exponential_quantile:
      // The quantile of an exponential distribution has its mean's dimension: a Time mean gives a Time.
      if (arity(2, 2) && !any_error) {
        bool ok = true;
        if (!c.kids[0].type.is_quantity()) { arg_error(0, "a mean (a number or quantity)"); ok = false; }
        if (!c.kids[1].type.is_count()) { arg_error(1, "a probability (a Count)"); ok = false; }
        if (ok) c.type = c.kids[0].type;
      }
      break;
    case Builtin::argmax:
    case Builtin::argmin:
    case Builtin::index_of:
    case Builtin::zip:
    case Builtin::mod:
    case Builtin::max_by:
    case Builtin::min_by: {
      std::size_t n = b == Builtin::index_of || b == Builtin::zip || b == Builtin::mod ? 2 : 1;
      if (arity(n, n) && !any_error) list_function(c, e, b, fname);
      break;
    }
    default:  // exp, log, log2, log10, ceil, floor, round, normal_quantile: dimensionless in, dimensionless out
      if (arity(1, 1) && !any_error) {
        const Type& t = c.kids[0].type;
        if (!t.scalar().is_count()) {
          auto& d = diags_.error(c.kids[0].span, fmt::format("`{}` needs a dimensionless number (a Count), found {}", fname, tname(t)));
          if (t.scalar().is_quantity()) d.notes.push_back("divide by a unit first, as in `x / (1 GiB)`");
        } else {
          c.type = t;
        }
      }
      break;
  }
  return c;
}

CExpr Compiler::call_function(const ast::Expr& e, Scope& sc, int index) {
  ensure_function(index);
  return call_args(e, sc, p_.functions[static_cast<std::size_t>(index)], Op::call_fn, index);
}

CExpr Compiler::call_local(const ast::Expr& e, Scope& sc, int index) {
  Scenario& s = *sc.scenario;
  ensure_local_function(s, index);
  // What the function reads is known once the scenario is checked (close_local_reads): the call is noted.
  if (sc.calls) sc.calls->push_back(index);
  return call_args(e, sc, s.functions[static_cast<std::size_t>(index)], Op::call_local, index);
}

CExpr Compiler::call_args(const ast::Expr& e, Scope& sc, const Function& f, Op op, int index) {
  CExpr c = make(op, e, f.result_known ? f.result : Type::error());
  c.index = index;
  std::size_t nargs = e.operands.size() - 1;
  c.kids.reserve(nargs);
  if (nargs != f.params.size())
    diags_.error(e.span, fmt::format("`{}` takes {} argument{}, given {}", f.name, f.params.size(), f.params.size() == 1 ? "" : "s", nargs));
  for (std::size_t i = 1; i < e.operands.size(); ++i) {
    const Type* want = i - 1 < f.param_types.size() ? &f.param_types[i - 1] : nullptr;
    if (!e.names[i - 1].empty() && (i - 1 >= f.params.size() || e.names[i - 1] != f.params[i - 1]))
      diags_.error(e.name_spans[i - 1], fmt::format("`{}` has no parameter `{}` at this position", f.name, e.names[i - 1]));
    c.kids.push_back(expr(*e.operands[i], sc, want));
    if (want) expect_type(c.kids.back(), *want, [&] { return fmt::format("parameter `{}` of `{}`", f.params[i - 1], f.name); });
  }
  return c;
}

CExpr Compiler::call_scenario(const ast::Expr& e, Scope& sc, int index) {
  ensure_scenario(index);
  Scenario& s = p_.scenarios[static_cast<std::size_t>(index)];
  CExpr c = make(Op::call_scenario, e, Type::error());
  c.index = index;
  if (s.state == State::in_progress) {
    diags_.error(e.span, fmt::format("scenario `{}` calls itself", s.name));
    return c;
  }
  if (s.result) c.type = Type::of_record(s.result);
  std::vector<bool> given(s.slots.size(), false);
  for (std::size_t i = 1; i < e.operands.size(); ++i) {
    const std::string& arg = e.names[i - 1];
    if (arg.empty()) {
      diags_.error(e.operands[i]->span, fmt::format("arguments of scenario `{}` are named: `input = value`", s.name));
      c.kids.push_back(expr(*e.operands[i], sc));
      c.map.push_back(-1);
      continue;
    }
    int slot = s.find_slot(arg);
    if (slot < 0 || s.slots[static_cast<std::size_t>(slot)].kind != SlotKind::input) {
      diags_.error(e.name_spans[i - 1], fmt::format("scenario `{}` has no input `{}`", s.name, arg)).notes = unknown_input_notes(s, arg);
      c.kids.push_back(expr(*e.operands[i], sc));
      c.map.push_back(-1);
      continue;
    }
    if (given[static_cast<std::size_t>(slot)]) diags_.error(e.name_spans[i - 1], fmt::format("input `{}` is given twice", arg));
    note_slot(e.name_spans[i - 1], s, slot);
    given[static_cast<std::size_t>(slot)] = true;
    const Type& want = s.slots[static_cast<std::size_t>(slot)].type;
    c.kids.push_back(expr(*e.operands[i], sc, &want));
    expect_type(c.kids.back(), want, [&] { return fmt::format("input `{}`", arg); });
    c.map.push_back(slot);
  }
  for (int in : s.inputs) {
    const Slot& sl = s.slots[static_cast<std::size_t>(in)];
    if (!sl.expr && !given[static_cast<std::size_t>(in)])
      diags_.error(e.span, fmt::format("scenario `{}` needs input `{}`, which has no default", s.name, sl.name));
  }
  return c;
}

// `has(record.field)`: whether a catalogue entry gives the field, so a scenario can fall back on purpose.
CExpr Compiler::has_field(const ast::Expr& e, Scope& sc) {
  CExpr c = make(Op::has_field, e, Type::boolean());
  if (e.operands.size() != 2 || e.operands[1]->kind != ast::ExprKind::field) {
    diags_.error(e.span, "`has` takes one field access, as in `has(workload.seq_len)`");
    c.type = Type::error();
    return c;
  }
  CExpr access = field(*e.operands[1], sc);
  if (access.op != Op::field) {
    c.type = Type::error();
    return c;
  }
  c.index = access.index;
  c.kids.push_back(std::move(access.kids[0]));
  return c;
}

}  // namespace mlsi
