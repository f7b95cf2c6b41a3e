#include "cli/command_help.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "verbs/verb_table.hpp"

namespace mlsi {

namespace {

constexpr std::size_t kWidth = 96;         // lines are wrapped before this column
constexpr std::size_t kSummaryColumn = 35;  // of a command's summary in `mlsi --help`
constexpr std::size_t kOptionColumn = 23;   // of an option's help

// Words of a text, a `code phrase` or a "quoted phrase" kept whole so that it is never split across lines.
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool code = false, quoted = false;  // inside `...`, inside "..." (outside code)
  for (char c : text) {
    if (c == '`') code = !code;
    if (c == '"' && !code) quoted = !quoted;
    if (c == ' ' && !code && !quoted) {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

// `text` after `lead` padded to `column`, wrapped at kWidth, each further line indented to `column`. A
// lead that leaves less than `gap` spaces before the column: the text starts on the next line (a
// command's summary below a long usage), or, with `gap` 0, two spaces after it (an option's help).
std::string wrapped(const std::string& lead, const std::string& text, std::size_t column, std::size_t gap) {
  std::string out = lead;
  std::size_t last = lead.rfind('\n') == std::string::npos ? lead.size() : lead.size() - lead.rfind('\n') - 1;
  if (!lead.empty() && (lead.find('\n') != std::string::npos || last + std::max<std::size_t>(gap, 1) > column)) {
    if (gap > 0) out += "\n";
    else out += "  ";
  }
  std::size_t at = out.size() - (out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
  bool first = true;
  for (const auto& w : words_of(text)) {
    if (at < column) {
      out += std::string(column - at, ' ');
      at = column;
    } else if (!first && at + 1 + w.size() > kWidth) {
      out += "\n" + std::string(column, ' ');
      at = column;
    } else if (!first) {
      out += ' ';
      ++at;
    }
    out += w;
    at += w.size();
    first = false;
  }
  return out + "\n";
}

// A usage line wrapped at kWidth, further lines indented by 12.
std::string usage_lines(const std::string& lead, const std::string& usage) {
  std::string out = lead;
  std::size_t at = lead.size();
  bool first = true;
  for (const auto& w : words_of(usage)) {
    if (!first && at + 1 + w.size() > kWidth) {
      out += "\n" + std::string(12, ' ');
      at = 12;
    } else if (!first) {
      out += ' ';
      ++at;
    }
    out += w;
    at += w.size();
    first = false;
  }
  return out;
}

std::vector<OptionHelp> helps_of(const std::vector<VerbOption>& options) {
  std::vector<OptionHelp> out;
  for (const auto& o : options)
    if (!o.hidden) out.push_back({o.display, o.help, std::string(o.flag)});
  return out;
}

// The help of each verb, from the verb table.
std::vector<CommandHelp> make_commands() {
  std::vector<CommandHelp> out;
  for (const auto& v : verbs()) out.push_back({v.name, v.usage, v.summary, helps_of(v.options), v.run_options});
  return out;
}

}  // namespace

const std::vector<CommandHelp>& command_helps() {
  static const std::vector<CommandHelp> commands = make_commands();
  return commands;
}

const std::vector<OptionHelp>& run_option_helps() {
  static const std::vector<OptionHelp> options = helps_of(run_verb_options());
  return options;
}

const std::vector<OptionHelp>& common_option_helps() {
  static const std::vector<OptionHelp> options = helps_of(common_verb_options());
  return options;
}

const CommandHelp* find_command_help(const std::string& name) {
  for (const auto& c : command_helps())
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string> command_names() {
  return verb_names();
}

namespace {

std::string option_lines(const std::vector<OptionHelp>& options, const std::string& command) {
  std::string out;
  for (const auto& o : options) {
    // A run option the verb does not take (--explain of `mlsi sweep`) is not listed.
    const Verb* verb = find_verb(command);
    if (verb && !verb_option(*verb, o.flag)) continue;
    out += wrapped("  " + o.name, o.help, kOptionColumn, 0);
  }
  return out;
}

}  // namespace

std::string overview_help() {
  std::string out = "mlsi — run, check and test .mls scenarios with statically checked units\n\nusage:\n";
  for (const auto& c : command_helps()) {
    std::string usage = usage_lines("  mlsi ", c.usage);
    // A usage of several lines puts the summary below its last line.
    out += wrapped(usage, c.summary, kSummaryColumn, 3);
  }
  out += "  mlsi --help | --version\n\nrun options:\n";
  out += option_lines(run_option_helps(), "");
  out += "\ncommon options:\n";
  out += option_lines(common_option_helps(), "");
  out += "\n"
         "`mlsi COMMAND --help` (or `mlsi help COMMAND`) shows one command's usage and options.\n"
         "Input values come, lowest priority first, from the default, the config, --inputs and --set.\n"
         "Exit status: 0 success, 1 an evaluation, check or expectation failed, 2 usage error,\n"
         "3 parse or check error in a source file.\n";
  return out;
}

std::string command_help(const CommandHelp& c) {
  std::string out = usage_lines("usage: mlsi ", c.usage) + "\n\n" + wrapped("", c.summary, 0, 0);
  if (!c.options.empty()) out += "\noptions:\n" + option_lines(c.options, c.name);
  if (c.run_options) out += "\nrun options:\n" + option_lines(run_option_helps(), c.name);
  out += "\ncommon options:\n" + option_lines(common_option_helps(), c.name);
  return out;
}

}  // namespace mlsi
