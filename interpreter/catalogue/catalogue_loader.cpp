#include "catalogue/catalogue_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include <toml++/toml.h>

#include "grammar/reserved_words.hpp"
#include "catalogue/catalogue_text.hpp"
#include "check/compiler.hpp"
#include "eval/evaluator.hpp"
#include "syntax/parser.hpp"
#include "source/source_excerpt.hpp"

namespace mlsi {
namespace {

const KindSpec* find_kind(const std::string& name) {
  for (const auto& k : catalogue_schema())
    if (k.name == name) return &k;
  return nullptr;
}

const FieldSpec* find_field(const KindSpec& kind, const std::string& name) {
  for (const auto& f : common_fields())
    if (f.name == name) return &f;
  for (const auto& f : kind.fields)
    if (f.name == name) return &f;
  return nullptr;
}

std::string example_for(const std::string& dim) {
  if (dim == "Information") return "\"80 GiB\"";
  if (dim == "Information / Time") return "\"3.35 TB/s\"";
  if (dim == "Compute / Time") return "\"989 TFLOP/s\"";
  if (dim == "Compute") return "\"350 GFLOP\"";
  if (dim == "Time") return "\"5 us\"";
  if (dim == "Power") return "\"700 W\"";
  if (dim == "Energy") return "\"1287 MWh\"";
  if (dim == "Money") return "\"30000 USD\"";
  if (dim == "Mass") return "\"164 kg\"";
  return "\"<number> <unit>\"";
}

}  // namespace

CatalogueLoader::CatalogueLoader(Program& program, Diagnostics& diags) : p_(program), diags_(diags) {
  if (p_.catalogue.kinds.empty()) define_kinds();
}

void CatalogueLoader::define_kinds() {
  // Shells first, so that references between kinds can name each other's record types.
  for (const auto& k : catalogue_schema()) {
    auto rt = std::make_shared<RecordType>();
    rt->name = k.name;
    rt->catalogue = true;
    p_.catalogue.kinds[std::string(k.name)] = rt;
  }
  Compiler compiler(p_, diags_);
  // A schema dimension ("Information / Time", "Money / (Information * Time)") is read as a type.
  std::map<std::string, Type, std::less<>> cache;
  auto dimension = [&](std::string_view text) -> Type {
    if (auto it = cache.find(text); it != cache.end()) return it->second;
    Diagnostics scratch;
    auto type = parse_type(p_.sources, p_.sources.add("<schema>", std::string(text)), scratch);
    if (!type) throw std::logic_error("catalogue schema: bad dimension " + std::string(text));
    return cache[std::string(text)] = compiler.resolve_type(*type);
  };
  auto rates = std::make_shared<RecordType>();
  rates->name = "rates";
  for (auto key : precision_keys()) {
    rates->fields.emplace_back(key);
    rates->types.push_back(dimension("Compute / Time"));
  }
  auto mig = std::make_shared<RecordType>();
  mig->name = "mig_profile";
  mig->fields = {"name", "memory", "sm_count"};
  mig->types = {Type::text(), dimension("Information"), Type::count()};
  for (const auto& k : catalogue_schema()) {
    auto& rt = *p_.catalogue.kinds[std::string(k.name)];
    auto add = [&](const FieldSpec& f) {
      if (f.name == "override") return;  // a loader instruction, not a field scenarios read
      Type t;
      if (f.type == "Count") t = Type::count();
      else if (f.type == "Text") t = Type::text();
      else if (f.type == "Bool") t = Type::boolean();
      else if (f.type == "list Text") t = Type::list(Type::text());
      else if (f.type == "mig_profiles") t = Type::list(Type::of_record(mig));
      else if (f.type.rfind("ref ", 0) == 0) t = Type::of_record(p_.catalogue.kinds.at(std::string(f.type.substr(4))));
      else if (f.type.rfind("rates ", 0) == 0) t = Type::of_record(rates);
      else t = dimension(f.type);
      rt.fields.emplace_back(f.name);
      rt.types.push_back(t);
    };
    for (const auto& f : common_fields()) add(f);
    for (const auto& f : k.fields) add(f);
  }
}

Span CatalogueLoader::region_span(FileId file, const void* node_ptr) const {
  return toml_span(p_.sources, file, static_cast<const toml::node*>(node_ptr)->source());
}

std::optional<Value> CatalogueLoader::quantity(FileId file, const void* node_ptr, const Type& want,
                                               const std::string& field, const std::string& entry, DisplayUnitText* unit) {
  const auto& node = *static_cast<const toml::node*>(node_ptr);
  Span span = region_span(file, node_ptr);
  std::string want_name = type_name(want, p_.dims);
  if (!node.is_string()) {
    if (node.is_number())
      diags_.error(span, fmt::format("{}: field `{}` needs a unit: write a string such as {}", entry, field, example_for(want_name)));
    else
      diags_.error(span, fmt::format("{}: field `{}` expects a quantity string such as {}", entry, field, example_for(want_name)));
    return std::nullopt;
  }
  const std::string text = *node.value<std::string>();
  // "<number> <unit>": the number, one or more spaces, then a unit expression.
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
  std::size_t digits = i;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '-' || text[j] == '+')) ++j;
    if (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) {
      i = j;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    }
  }
  std::size_t number_end = i;
  while (i < text.size() && text[i] == ' ') ++i;
  if (number_end == digits || i == number_end || i >= text.size()) {
    diags_.error(span, fmt::format("{}: cannot read quantity \"{}\": expected a number, a space, then a unit", entry, text));
    return std::nullopt;
  }
  double number = std::strtod(text.substr(0, number_end).c_str(), nullptr);
  // The unit is parsed in place, so that an unknown unit is marked where it is written.
  std::uint32_t unit_begin = span.begin + 1 + static_cast<std::uint32_t>(i);
  std::uint32_t unit_end = span.begin + 1 + static_cast<std::uint32_t>(text.size());
  bool in_place = p_.sources.text(Span{file, unit_begin, unit_end}) == std::string_view(text).substr(i);
  FileId ufile = file;
  if (!in_place) {
    ufile = p_.sources.add(p_.sources.file(file).name, text.substr(i));
    unit_begin = 0;
    unit_end = static_cast<std::uint32_t>(text.size() - i);
  }
  // A leading `/` writes a reciprocal ("0.05 /year"): parse "1/year".
  std::string unit_text = text.substr(i);
  Diagnostics local;
  std::optional<ast::UnitExpr> u;
  if (!unit_text.empty() && unit_text[0] == '/') {
    FileId f2 = p_.sources.add(p_.sources.file(file).name, "1" + unit_text);
    u = parse_unit(p_.sources, f2, local);
  } else {
    u = parse_unit(p_.sources, ufile, local, unit_begin, unit_end);
  }
  if (!u) {
    diags_.error(span, fmt::format("{}: cannot read quantity \"{}\": expected a number, a space, then a unit", entry, text));
    return std::nullopt;
  }
  auto r = p_.units.resolve(*u, p_.dims, p_.sources, local);
  if (!r) {
    for (auto d : local.list()) {
      // Abbreviated here, not only when shown: a string of 7,000 unknown units gives 7,000 diagnostics.
      d.message = fmt::format("{}: {} in \"{}\"", entry, d.message, abbreviate(text, 200));
      // Inside a catalogue string every name is a unit: the advice about spaces does not apply.
      std::erase_if(d.notes, [](const std::string& n) { return n.rfind("a unit is written", 0) == 0; });
      if (d.span.file != file) d.span = span;
      diags_.add(std::move(d));
    }
    return std::nullopt;
  }
  if (!(r->dim == want.dim)) {
    diags_.error(span, fmt::format("{}: field `{}` expects {} (e.g. {}), got {} from \"{}\"", entry, field, want_name,
                                   example_for(want_name), p_.dims.format(r->dim), text));
    return std::nullopt;
  }
  double v = number * r->factor;
  if (!std::isfinite(v) || v < 0) {
    diags_.error(span, fmt::format("{}: field `{}` must be a finite quantity >= 0, got \"{}\"", entry, field, text));
    return std::nullopt;
  }
  if (unit) *unit = DisplayUnitText{text.substr(i), r->factor};
  return Value(v);
}

void CatalogueLoader::load(FileId file, bool builtin) {
  std::size_t first_diagnostic = diags_.size();
  load_entries(file, builtin);
  diags_.sort_from(first_diagnostic);
}

void CatalogueLoader::load_entries(FileId file, bool builtin) { load_entries(file, builtin, p_.sources.file(file).text); }

// `text` is the file's text, or (read on demand) one entry's lines after empty lines in place of those
// before it, so that lines and columns stay those of the file.
void CatalogueLoader::load_entries(FileId file, bool builtin, const std::string& text) {
  const auto& src = p_.sources.file(file);
  toml::table root;
  try {
    root = toml::parse(text, src.name);
  } catch (const toml::parse_error& err) {
    const auto& where = err.source().begin;
    std::uint32_t offset = 0;
    if (where.line >= 1 && where.line <= src.line_starts.size()) offset = src.line_starts[where.line - 1] + where.column - 1;
    diags_.error(Span{file, offset, offset + 1}, fmt::format("not valid TOML: {}", err.description()));
    return;
  }
  // A file with a control character in a key or string is not read further: its text would reach the
  // terminal through every message and listing that quotes it.
  if (!check_catalogue_text(p_.sources, file, root, diags_)) return;
  std::vector<std::string> kind_names;
  for (const auto& k : catalogue_schema()) kind_names.emplace_back(k.name);
  for (auto&& [kind_key, kind_node] : root) {
    std::string kind_name(kind_key.str());
    Span kspan = region_span(file, &kind_node);
    const KindSpec* kind = find_kind(kind_name);
    if (!kind_node.is_table()) {
      diags_.error(kspan, fmt::format("expected `[Kind.Key]` tables at top level, found key `{}`", kind_name));
      continue;
    }
    if (!kind) {
      auto& d = diags_.error(kspan, fmt::format("unknown record kind `{}`", kind_name));
      auto s = closest_name(kind_name, kind_names);
      if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
      std::string all;
      for (const auto& k : kind_names) all += (all.empty() ? "" : ", ") + k;
      d.notes.push_back("kinds: " + all);
      continue;
    }
    const auto& rt = *p_.catalogue.kinds.at(kind_name);
    for (auto&& [entry_key, entry_node] : *kind_node.as_table()) {
      std::string key(entry_key.str());
      Span espan = region_span(file, &entry_node);
      std::string label = fmt::format("{} `{}`", kind_name, key);
      if (!entry_node.is_table()) {
        diags_.error(espan, fmt::format("{} must be a table `[{}.{}]`", label, kind_name, key));
        continue;
      }
      Pending e;
      e.key = key;
      e.kind = kind_name;
      e.span = espan;
      e.builtin = builtin;
      e.fields.resize(rt.fields.size());
      e.units.resize(rt.fields.size());
      e.field_spans.resize(rt.fields.size());
      check_name(key, "entry name", espan, builtin);
      bool override_builtin = false;
      for (auto&& [field_key, value] : *entry_node.as_table()) {
        std::string fname(field_key.str());
        Span fspan = region_span(file, &value);
        if (fname == "override") {
          if (value.is_boolean()) override_builtin = *value.value<bool>();
          continue;
        }
        const FieldSpec* spec = find_field(*kind, fname);
        int idx = rt.find(fname);
        if (!spec || idx < 0) {
          auto& d = diags_.error(fspan, fmt::format("{} has no field `{}`", label, fname));
          auto s = closest_name(fname, rt.fields);
          if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
          continue;
        }
        const Type& ft = rt.types[static_cast<std::size_t>(idx)];
        e.field_spans[static_cast<std::size_t>(idx)] = fspan;
        std::optional<Value> v;
        if (spec->type == "Count") {
          if (value.is_string()) {
            diags_.error(fspan, fmt::format("{}: field `{}` is a Count: write a number ({}), not a string", label, fname, *value.value<std::string>()));
          } else if (!value.is_number()) {
            diags_.error(fspan, fmt::format("{}: field `{}` expects a number", label, fname));
          } else {
            double x = *value.value<double>();
            if (!std::isfinite(x) || x < 0) diags_.error(fspan, fmt::format("{}: field `{}` must be a finite number >= 0, got {}", label, fname, x));
            else if (spec->whole && x != std::floor(x)) diags_.error(fspan, fmt::format("{}: field `{}` must be a whole number, got {}", label, fname, x));
            else v = Value(x);
          }
        } else if (spec->type == "Text") {
          if (!value.is_string()) {
            diags_.error(fspan, fmt::format("{}: field `{}` expects a string", label, fname));
          } else {
            std::string s = *value.value<std::string>();
            if (!spec->allowed.empty() && std::find(spec->allowed.begin(), spec->allowed.end(), s) == spec->allowed.end()) {
              std::string all;
              for (const auto& a : spec->allowed) all += (all.empty() ? "" : ", ") + std::string(a);
              diags_.error(fspan, fmt::format("{}: field `{}` must be one of {}; got \"{}\"", label, fname, all, s));
            } else {
              v = Value(s);
            }
          }
        } else if (spec->type == "Bool") {
          if (!value.is_boolean()) diags_.error(fspan, fmt::format("{}: field `{}` expects a boolean (true or false)", label, fname));
          else v = Value(*value.value<bool>());
        } else if (spec->type == "list Text") {
          if (!value.is_array()) {
            diags_.error(fspan, fmt::format("{}: field `{}` expects a list of strings, such as [\"X\"]", label, fname));
          } else {
            List l;
            for (auto&& item : *value.as_array()) {
              if (!item.is_string()) diags_.error(region_span(file, &item), fmt::format("{}: field `{}` expects strings", label, fname));
              else l.push_back(Value(*item.value<std::string>()));
            }
            if (fname == "aliases")
              for (const auto& a : l) e.aliases.push_back(a.text());
            v = Value(std::move(l));
          }
        } else if (spec->type.rfind("ref ", 0) == 0) {
          if (!value.is_string()) diags_.error(fspan, fmt::format("{}: field `{}` names a {} entry: write its key as a string", label, fname, spec->type.substr(4)));
          else e.refs.push_back(Reference{idx, *value.value<std::string>(), std::string(spec->type.substr(4)), fspan});
        } else if (spec->type.rfind("rates ", 0) == 0) {
          if (!value.is_table()) {
            diags_.error(fspan, fmt::format("{}: field `{}` is a table of rates per precision (`[{}.{}.{}]`)", label, fname, kind_name, key, fname));
          } else {
            const auto& rates = *ft.record;
            RecordValue rv;
            rv.type = ft.record;
            rv.fields.resize(rates.fields.size());
            for (auto&& [pk, pv] : *value.as_table()) {
              std::string pname(pk.str());
              int pi = rates.find(pname);
              if (pi < 0) {
                auto& d = diags_.error(region_span(file, &pv), fmt::format("{}: {} has no precision `{}`", label, fname, pname));
                if (pname.find("sparse") != std::string::npos) d.notes.push_back(fmt::format("sparse rates go in `flops_sparse.{}`", pname.substr(0, pname.find('_'))));
                else if (auto s = closest_name(pname, rates.fields); !s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
                continue;
              }
              rv.fields[static_cast<std::size_t>(pi)] = quantity(file, &pv, rates.types[static_cast<std::size_t>(pi)], fname + "." + pname, label);
            }
            v = Value(std::move(rv));
          }
        } else if (spec->type == "mig_profiles") {
          const auto& mt = *ft.element->record;
          List l;
          if (value.is_array()) {
            for (auto&& item : *value.as_array()) {
              if (!item.is_table()) continue;
              RecordValue rv;
              rv.type = ft.element->record;
              rv.fields.resize(mt.fields.size());
              const auto& t = *item.as_table();
              if (auto n = t["name"].value<std::string>()) rv.fields[0] = Value(*n);
              if (const auto* m = t.get("memory")) rv.fields[1] = quantity(file, m, mt.types[1], "mig_profiles.memory", label);
              if (auto s = t["sm_count"].value<double>()) rv.fields[2] = Value(*s);
              l.push_back(Value(std::move(rv)));
            }
          }
          v = Value(std::move(l));
        } else {
          v = quantity(file, &value, ft, fname, label, &e.units[static_cast<std::size_t>(idx)]);
        }
        if (v) e.fields[static_cast<std::size_t>(idx)] = std::move(v);
      }
      if (int aliases = rt.find("aliases"); aliases >= 0)
        for (const auto& a : e.aliases) check_name(a, "alias", e.field_spans[static_cast<std::size_t>(aliases)], builtin);
      // Required fields (derived ones are filled later).
      for (const auto* fields : {&common_fields(), &kind->fields}) {
        for (const auto& f : *fields) {
          if (f.requirement != Requirement::required) continue;
          int idx = rt.find(f.name);
          // A field written with a bad value was reported already; it is not also missing.
          if (idx < 0 || e.fields[static_cast<std::size_t>(idx)] || e.field_spans[static_cast<std::size_t>(idx)].valid()) continue;
          bool is_ref = false;
          for (const auto& r : e.refs) is_ref = is_ref || r.field == idx;
          if (is_ref) continue;
          if (f.name == "source" && !builtin) {
            diags_.warning(espan, fmt::format("{} has no source; results that use it cannot be traced", label));
            continue;
          }
          diags_.error(espan, fmt::format("{} is missing required field `{}` ({})", label, f.name, f.type));
        }
      }
      // Names are unique across all kinds, aliases included.
      std::vector<std::pair<std::string, Span>> names = {{key, espan}};
      for (const auto& a : e.aliases) names.emplace_back(a, espan);
      int index = static_cast<int>(pending_.size());
      bool replaced = false;
      for (const auto& [n, sp] : names) {
        auto it = pending_names_.find(n);
        if (it == pending_names_.end()) continue;
        Pending& prev = pending_[static_cast<std::size_t>(it->second)];
        if (!builtin && prev.builtin && override_builtin && prev.kind == kind_name && n == key) {
          index = it->second;
          replaced = true;
          e.overrides = true;
          diags_.add(Diagnostic{Severity::note, espan, fmt::format("{} replaces the built-in entry", label), {}, {}});
          continue;
        }
        auto lc = p_.sources.line_col(prev.span.file, prev.span.begin);
        auto& d = diags_.error(sp, fmt::format("duplicate catalogue name `{}` ({}): first defined at {}:{}:{}", n, kind_name,
                                               p_.sources.file(prev.span.file).name, lc.line, lc.col));
        if (!builtin && prev.builtin && prev.kind == kind_name) d.notes.push_back("to replace the built-in entry, add `override = true`");
      }
      if (replaced) {
        pending_[static_cast<std::size_t>(index)] = std::move(e);
      } else {
        for (const auto& [n, sp] : names)
          if (!pending_names_.count(n)) pending_names_[n] = index;
        pending_.push_back(std::move(e));
      }
    }
  }
}

// The rules for a name an entry defines (its key, an alias), the same for every command: whether the
// prelude is read on demand or not, its constants and functions are names an entry cannot take.
void CatalogueLoader::check_name(const std::string& name, const char* what, Span span, bool builtin) {
  bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!identifier) {
    diags_.error(span, fmt::format("{} `{}` is not an identifier (letters, digits, _; not starting with a digit)", what, name));
    return;
  }
  // `has` is the field-presence test, `has(entry.field)`: an entry of that name could not be used.
  if (std::ranges::find(grammar::kReservedWords, name) != grammar::kReservedWords.end() || name == "has") {
    diags_.error(span, fmt::format("{} `{}` is a keyword; choose another name", what, name));
    return;
  }
  // Read on demand, a built-in entry may come after the user's own declarations: its clashes with the
  // prelude are the built-in files' own affair, which `mlsi check-catalogue` and the tests check.
  if (builtin && !deferred_.empty()) return;
  if (p_.units.find(name)) {
    diags_.error(span, fmt::format("{} `{}` is already a unit; choose another name", what, name));
    return;
  }
  auto deferred = [&](const std::vector<std::string>& names) { return std::find(names.begin(), names.end(), name) != names.end(); };
  if (p_.global_index.count(name) || p_.function_index.count(name) || deferred(p_.deferred_globals) || deferred(p_.deferred_functions))
    diags_.error(span, fmt::format("{} `{}` is already a prelude constant or function; choose another name", what, name));
}

void CatalogueLoader::resolve(Pending& e, int depth) {
  if (e.done || depth > 8) return;
  const auto& rt = *p_.catalogue.kinds.at(e.kind);
  for (const auto& r : e.refs) {
    demand(r.target);
    auto it = pending_names_.find(r.target);
    if (it == pending_names_.end()) {
      auto& d = diags_.error(r.span, fmt::format("{} `{}`: `{}` names `{}`, which is not in the catalogue", e.kind, e.key,
                                                 rt.fields[static_cast<std::size_t>(r.field)], r.target));
      std::vector<std::string> names;
      for (const auto& [n, i] : pending_names_)
        if (pending_[static_cast<std::size_t>(i)].kind == r.kind) names.push_back(n);
      auto s = closest_name(r.target, names);
      if (!s.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", s));
      continue;
    }
    Pending& target = pending_[static_cast<std::size_t>(it->second)];
    if (target.kind != r.kind) {
      diags_.error(r.span, fmt::format("{} `{}`: `{}` must name a {} entry; `{}` is a {}", e.kind, e.key,
                                       rt.fields[static_cast<std::size_t>(r.field)], r.kind, r.target, target.kind));
      continue;
    }
    resolve(target, depth + 1);
    const auto* entry = p_.catalogue.find(target.key);
    if (entry) e.fields[static_cast<std::size_t>(r.field)] = entry->value;
  }
  // Derived fields (docs/catalogue.md §1.5), filled only when the file omits them.
  auto get = [&](const char* f) -> std::optional<Value>& { return e.fields[static_cast<std::size_t>(rt.find(f))]; };
  auto has = [&](const char* f) { return rt.find(f) >= 0 && get(f).has_value(); };
  if (e.kind == "Workload") {
    if (!has("active_parameters") && has("parameters")) get("active_parameters") = get("parameters");
    if (!has("head_dim") && has("hidden_dim") && has("heads") && get("heads")->number() > 0)
      get("head_dim") = Value(get("hidden_dim")->number() / get("heads")->number());
  } else if (e.kind == "Hardware") {
    if (!has("accelerators")) get("accelerators") = Value(1.0);
    if (!has("dispatch_overhead")) get("dispatch_overhead") = Value(1e-5);
    if (!has("device_link_bidirectional") && has("device_link_bandwidth")) get("device_link_bidirectional") = Value(false);
    if (has("peak_flops")) {
      std::string precision = has("peak_precision") ? get("peak_precision")->text() : "fp16";
      auto rates_type = rt.types[static_cast<std::size_t>(rt.find("flops"))].record;
      RecordValue rv = has("flops") ? get("flops")->record() : RecordValue{rates_type, std::vector<std::optional<Value>>(rates_type->fields.size()), ""};
      int pi = rates_type->find(precision);
      if (pi >= 0 && !rv.fields[static_cast<std::size_t>(pi)]) rv.fields[static_cast<std::size_t>(pi)] = get("peak_flops");
      get("flops") = Value(std::move(rv));
    }
  } else if (e.kind == "Fleet") {
    if (has("node")) {
      const auto& node = get("node")->record();
      const auto& nt = *node.type;
      auto per = node.fields[static_cast<std::size_t>(nt.find("accelerators_per_node"))];
      if (!has("accelerators") && per && has("nodes")) get("accelerators") = Value(per->number() * get("nodes")->number());
      if (!has("accelerator")) get("accelerator") = node.fields[static_cast<std::size_t>(nt.find("accelerator"))];
    }
  } else if (e.kind == "Pod") {
    if (!has("memory") && has("accelerator") && has("accelerators")) {
      const auto& acc = get("accelerator")->record();
      auto mem = acc.fields[static_cast<std::size_t>(acc.type->find("memory"))];
      if (mem) get("memory") = Value(mem->number() * get("accelerators")->number());
    }
  } else if (e.kind == "Datacenter") {
    if (has("grid")) {
      const auto& grid = get("grid")->record();
      for (const char* f : {"pue", "wue"})
        if (!has(f)) get(f) = grid.fields[static_cast<std::size_t>(grid.type->find(f))];
    }
  } else if (e.kind == "Fabric") {
    if (!has("topology")) get("topology") = Value(std::string("fat-tree"));
    if (!has("oversubscription")) get("oversubscription") = Value(1.0);
  } else if (e.kind == "Precision") {
    if (!has("bits") && has("bytes")) get("bits") = Value(get("bytes")->number() * 8);
  }
  if (!has("name")) get("name") = Value(e.key);
  RecordValue rv;
  rv.type = p_.catalogue.kinds.at(e.kind);
  rv.fields = e.fields;
  rv.key = e.key;
  validate(e);
  CatalogueEntry entry{e.key, e.kind, Value(std::move(rv)), e.span, e.aliases, e.builtin, e.overrides, e.units, e.field_spans};
  int index = static_cast<int>(p_.catalogue.entries.size());
  if (auto it = p_.catalogue.names.find(e.key); it != p_.catalogue.names.end()) {
    index = it->second;
    p_.catalogue.entries[static_cast<std::size_t>(index)] = std::move(entry);
  } else {
    p_.catalogue.entries.push_back(std::move(entry));
  }
  p_.catalogue.names[e.key] = index;
  for (const auto& a : e.aliases) p_.catalogue.names[a] = index;
  e.done = true;
}

void CatalogueLoader::finish() {
  for (std::size_t i = 0; i < pending_.size(); ++i) resolve(pending_[i], 0);
}

}  // namespace mlsi

namespace mlsi {

// Range and consistency rules of docs/catalogue.md §5 (rules 5, 15, 21, 22, 23 and the warnings).
void CatalogueLoader::validate(Pending& e) {
  const KindSpec* kind = find_kind(e.kind);
  const auto& rt = *p_.catalogue.kinds.at(e.kind);
  const std::string label = fmt::format("{} `{}`", e.kind, e.key);
  auto index = [&](std::string_view f) { return rt.find(f); };
  auto number = [&](std::string_view f) -> std::optional<double> {
    int i = index(f);
    if (i < 0 || !e.fields[static_cast<std::size_t>(i)] || !e.fields[static_cast<std::size_t>(i)]->is_number()) return std::nullopt;
    return e.fields[static_cast<std::size_t>(i)]->number();
  };
  auto written = [&](std::string_view f) {
    int i = index(f);
    return i >= 0 && e.field_spans[static_cast<std::size_t>(i)].valid();
  };
  auto where = [&](std::string_view f) {
    int i = index(f);
    return i >= 0 && e.field_spans[static_cast<std::size_t>(i)].valid() ? e.field_spans[static_cast<std::size_t>(i)] : e.span;
  };
  auto shown = [&](std::string_view f, double v) {
    int i = index(f);
    const auto& u = e.units[static_cast<std::size_t>(i)];
    return u.text.empty() ? fmt::format("{}", v) : fmt::format("{} {}", v / u.factor, u.text);
  };

  // Rule 15: every magnitude >= 0 (checked when read); required magnitudes > 0; shares, PUE, years.
  for (const auto& f : kind->fields) {
    auto v = number(f.name);
    if (!v || !written(f.name)) continue;
    // Water use may truly be zero (closed-loop liquid cooling); every other required magnitude may not.
    if (f.requirement == Requirement::required && *v <= 0 && f.type != "Text" && f.type != "Bool" && f.name != "wue")
      diags_.error(where(f.name), fmt::format("{}: field `{}` must be greater than 0, got {}", label, f.name, shown(f.name, *v)));
    if (f.name == "pue" && *v < 1) diags_.error(where(f.name), fmt::format("{}: field `pue` must be at least 1, got {}", label, *v));
    if (f.name == "renewable_share" && *v > 1)
      diags_.error(where(f.name), fmt::format("{}: field `renewable_share` must be in [0, 1], got {}", label, *v));
    if (f.name == "year" && (*v < 1940 || *v > 2100))
      diags_.error(where(f.name), fmt::format("{}: field `year` must be between 1940 and 2100, got {}", label, *v));
  }

  auto rule = [&](bool broken, const std::string& field, const std::string& message) {
    if (broken) diags_.error(where(field), fmt::format("{}: {}", label, message));
  };
  if (e.kind == "Workload") {
    auto params = number("parameters"), active = number("active_parameters");
    auto heads = number("heads"), kv = number("kv_heads"), hidden = number("hidden_dim");
    rule(params && active && *active > *params, "active_parameters",
         fmt::format("`active_parameters` ({}) must not exceed `parameters` ({})", active.value_or(0), params.value_or(0)));
    if (heads && kv)
      rule(*kv > *heads || std::fmod(*heads, *kv) != 0, "kv_heads", fmt::format("`kv_heads` ({}) must divide `heads` ({})", *kv, *heads));
    if (heads && hidden && !written("head_dim"))
      rule(std::fmod(*hidden, *heads) != 0, "hidden_dim",
           fmt::format("`hidden_dim` ({}) is not divisible by `heads` ({}); give `head_dim`", *hidden, *heads));
    auto experts = number("experts"), active_experts = number("active_experts");
    rule(experts && active_experts && *active_experts > *experts, "active_experts",
         fmt::format("`active_experts` ({}) must not exceed `experts` ({})", active_experts.value_or(0), experts.value_or(0)));
    auto seq = number("seq_len"), max_seq = number("max_seq_len");
    rule(seq && max_seq && *max_seq < *seq, "max_seq_len", fmt::format("`max_seq_len` ({}) must be at least `seq_len` ({})", max_seq.value_or(0), seq.value_or(0)));
    int fam = index("family");
    bool moe = fam >= 0 && e.fields[static_cast<std::size_t>(fam)] && e.fields[static_cast<std::size_t>(fam)]->text() == "moe";
    if (moe && !written("active_parameters"))
      diags_.error(where("family"), fmt::format("Workload `{}` is a moe model: give `active_parameters`", e.key));
    if (!written("parameters") && !written("model_size"))
      diags_.error(e.span, fmt::format("Workload `{}` needs `parameters` (or `model_size`)", e.key));
  } else if (e.kind == "Hardware") {
    auto tdp = number("tdp"), lo = number("tdp_min"), hi = number("tdp_max");
    rule(tdp && lo && *tdp < *lo, "tdp", fmt::format("`tdp` ({}) is below `tdp_min` ({})", shown("tdp", tdp.value_or(0)), shown("tdp_min", lo.value_or(0))));
    rule(tdp && hi && *tdp > *hi, "tdp", fmt::format("`tdp` ({}) is above `tdp_max` ({})", shown("tdp", tdp.value_or(0)), shown("tdp_max", hi.value_or(0))));
    auto price = number("price"), price_max = number("price_max");
    rule(price && price_max && *price > *price_max, "price", "`price` must not exceed `price_max`");
    auto sram = number("sram"), memory = number("memory");
    int tier = index("tier");
    bool tiny = tier >= 0 && e.fields[static_cast<std::size_t>(tier)] && e.fields[static_cast<std::size_t>(tier)]->text() == "tiny";
    rule(!tiny && sram && memory && *sram > *memory, "sram", "`sram` must not exceed `memory` (outside the tiny tier)");
    int flops = index("flops"), sparse = index("flops_sparse");
    std::string precision = "fp16";
    if (int pp = index("peak_precision"); pp >= 0 && e.fields[static_cast<std::size_t>(pp)]) precision = e.fields[static_cast<std::size_t>(pp)]->text();
    auto peak = number("peak_flops");
    if (flops >= 0 && e.fields[static_cast<std::size_t>(flops)] && peak && written("flops")) {
      const auto& r = e.fields[static_cast<std::size_t>(flops)]->record();
      int pi = r.type->find(precision);
      if (pi >= 0 && r.fields[static_cast<std::size_t>(pi)] && std::fabs(r.fields[static_cast<std::size_t>(pi)]->number() - *peak) > 1e-9 * *peak)
        rule(true, "flops", fmt::format("`flops.{}` must equal `peak_flops`", precision));
      if (sparse >= 0 && e.fields[static_cast<std::size_t>(sparse)]) {
        const auto& sr = e.fields[static_cast<std::size_t>(sparse)]->record();
        for (std::size_t k = 0; k < sr.fields.size(); ++k)
          if (sr.fields[k] && r.fields[k] && sr.fields[k]->number() < r.fields[k]->number())
            rule(true, "flops_sparse", fmt::format("`flops_sparse.{}` is below the dense rate", sr.type->fields[k]));
      }
    }
    if (!e.builtin && written("device_link_bandwidth") && !written("device_link_bidirectional"))
      diags_.warning(where("device_link_bandwidth"),
                     fmt::format("{}: `device_link_bandwidth` without `device_link_bidirectional`: taken as per direction", label));
  } else if (e.kind == "Fleet") {
    if (written("accelerators")) {
      int node = index("node");
      if (node >= 0 && e.fields[static_cast<std::size_t>(node)]) {
        const auto& n = e.fields[static_cast<std::size_t>(node)]->record();
        const auto& per = n.fields[static_cast<std::size_t>(n.type->find("accelerators_per_node"))];
        auto nodes = number("nodes"), acc = number("accelerators");
        if (per && nodes && acc && *acc != per->number() * *nodes)
          rule(true, "accelerators", fmt::format("`accelerators` ({}) must equal `nodes` x `node.accelerators_per_node` ({})", *acc, per->number() * *nodes));
      }
    }
  } else if (e.kind == "Node") {
    int acc = index("accelerator");
    auto intra = number("intra_node_bandwidth");
    if (acc >= 0 && e.fields[static_cast<std::size_t>(acc)] && intra) {
      const auto& h = e.fields[static_cast<std::size_t>(acc)]->record();
      const auto& link = h.fields[static_cast<std::size_t>(h.type->find("device_link_bandwidth"))];
      if (link && *intra > link->number() * (1 + 1e-9))
        diags_.warning(where("intra_node_bandwidth"), fmt::format("{}: `intra_node_bandwidth` is larger than its accelerator's `device_link_bandwidth`", label));
    }
  }
}

}  // namespace mlsi
