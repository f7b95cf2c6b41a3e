// Declarations: dimensions, units, global lets, functions, scenarios and configs.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "check/compiler.hpp"
#include "eval/evaluator.hpp"
#include "base/work_counters.hpp"

namespace mlsi {

std::vector<std::string> builtin_function_names();

int Scenario::find_slot(const std::string& n) const {
  auto it = slot_index.find(n);
  return it == slot_index.end() ? -1 : it->second;
}

int Scenario::add_slot(Slot slot) {
  int idx = static_cast<int>(slots.size());
  slot_index.emplace(slot.name, idx);
  slots.push_back(std::move(slot));
  return idx;
}

int Program::find_scenario_index(const std::string& n) const {
  auto it = scenario_index.find(n);
  if (it == scenario_index.end() && n.size() > 8 && n.ends_with("Scenario")) it = scenario_index.find(n.substr(0, n.size() - 8));
  return it == scenario_index.end() ? -1 : it->second;
}

const Scenario* Program::find_scenario(const std::string& n) const {
  int index = find_scenario_index(n);
  return index < 0 ? nullptr : &scenarios[static_cast<std::size_t>(index)];
}

void Compiler::check_redefinition(const std::string& n, Span span) {
  Span first;
  if (auto it = p_.global_index.find(n); it != p_.global_index.end()) first = p_.globals[static_cast<std::size_t>(it->second)].span;
  else if (auto f = p_.function_index.find(n); f != p_.function_index.end()) first = p_.functions[static_cast<std::size_t>(f->second)].span;
  else if (auto s = p_.scenario_index.find(n); s != p_.scenario_index.end()) first = p_.scenarios[static_cast<std::size_t>(s->second)].span;
  else return;
  auto& d = diags_.error(span, fmt::format("`{}` is already defined", n));
  if (first.valid()) {
    auto lc = p_.sources.line_col(first.file, first.begin);
    d.notes.push_back(fmt::format("first defined at {}:{}:{}", p_.sources.file(first.file).name, lc.line, lc.col));
  }
}

void Compiler::declare(const ast::Module& module) {
  for (const auto& decl : module.decls) {
    if (const auto* d = std::get_if<ast::DimensionDecl>(&decl)) {
      declare_dimension(*d);
    } else if (const auto* u = std::get_if<ast::UnitDecl>(&decl)) {
      declare_unit(*u);
    } else if (const auto* l = std::get_if<ast::LetDecl>(&decl)) {
      check_redefinition(l->name, l->name_span);
      Global g;
      g.name = l->name;
      g.doc = l->doc;
      g.span = l->name_span;
      g.decl = l;
      bind_name(p_, NameTable::globals, l->name, static_cast<std::int64_t>(p_.globals.size()));
      p_.globals.push_back(std::move(g));
    } else if (const auto* f = std::get_if<ast::FnDecl>(&decl)) {
      check_redefinition(f->name, f->name_span);
      Function fn;
      fn.name = f->name;
      fn.doc = f->doc;
      fn.span = f->name_span;
      fn.decl = f;
      bind_name(p_, NameTable::functions, f->name, static_cast<std::int64_t>(p_.functions.size()));
      p_.functions.push_back(std::move(fn));
    } else if (const auto* s = std::get_if<ast::ScenarioDecl>(&decl)) {
      check_redefinition(s->name, s->name_span);
      Scenario sc;
      sc.name = s->name;
      sc.doc = s->doc;
      sc.span = s->name_span;
      sc.file = module.file;
      sc.decl = s;
      bind_name(p_, NameTable::scenarios, s->name, static_cast<std::int64_t>(p_.scenarios.size()));
      p_.scenarios.push_back(std::move(sc));
    } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
      pending_configs_.push_back(c);
      pending_config_files_.push_back(module.file);
    }
  }
}

void Compiler::declare_dimension(const ast::DimensionDecl& d) {
  if (p_.dims.find(d.name)) {
    diags_.error(d.name_span, fmt::format("dimension `{}` is already defined", d.name));
    return;
  }
  if (!d.definition) {
    Dim out;
    if (!p_.dims.add_base(d.name, out))
      diags_.error(d.name_span, fmt::format("too many base dimensions (at most {})", kMaxBaseDimensions));
    return;
  }
  Type t = resolve_type(*d.definition);
  if (t.is_quantity()) p_.dims.add_derived(d.name, t.dim);
  else if (!t.is_error()) diags_.error(d.definition->span, "a dimension is defined by other dimensions");
}

void Compiler::declare_unit(const ast::UnitDecl& d) {
  Unit u;
  u.name = d.name;
  u.span = d.name_span;
  u.doc = d.doc;
  std::optional<Dim> declared;
  if (d.dimension) {
    Type t = resolve_type(*d.dimension);
    if (t.is_quantity()) declared = t.dim;
    else if (!t.is_error()) {
      diags_.error(d.dimension->span, "a unit's type must be a dimension");
      return;
    }
  }
  if (d.value) {
    Scope sc;
    CExpr c = expr(*d.value, sc);
    if (c.type.is_error()) return;
    if (!c.type.is_quantity() || c.op != Op::constant) {
      diags_.error(d.value->span, "a unit is defined by a constant quantity, such as `60 s`");
      return;
    }
    if (declared && !(c.type.dim == *declared)) {
      diags_.error(d.value->span, fmt::format("unit `{}` is declared {} but defined as {}", d.name, p_.dims.format(*declared), p_.dims.format(c.type.dim)));
      return;
    }
    u.factor = c.constant.number();
    u.dim = c.type.dim;
  } else if (declared) {
    u.dim = *declared;
  } else {
    diags_.error(d.name_span, fmt::format("unit `{}` needs a dimension (`unit {}: Time`) or a definition (`unit {} = 60 s`)", d.name, d.name, d.name));
    return;
  }
  std::vector<std::string> sets;
  u.from_dimension = !d.value;
  for (const auto& a : d.attributes) {
    if (a.name == "display" && a.args.empty()) {
      u.display = true;
      continue;
    }
    if (a.name != "prefixes") {
      diags_.error(a.span, fmt::format("unknown attribute `@{}`; units take `@prefixes(large, small, binary)` and `@display()`", a.name));
      continue;
    }
    for (const auto& arg : a.args) {
      bool known = false;
      for (const auto& s : prefix_sets()) known = known || arg == s.name;
      if (!known) diags_.error(a.span, fmt::format("unknown prefix set `{}`; the sets are large, small and binary", arg));
      else sets.push_back(arg);
    }
  }
  // A unit of 0 or of a factor a double cannot hold would show every value as infinity or NaN; so would
  // a prefixed form whose factor overflows or underflows (`@prefixes(small) unit tiny = 1e-310 s`).
  // Still declared, so that its uses do not each report an unknown unit; the error stops the program.
  if (auto bad = unusable_factor(u, sets, p_.units)) diags_.error(d.name_span, *bad);
  if (auto clash = p_.units.add(u, sets))
    diags_.error(d.name_span, fmt::format("unit `{}` is already defined", *clash));
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
      DimOutcome r = t.kind == K::pow ? power(ops[0].dim, Rational{t.power, 1})
                     : t.kind == K::mul ? multiply(ops[0].dim, ops[1].dim)
                                        : divide(ops[0].dim, ops[1].dim);
      if (!r.ok()) {
        diags_.error(t.span, p_.dims.overflow_message(r));
        return Type::error();
      }
      return Type::quantity(*r.dim);
    }
    case K::name: break;
  }
  const std::string& n = t.name;
  if (n == "Bool") return Type::boolean();
  if (n == "Text") return Type::text();
  if (const Dim* d = p_.dims.find(n)) return Type::quantity(*d);
  if (auto it = p_.catalogue.kinds.find(n); it != p_.catalogue.kinds.end()) return Type::of_record(it->second);
  if (const Unit* u = p_.units.find(n)) {
    if (display) *display = DisplayUnit{u->name, u->factor, false};
    return Type::quantity(u->dim);
  }
  auto& d = diags_.error(t.span, fmt::format("unknown type `{}`", n));
  std::vector<std::string> candidates = p_.dims.names();
  candidates.insert(candidates.end(), {"Bool", "Text", "List"});
  for (const auto& [k, v] : p_.catalogue.kinds) candidates.push_back(k);
  auto s = closest_name(n, candidates);
  if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
  d.notes.push_back("a type is a dimension (Count, Information, Information / Time, ...), a unit, Bool, Text, a catalogue kind, List[T] or `one of a | b`");
  return Type::error();
}

void Compiler::ensure_global(int index) {
  Global& g = p_.globals[static_cast<std::size_t>(index)];
  if (g.state == State::done || g.state == State::failed) return;
  if (g.state == State::in_progress) {
    diags_.error(g.span, fmt::format("`{}` is defined in terms of itself", g.name));
    g.state = State::failed;
    return;
  }
  g.state = State::in_progress;
  Scope sc;
  DisplayUnit annotated;
  std::optional<Type> declared;
  if (g.decl->type) declared = resolve_type(*g.decl->type, &annotated);
  CExpr c = expr(*g.decl->value, sc, declared ? &*declared : nullptr);
  if (declared) expect_type(c, *declared, fmt::format("`{}`", g.name));
  g.display = display_of(*g.decl->value);
  if (g.display.automatic && !annotated.automatic) g.display = annotated;
  g.type = declared ? *declared : c.type;
  g.expr = std::move(c);
  g.locals = sc.max_locals;
  if (g.state == State::in_progress) g.state = State::done;
}

void Compiler::ensure_function(int index) {
  Function& f = p_.functions[static_cast<std::size_t>(index)];
  if (f.state != State::pending) return;
  f.state = State::in_progress;
  const ast::FnDecl& d = *f.decl;
  Scope sc;
  for (std::size_t i = 0; i < d.params.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (d.params[j].name == d.params[i].name) diags_.error(d.params[i].span, fmt::format("parameter `{}` is declared twice", d.params[i].name));
    f.params.push_back(d.params[i].name);
    f.param_types.push_back(resolve_type(d.params[i].type));
    sc.locals.push_back(Local{d.params[i].name, static_cast<int>(i), f.param_types.back()});
  }
  sc.max_locals = static_cast<int>(sc.locals.size());
  if (d.result) {
    f.result = resolve_type(*d.result);
    f.result_known = true;
  }
  CExpr body = expr(*d.body, sc, f.result_known ? &f.result : nullptr);
  if (f.result_known) {
    if (!compatible(body.type, f.result))
      diags_.error(body.span, fmt::format("`{}` is declared to return {}, but its body is {}", f.name, tname(f.result), tname(body.type)));
  } else {
    f.result = body.type;
    f.result_known = true;
  }
  f.body = std::move(body);
  f.locals = sc.max_locals;
  f.state = State::done;
}

void Compiler::ensure_scenario(int index) {
  Scenario& s = p_.scenarios[static_cast<std::size_t>(index)];
  if (s.state != State::pending) return;
  s.state = State::in_progress;
  compile_scenario_body(s);
  s.state = State::done;
}

void Compiler::compile_scenario_body(Scenario& s) {
  const ast::ScenarioDecl& d = *s.decl;
  // First every slot with its declared type, so that a name may be used before the line defining it.
  std::vector<std::size_t> slot_member;  // the member declaring each slot
  for (std::size_t member = 0; member < d.members.size(); ++member) {
    const auto& m = d.members[member];
    Slot slot;
    std::visit(
        [&](const auto& decl) {
          using T = std::decay_t<decltype(decl)>;
          if constexpr (std::is_same_v<T, ast::CheckDecl>) {
            return;
          } else {
            slot.name = decl.name;
            slot.span = decl.name_span;
            slot.doc = decl.doc;
            if constexpr (std::is_same_v<T, ast::InputDecl>) {
              slot.kind = SlotKind::input;
              slot.type = resolve_type(decl.type, &slot.display);
            } else if constexpr (std::is_same_v<T, ast::OutputDecl>) {
              slot.kind = SlotKind::output;
            } else {
              slot.kind = SlotKind::let;
            }
            if (int prev = s.find_slot(slot.name); prev >= 0) {
              auto& diag = diags_.error(slot.span, fmt::format("`{}` is already declared in scenario `{}`", slot.name, s.name));
              auto lc = p_.sources.line_col(s.slots[static_cast<std::size_t>(prev)].span.file, s.slots[static_cast<std::size_t>(prev)].span.begin);
              diag.notes.push_back(fmt::format("first declared on line {}", lc.line));
              return;
            }
            SlotKind kind = slot.kind;
            int idx = s.add_slot(std::move(slot));
            if (kind == SlotKind::input) s.inputs.push_back(idx);
            if (kind == SlotKind::output) s.outputs.push_back(idx);
            slot_member.push_back(member);
          }
        },
        m);
  }
  std::vector<std::vector<int>> deps(s.slots.size());
  std::vector<bool> compiled(s.slots.size(), false);
  std::vector<bool> compiling(s.slots.size(), false);
  // Slots compile on demand (a let used above its line needs its type first); a slot met again while
  // it is compiling is part of a cycle, reported once by report_cycles.
  std::function<void(int)> compile = [&](int i) {
    auto ui = static_cast<std::size_t>(i);
    if (compiled[ui] || compiling[ui]) return;
    compiling[ui] = true;
    Slot& slot = s.slots[ui];
    {
      const auto& m = d.members[slot_member[ui]];
      ++work_counters().scenario_members_visited;
      std::visit(
          [&](const auto& decl) {
            using T = std::decay_t<decltype(decl)>;
            if constexpr (!std::is_same_v<T, ast::CheckDecl>) {
              Scope sc;
              sc.scenario = &s;
              sc.current_slot = i;
              sc.deps = &deps;
              if constexpr (std::is_same_v<T, ast::InputDecl>) {
                if (decl.default_value) {
                  sc.in_default = true;
                  CExpr c = expr(*decl.default_value, sc, &slot.type);
                  expect_type(c, slot.type, fmt::format("the default of input `{}`", slot.name));
                  DisplayUnit du = display_of(*decl.default_value);
                  if (slot.display.automatic) slot.display = du;
                  slot.expr = std::move(c);
                  sc.in_default = false;
                }
                if (decl.where) {
                  // A `where` reads the input's own value once it is known: no dependency.
                  sc.deps = nullptr;
                  CExpr w = expr(*decl.where, sc);
                  if (!w.type.is_error() && !w.type.scalar().is_bool())
                    diags_.error(w.span, fmt::format("a `where` condition must be a Bool, found {}", tname(w.type)));
                  slot.where = std::move(w);
                }
              } else {
                std::optional<Type> declared;
                DisplayUnit annotated;
                if (decl.type) declared = resolve_type(*decl.type, &annotated);
                CExpr c = expr(*decl.value, sc, declared ? &*declared : nullptr);
                if (declared && !compatible(c.type, *declared)) {
                  auto& diag = diags_.error(c.span, fmt::format("`{}` is declared {}, but its value is {}", slot.name, tname(*declared), tname(c.type)));
                  diag.labels.push_back(Label{decl.type->span, ""});
                }
                slot.type = declared && !declared->is_error() ? *declared : c.type;
                slot.display = display_of(*decl.value);
                if (slot.display.automatic && !annotated.automatic) slot.display = annotated;
                slot.expr = std::move(c);
              }
              s.locals = std::max(s.locals, sc.max_locals);
            }
          },
          m);
    }
    compiling[ui] = false;
    compiled[ui] = true;
  };
  auto* saved_compile = current_compile_;
  auto* saved_compiled = current_compiled_;
  auto* saved_scenario = current_scenario_;
  current_compile_ = &compile;
  current_compiled_ = &compiled;
  current_scenario_ = &s;
  for (std::size_t i = 0; i < s.slots.size(); ++i) compile(static_cast<int>(i));
  for (const auto& m : d.members) {
    const auto* c = std::get_if<ast::CheckDecl>(&m);
    if (!c) continue;
    Scope sc;
    sc.scenario = &s;
    CExpr cond = expr(*c->condition, sc);
    if (!cond.type.is_error() && !cond.type.scalar().is_bool())
      diags_.error(cond.span, fmt::format("a `check` condition must be a Bool, found {}", tname(cond.type)));
    s.locals = std::max(s.locals, sc.max_locals);
    s.checks.push_back(Check{std::move(cond), c->message, c->span});
  }
  current_compile_ = saved_compile;
  current_compiled_ = saved_compiled;
  current_scenario_ = saved_scenario;
  report_cycles(s, deps);
  s.result = std::make_shared<RecordType>();
  s.result->name = s.name;
  for (int o : s.outputs) {
    s.result->fields.push_back(s.slots[static_cast<std::size_t>(o)].name);
    s.result->types.push_back(s.slots[static_cast<std::size_t>(o)].type);
  }
}

Type Compiler::slot_type(Scenario& s, int slot, Span use) {
  Slot& sl = s.slots[static_cast<std::size_t>(slot)];
  if (sl.kind == SlotKind::input) return sl.type;
  if (current_scenario_ == &s && current_compile_ && !(*current_compiled_)[static_cast<std::size_t>(slot)]) (*current_compile_)(slot);
  (void)use;
  return sl.type;
}

void Compiler::report_cycles(Scenario& s, const std::vector<std::vector<int>>& deps) {
  std::vector<int> colour(s.slots.size(), 0), stack;
  std::function<bool(int)> visit = [&](int i) -> bool {
    auto ui = static_cast<std::size_t>(i);
    colour[ui] = 1;
    stack.push_back(i);
    for (int j : deps[ui]) {
      if (colour[static_cast<std::size_t>(j)] == 1) {
        std::string path;
        auto it = std::find(stack.begin(), stack.end(), j);
        for (; it != stack.end(); ++it) path += s.slots[static_cast<std::size_t>(*it)].name + " -> ";
        path += s.slots[static_cast<std::size_t>(j)].name;
        auto& d = diags_.error(s.slots[static_cast<std::size_t>(j)].span, fmt::format("`{}` depends on itself: {}", s.slots[static_cast<std::size_t>(j)].name, path));
        d.notes.push_back("a let, output or input default cannot use itself, directly or through others");
        return true;
      }
      if (colour[static_cast<std::size_t>(j)] == 0 && visit(j)) return true;
    }
    stack.pop_back();
    colour[ui] = 2;
    return false;
  };
  for (std::size_t i = 0; i < s.slots.size(); ++i)
    if (colour[i] == 0 && visit(static_cast<int>(i))) return;
}

void Compiler::compile_config(const ast::ConfigDecl& d, FileId file) {
  Config cfg;
  cfg.name = d.name;
  cfg.doc = d.doc;
  cfg.span = d.name_span;
  cfg.file = file;
  auto it = p_.scenario_index.find(d.scenario);
  if (it == p_.scenario_index.end()) {
    auto& diag = diags_.error(d.scenario_span, fmt::format("unknown scenario `{}`", d.scenario));
    std::vector<std::string> names;
    for (const auto& s : p_.scenarios) names.push_back(s.name);
    auto s = closest_name(d.scenario, names);
    if (!s.empty()) diag.notes.push_back(fmt::format("did you mean `{}`?", s));
    return;
  }
  cfg.scenario = it->second;
  ensure_scenario(it->second);
  Scenario& s = p_.scenarios[static_cast<std::size_t>(it->second)];
  for (const auto& c : p_.configs)
    if (c.name == d.name && c.scenario == cfg.scenario) diags_.error(d.name_span, fmt::format("config `{}` for `{}` is already defined", d.name, s.name));
  auto names_of = [&](SlotKind kind) {
    std::vector<std::string> out;
    for (const auto& sl : s.slots)
      if (sl.kind == kind) out.push_back(sl.name);
    return out;
  };
  for (const auto& set : d.sets) {
    int slot = s.find_slot(set.name);
    if (slot < 0 || s.slots[static_cast<std::size_t>(slot)].kind != SlotKind::input) {
      auto& diag = diags_.error(set.name_span, fmt::format("scenario `{}` has no input `{}`", s.name, set.name));
      auto sug = closest_name(set.name, names_of(SlotKind::input));
      if (!sug.empty()) diag.notes.push_back(fmt::format("did you mean `{}`?", sug));
      continue;
    }
    for (const auto& prev : cfg.sets)
      if (prev.slot == slot) diags_.error(set.name_span, fmt::format("input `{}` is set twice", set.name));
    ConfigSetting cs;
    cs.slot = slot;
    cs.span = set.name_span;
    cs.value = compile_value(*set.value, s.slots[static_cast<std::size_t>(slot)].type, &cs.display);
    expect_type(cs.value, s.slots[static_cast<std::size_t>(slot)].type, fmt::format("input `{}`", set.name));
    cfg.sets.push_back(std::move(cs));
  }
  for (const auto& x : d.expects) {
    int slot = s.find_slot(x.output);
    if (slot < 0 || s.slots[static_cast<std::size_t>(slot)].kind != SlotKind::output) {
      auto& diag = diags_.error(x.output_span, fmt::format("scenario `{}` has no output `{}`", s.name, x.output));
      auto sug = closest_name(x.output, names_of(SlotKind::output));
      if (!sug.empty()) diag.notes.push_back(fmt::format("did you mean `{}`?", sug));
      continue;
    }
    const Type& out_type = s.slots[static_cast<std::size_t>(slot)].type;
    Expectation ex;
    ex.slot = slot;
    ex.span = x.span;
    ex.source = x.source;
    if (x.source_span.valid() && x.source.find_first_not_of(" \t") == std::string::npos)
      diags_.error(x.source_span, "the source of an expectation is empty; name the publication (`source \"Author et al. 2020, Table 1\"`) or leave `source` out");
    ex.value = compile_value(*x.value, out_type, nullptr);
    expect_type(ex.value, out_type, fmt::format("the expected value of `{}`", x.output));
    if (x.tolerance) {
      CExpr tol = compile_value(*x.tolerance, Type::error(), nullptr);
      const Type& scalar = out_type.scalar();
      if (tol.type.is_count()) {
        ex.relative = true;
      } else if (tol.type.is_quantity() && scalar.is_quantity() && tol.type.dim == scalar.dim) {
        ex.relative = false;
      } else if (!tol.type.is_error()) {
        diags_.error(tol.span, fmt::format("a tolerance is relative (`0.1%`) or a quantity of the output's dimension ({}), found {}", tname(scalar), tname(tol.type)));
      }
      ex.tolerance = std::move(tol);
    }
    cfg.expects.push_back(std::move(ex));
  }
  p_.configs.push_back(std::move(cfg));
}

void Compiler::truncated(std::size_t globals, std::size_t functions, std::size_t scenarios) {
  compiled_.globals = std::min(compiled_.globals, globals);
  compiled_.functions = std::min(compiled_.functions, functions);
  compiled_.scenarios = std::min(compiled_.scenarios, scenarios);
}

void Compiler::compile_pending() {
  // Each pass says once that it ran out of stack: a REPL session runs many passes.
  stack_reported_ = false;
  // Only what was declared since the last pass: a REPL session runs one pass per entry.
  for (std::size_t i = compiled_.globals; i < p_.globals.size(); ++i, ++work_counters().pending_declarations_visited)
    ensure_global(static_cast<int>(i));
  compiled_.globals = p_.globals.size();
  for (std::size_t i = compiled_.functions; i < p_.functions.size(); ++i, ++work_counters().pending_declarations_visited)
    ensure_function(static_cast<int>(i));
  compiled_.functions = p_.functions.size();
  for (std::size_t i = compiled_.scenarios; i < p_.scenarios.size(); ++i, ++work_counters().pending_declarations_visited)
    ensure_scenario(static_cast<int>(i));
  compiled_.scenarios = p_.scenarios.size();
  for (std::size_t i = 0; i < pending_configs_.size(); ++i) compile_config(*pending_configs_[i], pending_config_files_[i]);
  pending_configs_.clear();
  pending_config_files_.clear();
}

CExpr Compiler::compile_value(const ast::Expr& e, const Type& expected, DisplayUnit* display) {
  stack_reported_ = false;
  Scope sc;
  CExpr c = expr(e, sc, expected.is_error() ? nullptr : &expected);
  if (display) *display = display_of(e);
  return c;
}

CExpr Compiler::compile_global_expr(const ast::Expr& e, DisplayUnit* display) {
  return compile_value(e, Type::error(), display);
}

}  // namespace mlsi

namespace mlsi {

CExpr Compiler::compile_with_locals(const ast::Expr& e, const std::vector<std::pair<std::string, Type>>& locals) {
  Scope sc;
  for (const auto& [name, type] : locals) sc.locals.push_back(Local{name, static_cast<int>(sc.locals.size()), type});
  sc.max_locals = static_cast<int>(sc.locals.size());
  return expr(e, sc);
}

}  // namespace mlsi
