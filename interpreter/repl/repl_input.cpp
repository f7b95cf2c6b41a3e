#include "repl/repl_input.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace mlsi {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string_view first_word(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && is_identifier_char(s[n])) ++n;
  return s.substr(0, n);
}

bool has_word(std::string_view code, std::string_view word) {
  for (std::size_t at = code.find(word); at != std::string_view::npos; at = code.find(word, at + 1)) {
    bool left = at == 0 || !is_identifier_char(code[at - 1]);
    bool right = at + word.size() >= code.size() || !is_identifier_char(code[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

}  // namespace

bool entry_incomplete(std::string_view text) {
  if (classify_entry(text) == EntryKind::command) return false;
  bool doc = false;
  std::string code = entry_code(text, &doc);
  std::string_view c = trim_entry(code);
  if (c.empty()) return doc;  // `##` lines document the declaration that follows
  int depth = 0;
  for (char ch : c) {
    if (ch == '(' || ch == '[' || ch == '{') ++depth;
    if (ch == ')' || ch == ']' || ch == '}') --depth;
  }
  if (depth > 0) return true;
  if (depth < 0) return false;  // the parser reports the stray bracket
  std::string_view w = first_word(c);
  if ((w == "scenario" || w == "config") && c.find('{') == std::string_view::npos) return true;
  if (c.front() == '@' && !has_word(c, "unit")) return true;
  // A trailing operator or keyword: the expression goes on on the next line.
  static const std::array<std::string_view, 19> ops = {"->", "=>", "==", "!=", "<=", ">=", "=", "+", "-", "*",
                                                       "/",  "^",  ",",  "<",  ">",  ":", "|", ".", "@"};
  for (auto op : ops)
    if (c.ends_with(op)) return true;
  std::size_t n = c.size();
  while (n > 0 && is_identifier_char(c[n - 1])) --n;
  std::string_view last = c.substr(n);
  static const std::array<std::string_view, 19> words = {
      "and", "or",   "not",   "if",    "then",  "else",   "in",    "for", "match",    "where",
      "of",  "let",  "fn",    "unit",  "input", "output", "check", "dimension", "within"};
  return std::find(words.begin(), words.end(), last) != words.end();
}

bool split_assignments(std::string_view text, std::size_t begin, std::size_t end, std::vector<Assignment>& out,
                       std::size_t& bad) {
  end = std::min(end, text.size());
  // Where each argument starts: a name then `=` at bracket depth 0, after a space (or at the start).
  std::vector<Assignment> found;
  int depth = 0;
  for (std::size_t i = begin; i < end; ++i) {
    char c = text[i];
    if (c == '"') {
      ++i;
      while (i < end && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth != 0 || !is_identifier_char(c) || std::isdigit(static_cast<unsigned char>(c))) continue;
    if (i > begin && !is_space(text[i - 1])) continue;
    std::size_t j = i;
    while (j < end && is_identifier_char(text[j])) ++j;
    std::size_t k = j;
    while (k < end && (text[k] == ' ' || text[k] == '\t')) ++k;
    bool assigns = k < end && text[k] == '=' && (k + 1 >= end || (text[k + 1] != '=' && text[k + 1] != '>'));
    if (assigns) {
      Assignment a;
      a.name = std::string(text.substr(i, j - i));
      a.name_begin = i;
      a.name_end = j;
      a.value_begin = k + 1;
      found.push_back(a);
      i = k;
    } else {
      i = j - 1;
    }
  }
  std::size_t lead = begin;
  while (lead < end && is_space(text[lead])) ++lead;
  if (lead < end && (found.empty() || found.front().name_begin != lead)) {
    bad = lead;
    return false;
  }
  for (std::size_t n = 0; n < found.size(); ++n) {
    std::size_t stop = n + 1 < found.size() ? found[n + 1].name_begin : end;
    while (stop > found[n].value_begin && is_space(text[stop - 1])) --stop;
    found[n].value_end = stop;
  }
  out = std::move(found);
  return true;
}

const std::vector<ReplCommand>& repl_commands() {
  static const std::vector<ReplCommand> commands = {
      {":help", "", "this list"},
      {":load", "FILE [--name KEY]", "load a .mls file (its scenarios, functions, constants and configs become available), a catalogue .toml file (its entries) or a Hugging Face config.json (its Workload entry, as --workload makes it; --name KEY sets its key)"},
      {":run", "SCENARIO [INPUT=EXPR]...", "run a scenario and print its results, as `mlsi run` does; `config=NAME` starts from a config"},
      {":solve", "OPTIONS SCENARIO...", "`--max INPUT` (or `--min`) `--such-that \"COND\"`, then as `:run`: the input's largest (smallest) value for which the conditions hold; `--vary INPUT=VALUES... --minimize EXPR` (or `--maximize`): the best point of the grid; as `mlsi solve` finds them"},
      {":type", "EXPR", "the type (dimension) of an expression, without evaluating it"},
      {":show", "NAME", "a catalogue entry, unit, constant, function or scenario"},
      {":source", "SCENARIO", "the text of the .mls file that declares a scenario (a built-in one's too), as `mlsi show NAME --source`"},
      {":list", "[KIND]", "catalogue entries of a kind, units, constants, scenarios; no KIND: this session's definitions"},
      {":units", "[DIMENSION]", "units by dimension; with a dimension or unit, every unit of that dimension"},
      {":explain", "EXPR", "the derivation of a value: terms, constants, catalogue sources"},
      {":reset", "", "forget every definition, loaded file and `ans`"},
      {":quit", "", "leave (also Ctrl-D)"},
  };
  return commands;
}

}  // namespace mlsi
