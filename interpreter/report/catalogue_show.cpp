// `mlsi show NAME` as a library: a catalogue entry with every field, a scenario's interface, a constant's
// value, a function's signature or a unit's size, as text or JSON.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <tuple>
#include <utility>
#include <vector>

#include "model/display.hpp"
#include "report/catalogue_fields.hpp"
#include "report/catalogue_listing.hpp"
#include "report/listing_text.hpp"
#include "session/scenario_source.hpp"
#include "source/embedded.hpp"

namespace mlsi {

namespace {

Listing shown(std::string text) {
  Listing l;
  l.text = std::move(text);
  return l;
}

std::string location(const Program& p, Span s) {
  if (!s.valid()) return "";
  auto lc = p.sources.line_col(s.file, s.begin);
  return fmt::format("{}:{}:{}", p.sources.file(s.file).name, lc.line, lc.col);
}

std::string show_entry(const Program& p, const CatalogueEntry& e, const ShowRequest& request) {
  if (request.format == Format::json) return json_entry(p, e) + "\n";
  const auto& r = e.value.record();
  std::string out = fmt::format("{} ({})", e.key, e.kind);
  if (request.name != e.key) out += fmt::format(", alias `{}`", request.name);
  out += "\n";
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    if (!r.fields[i]) continue;
    std::string text = field_text(p, e, static_cast<int>(i));
    if (std::string origin = field_origin(e, static_cast<int>(i)); !origin.empty()) text += "  " + origin;
    rows.push_back({"  " + r.type->fields[i], text});
  }
  out += table_text(rows);
  out += fmt::format("defined at {}\n", location(p, e.span));
  if (e.overrides) out += "this user entry overrides the built-in entry of the same name\n";
  return out;
}

// A scenario's interface: contract, inputs with defaults and ranges, outputs with units, configs.
std::string show_scenario(const Program& p, const Scenario& sc, const ShowRequest& request) {
  auto decl_text = [&](const std::optional<CExpr>& e) { return e ? std::string(p.sources.text(e->span)) : std::string(); };
  if (request.format == Format::json) {
    std::string out = fmt::format("{{\"scenario\": {}, \"pack\": {}, \"contract\": {}, \"inputs\": [", json_escape(sc.name),
                                  json_escape(scenario_pack(p, sc)), json_escape(first_sentence(sc.doc)));
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
    return out + "]}\n";
  }
  // A built-in scenario names its pack (`scenario ServingFit, serving pack`), a user's its file.
  std::string pack = scenario_pack(p, sc);
  bool builtin = p.sources.file(sc.file).name.starts_with("<builtin>/");
  std::string out = fmt::format("scenario {}{}\n{}\n\ninputs\n", sc.name, builtin ? ", " + pack + " pack" : "", sc.doc);
  std::vector<std::vector<std::string>> rows;
  for (int i : sc.inputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    std::string range = sl.where ? "where " + decl_text(sl.where) : "";
    rows.push_back({"  " + sl.name, type_name(sl.type, p.dims), sl.expr ? "= " + decl_text(sl.expr) : "(required)", range});
  }
  out += table_text(rows) + "\noutputs\n";
  rows.clear();
  for (int i : sc.outputs) {
    const Slot& sl = sc.slots[static_cast<std::size_t>(i)];
    rows.push_back({"  " + sl.name, type_name(sl.type, p.dims), sl.display.automatic ? "" : "-> " + (sl.display.text.empty() ? "1" : sl.display.text), first_sentence(sl.doc)});
  }
  out += table_text(rows);
  int index = p.find_scenario_index(sc.name);
  std::string configs;
  for (const auto& c : p.configs)
    if (c.scenario == index) configs += (configs.empty() ? "" : ", ") + c.name;
  if (!configs.empty()) out += "\nconfigs: " + configs + "\n";
  return out;
}

Listing show_global(const Program& p, const Global& g, const ShowRequest& request) {
  Evaluator ev(p, request.limits);
  std::string value, value_json;
  try {
    Value v = ev.value(g.expr);
    value = format_value(v, g.type, g.display, p);
    value_json = json_field(p, v, g.type, g.display);
  } catch (const EvalError& err) {
    Listing l;
    l.status = ListingStatus::failed;
    l.failure = err.diag;
    return l;
  }
  if (request.format == Format::json)
    return shown(fmt::format("{{\"name\": {}, \"value\": {}, \"shown\": {}, \"type\": {}, \"doc\": {}}}\n", json_escape(g.name), value_json,
                             json_escape(value), json_escape(type_name(g.type, p.dims)), json_escape(g.doc)));
  return shown(fmt::format("{} = {}  ({})\n{}\n", g.name, value, type_name(g.type, p.dims), g.doc));
}

std::string show_function(const Program& p, const Function& f, const ShowRequest& request) {
  std::string params;
  for (std::size_t i = 0; i < f.params.size(); ++i) params += (i ? ", " : "") + f.params[i] + ": " + type_name(f.param_types[i], p.dims);
  std::string signature = fmt::format("fn {}({}) -> {}", f.name, params, type_name(f.result, p.dims));
  if (request.format == Format::json)
    return fmt::format("{{\"function\": {}, \"signature\": {}, \"doc\": {}}}\n", json_escape(f.name), json_escape(signature), json_escape(f.doc));
  return signature + "\n" + (f.doc.empty() ? "" : f.doc + "\n");
}

std::string show_unit(const Program& p, const Unit& u, const ShowRequest& request) {
  if (request.format == Format::json)
    return fmt::format("{{\"unit\": {}, \"dimension\": {}, \"size\": {}, \"doc\": {}}}\n", json_escape(u.name), json_escape(p.dims.format(u.dim)),
                       json_unit_size(p, u), json_escape(u.doc));
  std::string si = fmt::format("{:.10g} {}", u.factor, p.units.si_text(u.dim));
  return fmt::format("unit {} ({}) = {}\n{}", u.name, p.dims.format(u.dim), si, u.doc.empty() ? "" : u.doc + "\n");
}

std::string unknown_name(const Program& p, const std::string& name) {
  auto names = p.catalogue.all_names();
  for (const auto& g : p.globals) names.push_back(g.name);
  for (const auto& u : p.units.declared()) names.push_back(u);
  for (const auto& f : p.functions) names.push_back(f.name);
  for (const auto& sc : p.scenarios) names.push_back(sc.name);
  return fmt::format("nothing named `{}` among the scenarios, catalogue, units, constants and functions{}", name, did_you_mean(name, names));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The names of every kind that contain `name`, ignoring case: catalogue entries (by key or alias) in the
// order of the kinds, then scenarios, constants and lets, functions and units, each by name.
std::vector<std::pair<std::string, std::string>> names_containing(const Program& p, const std::string& name) {
  const std::string part = lower(name);
  auto contains = [&](const std::string& n) { return lower(n).find(part) != std::string::npos; };
  std::vector<std::tuple<std::size_t, std::string, std::string>> found;  // rank of the kind, kind, name
  const auto& views = kind_views();
  for (const auto& e : p.catalogue.entries) {
    bool match = contains(e.key) || std::any_of(e.aliases.begin(), e.aliases.end(), contains);
    if (!match) continue;
    auto view = std::find_if(views.begin(), views.end(), [&](const KindView& v) { return e.kind == v.kind; });
    found.emplace_back(static_cast<std::size_t>(view - views.begin()), e.kind, e.key);
  }
  const std::size_t after = views.size() + 1;
  for (const auto& [n, i] : p.scenario_index)
    if (contains(n)) found.emplace_back(after, "scenario", n);
  for (const auto& [n, i] : p.global_index)
    if (contains(n))
      found.emplace_back(after + 1, p.sources.file(p.globals[static_cast<std::size_t>(i)].span.file).name.starts_with("<prelude>") ? "constant" : "let", n);
  for (const auto& [n, i] : p.function_index)
    if (contains(n)) found.emplace_back(after + 2, "function", n);
  for (const auto& u : p.units.declared())
    if (contains(u)) found.emplace_back(after + 3, "unit", u);
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& [rank, kind, n] : found) out.emplace_back(std::move(kind), std::move(n));
  return out;
}

std::string show_containing(const std::string& name, const std::vector<std::pair<std::string, std::string>>& found, const ShowRequest& request) {
  if (request.format == Format::json) {
    std::string out = fmt::format("{{\"name\": {}, \"containing\": [", json_escape(name));
    for (std::size_t i = 0; i < found.size(); ++i)
      out += fmt::format("{}{{\"kind\": {}, \"name\": {}}}", i ? ", " : "", json_escape(found[i].first), json_escape(found[i].second));
    return out + "]}\n";
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& [kind, n] : found) rows.push_back({"  " + kind, n});
  return fmt::format("nothing is named `{}`; {} {} it (`mlsi show NAME` shows one):\n", name, found.size(), found.size() == 1 ? "name contains" : "names contain") +
         table_text(rows);
}

// `--source`: the file that declares the scenario, as it is; a name that is no scenario is a usage problem.
Listing show_source(ProgramSession& session, const ShowRequest& request) {
  Program& p = session.program();
  // A file's or the REPL's declarations are in the index once checked; the built-in files stay unread.
  if (!p.scenarios.empty()) session.check();
  auto found = scenario_source(p, request.name);
  if (!found) {
    std::vector<std::string> names = builtin_scenario_names();
    for (const auto& sc : p.scenarios) names.push_back(sc.name);
    Listing l;
    l.status = ListingStatus::usage;
    l.message = fmt::format("{}: no scenario named `{}`{}", session.options().words.name("source"), request.name, did_you_mean(request.name, names));
    return l;
  }
  if (request.format == Format::json)
    return shown(fmt::format("{{\"scenario\": {}, \"file\": {}, \"source\": {}}}\n", json_escape(found->scenario), json_escape(found->file),
                             json_escape(found->text)));
  // A text that does not end its last line (a REPL entry) gets a newline, so that what follows starts a line.
  if (!found->text.empty() && !found->text.ends_with('\n')) found->text += '\n';
  return shown(std::move(found->text));
}

}  // namespace

Listing show_name(ProgramSession& session, const ShowRequest& request) {
  Program& p = session.program();
  const std::string& name = request.name;
  if (request.source) return show_source(session, request);
  if (const auto* e = p.catalogue.find(name)) return shown(show_entry(p, *e, request));
  // A scenario of the session's own files (the API's show_document, docs/api.md) is shown as it is there:
  // no built-in file declaring one of that name is read, where it would be declared twice.
  if (!p.scenarios.empty()) {
    session.check();
    if (const Scenario* sc = p.find_scenario(name)) return shown(show_scenario(p, *sc, request));
  }
  // The built-in scenarios are loaded only for a name that is no catalogue entry: for a built-in
  // scenario's name only its files (the web playground shows one at each change of file), else all of
  // them, for a global, function or unit they may declare and for the names that contain it.
  session.load_builtin_scenarios_for(name);
  session.check();
  if (const Scenario* sc = p.find_scenario(name)) return shown(show_scenario(p, *sc, request));
  if (auto it = p.global_index.find(name); it != p.global_index.end()) return show_global(p, p.globals[static_cast<std::size_t>(it->second)], request);
  if (auto it = p.function_index.find(name); it != p.function_index.end()) return shown(show_function(p, p.functions[static_cast<std::size_t>(it->second)], request));
  if (const Unit* u = p.units.find(name)) return shown(show_unit(p, *u, request));
  if (auto found = names_containing(p, name); !found.empty()) return shown(show_containing(name, found, request));
  Listing l;
  l.status = ListingStatus::usage;
  l.message = unknown_name(p, name);
  return l;
}

}  // namespace mlsi
