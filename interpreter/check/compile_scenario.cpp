// Scenario bodies and configs: inputs with their defaults and `where`s, lets, outputs, checks, and the
// cycles among them; a config's values checked against its scenario.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "check/compiler.hpp"
#include "base/work_counters.hpp"
#include "model/unknown_input.hpp"

namespace mlsi {

void Compiler::compile_scenario_body(Scenario& s) {
  const ast::ScenarioDecl& d = *s.decl;
  check_see_also(s);
  // First every slot with its declared type, so that a name may be used before the line defining it.
  std::vector<std::size_t> slot_member;  // the member declaring each slot
  for (std::size_t member = 0; member < d.members.size(); ++member) {
    const auto& m = d.members[member];
    Slot slot;
    std::visit(
        [&](const auto& decl) {
          using T = std::decay_t<decltype(decl)>;
          if constexpr (std::is_same_v<T, ast::CheckDecl> || std::is_same_v<T, ast::FnDecl>) {
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
  declare_local_functions(s);
  std::vector<std::vector<int>> deps(s.slots.size());
  std::vector<std::vector<int>> slot_calls(s.slots.size());  // the scenario's functions each slot calls
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
            if constexpr (!std::is_same_v<T, ast::CheckDecl> && !std::is_same_v<T, ast::FnDecl>) {
              Scope sc;
              sc.scenario = &s;
              sc.current_slot = i;
              sc.deps = &deps;
              sc.calls = &slot_calls[ui];
              if constexpr (std::is_same_v<T, ast::InputDecl>) {
                if (decl.default_value) {
                  sc.in_default = true;
                  CExpr c = expr(*decl.default_value, sc, &slot.type);
                  expect_type(c, slot.type, [&] { return fmt::format("the default of input `{}`", slot.name); });
                  DisplayUnit du = display_of(*decl.default_value, &s);
                  if (slot.display.automatic) slot.display = du;
                  slot.expr = std::move(c);
                  sc.in_default = false;
                }
                if (decl.where) {
                  // A `where` reads the input's own value once it is known: no dependency.
                  sc.deps = nullptr;
                  sc.calls = nullptr;
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
                slot.display = display_of(*decl.value, &s);
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
  // A function no slot calls is checked all the same.
  for (std::size_t i = 0; i < s.functions.size(); ++i) ensure_local_function(s, static_cast<int>(i));
  current_compile_ = saved_compile;
  current_compiled_ = saved_compiled;
  current_scenario_ = saved_scenario;
  std::map<std::pair<int, int>, int> through;
  close_local_reads(s, slot_calls, deps, through);
  report_cycles(s, deps, through);
  s.result = std::make_shared<RecordType>();
  s.result->name = s.name;
  // A call's result shows each output in the unit its `-> unit` names, as a run of the scenario does.
  for (int o : s.outputs) {
    const Slot& out = s.slots[static_cast<std::size_t>(o)];
    s.result->fields.push_back(out.name);
    s.result->types.push_back(out.type);
    s.result->units.push_back(out.display.automatic ? DisplayUnitText{} : DisplayUnitText{out.display.text, out.display.factor});
  }
}

Type Compiler::slot_type(Scenario& s, int slot, Span use) {
  Slot& sl = s.slots[static_cast<std::size_t>(slot)];
  if (sl.kind == SlotKind::input) return sl.type;
  if (current_scenario_ == &s && current_compile_ && !(*current_compiled_)[static_cast<std::size_t>(slot)]) (*current_compile_)(slot);
  (void)use;
  return sl.type;
}

void Compiler::report_cycles(Scenario& s, const std::vector<std::vector<int>>& deps, const std::map<std::pair<int, int>, int>& through) {
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
        // A link that a call of one of the scenario's functions makes is not visible in the formula.
        auto first = std::find(stack.begin(), stack.end(), j);
        for (auto from = first; from != stack.end(); ++from) {
          int to = from + 1 == stack.end() ? j : *(from + 1);
          auto via = through.find({*from, to});
          if (via == through.end()) continue;
          d.notes.push_back(fmt::format("`{}` calls `{}`, which reads `{}`", s.slots[static_cast<std::size_t>(*from)].name,
                                        s.functions[static_cast<std::size_t>(via->second)].name, s.slots[static_cast<std::size_t>(to)].name));
        }
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
  if (p_.uses) note_use(NameUse{d.scenario_span, UseKind::scenario, -1, it->second, s.span, s.name, Type::error(), nullptr, nullptr});
  for (const auto& c : p_.configs)
    if (c.name == d.name && c.scenario == cfg.scenario) diags_.error(d.name_span, fmt::format("config `{}` for `{}` is already defined", d.name, s.name));
  auto names_of = [&](SlotKind kind) {
    std::vector<std::string> out;
    for (const auto& sl : s.slots)
      if (sl.kind == kind) out.push_back(sl.name);
    return out;
  };
  cfg.sets.reserve(d.sets.size());
  cfg.expects.reserve(d.expects.size());
  for (const auto& set : d.sets) {
    int slot = s.find_slot(set.name);
    if (slot < 0 || s.slots[static_cast<std::size_t>(slot)].kind != SlotKind::input) {
      diags_.error(set.name_span, fmt::format("scenario `{}` has no input `{}`", s.name, set.name)).notes = unknown_input_notes(s, set.name);
      continue;
    }
    for (const auto& prev : cfg.sets)
      if (prev.slot == slot) diags_.error(set.name_span, fmt::format("input `{}` is set twice", set.name));
    note_slot(set.name_span, s, slot);
    ConfigSetting cs;
    cs.slot = slot;
    cs.span = set.name_span;
    cs.value = compile_value(*set.value, s.slots[static_cast<std::size_t>(slot)].type, &cs.display);
    expect_type(cs.value, s.slots[static_cast<std::size_t>(slot)].type, [&] { return fmt::format("input `{}`", set.name); });
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
    note_slot(x.output_span, s, slot);
    const Type& out_type = s.slots[static_cast<std::size_t>(slot)].type;
    Expectation ex;
    ex.slot = slot;
    ex.span = x.span;
    ex.source = x.source;
    ex.measured = x.measured;
    if (x.source_span.valid() && x.source.find_first_not_of(" \t") == std::string::npos)
      diags_.error(x.source_span, "the source of an expectation is empty; name the publication (`source \"Author et al. 2020, Table 1\"`) or leave `source` out");
    // A measured value is only as good as where it was measured, and its error is a percentage: it
    // cites its source and is a number with a dimension (or a Count), not a list, a record or a Bool.
    if (x.measured && !x.source_span.valid())
      diags_.error(x.measured_span, fmt::format("a measured expectation names where it was measured: add `source \"Author et al. 2022, Table 5\"` after `expect measured {} == ...`", x.output));
    if (x.measured && !out_type.is_quantity() && !out_type.is_error())
      diags_.error(x.measured_span, fmt::format("`expect measured` compares a number with its error in percent; output `{}` is {}", x.output, tname(out_type)));
    ex.value = compile_value(*x.value, out_type, nullptr);
    expect_type(ex.value, out_type, [&] { return fmt::format("the expected value of `{}`", x.output); });
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

}  // namespace mlsi
