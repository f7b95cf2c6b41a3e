#include "index/outline.hpp"

#include <fmt/format.h>

namespace mlsi::index {

namespace {

Span upto(Span from, const ast::Expr* e) {
  if (e && e->span.valid() && e->span.end > from.end) from.end = e->span.end;
  return from;
}

std::string type_of(const Program& p, const Type& t) { return t.is_error() ? "" : type_name(t, p.dims); }

}  // namespace

std::vector<OutlineItem> outline(const Analysis& a) {
  std::vector<OutlineItem> out;
  const Program& p = a.program();
  for (const auto& m : p.modules) {
    if (m->file != a.file()) continue;
    for (const auto& decl : m->decls) {
      if (const auto* s = std::get_if<ast::ScenarioDecl>(&decl)) {
        OutlineItem item{s->name, SymbolKind::scenario, "scenario", s->span, s->name_span, {}};
        const Scenario* sc = p.find_scenario(s->name);
        if (sc && sc->decl != s) sc = nullptr;
        for (const auto& member : s->members) {
          std::visit([&](const auto& d) {
            using D = std::decay_t<decltype(d)>;
            if constexpr (std::is_same_v<D, ast::InputDecl> || std::is_same_v<D, ast::LetDecl> || std::is_same_v<D, ast::OutputDecl>) {
              SymbolKind k = std::is_same_v<D, ast::InputDecl> ? SymbolKind::input : std::is_same_v<D, ast::LetDecl> ? SymbolKind::let : SymbolKind::output;
              std::string detail;
              if (sc)
                if (int slot = sc->find_slot(d.name); slot >= 0) detail = type_of(p, sc->slots[static_cast<std::size_t>(slot)].type);
              const ast::Expr* end = nullptr;
              if constexpr (std::is_same_v<D, ast::InputDecl>) end = d.where ? d.where.get() : d.default_value.get();
              else end = d.value.get();
              item.children.push_back(OutlineItem{d.name, k, detail, upto(d.name_span, end), d.name_span, {}});
            } else if constexpr (std::is_same_v<D, ast::FnDecl>) {
              item.children.push_back(OutlineItem{d.name, SymbolKind::function, "fn", upto(d.name_span, d.body.get()), d.name_span, {}});
            }
          }, member);
        }
        out.push_back(std::move(item));
      } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
        OutlineItem item{c->name, SymbolKind::config, "for " + c->scenario, c->name_span, c->name_span, {}};
        for (const auto& set : c->sets) {
          item.children.push_back(OutlineItem{set.name, SymbolKind::input, "=", upto(set.name_span, set.value.get()), set.name_span, {}});
          item.span = upto(item.span, set.value.get());
        }
        for (const auto& x : c->expects) {
          item.children.push_back(OutlineItem{x.output, SymbolKind::output, "expect", x.span, x.output_span, {}});
          if (x.span.end > item.span.end) item.span.end = x.span.end;
        }
        out.push_back(std::move(item));
      } else if (const auto* f = std::get_if<ast::FnDecl>(&decl)) {
        out.push_back(OutlineItem{f->name, SymbolKind::function, "fn", upto(f->name_span, f->body.get()), f->name_span, {}});
      } else if (const auto* l = std::get_if<ast::LetDecl>(&decl)) {
        std::string detail;
        if (auto it = p.global_index.find(l->name); it != p.global_index.end()) detail = type_of(p, p.globals[static_cast<std::size_t>(it->second)].type);
        out.push_back(OutlineItem{l->name, SymbolKind::global, detail, upto(l->name_span, l->value.get()), l->name_span, {}});
      } else if (const auto* u = std::get_if<ast::UnitDecl>(&decl)) {
        out.push_back(OutlineItem{u->name, SymbolKind::unit, "unit", upto(u->name_span, u->value.get()), u->name_span, {}});
      } else if (const auto* d = std::get_if<ast::DimensionDecl>(&decl)) {
        out.push_back(OutlineItem{d->name, SymbolKind::dimension, "dimension", d->name_span, d->name_span, {}});
      } else if (const auto* t = std::get_if<ast::TypeDecl>(&decl)) {
        out.push_back(OutlineItem{t->name, SymbolKind::type, "type", Span::join(t->name_span, t->type.span), t->name_span, {}});
      }
    }
  }
  return out;
}

std::vector<ValueHint> value_hints(const Analysis& a) {
  std::vector<ValueHint> out;
  const Program& p = a.program();
  for (const auto& m : p.modules) {
    if (m->file != a.file()) continue;
    for (const auto& decl : m->decls) {
      const auto* s = std::get_if<ast::ScenarioDecl>(&decl);
      if (!s) continue;
      int index = p.find_scenario_index(s->name);
      if (index < 0 || p.scenarios[static_cast<std::size_t>(index)].decl != s) continue;
      const RunValues* run = a.defaults_of(index);
      if (!run || !run->evaluated) continue;
      const Scenario& sc = p.scenarios[static_cast<std::size_t>(index)];
      for (const auto& member : s->members) {
        const auto* o = std::get_if<ast::OutputDecl>(&member);
        if (!o || !o->value) continue;
        int slot = sc.find_slot(o->name);
        if (slot < 0 || static_cast<std::size_t>(slot) >= run->slots.size() || !run->slots[static_cast<std::size_t>(slot)].available) continue;
        out.push_back(ValueHint{o->value->span.end, "= " + run->slots[static_cast<std::size_t>(slot)].text, false});
      }
    }
  }
  for (const auto& x : a.expectations()) {
    if (!x.evaluated || x.value_span.file != a.file()) continue;
    out.push_back(ValueHint{x.value_span.end, fmt::format("computed {} {}", x.computed, x.passed ? "✓" : "✗"), !x.passed});
  }
  std::sort(out.begin(), out.end(), [](const ValueHint& l, const ValueHint& r) { return l.offset < r.offset; });
  return out;
}

std::vector<RunLens> run_lenses(const Analysis& a) {
  std::vector<RunLens> out;
  const Program& p = a.program();
  for (const auto& m : p.modules) {
    if (m->file != a.file()) continue;
    for (const auto& decl : m->decls) {
      if (const auto* s = std::get_if<ast::ScenarioDecl>(&decl)) {
        out.push_back(RunLens{s->name_span, s->name, "", "▶ run", false});
      } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
        out.push_back(RunLens{c->name_span, c->scenario, c->name, "▶ run", false});
        if (c->expects.empty()) continue;
        int config = -1;
        for (std::size_t i = 0; i < p.configs.size(); ++i)
          if (p.configs[i].span.file == c->name_span.file && p.configs[i].span.begin == c->name_span.begin) config = static_cast<int>(i);
        int passed = 0, failed = 0;
        for (const auto& x : a.expectations())
          if (x.config == config && x.evaluated) (x.passed ? passed : failed)++;
        std::string title = "test";
        if (failed) title = fmt::format("✗ test: {} of {} failed", failed, c->expects.size());
        else if (passed == static_cast<int>(c->expects.size())) title = fmt::format("✓ test: {} passed", passed);
        out.push_back(RunLens{c->name_span, c->scenario, c->name, title, true});
      }
    }
  }
  return out;
}

}  // namespace mlsi::index
