#include "cli/browse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>

#include "model/display.hpp"
#include "syntax/parser.hpp"
#include "session/session.hpp"

namespace mlsi {

namespace {

std::string json_value(const Program& p, const Value& v, const Type& t, const DisplayUnitText& unit) {
  if (t.is_quantity()) {
    double factor = unit.text.empty() ? 1 : unit.factor;
    return fmt::format("{{\"value\": {}, \"unit\": {}, \"si\": {}, \"dimension\": {}}}", fmt::format("{}", v.number() / factor),
                       json_escape(unit.text), fmt::format("{}", v.number()), json_escape(p.dims.format(t.dim)));
  }
  if (t.kind == Type::Kind::boolean) return fmt::format("{{\"value\": {}}}", v.boolean() ? "true" : "false");
  if (t.kind == Type::Kind::text) return fmt::format("{{\"value\": {}}}", json_escape(v.text()));
  if (t.kind == Type::Kind::record && v.record().type->catalogue) return fmt::format("{{\"value\": {}}}", json_escape(v.record().key));
  if (t.kind == Type::Kind::record) {
    std::string s = "{";
    const auto& r = v.record();
    bool first = true;
    for (std::size_t i = 0; i < r.fields.size(); ++i) {
      if (!r.fields[i]) continue;
      s += (first ? "" : ", ") + json_escape(r.type->fields[i]) + ": " + json_value(p, *r.fields[i], r.type->types[i], DisplayUnitText{});
      first = false;
    }
    return s + "}";
  }
  if (t.is_list()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.list().size(); ++i) s += (i ? ", " : "") + json_value(p, v.list()[i], *t.element, DisplayUnitText{});
    return s + "]";
  }
  return "null";
}

std::string json_entry(const Program& p, const CatalogueEntry& e) {
  const auto& r = e.value.record();
  std::string s = fmt::format("{{\"key\": {}, \"kind\": {}, \"builtin\": {}, \"fields\": {{", json_escape(e.key), json_escape(e.kind), e.builtin ? "true" : "false");
  bool first = true;
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    if (!r.fields[i]) continue;
    s += (first ? "" : ", ") + json_escape(r.type->fields[i]) + ": " + json_value(p, *r.fields[i], r.type->types[i], e.units[i]);
    first = false;
  }
  return s + "}}";
}

std::string location(const Program& p, Span s) {
  if (!s.valid()) return "";
  auto lc = p.sources.line_col(s.file, s.begin);
  return fmt::format("{}:{}:{}", p.sources.file(s.file).name, lc.line, lc.col);
}

void print_table(const std::vector<std::vector<std::string>>& rows, CliStreams& io, const std::vector<bool>& right) {
  std::vector<std::size_t> width;
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], r[i].size());
    }
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i) {
      bool last = i + 1 == r.size();
      std::string cell = right.size() > i && right[i] ? fmt::format("{:>{}}", r[i], width[i]) : last ? r[i] : fmt::format("{:<{}}", r[i], width[i]);
      line += (i ? "  " : "") + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    io.out << line << "\n";
  }
}

std::vector<std::string> all_names(const Program& p) {
  auto names = p.catalogue.all_names();
  for (const auto& g : p.globals) names.push_back(g.name);
  for (const auto& u : p.units.declared()) names.push_back(u);
  for (const auto& f : p.functions) names.push_back(f.name);
  return names;
}

int list_units(Session& s, const Options& o, CliStreams& io) {
  Program& p = s.program();
  std::vector<std::string> names = p.units.names();
  std::sort(names.begin(), names.end(), [&](const std::string& a, const std::string& b) {
    const Unit* ua = p.units.find(a);
    const Unit* ub = p.units.find(b);
    std::string da = p.dims.format(ua->dim), db = p.dims.format(ub->dim);
    if (da != db) return da < db;
    if (ua->factor != ub->factor) return ua->factor < ub->factor;
    return a < b;
  });
  if (o.format == Format::json) {
    io.out << "[";
    for (std::size_t i = 0; i < names.size(); ++i) {
      const Unit* u = p.units.find(names[i]);
      io.out << (i ? ",\n " : "") << fmt::format("{{\"name\": {}, \"dimension\": {}, \"si\": {}}}", json_escape(u->name), json_escape(p.dims.format(u->dim)), u->factor);
    }
    io.out << "]\n";
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows = {{"unit", "dimension", "in SI base units"}};
  for (const auto& n : names) {
    const Unit* u = p.units.find(n);
    std::string si = u->dim.dimensionless() ? format_number(u->factor) : fmt::format("{:.10g} {}", u->factor, p.units.si_text(u->dim));
    rows.push_back({n, p.dims.format(u->dim), si});
  }
  print_table(rows, io, {});
  return kExitOk;
}

int list_constants(Session& s, const Options& o, CliStreams& io) {
  Program& p = s.program();
  s.check();
  Evaluator ev(p, o.limits);
  std::vector<std::vector<std::string>> rows = {{"constant", "value", "meaning"}};
  std::string json = "[";
  for (const auto& g : p.globals) {
    if (p.sources.file(g.span.file).name.rfind("<prelude>", 0) != 0) continue;
    std::string value;
    try {
      Value v = ev.value(g.expr);
      value = format_value(v, g.type, g.display, p);
    } catch (const EvalError&) {
      value = "(error)";
    }
    std::string doc = g.doc.substr(0, g.doc.find('\n'));
    rows.push_back({g.name, value, doc});
    json += fmt::format("{}{{\"name\": {}, \"value\": {}, \"type\": {}, \"doc\": {}}}", json.size() > 1 ? ",\n " : "", json_escape(g.name), json_escape(value),
                        json_escape(type_name(g.type, p.dims)), json_escape(g.doc));
  }
  if (o.format == Format::json) io.out << json << "]\n";
  else print_table(rows, io, {});
  return kExitOk;
}

int list_scenarios(Session& s, const Options& o, CliStreams& io) {
  s.load_builtin_scenarios();
  if (!s.check()) {
    io.err << render_all(s.program().sources, s.diagnostics(), io.colour, io.max_errors);
    return kExitSource;
  }
  std::vector<const Scenario*> list;
  for (const auto& sc : s.program().scenarios) list.push_back(&sc);
  std::sort(list.begin(), list.end(), [](const Scenario* a, const Scenario* b) { return a->name < b->name; });
  if (o.format == Format::json) {
    io.out << "[";
    for (std::size_t i = 0; i < list.size(); ++i)
      io.out << (i ? ",\n " : "") << fmt::format("{{\"name\": {}, \"contract\": {}}}", json_escape(list[i]->name), json_escape(first_line(list[i]->doc)));
    io.out << "]\n";
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows = {{"scenario", "contract"}};
  for (const auto* sc : list) rows.push_back({sc->name, first_line(sc->doc)});
  print_table(rows, io, {});
  return kExitOk;
}

// A scenario's interface: contract, inputs with defaults and ranges, outputs with units, configs.
int show_scenario(const Program& p, const Scenario& sc, const Options& o, CliStreams& io) {
  auto decl_text = [&](const std::optional<CExpr>& e) { return e ? std::string(p.sources.text(e->span)) : std::string(); };
  if (o.format == Format::json) {
    std::string out = fmt::format("{{\"scenario\": {}, \"contract\": {}, \"inputs\": [", json_escape(sc.name), json_escape(first_line(sc.doc)));
    bool first = true;
    for (int i : sc.inputs) {
      const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
      out += fmt::format("{}{{\"name\": {}, \"type\": {}, \"default\": {}, \"where\": {}, \"doc\": {}}}", first ? "" : ", ", json_escape(sl.name),
                         json_escape(type_name(sl.type, p.dims)), json_escape(decl_text(sl.expr)), json_escape(decl_text(sl.where)), json_escape(sl.doc));
      first = false;
    }
    out += "], \"outputs\": [";
    first = true;
    for (int i : sc.outputs) {
      const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
      out += fmt::format("{}{{\"name\": {}, \"type\": {}, \"unit\": {}, \"doc\": {}}}", first ? "" : ", ", json_escape(sl.name),
                         json_escape(type_name(sl.type, p.dims)), json_escape(sl.display.text), json_escape(sl.doc));
      first = false;
    }
    io.out << out << "]}\n";
    return kExitOk;
  }
  io.out << fmt::format("scenario {}\n{}\n\ninputs\n", sc.name, sc.doc);
  std::vector<std::vector<std::string>> rows;
  for (int i : sc.inputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    std::string range = sl.where ? "where " + decl_text(sl.where) : "";
    rows.push_back({"  " + sl.name, type_name(sl.type, p.dims), sl.expr ? "= " + decl_text(sl.expr) : "(required)", range});
  }
  print_table(rows, io, {});
  io.out << "\noutputs\n";
  rows.clear();
  for (int i : sc.outputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    rows.push_back({"  " + sl.name, type_name(sl.type, p.dims), sl.display.automatic ? "" : "-> " + (sl.display.text.empty() ? "1" : sl.display.text), first_line(sl.doc)});
  }
  print_table(rows, io, {});
  int index = p.find_scenario_index(sc.name);
  std::string configs;
  for (const auto& c : p.configs)
    if (c.scenario == index) configs += (configs.empty() ? "" : ", ") + c.name;
  if (!configs.empty()) io.out << "\nconfigs: " << configs << "\n";
  return kExitOk;
}

// Every catalogue at once, with the command's limits on files.
SessionOptions catalogue_session(const Options& o) {
  SessionOptions s = o.files;
  s.catalogues = catalogue_files(o);
  s.read_on_demand = false;
  return s;
}

}  // namespace

int cmd_list(const Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi list` takes one kind: hardware, workloads, nodes, fabrics, fleets, pods, datasets, precisions, grids, datacenters, cooling, racks, pricing, units or constants");
  Session session(catalogue_session(o));
  if (session.diagnostics().has_errors()) {
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
    return kExitSource;
  }
  return list_in(session, o, io);
}

int list_in(Session& session, const Options& o, CliStreams& io) {
  Program& p = session.program();
  const std::string& what = o.positional[0];
  if (what == "scenarios") return list_scenarios(session, o, io);
  if (what == "units") return list_units(session, o, io);
  if (what == "constants") return list_constants(session, o, io);
  const KindView* view = nullptr;
  std::vector<std::string> words = {"units", "constants", "scenarios"};
  for (const auto& v : kind_views()) {
    words.emplace_back(v.plural);
    if (what == v.plural || what == v.kind) view = &v;
  }
  if (!view) {
    auto sug = closest_name(what, words);
    return usage(io, fmt::format("cannot list `{}`{}", what, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
  }
  const auto& rt = *p.catalogue.kinds.at(view->kind);
  std::vector<std::string> columns = view->columns;
  if (!o.sort.empty()) {
    if (rt.find(o.sort) < 0) {
      auto sug = closest_name(o.sort, rt.fields);
      return usage(io, fmt::format("{} has no field `{}`{}", view->kind, o.sort, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
    }
    if (std::find(columns.begin(), columns.end(), o.sort) == columns.end()) columns.push_back(o.sort);
  }
  std::vector<const CatalogueEntry*> entries;
  for (const auto& e : p.catalogue.entries)
    if (e.kind == view->kind) entries.push_back(&e);
  std::sort(entries.begin(), entries.end(), [](const CatalogueEntry* a, const CatalogueEntry* b) { return a->key < b->key; });

  if (!o.where.empty()) {
    std::vector<std::pair<std::string, Type>> locals;
    for (std::size_t i = 0; i < rt.fields.size(); ++i) locals.emplace_back(rt.fields[i], rt.types[i]);
    auto compiled = session.compile_condition("--where", o.where, locals);
    if (!compiled || session.diagnostics().has_errors()) {
      io.err << render_all(p.sources, session.diagnostics(), io.colour, io.max_errors);
      return kExitUsage;
    }
    // An entry lacking a field the condition reads does not match.
    std::vector<int> used;
    std::function<void(const CExpr&)> walk = [&](const CExpr& c) {
      if (c.op == Op::local) used.push_back(c.index);
      for (const auto& k : c.kids) walk(k);
    };
    const CExpr& cond = *compiled;
    walk(cond);
    Evaluator ev(p, o.limits);
    std::vector<const CatalogueEntry*> kept;
    for (const auto* e : entries) {
      const auto& r = e->value.record();
      bool present = std::all_of(used.begin(), used.end(), [&](int i) { return r.fields[static_cast<std::size_t>(i)].has_value(); });
      if (!present) continue;
      std::vector<Value> values;
      for (const auto& fv : r.fields) values.push_back(fv ? *fv : Value(0.0));
      try {
        if (ev.value_with_locals(cond, std::move(values)).boolean()) kept.push_back(e);
      } catch (const EvalError& err) {
        io.err << render(p.sources, err.diag, io.colour);
        return kExitFailed;
      }
    }
    entries = std::move(kept);
  }
  if (!o.sort.empty()) {
    int si = rt.find(o.sort);
    std::stable_sort(entries.begin(), entries.end(), [&](const CatalogueEntry* a, const CatalogueEntry* b) {
      const auto& va = a->value.record().fields[static_cast<std::size_t>(si)];
      const auto& vb = b->value.record().fields[static_cast<std::size_t>(si)];
      if (!va || !vb) return va.has_value() && !vb.has_value();  // absent values last
      if (va->is_number()) return va->number() < vb->number();
      return field_text(p, *a, si) < field_text(p, *b, si);
    });
  }
  if (o.format == Format::json) {
    io.out << "[";
    for (std::size_t i = 0; i < entries.size(); ++i) io.out << (i ? ",\n " : "") << json_entry(p, *entries[i]);
    io.out << "]\n";
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = {"key"};
  header.insert(header.end(), columns.begin(), columns.end());
  rows.push_back(header);
  std::vector<bool> right = {false};
  for (const auto& c : columns) {
    const Type& t = rt.types[static_cast<std::size_t>(rt.find(c))];
    right.push_back(t.is_quantity());
  }
  for (const auto* e : entries) {
    std::vector<std::string> row = {e->key};
    for (const auto& c : columns) row.push_back(field_text(p, *e, rt.find(c)));
    rows.push_back(std::move(row));
  }
  print_table(rows, io, right);
  io.out << fmt::format("{} {}\n", entries.size(), entries.size() == 1 ? "entry" : "entries");
  return kExitOk;
}

int cmd_show(const Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi show` takes one NAME (a catalogue entry, unit or constant)");
  Session session(catalogue_session(o));
  if (session.diagnostics().has_errors()) {
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
    return kExitSource;
  }
  return show_in(session, o, io);
}

int show_in(Session& session, const Options& o, CliStreams& io) {
  Program& p = session.program();
  const std::string& name = o.positional[0];
  if (const auto* e = p.catalogue.find(name)) {
    if (o.format == Format::json) {
      io.out << json_entry(p, *e) << "\n";
      return kExitOk;
    }
    const auto& r = e->value.record();
    io.out << fmt::format("{} ({})", e->key, e->kind);
    if (name != e->key) io.out << fmt::format(", alias `{}`", name);
    io.out << "\n";
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < r.fields.size(); ++i) {
      if (!r.fields[i]) continue;
      std::string text = field_text(p, *e, static_cast<int>(i));
      if (!e->field_spans[i].valid()) text += "  (derived)";
      rows.push_back({"  " + r.type->fields[i], text});
    }
    print_table(rows, io, {});
    io.out << fmt::format("defined at {}\n", location(p, e->span));
    if (e->overrides) io.out << "this user entry overrides the built-in entry of the same name\n";
    return kExitOk;
  }
  session.load_builtin_scenarios();
  session.check();
  if (const Scenario* sc = p.find_scenario(name)) return show_scenario(p, *sc, o, io);
  if (auto it = p.global_index.find(name); it != p.global_index.end()) {
    const Global& g = p.globals[static_cast<std::size_t>(it->second)];
    Evaluator ev(p, o.limits);
    std::string value;
    try {
      value = format_value(ev.value(g.expr), g.type, g.display, p);
    } catch (const EvalError& err) {
      io.err << render(p.sources, err.diag, io.colour);
      return kExitFailed;
    }
    if (o.format == Format::json)
      io.out << fmt::format("{{\"name\": {}, \"value\": {}, \"type\": {}, \"doc\": {}}}\n", json_escape(g.name), json_escape(value), json_escape(type_name(g.type, p.dims)), json_escape(g.doc));
    else
      io.out << fmt::format("{} = {}  ({})\n{}\n", g.name, value, type_name(g.type, p.dims), g.doc);
    return kExitOk;
  }
  if (auto it = p.function_index.find(name); it != p.function_index.end()) {
    const Function& f = p.functions[static_cast<std::size_t>(it->second)];
    std::string params;
    for (std::size_t i = 0; i < f.params.size(); ++i)
      params += (i ? ", " : "") + f.params[i] + ": " + type_name(f.param_types[i], p.dims);
    std::string signature = fmt::format("fn {}({}) -> {}", f.name, params, type_name(f.result, p.dims));
    if (o.format == Format::json)
      io.out << fmt::format("{{\"function\": {}, \"signature\": {}, \"doc\": {}}}\n", json_escape(f.name), json_escape(signature), json_escape(f.doc));
    else
      io.out << signature << "\n" << (f.doc.empty() ? "" : f.doc + "\n");
    return kExitOk;
  }
  if (const Unit* u = p.units.find(name)) {
    std::string si = fmt::format("{:.10g} {}", u->factor, p.units.si_text(u->dim));
    if (o.format == Format::json)
      io.out << fmt::format("{{\"unit\": {}, \"dimension\": {}, \"si\": {}}}\n", json_escape(u->name), json_escape(p.dims.format(u->dim)), u->factor);
    else
      io.out << fmt::format("unit {} ({}) = {}\n{}", u->name, p.dims.format(u->dim), si, u->doc.empty() ? "" : u->doc + "\n");
    return kExitOk;
  }
 auto names = all_names(p);
  for (const auto& sc : p.scenarios) names.push_back(sc.name);
  auto sug = closest_name(name, names);
  return usage(io, fmt::format("nothing named `{}` among the scenarios, catalogue, units, constants and functions{}", name, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
}

int cmd_check_catalogue(const Options& o, CliStreams& io) {
  if (o.positional.empty()) return usage(io, "`mlsi check-catalogue` needs at least one FILE.toml");
  for (const auto& f : o.positional) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) return usage(io, fmt::format("cannot read catalogue file `{}`", f));
  }
  Options with = o;
  with.catalogues.insert(with.catalogues.end(), o.positional.begin(), o.positional.end());
  Session session(catalogue_session(with));
  bool ok = !session.diagnostics().has_errors();
  io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
  if (!ok) return kExitSource;
  for (const auto& f : o.positional) io.out << f << ": ok\n";
  return kExitOk;
}

}  // namespace mlsi
