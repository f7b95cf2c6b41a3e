#include "verbs/option_regions.hpp"

#include <fmt/format.h>

#include "verbs/option_table.hpp"
#include "verbs/synopsis.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi {

namespace {

constexpr std::string_view kOpen = "<!-- options: ";
constexpr std::string_view kClose = "<!-- end options -->\n";
constexpr std::size_t kWidth = 110;  // a synopsis line is wrapped before this column

// `lead` then the groups, wrapped before kWidth, each further line indented to `indent`.
std::string wrapped(const std::string& lead, const std::vector<std::string>& groups, std::size_t indent) {
  std::string out = lead;
  std::size_t at = lead.size();
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i > 0 && at + 1 + groups[i].size() > kWidth) {
      out += "\n" + std::string(indent, ' ');
      at = indent;
    } else if (i > 0) {
      out += ' ';
      ++at;
    }
    out += groups[i];
    at += groups[i].size();
  }
  return out + "\n";
}

// A verb's synopsis: further lines indented below its first option (after `mlsi run FILE|NAME `).
std::string verb_lines(const Verb& verb) {
  std::vector<std::string> groups = synopsis_groups(verb_synopsis(verb));
  std::string lead = "mlsi " + groups.front() + " ";
  std::size_t first = 1;
  if (groups.size() > 1 && groups[1][0] != '-' && groups[1][0] != '(' && groups[1].rfind("[-", 0) != 0) lead += groups[first++] + " ";
  std::vector<std::string> rest(groups.begin() + static_cast<std::ptrdiff_t>(first), groups.end());
  if (rest.empty()) lead.pop_back();
  return wrapped(lead, rest, lead.size());
}

// `--set NAME=EXPR (repeatable)` for each option; an option only some of `among` take names them.
std::string option_list(const std::string& lead, const std::vector<VerbOption>& options, const std::vector<std::string>& among) {
  std::vector<std::string> items;
  for (const auto& o : options) {
    if (o.hidden && o.needs.empty()) continue;
    std::string item = o.display.substr(0, o.display.find(", "));
    const OptionSpec* spec = find_option(o.flag);
    std::vector<std::string> notes;
    if (spec && spec->repeatable) notes.push_back("repeatable");
    if (!o.needs.empty()) notes.push_back("with " + std::string(o.needs));
    std::vector<std::string> taking = verbs_taking(o.flag, among);
    if (!among.empty() && taking.size() < among.size()) {
      std::string names;
      for (std::size_t i = 0; i < taking.size(); ++i) names += (i ? ", " : "") + taking[i];
      notes.push_back(names);
    }
    for (std::size_t i = 0; i < notes.size(); ++i) item += (i ? ", " : " (") + notes[i] + (i + 1 == notes.size() ? ")" : "");
    items.push_back(item + ",");
  }
  if (!items.empty()) items.back().pop_back();
  return wrapped(lead, items, lead.size());
}

std::string synopsis_block() {
  std::string out = "```\n";
  std::vector<std::string> run_verbs;
  for (const auto& v : verbs()) {
    out += verb_lines(v);
    if (v.run_options) run_verbs.push_back(v.name);
  }
  out += "mlsi -e EXPR [-e EXPR]...\n"
         "mlsi [COMMAND] --help | -h       (also: mlsi help [COMMAND])\n"
         "mlsi --version\n\n";
  std::string run_lead = "run options (";
  for (std::size_t i = 0; i < run_verbs.size(); ++i) run_lead += (i ? ", " : "") + run_verbs[i];
  out += option_list(run_lead + "): ", run_verb_options(), run_verbs);
  out += option_list("options of every command: ", common_verb_options(), {});
  return out + "```\n";
}

// A table of the verb's own options, as `mlsi VERB --help` lists them.
std::string verb_table_block(const Verb& verb) {
  std::string out = "| option | what it does |\n|---|---|\n";
  for (std::size_t i = 0; i < verb.options.size(); ++i) {
    const VerbOption& o = verb.options[i];
    if (o.hidden) continue;
    std::string shown = "`" + o.display + "`";
    while (i + 1 < verb.options.size() && verb.options[i + 1].flag == o.flag) shown += ", `" + verb.options[++i].display + "`";
    std::string help;
    for (char c : o.help) help += c == '|' ? std::string("\\|") : std::string(1, c);
    out += fmt::format("| {} | {} |\n", shown, help);
  }
  return out;
}

}  // namespace

GeneratedPage fill_option_regions(std::string_view page) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = page.find(kOpen); open != std::string_view::npos; open = page.find(kOpen, at)) {
    std::size_t name_end = page.find(" -->\n", open);
    if (name_end == std::string_view::npos) return {{}, "a `<!-- options: ` line that does not end in ` -->`"};
    std::string name(page.substr(open + kOpen.size(), name_end - open - kOpen.size()));
    std::size_t body = name_end + 5;
    std::size_t close = page.find(kClose, body);
    if (close == std::string_view::npos) return {{}, fmt::format("`<!-- options: {} -->` has no `<!-- end options -->` line", name)};
    std::string filled;
    if (name == "synopsis") {
      filled = synopsis_block();
    } else if (const Verb* verb = find_verb(name)) {
      filled = verb_table_block(*verb);
    } else {
      return {{}, fmt::format("`<!-- options: {} -->`: no command is named `{}`", name, name)};
    }
    out += std::string(page.substr(at, body - at)) + filled;
    at = close;
  }
  out += page.substr(at);
  return {std::move(out), {}};
}

}  // namespace mlsi
