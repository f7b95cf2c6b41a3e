// Declarations: dimensions, units, global lets, functions, scenarios and configs.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "check/compiler.hpp"
#include "base/work_counters.hpp"

namespace mlsi {

int Scenario::find_slot(const std::string& n) const {
  auto it = slot_index.find(n);
  return it == slot_index.end() ? -1 : it->second;
}

int Scenario::find_function(const std::string& n) const {
  for (std::size_t i = 0; i < functions.size(); ++i)
    if (functions[i].name == n) return static_cast<int>(i);
  return -1;
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
    } else if (const auto* t = std::get_if<ast::TypeDecl>(&decl)) {
      declare_type(*t);
    } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
      pending_configs_.push_back(c);
      pending_config_files_.push_back(module.file);
    }
  }
}

void Compiler::declare_dimension(const ast::DimensionDecl& d) {
  // A built-in pack file's dimension is private to it (model/private_scopes.hpp): it collides only with
  // the file's own, and a user's file may declare the same name.
  DimensionRegistry::Origin origin{d.name_span.file, p_.scopes.is_private(d.name_span.file) ? d.name_span.file : kNoFile};
  if (origin.owner == kNoFile ? p_.dims.find(d.name) != nullptr : p_.dims.find_private(d.name, origin.owner) != nullptr) {
    diags_.error(d.name_span, fmt::format("dimension `{}` is already defined", d.name));
    return;
  }
  if (!d.definition) {
    Dim out;
    if (!p_.dims.add_base(d.name, out, origin))
      diags_.error(d.name_span, fmt::format("too many base dimensions (at most {})", kMaxBaseDimensions));
    return;
  }
  Type t = resolve_type(*d.definition);
  if (t.is_quantity()) p_.dims.add_derived(d.name, t.dim, origin);
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
    if (a.name == "replaceable" && a.args.empty()) {
      u.replaceable = true;
      continue;
    }
    if (a.name != "prefixes") {
      diags_.error(a.span, fmt::format("unknown attribute `@{}`; units take `@prefixes(large, small, binary)`, `@display()` and `@replaceable()`", a.name));
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
  if (p_.scopes.is_private(d.name_span.file)) u.owner = d.name_span.file;
  if (auto clash = p_.units.add(u, sets))
    diags_.error(d.name_span, fmt::format("unit `{}` is already defined", *clash));
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
  if (declared) expect_type(c, *declared, [&] { return fmt::format("`{}`", g.name); });
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
  Scope sc;
  compile_function(f, sc);
}

void Compiler::compile_function(Function& f, Scope& sc) {
  f.state = State::in_progress;
  const ast::FnDecl& d = *f.decl;
  for (std::size_t i = 0; i < d.params.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (d.params[j].name == d.params[i].name) diags_.error(d.params[i].span, fmt::format("parameter `{}` is declared twice", d.params[i].name));
    f.params.push_back(d.params[i].name);
    f.param_types.push_back(resolve_type(d.params[i].type));
    sc.locals.push_back(Local{d.params[i].name, static_cast<int>(i), f.param_types.back(), d.params[i].span});
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

void Compiler::truncated(std::size_t globals, std::size_t functions, std::size_t scenarios) {
  compiled_.globals = std::min(compiled_.globals, globals);
  compiled_.functions = std::min(compiled_.functions, functions);
  compiled_.scenarios = std::min(compiled_.scenarios, scenarios);
}

void Compiler::compile_pending() {
  // Each pass says once that it ran out of stack: a REPL session runs many passes.
  stack_reported_ = false;
  // A type nothing uses is checked all the same (types are few: every pass looks at all of them).
  for (std::size_t i = 0; i < p_.types.size(); ++i)
    if (p_.types[i].state == State::pending) ensure_type(static_cast<int>(i), p_.types[i].span);
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

CExpr Compiler::compile_input_formula(const ast::Expr& e, int scenario, int slot, DisplayUnit* display, std::vector<int>* reads) {
  stack_reported_ = false;
  Scenario& s = p_.scenarios[static_cast<std::size_t>(scenario)];
  const Type expected = s.slots[static_cast<std::size_t>(slot)].type;
  std::vector<std::vector<int>> deps(s.slots.size());
  Scope sc;
  sc.scenario = &s;
  sc.current_slot = slot;
  sc.in_default = true;  // the input's own name means what it means outside, as in its default
  sc.deps = &deps;
  std::vector<int> calls;
  sc.calls = &calls;
  CExpr c = expr(e, sc, expected.is_error() ? nullptr : &expected);
  // Its comprehensions use the frame of the scenario's run.
  s.locals = std::max(s.locals, sc.max_locals);
  if (display) *display = display_of(e, &s);
  add_local_reads(s, calls, deps[static_cast<std::size_t>(slot)]);
  if (reads) *reads = std::move(deps[static_cast<std::size_t>(slot)]);
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
