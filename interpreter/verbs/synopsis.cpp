#include "verbs/synopsis.hpp"

#include <algorithm>

#include "verbs/option_table.hpp"

namespace mlsi {

namespace {

// Whether `usage` names `flag` as an option: after a space or a bracket, before one or `=`.
bool names(const std::string& usage, std::string_view flag) {
  if (flag.empty()) return false;
  for (std::size_t at = usage.find(flag); at != std::string::npos; at = usage.find(flag, at + 1)) {
    bool starts = at == 0 || std::string_view(" [(|").find(usage[at - 1]) != std::string_view::npos;
    std::size_t end = at + flag.size();
    bool ends = end == usage.size() || std::string_view(" ])|=").find(usage[end]) != std::string_view::npos;
    if (starts && ends) return true;
  }
  return false;
}

// The run options `verb` takes, each in brackets, an option another needs inside that one's brackets.
std::string run_options_of(const Verb& verb) {
  std::string out;
  for (const auto& o : run_verb_options()) {
    if (verb_option(verb, o.flag) != &o || o.hidden) continue;
    std::string nested;
    for (const auto& inner : run_verb_options())
      if (inner.needs == o.flag && verb_option(verb, inner.flag) == &inner) nested += " " + option_in_brackets(verb, inner);
    out += (out.empty() ? "" : " ") + option_in_brackets(verb, o, nested);
  }
  return out;
}

}  // namespace

std::string option_in_brackets(const Verb& verb, const VerbOption& option, const std::string& nested) {
  std::string shown = option.display.substr(0, option.display.find(", "));
  if (option.flag == "--format" && shown == "--format FORMAT") {
    shown = "--format ";
    bool first = true;
    for (const auto& f : verb.formats)
      if (!f.alias) shown += (first ? "" : "|") + std::string(f.name), first = false;
  }
  const OptionSpec* spec = find_option(option.flag);
  return "[" + shown + nested + "]" + (spec && spec->repeatable ? "..." : "");
}

std::string verb_synopsis(const Verb& verb) {
  std::string out = verb.usage;
  if (auto at = out.find("[options]"); at != std::string::npos) out.replace(at, 9, run_options_of(verb));
  std::vector<std::string_view> added;
  for (const auto& o : verb.options) {
    if (o.hidden || std::find(added.begin(), added.end(), o.flag) != added.end()) continue;
    const OptionSpec* spec = find_option(o.flag);
    if (names(out, o.flag) || (spec && names(out, spec->alias))) continue;
    added.push_back(o.flag);
    std::string bracketed = option_in_brackets(verb, o);
    // Before `[run options]`, which stays last.
    if (auto at = out.find(" [run options]"); at != std::string::npos) out.insert(at, " " + bracketed);
    else out += " " + bracketed;
  }
  return out;
}

std::vector<std::string> synopsis_groups(const std::string& synopsis) {
  std::vector<std::string> out;
  std::string group;
  int depth = 0;
  for (char c : synopsis) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ' ' && depth == 0) {
      if (!group.empty()) out.push_back(group);
      group.clear();
    } else {
      group += c;
    }
  }
  if (!group.empty()) out.push_back(group);
  return out;
}

std::vector<std::string> verbs_taking(std::string_view flag, const std::vector<std::string>& among) {
  std::vector<std::string> out;
  for (const auto& v : verbs())
    if ((among.empty() || std::find(among.begin(), among.end(), v.name) != among.end()) && verb_option(v, flag)) out.push_back(v.name);
  return out;
}

}  // namespace mlsi
