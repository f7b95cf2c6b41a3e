#include "catalogue/catalogue_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include <toml++/toml.h>

#include "grammar/reserved_words.hpp"
#include "catalogue/catalogue_text.hpp"
#include "check/compiler.hpp"
#include "eval/evaluator.hpp"
#include "syntax/parser.hpp"
#include "source/source_excerpt.hpp"

namespace mlsi {
namespace {

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

// A `.mls` name: letters, digits and `_`, not starting with a digit.
bool is_case_name(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s.front()))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Reads a schema dimension: names, `1`, `*`, `/` and parentheses, left to right.
class SchemaDimensionReader {
 public:
  SchemaDimensionReader(std::string_view text, const DimensionRegistry& dims) : text_(text), dims_(dims) {}

  std::optional<Dim> whole() {
    auto d = product();
    skip_spaces();
    if (at_ != text_.size()) return std::nullopt;
    return d;
  }

 private:
  void skip_spaces() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }

  std::optional<Dim> product() {
    auto d = factor();
    while (d) {
      skip_spaces();
      if (at_ >= text_.size() || (text_[at_] != '*' && text_[at_] != '/')) break;
      const bool times = text_[at_++] == '*';
      auto next = factor();
      if (!next) return std::nullopt;
      DimOutcome outcome = times ? multiply(*d, *next) : divide(*d, *next);
      if (!outcome.ok()) return std::nullopt;
      d = outcome.dim;
    }
    return d;
  }

  std::optional<Dim> factor() {
    skip_spaces();
    if (at_ < text_.size() && text_[at_] == '(') {
      ++at_;
      auto d = product();
      skip_spaces();
      if (!d || at_ >= text_.size() || text_[at_] != ')') return std::nullopt;
      ++at_;
      return d;
    }
    std::size_t begin = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) ++at_;
    std::string_view word = text_.substr(begin, at_ - begin);
    if (word == "1") return Dim{};
    if (word.empty() || std::isdigit(static_cast<unsigned char>(word.front()))) return std::nullopt;
    const Dim* d = dims_.find(std::string(word));
    if (!d) return std::nullopt;
    return *d;
  }

  std::string_view text_;
  const DimensionRegistry& dims_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<Dim> schema_dimension(std::string_view text, const DimensionRegistry& dims) {
  return SchemaDimensionReader(text, dims).whole();
}

std::shared_ptr<const EnumType> catalogue_enumeration(const FieldSpec& f) {
  if (f.type != "Text" || f.allowed.empty() || !std::all_of(f.allowed.begin(), f.allowed.end(), is_case_name)) return nullptr;
  auto e = std::make_shared<EnumType>();
  for (auto c : f.allowed) e->cases.emplace_back(c);
  return e;
}

CatalogueLoader::CatalogueLoader(Program& program, DiagnosticLog& diags) : p_(program), diags_(diags) {
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
  // A schema dimension ("Information / Time", "Money / (Information * Time)") is read as a type: from the
  // prelude's dimensions (schema_dimension) or else by the parser.
  std::map<std::string, Type, std::less<>> cache;
  auto dimension = [&](std::string_view text) -> Type {
    if (auto it = cache.find(text); it != cache.end()) return it->second;
    if (auto d = schema_dimension(text, p_.dims)) return cache[std::string(text)] = Type::quantity(*d);
    DiagnosticLog scratch;
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
  // Shares per precision (Hardware.gemm_efficiency): the keys of rates, each a Count.
  auto shares = std::make_shared<RecordType>();
  shares->name = "shares";
  for (auto key : precision_keys()) {
    shares->fields.emplace_back(key);
    shares->types.push_back(Type::count());
  }
  auto mig = std::make_shared<RecordType>();
  mig->name = "mig_profile";
  mig->fields = {"name", "memory", "sm_count"};
  mig->types = {Type::text(), dimension("Information"), Type::count()};
  auto type_of = [&](const FieldSpec& f) -> Type {
    if (f.type == "Count") return Type::count();
    // A field of a fixed set of names is an enumeration (docs/catalogue.md §1.3), so that `match` and
    // `==` on it are checked; one whose values are not names (source_kind: "model card") stays Text.
    if (auto cases = catalogue_enumeration(f)) return Type::of_enum(std::move(cases));
    if (f.type == "Text") return Type::text();
    if (f.type == "Bool") return Type::boolean();
    if (f.type == "list Text") return Type::list(Type::text());
    if (f.type == "mig_profiles") return Type::list(Type::of_record(mig));
    if (f.type.rfind("ref ", 0) == 0) return Type::of_record(p_.catalogue.kinds.at(std::string(f.type.substr(4))));
    if (f.type.rfind("rates ", 0) == 0) return Type::of_record(rates);
    if (f.type == "shares") return Type::of_record(shares);
    return dimension(f.type);
  };
  // `override` is a loader instruction, not a field scenarios read.
  auto is_field = [](const FieldSpec& f) { return f.name != "override"; };
  // The fields every kind has, typed once (a type is the same in every kind).
  std::vector<Type> common_types;
  for (const auto& f : common_fields())
    if (is_field(f)) common_types.push_back(type_of(f));
  for (const auto& k : catalogue_schema()) {
    auto& rt = *p_.catalogue.kinds[std::string(k.name)];
    rt.fields.reserve(common_types.size() + k.fields.size());
    rt.types.reserve(common_types.size() + k.fields.size());
    rt.types = common_types;
    for (const auto& f : common_fields())
      if (is_field(f)) rt.fields.emplace_back(f.name);
    for (const auto& f : k.fields) {
      if (!is_field(f)) continue;
      rt.fields.emplace_back(f.name);
      rt.types.push_back(type_of(f));
    }
  }
}

Span CatalogueLoader::region_span(FileId file, const void* node_ptr) const {
  return toml_span(p_.sources, file, static_cast<const toml::node*>(node_ptr)->source(), toml_line_offset_);
}

std::optional<Value> CatalogueLoader::quantity(FileId file, const void* node_ptr, const Type& want,
                                               const std::string& field, const std::string& entry, DisplayUnitText* unit) {
  const auto& node = *static_cast<const toml::node*>(node_ptr);
  Span span = region_span(file, node_ptr);
  // For a message (most quantities have none).
  auto want_name = [&] { return type_name(want, p_.dims); };
  if (!node.is_string()) {
    if (node.is_number())
      diags_.error(span, fmt::format("{}: field `{}` needs a unit: write a string such as {}", entry, field, example_for(want_name())));
    else
      diags_.error(span, fmt::format("{}: field `{}` expects a quantity string such as {}", entry, field, example_for(want_name())));
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
  // A unit read in place before, in a built-in entry read on demand: its factor and dimension again.
  const bool memo = memo_units_ && in_place && text[i] != '/';
  if (memo) {
    if (auto it = unit_memo_.find(std::string_view(text).substr(i)); it != unit_memo_.end())
      return quantity_value(number, it->second.first, it->second.second, span, want, field, entry, text, i, unit);
  }
  FileId ufile = file;
  if (!in_place) {
    ufile = p_.sources.add(p_.sources.file(file).name, text.substr(i));
    unit_begin = 0;
    unit_end = static_cast<std::uint32_t>(text.size() - i);
  }
  // A leading `/` writes a reciprocal ("0.05 /year"): parse "1/year".
  std::string unit_text = text.substr(i);
  DiagnosticLog local;
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
  UnitContext context;  // a suggestion for an unknown unit has the field's dimension
  context.expected = want.dim;
  auto r = p_.units.resolve(*u, p_.dims, p_.sources, local, &context);
  if (!r) {
    // The ones `local` kept (not its last entry, which counts those it did not), then that count.
    std::size_t kept = local.list().size() - (local.not_kept() ? 1 : 0);
    for (std::size_t i = 0; i < kept; ++i) {
      Diagnostic d = local.list()[i];
      // Abbreviated here, not only when shown: a string of 7,000 unknown units gives 7,000 diagnostics.
      d.message = fmt::format("{}: {} in \"{}\"", entry, d.message, abbreviate(text, 200));
      // Inside a catalogue string every name is a unit: the advice about spaces does not apply.
      std::erase_if(d.notes, [](const std::string& n) { return n.rfind("a unit is written", 0) == 0; });
      if (d.span.file != file) d.span = span;
      diags_.add(std::move(d));
    }
    diags_.count_not_kept(local.not_kept(), Severity::error);
    return std::nullopt;
  }
  if (memo) unit_memo_.emplace(text.substr(i), std::pair{r->factor, r->dim});
  return quantity_value(number, r->factor, r->dim, span, want, field, entry, text, i, unit);
}

// The rest of quantity(), once the unit is known: `text`, the string, has its unit from `unit_at`.
std::optional<Value> CatalogueLoader::quantity_value(double number, double factor, const Dim& dim, Span span, const Type& want,
                                                     const std::string& field, const std::string& entry, const std::string& text,
                                                     std::size_t unit_at, DisplayUnitText* unit) {
  if (!(dim == want.dim)) {
    std::string want_name = type_name(want, p_.dims);
    diags_.error(span, fmt::format("{}: field `{}` expects {} (e.g. {}), got {} from \"{}\"", entry, field, want_name,
                                   example_for(want_name), p_.dims.format(dim), text));
    return std::nullopt;
  }
  double v = number * factor;
  if (!std::isfinite(v) || v < 0) {
    diags_.error(span, fmt::format("{}: field `{}` must be a finite quantity >= 0, got \"{}\"", entry, field, text));
    return std::nullopt;
  }
  if (unit) *unit = DisplayUnitText{text.substr(unit_at), factor};
  return Value(v);
}

void CatalogueLoader::load(FileId file, bool builtin) {
  std::size_t first_diagnostic = diags_.size();
  load_entries(file, builtin);
  diags_.sort_from(first_diagnostic);
}

void CatalogueLoader::load_entries(FileId file, bool builtin) { load_entries(file, builtin, p_.sources.file(file).text); }

// The rules for a name an entry defines (its key, an alias), the same for every command: whether the
// prelude is read on demand or not, its constants and functions are names an entry cannot take.
void CatalogueLoader::check_name(const std::string& name, const char* what, Span span, bool builtin) {
  // Read on demand, a built-in entry may come after the user's own declarations: its clashes with the
  // prelude are the built-in files' own affair, which `mlsi check-catalogue` and the tests check.
  std::string problem = name_problem(name, what, !(builtin && !deferred_.empty()));
  if (!problem.empty()) diags_.error(span, std::move(problem));
}

std::string CatalogueLoader::name_problem(const std::string& name, std::string_view what, bool against_prelude) const {
  bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!identifier) return fmt::format("{} `{}` is not an identifier (letters, digits, _; not starting with a digit)", what, name);
  // `has` is the field-presence test, `has(entry.field)`: an entry of that name could not be used.
  if (std::find(grammar::kReservedWords.begin(), grammar::kReservedWords.end(), name) != grammar::kReservedWords.end() || name == "has")
    return fmt::format("{} `{}` is a keyword; choose another name", what, name);
  if (!against_prelude) return {};
  if (p_.units.find(name)) return fmt::format("{} `{}` is already a unit; choose another name", what, name);
  auto deferred = [&](const std::vector<std::string_view>& names) { return std::find(names.begin(), names.end(), name) != names.end(); };
  if (p_.global_index.count(name) || p_.function_index.count(name) || deferred(p_.deferred_globals) || deferred(p_.deferred_functions))
    return fmt::format("{} `{}` is already a prelude constant or function; choose another name", what, name);
  return {};
}

std::optional<Span> CatalogueLoader::defined_at(const std::string& name) const {
  if (auto it = pending_names_.find(name); it != pending_names_.end()) return pending_[static_cast<std::size_t>(it->second)].span;
  return std::nullopt;
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
  if (auto& name = e.fields[static_cast<std::size_t>(rt.find("name"))]; !name) name = Value(e.key);
  std::vector<bool> defaulted = fill_derived_fields(e.key, e.kind, rt, e.fields, e.units);
  RecordValue rv;
  rv.type = p_.catalogue.kinds.at(e.kind);
  rv.fields = e.fields;
  rv.key = e.key;
  rv.defaulted = std::move(defaulted);
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

void CatalogueLoader::restore(const CatalogueLoader& earlier) {
  toml_line_offset_ = earlier.toml_line_offset_;
  pending_ = earlier.pending_;
  pending_names_ = earlier.pending_names_;
  deferred_files_ = earlier.deferred_files_;
  deferred_ = earlier.deferred_;
  deferred_names_ = earlier.deferred_names_;
  deferred_named_ = earlier.deferred_named_;
  builtin_names_ = BuiltinNames::unknown;
}

std::vector<std::pair<std::string, std::string>> CatalogueLoader::entries_of(FileId file) const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : pending_)
    if (e.span.file == file) out.emplace_back(e.kind, e.key);
  return out;
}

void CatalogueLoader::finish() {
  for (std::size_t i = 0; i < pending_.size(); ++i) resolve(pending_[i], 0);
}

}  // namespace mlsi
