#include "verbs/man_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "verbs/roff_text.hpp"
#include "verbs/synopsis.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi {

namespace {

constexpr std::string_view kSynopsisMarker = ".\\\" @synopsis";
constexpr std::string_view kOptionsMarker = ".\\\" @options";
constexpr std::string_view kMoreMarker = ".\\\" @more ";
constexpr std::string_view kEndMarker = ".\\\" @end";

// A synopsis's groups, a flag outside brackets with its value (`--vary INPUT=VALUES...`).
std::vector<std::string> groups_of(const std::string& usage) {
  std::vector<std::string> out = synopsis_groups(usage);
  for (std::size_t i = 0; i + 1 < out.size(); ++i)
    if (out[i][0] == '-' && std::string_view("-[(").find(out[i + 1][0]) == std::string_view::npos) {
      out[i] += " " + out[i + 1];
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    }
  return out;
}

void add_metavariables(std::vector<std::string>& to, std::string_view usage) {
  for (auto& m : metavariables(usage))
    if (std::find(to.begin(), to.end(), m) == to.end()) to.push_back(m);
}

// Whether `help` names the option `flag` (`--name`, then a space or the end).
bool names_option(std::string_view help, std::string_view flag) {
  for (std::size_t at = help.find(flag); at != std::string_view::npos; at = help.find(flag, at + 1)) {
    std::size_t end = at + flag.size();
    if ((at == 0 || help[at - 1] == ' ' || help[at - 1] == '(') && (end == help.size() || help[end] == ' ')) return true;
  }
  return false;
}

// The metavariables a help line sets in italic: those that stand there as an argument, of its own option
// (`FILE`), of the commands of its section (`run FILE|NAME`: `NAME` in --inputs' `NAME = value`), of
// the options it names (`--name KEY`) and the index of one (`OUTPUT[N]`). Not every metavariable of the
// tables: `TOML`, the argument of --catalog-text, is a format's name in --inputs' `a TOML file`.
std::vector<std::string> help_metavariables(const VerbOption& o, const std::vector<std::string>& section_metas) {
  std::vector<std::string> out = section_metas;
  add_metavariables(out, o.display);
  auto add_named = [&](const std::vector<VerbOption>& options) {
    for (const auto& named : options)
      if (named.flag != o.flag && names_option(o.help, named.flag)) add_metavariables(out, named.display);
  };
  for (const auto& v : verbs()) add_named(v.options);
  add_named(run_verb_options());
  add_named(common_verb_options());
  for (std::size_t open = o.help.find('['); open != std::string::npos; open = o.help.find('[', open + 1)) {
    std::size_t close = o.help.find(']', open);
    std::size_t start = o.help.find_last_of(" (", open);
    std::string before = o.help.substr(start == std::string::npos ? 0 : start + 1, open - (start == std::string::npos ? 0 : start + 1));
    if (close != std::string::npos && std::find(out.begin(), out.end(), before) != out.end())
      add_metavariables(out, o.help.substr(open + 1, close - open - 1));
  }
  return out;
}

// One verb's synopsis: a line per group, a short group unbreakable (`\~`) so that an option stays beside
// its value.
std::string synopsis_roff(const Verb& verb) {
  std::string out = ".SY mlsi\n";
  for (const auto& group : groups_of(verb_synopsis(verb))) {
    std::string line = usage_roff(group);
    if (group.size() <= 40) std::replace(line.begin(), line.end(), ' ', '\x01');
    std::string text;
    for (char c : line) text += c == '\x01' ? std::string("\\~") : std::string(1, c);
    // `...` at the end of a line does not end a sentence (no wider space after it).
    out += text + (text.back() == '.' ? "\\&\n" : "\n");
  }
  return out + ".YS\n";
}

// The `@more` blocks of the template by section and flag, and the template without them.
struct Template {
  std::string text;
  std::map<std::pair<std::string, std::string>, std::string> more;
};

// Reads `text` into `t`; returns what is wrong with it, or nothing.
std::string read_template(std::string_view text, Template& t) {
  std::pair<std::string, std::string> key;
  bool in_more = false;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    std::string_view line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    at = end == std::string_view::npos ? text.size() : end + 1;
    if (line.starts_with(kMoreMarker)) {
      std::string_view rest = line.substr(kMoreMarker.size());
      std::size_t space = rest.find(' ');
      if (in_more || space == std::string_view::npos) return fmt::format("`{}`: expected `@more SECTION FLAG` after an `@end`", line);
      key = {std::string(rest.substr(0, space)), std::string(rest.substr(space + 1))};
      if (t.more.contains(key)) return fmt::format("`{}`: a second `@more` of the option", line);
      t.more[key];
      in_more = true;
    } else if (line == kEndMarker) {
      if (!in_more) return std::string("an `@end` without its `@more`");
      in_more = false;
    } else if (in_more) {
      t.more[key] += std::string(line) + "\n";
    } else {
      t.text += std::string(line) + (end == std::string_view::npos ? "" : "\n");
    }
  }
  if (in_more) return std::string("an `@more` without its `@end`");
  return {};
}

// The options of one section, as `.TP` entries: an entry with the flag of the one before it (`-w` after
// `--write`) joins its tag.
// `verbs`: the commands whose options these are.
std::string option_entries(const std::vector<const VerbOption*>& options, const std::vector<const Verb*>& verbs, const std::string& section,
                           Template& t, std::vector<std::pair<std::string, std::string>>& used) {
  std::vector<std::string> section_metas;
  for (const Verb* v : verbs) add_metavariables(section_metas, v->usage);
  std::string out;
  for (std::size_t i = 0; i < options.size(); ++i) {
    const VerbOption& o = *options[i];
    std::string tag = usage_roff(o.display);
    std::string help = help_roff(o.help, help_metavariables(o, section_metas));
    while (i + 1 < options.size() && options[i + 1]->flag == o.flag) tag += ", " + usage_roff(options[++i]->display);
    out += ".TP\n" + tag + "\n" + help + ".\n";
    std::pair<std::string, std::string> key{section, std::string(o.flag)};
    if (auto more = t.more.find(key); more != t.more.end()) {
      out += more->second;
      used.push_back(key);
    }
  }
  return out;
}

// `\fBrun\fR, \fBsweep\fR and \fBplot\fR`.
std::string names_roff(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + fmt::format("\\fB{}\\fR", names[i]);
  return out;
}

std::string options_roff(Template& t, std::vector<std::pair<std::string, std::string>>& used) {
  // The entries the help lists, and those it lists only beside another (the key of --workload).
  auto documented = [](const std::vector<VerbOption>& options) {
    std::vector<const VerbOption*> out;
    for (const auto& o : options)
      if (!o.hidden || !o.needs.empty()) out.push_back(&o);
    return out;
  };
  std::vector<std::string> run_verbs;
  std::vector<const Verb*> of_run, of_all;
  for (const auto& v : verbs()) {
    of_all.push_back(&v);
    if (!v.run_options) continue;
    run_verbs.push_back(v.name);
    of_run.push_back(&v);
  }
  std::string out =
      ".SH \"RUN OPTIONS\"\nOf " + names_roff(run_verbs) + ".\n" + option_entries(documented(run_verb_options()), of_run, "run", t, used);
  for (const auto& v : verbs()) {
    std::vector<const VerbOption*> own;
    for (const auto& o : v.options)
      if (!o.hidden) own.push_back(&o);
    if (own.empty()) continue;
    std::string upper = v.name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out += fmt::format(".SH \"OPTIONS OF {}\"\n", upper) + option_entries(own, {&v}, v.name, t, used);
  }
  return out + ".SH \"COMMON OPTIONS\"\nOf every command.\n" + option_entries(documented(common_verb_options()), of_all, "common", t, used);
}

// Replaces the line `marker` of `text` with `with`; false when the line is not there.
bool fill(std::string& text, std::string_view marker, const std::string& with) {
  std::string line = std::string(marker) + "\n";
  std::size_t at = text.find(line);
  if (at == std::string::npos || (at > 0 && text[at - 1] != '\n')) return false;
  text.replace(at, line.size(), with);
  return true;
}

}  // namespace

GeneratedPage man_page(std::string_view template_text, std::string_view version) {
  Template t;
  if (std::string problem = read_template(template_text, t); !problem.empty()) return {{}, problem};
  std::string synopsis;
  for (const auto& v : verbs()) synopsis += synopsis_roff(v);
  std::vector<std::pair<std::string, std::string>> used;
  std::string options = options_roff(t, used);
  std::string page = t.text;
  auto error = [](std::string message) { return GeneratedPage{{}, std::move(message)}; };
  if (!fill(page, kSynopsisMarker, synopsis)) return error("the template has no line `.\\\" @synopsis`");
  if (!fill(page, kOptionsMarker, options)) return error("the template has no line `.\\\" @options`");
  for (const auto& [key, _] : t.more)
    if (std::find(used.begin(), used.end(), key) == used.end())
      return error(fmt::format("`@more {} {}`: the section `{}` lists no option {}", key.first, key.second, key.first, key.second));
  for (std::size_t at = page.find("@VERSION@"); at != std::string::npos; at = page.find("@VERSION@", at)) page.replace(at, 9, version);
  return {std::move(page), {}};
}

}  // namespace mlsi
