#include "index/completion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <utility>

#include "index/hover.hpp"
#include "model/builtin_functions.hpp"
#include "source/embedded.hpp"

namespace mlsi::index {

namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The block the cursor is in, from a scan of the text before it (the text need not parse).
struct Block {
  enum class Kind { top, scenario, config, match, other } kind = Kind::top;
  std::string name;      // scenario: its name; config: its scenario
};

std::vector<Block> blocks_before(const std::string& text, std::size_t end) {
  std::vector<Block> stack;
  std::size_t header = 0;  // where the text before the next `{` starts
  for (std::size_t i = 0; i < end; ++i) {
    char c = text[i];
    if (c == '#') {
      while (i < end && text[i] != '\n') ++i;
      header = i;
      continue;
    }
    if (c == '"') {
      for (++i; i < end && text[i] != '"' && text[i] != '\n'; ++i) {
      }
      continue;
    }
    if (c == '{') {
      std::string head = text.substr(header, i - header);
      auto line_start = head.find_last_of('\n');
      std::string line = line_start == std::string::npos ? head : head.substr(line_start + 1);
      std::vector<std::string> words;
      std::string w;
      for (char ch : line) {
        if (ident_char(ch)) w += ch;
        else if (!w.empty()) words.push_back(std::exchange(w, {}));
      }
      if (!w.empty()) words.push_back(w);
      Block b;
      if (words.size() >= 2 && words[0] == "scenario") b = {Block::Kind::scenario, words[1]};
      else if (words.size() >= 4 && words[0] == "config" && words[2] == "for") b = {Block::Kind::config, words[3]};
      else if (std::find(words.begin(), words.end(), "match") != words.end()) b = {Block::Kind::match, ""};
      else b = {Block::Kind::other, ""};
      stack.push_back(b);
      header = i + 1;
    } else if (c == '}') {
      if (!stack.empty()) stack.pop_back();
      header = i + 1;
    } else if (c == '\n') {
      header = i + 1;
    }
  }
  return stack;
}

const char* const kTopKeywords[] = {"scenario", "config", "let", "fn", "unit", "dimension", "type", "import"};
const char* const kMemberKeywords[] = {"input", "let", "output", "check", "fn"};
const char* const kExprKeywords[] = {"if", "then", "else", "match", "let", "in", "for", "true", "false", "and", "or", "not"};

struct Items {
  std::vector<CompletionItem> list;
  std::set<std::string> seen;
  void add(std::string label, CompletionKind kind, std::string detail, std::string doc = {}) {
    if (label.empty() || label == kCompletionMarker || !seen.insert(label).second) return;
    list.push_back(CompletionItem{std::move(label), kind, std::move(detail), std::move(doc)});
  }
};

void add_slots(Items& items, const Program& p, const Scenario& s, std::optional<SlotKind> only, const std::set<std::string>& skip = {}) {
  for (const auto& sl : s.slots) {
    if (only && sl.kind != *only) continue;
    if (skip.count(sl.name)) continue;
    CompletionKind kind = sl.kind == SlotKind::input ? CompletionKind::input : sl.kind == SlotKind::output ? CompletionKind::output : CompletionKind::value;
    const char* what = sl.kind == SlotKind::input ? "input" : sl.kind == SlotKind::output ? "output" : "let";
    items.add(sl.name, kind, fmt::format("{} {}: {}", what, sl.name, type_name(sl.type, p.dims)), sl.doc);
  }
}

void add_units(Items& items, const Program& p, const std::optional<Dim>& dim, FileId file) {
  NameScope scope = p.scopes.scope_of(file);
  for (const auto& name : p.units.names()) {
    const Unit* u = p.units.find(name, &scope);
    if (!u || (dim && !(u->dim == *dim))) continue;
    items.add(name, CompletionKind::unit, p.dims.format(u->dim), u->doc);
  }
  for (const auto& u : p.units.private_units())
    if (scope.sees(u.owner) && (!dim || u.dim == *dim)) items.add(u.name, CompletionKind::unit, p.dims.format(u.dim), u.doc);
}

void add_types(Items& items, const Program& p, FileId file) {
  NameScope scope = p.scopes.scope_of(file);
  for (const char* t : {"Count", "Bool", "Text", "List"}) items.add(t, CompletionKind::type, "built-in type");
  for (const auto& d : p.dims.names())
    if (p.dims.find(d, scope.home, scope.owners)) items.add(d, CompletionKind::dimension, "dimension");
  for (const auto& t : p.types) items.add(t.name, CompletionKind::type, "type " + type_name(t.type, p.dims), t.doc);
  for (const auto& [name, kind] : p.catalogue.kinds) items.add(name, CompletionKind::type, "catalogue kind");
  items.add("one of", CompletionKind::keyword, "an enumeration: one of a | b");
  add_units(items, p, std::nullopt, file);
}

void add_entries(Items& items, const Program& p, const std::string& kind) {
  for (const auto& name : p.catalogue.all_names()) {
    const CatalogueEntry* e = p.catalogue.find(name);
    if (!e || (!kind.empty() && e->kind != kind)) continue;
    items.add(name, CompletionKind::entry, fmt::format("{} (catalogue)", e->kind));
  }
}

void add_names(Items& items, const Program& p, const UnknownName* at) {
  const Type* expected = at && !at->expected.is_error() ? &at->expected : nullptr;
  if (expected && expected->kind == Type::Kind::enumeration)
    for (const auto& c : expected->enumeration->cases) items.add(c, CompletionKind::enum_case, "case of " + type_name(*expected, p.dims));
  if (at) {
    for (auto it = at->locals.rbegin(); it != at->locals.rend(); ++it) items.add(it->first, CompletionKind::value, type_name(it->second, p.dims));
    if (at->scenario >= 0) {
      const Scenario& s = p.scenarios[static_cast<std::size_t>(at->scenario)];
      add_slots(items, p, s, std::nullopt);
      for (const auto& f : s.functions) items.add(f.name, CompletionKind::function, "fn of " + s.name, f.doc);
    }
  }
  // Catalogue entries of the kind expected, or all of them where the context does not say.
  bool entries = !expected || (expected->kind == Type::Kind::record && expected->record->catalogue);
  if (entries) add_entries(items, p, expected && expected->kind == Type::Kind::record ? expected->record->name : "");
  for (const auto& g : p.globals) items.add(g.name, CompletionKind::value, "constant: " + type_name(g.type, p.dims), g.doc);
  for (std::string_view g : p.deferred_globals) items.add(std::string(g), CompletionKind::value, "constant (prelude)");
  for (const auto& f : p.functions) items.add(f.name, CompletionKind::function, "fn", f.doc);
  for (std::string_view f : p.deferred_functions) items.add(std::string(f), CompletionKind::function, "fn (prelude)");
  for (const auto& b : builtin_functions()) items.add(std::string(b.name), CompletionKind::function, builtin_function_summary(b.name));
  for (const auto& s : p.scenarios) items.add(s.name, CompletionKind::scenario, "scenario", s.doc);
  for (const auto& f : embedded_files())
    if (is_pack_file(f))
      for (std::string_view n : f.names.scenarios) items.add(std::string(n), CompletionKind::scenario, "built-in scenario");
  for (const char* k : kExprKeywords) items.add(k, CompletionKind::keyword, "keyword");
}

}  // namespace

Completion complete_at(const std::string& path, const std::string& text, std::uint32_t offset, const AnalysisOptions& options) {
  std::size_t at = std::min<std::size_t>(offset, text.size());
  std::size_t b = at, e = at;
  while (b > 0 && ident_char(text[b - 1])) --b;
  while (e < text.size() && ident_char(text[e])) ++e;
  Completion out;
  out.replace_begin = static_cast<std::uint32_t>(b);
  out.replace_end = static_cast<std::uint32_t>(e);
  Items items;

  std::size_t k = b;
  while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t')) --k;
  std::size_t line_start = text.rfind('\n', b == 0 ? 0 : b - 1);
  line_start = line_start == std::string::npos || b == 0 ? 0 : line_start + 1;
  std::string line_before = text.substr(line_start, b - line_start);
  bool blank_line = line_before.find_first_not_of(" \t") == std::string::npos;
  auto trimmed = [](std::string s) {
    auto f = s.find_first_not_of(" \t");
    auto l = s.find_last_not_of(" \t");
    return f == std::string::npos ? std::string() : s.substr(f, l - f + 1);
  };

  bool after_dot = b > 0 && text[b - 1] == '.';
  bool after_arrow = k >= 2 && text.compare(k - 2, 2, "->") == 0;
  // A number just before (with a space or not): the word is its unit.
  bool after_number = false;
  if (k > 0 && std::isdigit(static_cast<unsigned char>(text[k - 1])) && !after_dot) {
    std::size_t n = k;
    while (n > 0 && (std::isdigit(static_cast<unsigned char>(text[n - 1])) || text[n - 1] == '.' || text[n - 1] == '_')) --n;
    after_number = n == 0 || !ident_char(text[n - 1]) || ((text[n - 1] == 'e' || text[n - 1] == 'E') && n >= 2 && std::isdigit(static_cast<unsigned char>(text[n - 2])));
  }
  bool after_colon = k > 0 && text[k - 1] == ':';

  std::vector<Block> blocks = blocks_before(text, b);
  Block inner = blocks.empty() ? Block{} : blocks.back();

  AnalysisOptions quick = options;
  quick.evaluate = false;
  std::string marked = text.substr(0, b) + kCompletionMarker + text.substr(e);
  // In a `match` arm whose `=>` is not written yet, the arm is completed so that the text parses.
  bool match_arm = inner.kind == Block::Kind::match && blank_line;
  std::size_t marker_at = b;
  if (match_arm) {
    // Arms are separated by commas: one after the arm above when it has none.
    std::size_t prev = b;
    while (prev > 0 && std::isspace(static_cast<unsigned char>(text[prev - 1]))) --prev;
    bool comma = prev > 0 && text[prev - 1] != ',' && text[prev - 1] != '{';
    marked = text.substr(0, prev) + (comma ? "," : "") + text.substr(prev, b - prev) + kCompletionMarker + " => 0," + text.substr(e);
    if (comma) ++marker_at;
  }
  Analysis a(path, marked, quick);
  const Program& p = a.program();
  Span marker{a.file(), static_cast<std::uint32_t>(marker_at), static_cast<std::uint32_t>(marker_at + std::string_view(kCompletionMarker).size())};
  const UnknownName* unknown = nullptr;
  if (a.file() != kNoFile)
    for (const auto& u : a.uses().unknown)
      if (u.span.file == marker.file && u.span.begin == marker.begin) unknown = &u;

  if (inner.kind == Block::Kind::config && blocks.size() == 1) {
    // A config's line being written may not parse yet: the scenario comes from the text without that line.
    std::string blanked = text;
    std::size_t line_end = text.find('\n', b);
    for (std::size_t i = line_start; i < (line_end == std::string::npos ? text.size() : line_end); ++i) blanked[i] = ' ';
    Analysis without(path, blanked, quick);
    const Program& q = without.program();
    const Scenario* s = q.find_scenario(inner.name);
    std::string before = trimmed(line_before);
    if (s && blank_line) {
      // The inputs the config does not set yet, then `expect`.
      std::set<std::string> set;
      std::size_t open = text.rfind('{', line_start);
      std::size_t close = text.find('}', b);
      std::string body = text.substr(open == std::string::npos ? 0 : open + 1,
                                     (close == std::string::npos ? text.size() : close) - (open == std::string::npos ? 0 : open + 1));
      for (std::size_t at = 0; at <= body.size();) {
        std::size_t nl = body.find('\n', at);
        std::string l = trimmed(body.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
        if (auto eq = l.find('='); eq != std::string::npos && !l.starts_with("expect")) set.insert(trimmed(l.substr(0, eq)));
        if (nl == std::string::npos) break;
        at = nl + 1;
      }
      add_slots(items, q, *s, SlotKind::input, set);
      items.add("expect", CompletionKind::keyword, "expect [measured] OUTPUT == VALUE [within TOLERANCE] [source \"...\"]");
      out.items = std::move(items.list);
      return out;
    }
    if (s && before == "expect") {
      add_slots(items, q, *s, SlotKind::output);
      out.items = std::move(items.list);
      return out;
    }
  }

  if (after_dot) {
    if (unknown && unknown->record)
      for (std::size_t i = 0; i < unknown->record->fields.size(); ++i) {
        std::string doc;
        if (unknown->record->catalogue)
          if (const KindSpec* ks = find_kind_spec(unknown->record->name))
            if (const FieldSpec* f = find_field_spec(*ks, unknown->record->fields[i])) doc = std::string(f->meaning);
        items.add(unknown->record->fields[i], CompletionKind::field, type_name(unknown->record->types[i], p.dims), doc);
      }
  } else if (after_number || after_arrow) {
    std::optional<Dim> dim;
    for (const auto& x : a.uses().expected)
      if (x.span.file == marker.file && x.span.begin <= marker.begin && marker.end <= x.span.end && x.type.scalar().is_quantity())
        dim = x.type.scalar().dim;
    add_units(items, p, dim, a.file() == kNoFile ? FileId{0} : a.file());
  } else if (after_colon && !match_arm) {
    add_types(items, p, a.file());
  } else {
    if (blank_line && !match_arm) {
      if (inner.kind == Block::Kind::top)
        for (const char* kw : kTopKeywords) items.add(kw, CompletionKind::keyword, "keyword");
      if (inner.kind == Block::Kind::scenario && blocks.size() == 1)
        for (const char* kw : kMemberKeywords) items.add(kw, CompletionKind::keyword, "keyword");
    }
    if (inner.kind != Block::Kind::top || !blank_line) {
      if (match_arm && unknown && unknown->expected.kind == Type::Kind::enumeration) {
        for (const auto& c : unknown->expected.enumeration->cases)
          items.add(c, CompletionKind::enum_case, "case of " + type_name(unknown->expected, p.dims));
        items.add("_", CompletionKind::keyword, "every other case");
      } else {
        add_names(items, p, unknown);
      }
    }
  }
  out.items = std::move(items.list);
  return out;
}

}  // namespace mlsi::index
