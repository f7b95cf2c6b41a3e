#include "repl/repl_completion.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>

#include "model/builtin_functions.hpp"
#include "repl/repl_input.hpp"

namespace mlsi {


namespace {

using Names = std::set<std::string>;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

void add_matching(Names& out, const std::string& name, std::string_view prefix, std::string_view suffix = {}) {
  if (std::string_view(name).starts_with(prefix)) out.insert(name + std::string(suffix));
}

Completion make(std::size_t start, const Names& names) { return Completion{start, {names.begin(), names.end()}}; }

std::size_t word_start(std::string_view t) {
  std::size_t i = t.size();
  while (i > 0 && is_identifier_char(t[i - 1])) --i;
  return i;
}

// Where a unit may be written: right after a number (spaces allowed, `2 Gi`), after `->` (`-> (Gi`), or
// after `/` or `*` inside a compound unit that itself stands in such a place (`3.35 TB/`).
bool unit_position(std::string_view t, std::size_t pos) {
  if (pos > 0 && (t[pos - 1] == '/' || t[pos - 1] == '*')) {
    std::size_t e = pos - 1;
    std::size_t k = e;
    while (k > 0 && (is_digit(t[k - 1]) || t[k - 1] == '-')) --k;
    if (k > 0 && k < e && t[k - 1] == '^') e = k - 1;  // an integer power: `s^2/`
    std::size_t b = e;
    while (b > 0 && is_identifier_char(t[b - 1])) --b;
    if (b == e) return false;
    if (is_digit(t[b])) return true;  // `2byte/`
    return unit_position(t, b);
  }
  std::size_t k = pos;
  while (k > 0 && is_blank(t[k - 1])) --k;
  if (k > 0 && is_digit(t[k - 1])) {
    std::size_t s = k;
    for (;;) {
      while (s > 0 && (is_digit(t[s - 1]) || t[s - 1] == '.')) --s;
      std::size_t x = s;
      if (x > 0 && (t[x - 1] == '+' || t[x - 1] == '-')) --x;
      if (x >= 2 && (t[x - 1] == 'e' || t[x - 1] == 'E') && is_digit(t[x - 2])) {
        s = x - 1;
        continue;
      }
      break;
    }
    return s == 0 || !is_identifier_char(t[s - 1]);
  }
  k = pos;
  while (k > 0 && (is_blank(t[k - 1]) || t[k - 1] == '(')) --k;
  return k >= 2 && t.substr(k - 2, 2) == "->";
}

Names unit_names(const Program& p, std::string_view word) {
  Names n;
  for (const auto& u : p.units.names()) add_matching(n, u, word);
  return n;
}

Names value_names(const Program& p, std::string_view word, bool line_start) {
  Names n;
  for (const auto& [name, i] : p.global_index) add_matching(n, name, word);
  for (const auto& [name, i] : p.function_index) add_matching(n, name, word, "(");
  for (const auto& [name, i] : p.scenario_index) add_matching(n, name, word, "(");
  for (const auto& name : builtin_function_names()) add_matching(n, name, word, "(");
  for (const auto& [name, i] : p.catalogue.names) add_matching(n, name, word);
  for (const char* k : {"if", "then", "else", "match", "for", "in", "and", "or", "not", "true", "false"}) add_matching(n, k, word);
  if (line_start)
    for (const char* k : {"let", "fn", "type", "unit", "dimension", "scenario", "config", "import"}) add_matching(n, k, word, " ");
  return n;
}

bool is_record_value(const Value& v) { return std::holds_alternative<std::shared_ptr<const RecordValue>>(v.v); }

// Fields after `a.b.` where t[ws - 1] is the dot. A catalogue entry is followed through its values, so only
// the fields it has are offered; any other root (a constant, `ans`) through its type.
Completion fields(const Program& p, std::string_view t, std::size_t ws) {
  std::vector<std::string> chain;
  std::size_t e = ws - 1;
  for (;;) {
    std::size_t b = e;
    while (b > 0 && is_identifier_char(t[b - 1])) --b;
    if (b == e || is_digit(t[b])) return {};
    chain.insert(chain.begin(), std::string(t.substr(b, e - b)));
    if (b > 0 && t[b - 1] == '.') {
      e = b - 1;
      continue;
    }
    break;
  }
  std::optional<Value> value;
  Type type;
  if (auto g = p.global_index.find(chain[0]); g != p.global_index.end()) {
    type = p.globals[static_cast<std::size_t>(g->second)].type;
  } else if (const auto* entry = p.catalogue.find(chain[0])) {
    value = entry->value;
    type = Type::of_record(entry->value.record().type);
  } else {
    return {};
  }
  for (std::size_t i = 1; i < chain.size(); ++i) {
    if (type.kind != Type::Kind::record) return {};
    int f = type.record->find(chain[i]);
    if (f < 0) return {};
    type = type.record->types[static_cast<std::size_t>(f)];
    if (value) {
      if (!is_record_value(*value)) return {};
      const auto& field = value->record().fields[static_cast<std::size_t>(f)];
      if (!field) return {};
      value = *field;
    }
  }
  if (type.kind != Type::Kind::record) return {};
  std::string_view word = t.substr(ws);
  Names n;
  for (std::size_t i = 0; i < type.record->fields.size(); ++i) {
    if (value && is_record_value(*value) && !value->record().fields[i]) continue;
    add_matching(n, type.record->fields[i], word);
  }
  return make(ws, n);
}

// An expression that starts at t[from].
Completion expression(const Program& p, std::string_view t, std::size_t from) {
  std::size_t ws = std::max(word_start(t), from);
  std::string_view word = t.substr(ws);
  if (!word.empty() && is_digit(word[0])) {  // a unit written tight against its number: `2by`
    std::size_t k = 0;
    while (k < word.size() && (is_digit(word[k]) || word[k] == '.')) ++k;
    if (k == word.size()) return {};
    return make(ws + k, unit_names(p, word.substr(k)));
  }
  if (ws > from && t[ws - 1] == '.') return fields(p, t, ws);
  if (unit_position(t, ws)) return make(ws, unit_names(p, word));
  if (word.empty()) return {};
  bool line_start = t.substr(from, ws - from).find_first_not_of(" \t") == std::string_view::npos;
  Names n = value_names(p, word, line_start);
  if (n.empty()) n = unit_names(p, word);  // `Gi` alone: the user is after a unit
  return make(ws, n);
}

Completion path(std::string_view t, std::size_t arg) {
  namespace fs = std::filesystem;
  std::string word(t.substr(arg));
  auto slash = word.rfind('/');
  std::string dir = slash == std::string::npos ? "" : word.substr(0, slash + 1);
  std::string base = slash == std::string::npos ? word : word.substr(slash + 1);
  std::string where = dir.empty() ? "." : dir;
  if (dir.starts_with("~/"))
    if (const char* home = std::getenv("HOME")) where = home + dir.substr(1);
  Names n;
  std::error_code ec;
  for (auto it = fs::directory_iterator(where, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!name.starts_with(base) || (name[0] == '.' && !base.starts_with("."))) continue;
    std::error_code dir_ec;
    if (it->is_directory(dir_ec)) n.insert(dir + name + "/");
    // What `:load` reads: a .mls file, a catalogue .toml file, a config.json.
    else if (name.ends_with(".mls") || name.ends_with(".toml") || name.ends_with(".json")) n.insert(dir + name);
  }
  return make(arg, n);
}

// `:run SCENARIO [config=NAME] [input=EXPR]...`
Completion run_arguments(const Program& p, std::string_view t, std::size_t arg) {
  std::size_t sp = t.find_first_of(" \t", arg);
  if (sp == std::string_view::npos) {
    Names n;
    for (const auto& [name, i] : p.scenario_index) add_matching(n, name, t.substr(arg), " ");
    return make(arg, n);
  }
  const Scenario* sc = p.find_scenario(std::string(t.substr(arg, sp - arg)));
  if (!sc) return {};
  std::size_t ws = std::max(word_start(t), sp);
  std::string_view word = t.substr(ws);
  if (t[ws - 1] == '=') {  // the value of `name=`
    std::size_t ne = ws - 1;
    while (ne > sp && is_blank(t[ne - 1])) --ne;
    std::size_t nb = ne;
    while (nb > sp && is_identifier_char(t[nb - 1])) --nb;
    std::string name(t.substr(nb, ne - nb));
    Names n;
    if (name == "config") {
      for (const auto& c : p.configs)
        if (&p.scenarios[static_cast<std::size_t>(c.scenario)] == sc) add_matching(n, c.name, word, " ");
      return make(ws, n);
    }
    int slot = sc->find_slot(name);
    if (slot >= 0 && sc->slots[static_cast<std::size_t>(slot)].kind == SlotKind::input) {
      const Type& type = sc->slots[static_cast<std::size_t>(slot)].type;
      if (type.kind == Type::Kind::record && type.record->catalogue) {
        for (const auto& [entry, i] : p.catalogue.names)
          if (p.catalogue.entries[static_cast<std::size_t>(i)].kind == type.record->name) add_matching(n, entry, word, " ");
        return make(ws, n);
      }
      if (type.kind == Type::Kind::enumeration) {
        for (const auto& c : type.enumeration->cases) add_matching(n, c, word, " ");
        return make(ws, n);
      }
    }
  }
  // The name of the next argument: after a blank that follows a complete value (or the scenario name).
  std::size_t prev = ws;
  while (prev > sp && is_blank(t[prev - 1])) --prev;
  char before = t[prev - 1];
  int depth = 0;
  for (std::size_t i = sp; i < ws; ++i) depth += (t[i] == '(' || t[i] == '[' || t[i] == '{') - (t[i] == ')' || t[i] == ']' || t[i] == '}');
  bool boundary = prev < ws && depth == 0 && (prev == sp || is_identifier_char(before) || before == ')' || before == ']' || before == '"');
  if (boundary) {
    Names n;
    for (int i : sc->inputs) add_matching(n, sc->slots[static_cast<std::size_t>(i)].name, word, "=");
    add_matching(n, "config", word, "=");
    if (!word.empty() && unit_position(t, ws)) n.merge(unit_names(p, word));
    return make(ws, n);
  }
  return expression(p, t, sp);
}

}  // namespace

Completion complete(const Program& p, std::string_view t) {
  std::size_t lead = t.find_first_not_of(" \t");
  if (lead == std::string_view::npos || t[lead] != ':') return expression(p, t, 0);
  std::size_t sp = t.find_first_of(" \t", lead);
  if (sp == std::string_view::npos) {
    Names n;
    for (const auto& c : repl_commands()) add_matching(n, c.name, t.substr(lead), *c.args ? " " : "");
    return make(lead, n);
  }
  std::string_view cmd = t.substr(lead, sp - lead);
  std::size_t arg = t.find_first_not_of(" \t", sp);
  if (arg == std::string_view::npos) arg = t.size();
  if (cmd == ":load") return path(t, arg);
  if (cmd == ":run") return run_arguments(p, t, arg);
  if (cmd == ":type" || cmd == ":explain") return expression(p, t, arg);
  if (t.find_first_of(" \t", arg) != std::string_view::npos) return {};  // the others take one word
  std::string_view word = t.substr(arg);
  Names n;
  if (cmd == ":source") {
    for (const auto& [name, i] : p.scenario_index) add_matching(n, name, word);
  } else if (cmd == ":show" && !word.empty()) {
    for (const auto& [name, i] : p.scenario_index) add_matching(n, name, word);
    for (const auto& [name, i] : p.global_index) add_matching(n, name, word);
    for (const auto& [name, i] : p.function_index) add_matching(n, name, word);
    for (const auto& [name, i] : p.catalogue.names) add_matching(n, name, word);
    n.merge(unit_names(p, word));
  } else if (cmd == ":list") {
    for (const char* k : {"hardware", "workloads", "nodes", "fabrics", "fleets", "pods", "datasets", "precisions", "grids",
                          "datacenters", "cooling", "racks", "pricing", "units", "constants", "scenarios"})
      add_matching(n, k, word);
  } else if (cmd == ":units") {
    for (const auto& d : p.dims.names()) add_matching(n, d, word);
  }
  return make(arg, n);
}

std::string common_prefix(const std::vector<std::string>& candidates) {
  if (candidates.empty()) return {};
  std::string prefix = candidates.front();
  for (const auto& c : candidates) {
    std::size_t n = 0;
    while (n < prefix.size() && n < c.size() && prefix[n] == c[n]) ++n;
    prefix.resize(n);
  }
  return prefix;
}

}  // namespace mlsi
