// Reading the entries of a catalogue file: kinds, keys, aliases, fields and their values.
#include "catalogue/catalogue_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include <toml++/toml.h>

#include "grammar/reserved_words.hpp"
#include "catalogue/catalogue_text.hpp"
#include "check/compiler.hpp"
#include "eval/evaluator.hpp"
#include "syntax/parser.hpp"
#include "source/source_excerpt.hpp"

namespace mlsi {

// `text` is the file's text, or (read on demand) one entry's lines, which begin `line_offset` lines into
// the file: the spans of its nodes are the file's.
void CatalogueLoader::load_entries(FileId file, bool builtin, std::string_view text, std::uint32_t line_offset) {
  const auto& src = p_.sources.file(file);
  struct LineOffset {  // region_span reads it while this text's nodes are read
    std::uint32_t& at;
    std::uint32_t saved;
    ~LineOffset() { at = saved; }
  } offset_guard{toml_line_offset_, std::exchange(toml_line_offset_, line_offset)};
  toml::table root;
  try {
    root = toml::parse(text, src.name);
  } catch (const toml::parse_error& err) {
    const auto& where = err.source().begin;
    std::uint32_t offset = 0;
    if (where.line >= 1 && where.line + line_offset <= src.line_starts.size())
      offset = src.line_starts[where.line + line_offset - 1] + where.column - 1;
    diags_.error(Span{file, offset, offset + 1}, fmt::format("not valid TOML: {}", err.description()));
    return;
  }
  // A file with a control character in a key or string is not read further: its text would reach the
  // terminal through every message and listing that quotes it.
  if (!check_catalogue_text(p_.sources, file, root, diags_, line_offset)) return;
  std::vector<std::string> kind_names;
  for (const auto& k : catalogue_schema()) kind_names.emplace_back(k.name);
  for (auto&& [kind_key, kind_node] : root) {
    std::string kind_name(kind_key.str());
    Span kspan = region_span(file, &kind_node);
    const KindSpec* kind = find_kind_spec(kind_name);
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
        const FieldSpec* spec = find_field_spec(*kind, fname);
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
            auto allowed = std::find(spec->allowed.begin(), spec->allowed.end(), s);
            if (!spec->allowed.empty() && allowed == spec->allowed.end()) {
              std::string all;
              std::vector<std::string> cases;
              for (const auto& a : spec->allowed) {
                all += (all.empty() ? "" : ", ") + std::string(a);
                cases.emplace_back(a);
              }
              auto& d = diags_.error(fspan, fmt::format("{}: field `{}` must be one of {}; got \"{}\"", label, fname, all, s));
              if (auto near = closest_name(s, cases); !near.empty()) d.notes.push_back(fmt::format("did you mean \"{}\"?", near));
            } else if (ft.kind == Type::Kind::enumeration) {
              v = Value(EnumValue{static_cast<int>(allowed - spec->allowed.begin()), ft.enumeration});
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
        } else if (spec->type.rfind("rates ", 0) == 0 || spec->type == "shares") {
          // A table per precision (`[Kind.Key.field]`, docs/catalogue.md §1.3): quantities for rates, plain
          // numbers in (0, 1] for shares; an unknown precision is an error with the nearest one.
          const bool rates = spec->type != "shares";
          if (!value.is_table()) {
            diags_.error(fspan, fmt::format("{}: field `{}` is a table of {} per precision (`[{}.{}.{}]`)", label, fname,
                                            rates ? "rates" : "shares", kind_name, key, fname));
          } else {
            const auto& table = *ft.record;
            RecordValue rv;
            rv.type = ft.record;
            rv.fields.resize(table.fields.size());
            rv.owner = key;
            rv.owner_kind = kind_name;
            rv.owner_field = fname;
            for (auto&& [pk, pv] : *value.as_table()) {
              std::string pname(pk.str());
              int pi = table.find(pname);
              Span pspan = region_span(file, &pv);
              if (pi < 0) {
                auto& d = diags_.error(pspan, fmt::format("{}: {} has no precision `{}`", label, fname, pname));
                if (rates && pname.find("sparse") != std::string::npos) d.notes.push_back(fmt::format("sparse rates go in `flops_sparse.{}`", pname.substr(0, pname.find('_'))));
                else if (auto near = closest_name(pname, table.fields); !near.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", near));
                continue;
              }
              auto& field = rv.fields[static_cast<std::size_t>(pi)];
              if (rates) {
                field = quantity(file, &pv, table.types[static_cast<std::size_t>(pi)], fname + "." + pname, label);
                continue;
              }
              // A share is a plain number in (0, 1]: 0.8, not "80 %".
              std::optional<double> x = pv.is_number() ? pv.value<double>() : std::nullopt;
              if (!x) diags_.error(pspan, fmt::format("{}: `{}.{}` is a share: write a number such as 0.8", label, fname, pname));
              else if (!std::isfinite(*x) || *x <= 0 || *x > 1)
                diags_.error(pspan, fmt::format("{}: `{}.{}` must be a share in (0, 1], got {}", label, fname, pname, *x));
              else field = Value(*x);
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
              rv.owner = key;
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

}  // namespace mlsi
