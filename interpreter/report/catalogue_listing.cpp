// `mlsi list KIND` as a library: the catalogue kinds (sorted, filtered), the units, the constants and the
// scenarios, as a table, JSON or CSV.
#include "report/catalogue_listing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "model/display.hpp"
#include "report/catalogue_fields.hpp"
#include "report/csv.hpp"
#include "report/listing_text.hpp"
#include "model/doc_tags.hpp"

namespace mlsi {

namespace {

Listing usage_problem(std::string message) {
  Listing l;
  l.status = ListingStatus::usage;
  l.message = std::move(message);
  return l;
}

Listing listed(std::string text) {
  Listing l;
  l.text = std::move(text);
  return l;
}

// By dimension, then by size, then by name.
Listing list_units(ProgramSession& s, const ListRequest& request) {
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
  if (request.format == Format::json) {
    std::string out = "[";
    for (std::size_t i = 0; i < names.size(); ++i) {
      const Unit* u = p.units.find(names[i]);
      out += (i ? ",\n " : "") + fmt::format("{{\"name\": {}, \"dimension\": {}, \"size\": {}}}", json_escape(u->name), json_escape(p.dims.format(u->dim)),
                                          json_unit_size(p, *u));
    }
    return listed(out + "]\n");
  }
  if (request.format == Format::csv) {
    std::string out = csv_line({"unit", "dimension", "si", "si_unit"});
    for (const auto& n : names) {
      const Unit* u = p.units.find(n);
      std::string si = p.units.si_text(u->dim);
      out += csv_line({n, p.dims.format(u->dim), exact_number(u->factor), si == "1" ? "" : si});
    }
    return listed(out);
  }
  std::vector<std::vector<std::string>> rows = {{"unit", "dimension", "in SI base units"}};
  for (const auto& n : names) {
    const Unit* u = p.units.find(n);
    std::string si = u->dim.dimensionless() ? format_number(u->factor) : fmt::format("{:.10g} {}", u->factor, p.units.si_text(u->dim));
    rows.push_back({n, p.dims.format(u->dim), si});
  }
  return listed(table_text(rows));
}

// The constants of the prelude, each evaluated ("(error)" for one that fails).
Listing list_constants(ProgramSession& s, const ListRequest& request) {
  Program& p = s.program();
  s.check();
  Evaluator ev(p, request.limits);
  std::vector<std::vector<std::string>> rows = {{"constant", "value", "meaning"}};
  // CSV: one row per constant, so the unit has a column of its own (each constant has its own).
  std::string csv = csv_line({"constant", "value", "unit", "type", "meaning"});
  std::string json = "[";
  for (const auto& g : p.globals) {
    if (p.sources.file(g.span.file).name.rfind("<prelude>", 0) != 0) continue;
    std::string value, value_json = "null", exact, unit;
    try {
      Value v = ev.value(g.expr);
      value = format_value(v, g.type, g.display, p);
      value_json = json_field(p, v, g.type, g.display);
      DisplayUnit u = effective_unit(v, g.type, g.display, p);
      exact = format_bare(v, g.type, u, p, NumberStyle::exact);
      if (g.type.scalar().is_quantity()) unit = u.text;
    } catch (const EvalError&) {
      value = exact = "(error)";
    }
    std::string doc = first_sentence(g.doc);
    rows.push_back({g.name, value, doc});
    csv += csv_line({g.name, exact, unit, type_name(g.type, p.dims), doc});
    json += fmt::format("{}{{\"name\": {}, \"value\": {}, \"shown\": {}, \"type\": {}, \"doc\": {}}}", json.size() > 1 ? ",\n " : "", json_escape(g.name),
                        value_json, json_escape(value), json_escape(type_name(g.type, p.dims)), json_escape(g.doc));
  }
  if (request.format == Format::csv) return listed(csv);
  return listed(request.format == Format::json ? json + "]\n" : table_text(rows));
}

// Keeps the entries for which the condition holds; an entry lacking a field the condition reads does not
// match. A condition that does not compile leaves its diagnostics in the session.
Listing filter_entries(ProgramSession& session, const RecordType& rt, const ListRequest& request, std::vector<const CatalogueEntry*>& entries) {
  Program& p = session.program();
  std::vector<std::pair<std::string, Type>> locals;
  for (std::size_t i = 0; i < rt.fields.size(); ++i) locals.emplace_back(rt.fields[i], rt.types[i]);
  auto compiled = session.compile_condition(request.where_origin, request.where, locals);
  if (!compiled || session.diagnostics().has_errors()) {
    Listing l;
    l.status = ListingStatus::usage;
    return l;
  }
  std::vector<int> used;
  std::function<void(const CExpr&)> walk = [&](const CExpr& c) {
    if (c.op == Op::local) used.push_back(c.index);
    for (const auto& k : c.kids) walk(k);
  };
  const CExpr& cond = *compiled;
  walk(cond);
  Evaluator ev(p, request.limits);
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
      Listing l;
      l.status = ListingStatus::failed;
      l.failure = err.diag;
      return l;
    }
  }
  entries = std::move(kept);
  return Listing{};
}

// Numbers by value, other fields by their text, ascending or descending; an entry without the field goes
// last either way. Stable: ties keep the order by key.
void sort_entries(const Program& p, int field, bool descending, std::vector<const CatalogueEntry*>& entries) {
  auto fi = static_cast<std::size_t>(field);
  auto before = [&](const CatalogueEntry* a, const CatalogueEntry* b) {
    const auto& va = a->value.record().fields[fi];
    const auto& vb = b->value.record().fields[fi];
    if (va->is_number()) return va->number() < vb->number();
    return field_text(p, *a, field) < field_text(p, *b, field);
  };
  std::stable_sort(entries.begin(), entries.end(), [&](const CatalogueEntry* a, const CatalogueEntry* b) {
    bool has_a = a->value.record().fields[fi].has_value(), has_b = b->value.record().fields[fi].has_value();
    if (!has_a || !has_b) return has_a && !has_b;
    return descending ? before(b, a) : before(a, b);
  });
}

// Entries as CSV: a column of quantities in one unit, named in its header (the unit the first entry that
// gives the field wrote, else SI), its numbers exact; references by key, a record as text.
std::string catalogue_csv(const Program& p, const RecordType& rt, const std::vector<std::string>& columns, const std::vector<const CatalogueEntry*>& entries) {
  std::vector<std::string> header = {"key"};
  std::vector<DisplayUnit> units;
  for (const auto& c : columns) {
    auto fi = static_cast<std::size_t>(rt.find(c));
    const Type& t = rt.types[fi];
    DisplayUnit u = si_display_unit(t.scalar().is_quantity() ? t.scalar().dim : Dim{}, p);
    if (t.scalar().is_quantity())
      for (const auto* e : entries)
        if (e->value.record().fields[fi] && !e->units[fi].text.empty()) {
          u = DisplayUnit{e->units[fi].text, e->units[fi].factor, false};
          break;
        }
    header.push_back(t.scalar().is_quantity() ? csv_header(c, u.text) : c);
    units.push_back(u);
  }
  std::string out = csv_line(header);
  for (const auto* e : entries) {
    std::vector<std::string> row = {e->key};
    for (std::size_t k = 0; k < columns.size(); ++k) {
      int field = rt.find(columns[k]);
      const auto& v = e->value.record().fields[static_cast<std::size_t>(field)];
      const Type& t = rt.types[static_cast<std::size_t>(field)];
      if (!v) row.emplace_back();
      else if (t.scalar().is_quantity()) row.push_back(format_bare(*v, t, units[k], p, NumberStyle::exact));
      else row.push_back(field_text(p, *e, field));
    }
    out += csv_line(row);
  }
  return out;
}

Listing list_catalogue(ProgramSession& session, const KindView& view, const ListRequest& request) {
  Program& p = session.program();
  const auto& rt = *p.catalogue.kinds.at(view.kind);
  std::vector<std::string> columns = view.columns;
  // `--sort -FIELD`: descending.
  bool descending = request.sort.starts_with('-');
  std::string sort = descending ? request.sort.substr(1) : request.sort;
  if (!sort.empty()) {
    if (rt.find(sort) < 0) return usage_problem(fmt::format("{} has no field `{}`{}", view.kind, sort, did_you_mean(sort, rt.fields)));
    if (std::find(columns.begin(), columns.end(), sort) == columns.end()) columns.push_back(sort);
  }
  std::vector<const CatalogueEntry*> entries;
  for (const auto& e : p.catalogue.entries)
    if (e.kind == view.kind) entries.push_back(&e);
  std::sort(entries.begin(), entries.end(), [](const CatalogueEntry* a, const CatalogueEntry* b) { return a->key < b->key; });
  if (!request.where.empty())
    if (Listing problem = filter_entries(session, rt, request, entries); problem.status != ListingStatus::ok) return problem;
  if (!sort.empty()) sort_entries(p, rt.find(sort), descending, entries);
  const std::size_t matched = entries.size();
  if (request.top != 0 && entries.size() > request.top) entries.resize(request.top);
  if (request.format == Format::json) {
    std::string out = "[";
    for (std::size_t i = 0; i < entries.size(); ++i) out += (i ? ",\n " : "") + json_entry(p, *entries[i]);
    return listed(out + "]\n");
  }
  if (request.format == Format::csv) return listed(catalogue_csv(p, rt, columns, entries));
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = {"key"};
  header.insert(header.end(), columns.begin(), columns.end());
  rows.push_back(header);
  std::vector<bool> right = {false};
  for (const auto& c : columns) right.push_back(rt.types[static_cast<std::size_t>(rt.find(c))].is_quantity());
  for (const auto* e : entries) {
    std::vector<std::string> row = {e->key};
    for (const auto& c : columns) row.push_back(field_text(p, *e, rt.find(c)));
    rows.push_back(std::move(row));
  }
  std::string shown = entries.size() < matched ? fmt::format("{} of {}", entries.size(), matched) : fmt::format("{}", entries.size());
  return listed(table_text(rows, right) + fmt::format("{} {}\n", shown, matched == 1 ? "entry" : "entries"));
}

// Every kind with what it holds and how many entries it has.
Listing list_kinds(ProgramSession& session, const ListRequest& request) {
  Program& p = session.program();
  struct Row {
    std::string kind, holds;
    std::size_t entries;
  };
  std::vector<Row> rows;
  for (const auto& v : kind_views()) {
    std::size_t n = 0;
    for (const auto& e : p.catalogue.entries) n += e.kind == v.kind;
    rows.push_back({v.plural, v.holds, n});
  }
  session.load_builtin_scenarios();
  if (!session.check()) {
    Listing l;
    l.status = ListingStatus::source_error;
    return l;
  }
  std::size_t constants = 0;
  for (const auto& g : p.globals) constants += p.sources.file(g.span.file).name.starts_with("<prelude>");
  rows.push_back({"units", "units of measure, by dimension", p.units.names().size()});
  rows.push_back({"constants", "the prelude's named constants", constants});
  rows.push_back({"scenarios", "the scenarios: inputs, formulas and outputs (`mlsi show NAME`, `mlsi run NAME`)", p.scenarios.size()});
  if (request.format == Format::json) {
    std::string out = "[";
    for (std::size_t i = 0; i < rows.size(); ++i)
      out += (i ? ",\n " : "") + fmt::format("{{\"kind\": {}, \"entries\": {}, \"holds\": {}}}", json_escape(rows[i].kind), rows[i].entries, json_escape(rows[i].holds));
    return listed(out + "]\n");
  }
  std::vector<std::vector<std::string>> table = {{"kind", "entries", "holds"}};
  for (const auto& r : rows) table.push_back({r.kind, std::to_string(r.entries), r.holds});
  return listed(table_text(table, {false, true, false}) + "`mlsi list KIND` lists the entries of one\n");
}

}  // namespace

std::vector<std::string> listable_kinds() {
  std::vector<std::string> kinds;
  for (const auto& v : kind_views()) kinds.emplace_back(v.plural);
  for (const char* k : {"units", "constants", "scenarios"}) kinds.emplace_back(k);
  return kinds;
}

Listing list_kind(ProgramSession& session, const ListRequest& request) {
  const std::string& what = request.kind;
  if (request.top != 0 && (what.empty() || what == "scenarios" || what == "units" || what == "constants"))
    return usage_problem(fmt::format("`{}` applies to the entries of a catalogue kind, not to {}", session.options().words.name("top"),
                                     what.empty() ? "the list of kinds" : what));
  if (what.empty()) return list_kinds(session, request);
  if (what == "scenarios") return list_scenarios(session, request);
  if ((what == "units" || what == "constants") && (!request.where.empty() || !request.sort.empty()))
    return usage_problem(fmt::format("`{}` applies to catalogue kinds and scenarios, not to {}", session.options().words.name(request.where.empty() ? "sort" : "where"), what));
  if (what == "units") return list_units(session, request);
  if (what == "constants") return list_constants(session, request);
  for (const auto& v : kind_views())
    if (what == v.plural || what == v.kind) return list_catalogue(session, v, request);
  return usage_problem(fmt::format("cannot list `{}`{}", what, did_you_mean(what, listable_kinds())));
}

}  // namespace mlsi
