// The entries of a Workspace: expressions and declarations, and taking back an entry that failed.
#include "workspace/workspace.hpp"

#include <fmt/format.h>

#include <new>
#include <utility>

#include "model/display.hpp"
#include "workspace/entry_kind.hpp"
#include "workspace/entry_results.hpp"
#include "syntax/parser.hpp"

namespace mlsi {

namespace {

bool is_record_value(const Value& v) { return std::holds_alternative<std::shared_ptr<const RecordValue>>(v.v); }

// A catalogue field read on its own (`H100.memory`) is shown in the unit the catalogue wrote (`80 GiB`).
std::optional<DisplayUnit> catalogue_unit(const Program& p, const ast::Expr& e) {
  std::vector<std::string> chain;
  const ast::Expr* x = &e;
  while (x->kind == ast::ExprKind::field) {
    chain.insert(chain.begin(), x->text);
    x = x->operands[0].get();
  }
  if (chain.empty() || x->kind != ast::ExprKind::name || p.global_index.count(x->text)) return std::nullopt;
  const CatalogueEntry* entry = p.catalogue.find(x->text);
  for (std::size_t i = 0; entry && i < chain.size(); ++i) {
    const auto& r = entry->value.record();
    int f = r.type->find(chain[i]);
    if (f < 0) return std::nullopt;
    auto fi = static_cast<std::size_t>(f);
    if (i + 1 == chain.size()) {
      const auto& u = entry->units[fi];
      if (u.text.empty() || !r.type->types[fi].is_quantity()) return std::nullopt;
      return DisplayUnit{u.text, u.factor, false};
    }
    const auto& v = r.fields[fi];
    if (!v || !is_record_value(*v) || v->record().key.empty()) return std::nullopt;
    entry = p.catalogue.find(v->record().key);
  }
  return std::nullopt;
}

// An output of a scenario call read on its own (`KvCache(batch = 2).total`) is shown in the unit the
// output declares (`-> GiB`, `output total: GiB`).
std::optional<DisplayUnit> scenario_output_unit(const Program& p, const ast::Expr& e) {
  if (e.kind != ast::ExprKind::field || e.operands.empty() || e.operands[0]->kind != ast::ExprKind::call) return std::nullopt;
  const ast::Expr& call = *e.operands[0];
  if (call.operands.empty() || call.operands[0]->kind != ast::ExprKind::name) return std::nullopt;
  const Scenario* sc = p.find_scenario(call.operands[0]->text);
  if (!sc) return std::nullopt;
  int slot = sc->find_slot(e.text);
  if (slot < 0) return std::nullopt;
  const Slot& sl = sc->slots[static_cast<std::size_t>(slot)];
  if (sl.kind != SlotKind::output || sl.display.automatic) return std::nullopt;
  return sl.display;
}

// The unit a value the checker shows automatically is shown in, the same for an expression and for a
// let (so that the REPL's `:list` shows it as its entry did).
std::optional<DisplayUnit> written_unit(const Program& p, const ast::Expr& e) {
  if (auto u = catalogue_unit(p, e)) return u;
  return scenario_output_unit(p, e);
}

}  // namespace

Workspace::Workspace(ProgramSessionOptions options, EvaluationLimits limits, std::string source_name)
    : limits_(limits), max_file_size_(options.limits.max_file_size), source_name_(std::move(source_name)) {
  // With ProgramSessionOptions::read_on_demand an entry reads the prelude files and catalogue entries it names
  // (`mlsi eval`, the REPL until it lists or completes: read_everything).
  session_ = std::make_unique<ProgramSession>(options);
  ready_ = !session_->diagnostics().has_errors() && session_->check();
}

bool Workspace::load_builtin_scenarios() {
  Snapshot s = snapshot();
  session_->load_builtin_scenarios();
  bool ok = session_->check();
  if (!ok) {
    session_->diagnostics().clear();
    rollback(s);
  }
  session_->diagnostics().clear();
  return ok;
}

bool Workspace::read_everything() {
  if (read_everything_) return builtin_checked_;
  read_everything_ = true;
  session_->read_everything();
  builtin_checked_ = load_builtin_scenarios();
  return builtin_checked_;
}

FileId Workspace::add_source(const std::string& text, std::uint32_t line) {
  FileId f = session_->program().sources.add(source_name_, text);
  session_->program().sources.set_first_line(f, line);
  return f;
}

EntryResult Workspace::enter(const std::string& text, std::uint32_t line) {
  switch (classify_entry(text)) {
    case EntryKind::empty: return EntryResult{};
    case EntryKind::command: return source_error("a `:` command is not an entry");
    case EntryKind::declaration: return declaration(text, line);
    case EntryKind::expression: return expression(text, line);
    case EntryKind::import: {
      // `import "file.mls"` as an entry loads the file.
      auto open = text.find('"');
      auto close = open == std::string::npos ? open : text.find('"', open + 1);
      if (close == std::string::npos) return declaration(text, line);  // the parser explains
      return load(text.substr(open + 1, close - open - 1));
    }
  }
  return EntryResult{};
}

EntryResult Workspace::expression(const std::string& text, std::uint32_t line) {
  Program& p = session_->program();
  DiagnosticLog& diags = session_->diagnostics();
  FileId f = add_source(text, line);
  auto e = parse_expression(p.sources, f, diags);
  if (diags.has_errors() || !e) return source_error();
  // The built-in scenarios it calls (loaded, and their files' units seen: model/private_scopes.hpp).
  session_->load_builtin_scenarios_called();
  DisplayUnit display;
  CExpr c = session_->compiler().compile_global_expr(*e, &display);
  if (diags.has_errors()) return source_error();
  if (c.type.is_error()) return source_error("this expression has no type");
  if (display.automatic)
    if (auto u = written_unit(p, *e)) display = *u;
  try {
    Value v = Evaluator(p, limits_).value(c);
    if (auto d = display_overflow("the result", v, c.type, display, p, c.span)) return failed(std::move(*d));
    set_ans(v, c.type, display, c.span);
    EntryResult r;
    r.is_expression = true;
    r.value = std::move(v);
    r.type = c.type;
    r.display = display;
    return r;
  } catch (const EvalError& err) {
    return failed(err.diag);
  }
}

void Workspace::set_ans(const Value& v, const Type& t, const DisplayUnit& d, Span span) {
  Program& p = session_->program();
  auto g = p.global_index.find("ans");
  if (g != p.global_index.end() && !replaceable(p.globals[static_cast<std::size_t>(g->second)].span.file, "")) return;
  auto f = p.function_index.find("ans");
  if (f != p.function_index.end() && !replaceable(p.functions[static_cast<std::size_t>(f->second)].span.file, "")) return;
  auto s = p.scenario_index.find("ans");
  if (s != p.scenario_index.end() && !replaceable(p.scenarios[static_cast<std::size_t>(s->second)].file, "")) return;
  unbind_name(p, NameTable::functions, "ans");
  unbind_name(p, NameTable::scenarios, "ans");
  Global a;
  a.name = "ans";
  a.doc = "The last result of the REPL.";
  a.span = span;
  a.state = State::done;
  a.type = t;
  a.expr.op = Op::constant;
  a.expr.span = span;
  a.expr.type = t;
  a.expr.constant = v;
  a.display = d;
  bind_name(p, NameTable::globals, "ans", static_cast<std::int64_t>(p.globals.size()));
  p.globals.push_back(std::move(a));
}

Workspace::Snapshot Workspace::snapshot() {
  Program& p = session_->program();
  return Snapshot{p.globals.size(), p.functions.size(), p.scenarios.size(), p.configs.size(), p.units.declared().size(), {},
                  NameLogScope(p, undo_log_)};
}

void Workspace::rollback(Snapshot& s) {
  Program& p = session_->program();
  p.globals.erase(p.globals.begin() + static_cast<std::ptrdiff_t>(s.globals), p.globals.end());
  p.functions.erase(p.functions.begin() + static_cast<std::ptrdiff_t>(s.functions), p.functions.end());
  p.scenarios.erase(p.scenarios.begin() + static_cast<std::ptrdiff_t>(s.scenarios), p.scenarios.end());
  p.configs.erase(p.configs.begin() + static_cast<std::ptrdiff_t>(s.configs), p.configs.end());
  for (auto& c : s.replaced_configs) p.configs.push_back(std::move(c));
  s.replaced_configs.clear();
  undo_names(p, undo_log_);
  session_->truncated(s.globals, s.functions, s.scenarios);
}

bool Workspace::replaceable(FileId file, const std::string& reload_path) const {
  const Program& p = session_->program();
  if (file == kNoFile || file >= p.sources.size()) return false;
  const SourceFile& f = p.sources.file(file);
  return f.name == source_name_ || f.name.starts_with("<builtin>/") || (!reload_path.empty() && f.path == reload_path);
}

void Workspace::replace_names(const std::string& text, const std::string& reload_path, Snapshot& s) {
  Program& p = session_->program();
  SourceManager scratch;
  DiagnosticLog ignored;
  auto module = parse_module(scratch, scratch.add("", text), ignored);
  if (!module) return;  // the real load reports the syntax error
  auto take = [&](NameTable table, const std::map<std::string, int>& index, const std::string& name, auto file_of) {
    auto it = index.find(name);
    if (it != index.end() && replaceable(file_of(static_cast<std::size_t>(it->second)), reload_path)) unbind_name(p, table, name);
  };
  for (const auto& decl : module->decls) {
    std::string name;
    if (const auto* l = std::get_if<ast::LetDecl>(&decl)) name = l->name;
    else if (const auto* f = std::get_if<ast::FnDecl>(&decl)) name = f->name;
    else if (const auto* sc = std::get_if<ast::ScenarioDecl>(&decl)) name = sc->name;
    if (name.empty()) continue;
    take(NameTable::globals, p.global_index, name, [&](std::size_t i) { return p.globals[i].span.file; });
    take(NameTable::functions, p.function_index, name, [&](std::size_t i) { return p.functions[i].span.file; });
    take(NameTable::scenarios, p.scenario_index, name, [&](std::size_t i) { return p.scenarios[i].file; });
  }
  // A config replaces one of the same name for the same scenario (unless that scenario is replaced too).
  for (const auto& decl : module->decls) {
    const auto* c = std::get_if<ast::ConfigDecl>(&decl);
    if (!c) continue;
    auto sc = p.scenario_index.find(c->scenario);
    if (sc == p.scenario_index.end()) continue;
    for (auto it = p.configs.begin(); it != p.configs.end();) {
      if (it->name == c->name && it->scenario == sc->second && replaceable(it->file, reload_path)) {
        s.replaced_configs.push_back(std::move(*it));
        it = p.configs.erase(it);
      } else {
        ++it;
      }
    }
  }
  s.configs = p.configs.size();
}

void Workspace::read_what_names(const std::string& text) {
  // Outside the entry's snapshot: an entry that fails takes back its own declarations, not the prelude's
  // or a built-in scenario's it named (which would stay unread for good).
  session_->declare_prelude_named(text);
  Snapshot s = snapshot();
  if (session_->load_builtin_scenarios_named(text) && !session_->check()) {
    session_->diagnostics().clear();
    rollback(s);
  }
}

EntryResult Workspace::declaration(const std::string& text, std::uint32_t line) {
  read_what_names(text);
  Snapshot s = snapshot();
  replace_names(text, "", s);
  Program& p = session_->program();
  auto file = static_cast<FileId>(p.sources.size());  // the id load_text gives the entry
  try {
    auto loaded = session_->load_text(source_name_, text);
    p.sources.set_first_line(file, line);
    bool ok = loaded && session_->check();
    if (session_->diagnostics().has_errors() || !ok) {
      rollback(s);
      return source_error();
    }
    try {
      EntryResult r;
      r.declared = declared_by(*p.modules.back());
      return r;
    } catch (const EvalError& err) {
      rollback(s);
      return failed(err.diag);
    }
  } catch (const std::bad_alloc&) {
    rollback(s);  // a half-declared entry goes, as a failed one does
    throw;
  }
}

Declared Workspace::let_value(int index) {
  const Program& p = session_->program();
  const Global& g = p.globals[static_cast<std::size_t>(index)];
  CExpr read;
  read.op = Op::global;
  read.index = index;
  read.type = g.type;
  read.span = g.span;
  Value v = Evaluator(p, limits_).value(read);
  if (auto d = display_overflow(fmt::format("`{}`", g.name), v, g.type, g.display, p, g.expr.span.valid() ? g.expr.span : g.span))
    throw EvalError{std::move(*d)};
  Declared out;
  out.kind = Declared::Kind::let;
  out.name = g.name;
  out.evaluated = true;
  out.value = std::move(v);
  out.type = g.type;
  out.display = g.display;
  return out;
}

// One item per declaration of the module, in order; each let evaluated now, so that an error shows at once.
std::vector<Declared> Workspace::declared_by(const ast::Module& module) {
  const Program& p = session_->program();
  std::vector<Declared> out;
  auto item = [](Declared::Kind kind, std::string name) {
    Declared d;
    d.kind = kind;
    d.name = std::move(name);
    return d;
  };
  for (const auto& decl : module.decls) {
    if (const auto* l = std::get_if<ast::LetDecl>(&decl)) {
      int index = p.global_index.at(l->name);
      Global& g = session_->program().globals[static_cast<std::size_t>(index)];
      if (g.display.automatic && l->value)
        if (auto u = written_unit(p, *l->value)) g.display = *u;
      out.push_back(let_value(index));
    } else if (const auto* f = std::get_if<ast::FnDecl>(&decl)) {
      out.push_back(item(Declared::Kind::function, f->name));
    } else if (const auto* sc = std::get_if<ast::ScenarioDecl>(&decl)) {
      out.push_back(item(Declared::Kind::scenario, sc->name));
    } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
      Declared d = item(Declared::Kind::config, c->name);
      d.scenario = c->scenario;
      out.push_back(std::move(d));
    } else if (const auto* u = std::get_if<ast::UnitDecl>(&decl)) {
      if (p.units.find(u->name)) out.push_back(item(Declared::Kind::unit, u->name));
    } else if (const auto* dim = std::get_if<ast::DimensionDecl>(&decl)) {
      if (p.dims.find(dim->name)) out.push_back(item(Declared::Kind::dimension, dim->name));
    }
  }
  return out;
}

}  // namespace mlsi
