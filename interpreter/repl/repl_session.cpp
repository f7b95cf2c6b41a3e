// The REPL's entries: expressions, declarations, and taking back an entry that failed.
#include <fmt/format.h>

#include <new>
#include <utility>
#include <optional>

#include "base/activity.hpp"
#include "model/display.hpp"
#include "syntax/parser.hpp"
#include "repl/repl_input.hpp"
#include "repl/repl_session.hpp"

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

// The unit a value the checker shows automatically is shown in at the REPL, the same for an expression
// and for a let (so that `:list` shows it as its entry did).
std::optional<DisplayUnit> written_unit(const Program& p, const ast::Expr& e) {
  if (auto u = catalogue_unit(p, e)) return u;
  return scenario_output_unit(p, e);
}

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

}  // namespace

std::string describe_value(const Program& p, const Value& v, const Type& t, const DisplayUnit& d) {
  return fmt::format("{}  [{}]", format_value(v, t, d, p), type_name(t, p.dims));
}

std::string signature(const Program& p, const Function& f) {
  std::vector<std::string> params;
  for (std::size_t i = 0; i < f.params.size(); ++i) params.push_back(f.params[i] + ": " + type_name(f.param_types[i], p.dims));
  return fmt::format("fn {}({}) -> {}", f.name, join(params), type_name(f.result, p.dims));
}

std::string scenario_summary(const Scenario& sc) {
  std::vector<std::string> inputs, outputs;
  for (int i : sc.inputs) inputs.push_back(sc.slots[static_cast<std::size_t>(i)].name);
  for (int o : sc.outputs) outputs.push_back(sc.slots[static_cast<std::size_t>(o)].name);
  return fmt::format("scenario {}: inputs {}; outputs {}", sc.name, inputs.empty() ? "(none)" : join(inputs),
                     outputs.empty() ? "(none)" : join(outputs));
}

std::string unit_summary(const Program& p, const Unit& u) {
  return fmt::format("unit {} ({}) = {:.10g} {}", u.name, p.dims.format(u.dim), u.factor, p.units.si_text(u.dim));
}

Repl::Repl(ReplOptions options, ReplStreams io) : options_(std::move(options)), io_(io) { start(); }

void Repl::start() {
  SessionOptions files = options_.session;
  files.read_on_demand = false;  // completion offers every name of the catalogue and the prelude
  session_ = std::make_unique<Session>(files);
  ready_ = !session_->diagnostics().has_errors() && session_->check();
  if (report() || !ready_) {
    ready_ = false;
    return;
  }
  // The built-in scenarios, for `:run`; a REPL declaration may replace them.
  Snapshot s = snapshot();
  session_->load_builtin_scenarios();
  if (!session_->check()) {
    session_->diagnostics().clear();
    rollback(s);
    io_.err << "warning: the built-in scenarios do not check; they are left out of this session\n";
  }
  session_->diagnostics().clear();
}

Repl::Status Repl::enter(const std::string& text, std::uint32_t line) {
  try {
    switch (classify_entry(text)) {
      case EntryKind::empty: return Status::ok;
      case EntryKind::command: return command(text, line);
      case EntryKind::declaration: return declaration(text, line);
      case EntryKind::expression: return expression(text, line);
      case EntryKind::import: {
        // `import "file.mls"` at the REPL loads the file, as `:load` does.
        auto open = text.find('"');
        auto close = open == std::string::npos ? open : text.find('"', open + 1);
        if (close == std::string::npos) return declaration(text, line);  // the parser explains
        return cmd_load(text.substr(open + 1, close - open - 1));
      }
    }
  } catch (const std::bad_alloc&) {
    // The entry fails; the session goes on with the memory its unwinding gave back.
    session_->diagnostics().clear();
    return error(out_of_memory_message());
  }
  return Status::ok;
}

FileId Repl::add_source(const std::string& text, std::uint32_t line) {
  FileId f = session_->program().sources.add("<repl>", text);
  session_->program().sources.set_first_line(f, line);
  return f;
}

bool Repl::report() {
  Diagnostics& d = session_->diagnostics();
  bool errors = d.has_errors();
  io_.err << render_all(session_->program().sources, d, io_.colour, options_.max_errors);
  d.clear();
  return errors;
}

Repl::Status Repl::error(const std::string& message) {
  io_.err << render(session_->program().sources, Diagnostic{Severity::error, Span{}, message, {}, {}}, io_.colour);
  return Status::failed;
}

Repl::Status Repl::expression(const std::string& text, std::uint32_t line) {
  Program& p = session_->program();
  FileId f = add_source(text, line);
  auto e = parse_expression(p.sources, f, session_->diagnostics());
  if (report() || !e) return Status::failed;
  DisplayUnit display;
  CExpr c = session_->compiler().compile_global_expr(*e, &display);
  if (report()) return Status::failed;
  if (c.type.is_error()) return error("this expression has no type");
  if (display.automatic)
    if (auto u = written_unit(p, *e)) display = *u;
  try {
    Value v = Evaluator(p, options_.limits).value(c);
    if (auto d = display_overflow("the result", v, c.type, display, p, c.span)) throw EvalError{std::move(*d)};
    io_.out << "= " << describe_value(p, v, c.type, display) << "\n";
    set_ans(v, c.type, display, c.span);
    return Status::ok;
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return Status::failed;
  }
}

void Repl::set_ans(const Value& v, const Type& t, const DisplayUnit& d, Span span) {
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

Repl::Snapshot Repl::snapshot() {
  Program& p = session_->program();
  return Snapshot{p.globals.size(), p.functions.size(), p.scenarios.size(), p.configs.size(), p.units.declared().size(), {},
                  NameLogScope(p, undo_log_)};
}

void Repl::rollback(Snapshot& s) {
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

bool Repl::replaceable(FileId file, const std::string& reload_path) const {
  const Program& p = session_->program();
  if (file == kNoFile || file >= p.sources.size()) return false;
  const SourceFile& f = p.sources.file(file);
  return f.name == "<repl>" || f.name.starts_with("<builtin>/") || (!reload_path.empty() && f.path == reload_path);
}

void Repl::replace_names(const std::string& text, const std::string& reload_path, Snapshot& s) {
  Program& p = session_->program();
  SourceManager scratch;
  Diagnostics ignored;
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

Repl::Status Repl::declaration(const std::string& text, std::uint32_t line) {
  Snapshot s = snapshot();
  replace_names(text, "", s);
  Program& p = session_->program();
  auto file = static_cast<FileId>(p.sources.size());  // the id load_text gives the entry
  try {
    auto loaded = session_->load_text("<repl>", text);
    p.sources.set_first_line(file, line);
    bool ok = loaded && session_->check();
    if (report() || !ok) {
      rollback(s);
      return Status::failed;
    }
    try {
      describe_new(*p.modules.back());
      return Status::ok;
    } catch (const EvalError& err) {
      io_.err << render(p.sources, err.diag, io_.colour);
      rollback(s);
      return Status::failed;
    }
  } catch (const std::bad_alloc&) {
    rollback(s);  // a half-declared entry goes, as a failed one does (enter() reports it)
    throw;
  }
}

std::string Repl::describe_global(int index) {
  const Program& p = session_->program();
  const Global& g = p.globals[static_cast<std::size_t>(index)];
  CExpr read;
  read.op = Op::global;
  read.index = index;
  read.type = g.type;
  read.span = g.span;
  Value v = Evaluator(p, options_.limits).value(read);
  if (auto d = display_overflow(fmt::format("`{}`", g.name), v, g.type, g.display, p, g.expr.span.valid() ? g.expr.span : g.span))
    throw EvalError{std::move(*d)};
  return fmt::format("{} = {}", g.name, describe_value(p, v, g.type, g.display));
}

// One line per declaration of the entry, in order: a let with its value (evaluated now, so an error shows
// at once), a function's signature, a scenario's inputs and outputs, and so on.
void Repl::describe_new(const ast::Module& module) {
  const Program& p = session_->program();
  std::string out;
  for (const auto& decl : module.decls) {
    if (const auto* l = std::get_if<ast::LetDecl>(&decl)) {
      int index = p.global_index.at(l->name);
      Global& g = session_->program().globals[static_cast<std::size_t>(index)];
      if (g.display.automatic && l->value)
        if (auto u = written_unit(p, *l->value)) g.display = *u;
      out += describe_global(index) + "\n";
    } else if (const auto* f = std::get_if<ast::FnDecl>(&decl)) {
      out += signature(p, p.functions[static_cast<std::size_t>(p.function_index.at(f->name))]) + "\n";
    } else if (const auto* sc = std::get_if<ast::ScenarioDecl>(&decl)) {
      out += scenario_summary(p.scenarios[static_cast<std::size_t>(p.scenario_index.at(sc->name))]) + "\n";
    } else if (const auto* c = std::get_if<ast::ConfigDecl>(&decl)) {
      out += fmt::format("config {} for {}\n", c->name, c->scenario);
    } else if (const auto* u = std::get_if<ast::UnitDecl>(&decl)) {
      if (const Unit* unit = p.units.find(u->name)) out += unit_summary(p, *unit) + "\n";
    } else if (const auto* d = std::get_if<ast::DimensionDecl>(&decl)) {
      const Dim* dim = p.dims.find(d->name);
      if (!dim) continue;
      std::string bases = p.dims.format_bases(*dim);
      out += bases == d->name ? fmt::format("dimension {}\n", d->name) : fmt::format("dimension {} = {}\n", d->name, bases);
    }
  }
  io_.out << out;
}

}  // namespace mlsi
