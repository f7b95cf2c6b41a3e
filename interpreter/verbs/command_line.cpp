#include "verbs/command_line.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "base/whole_number.hpp"
#include "verbs/formats.hpp"
#include "verbs/option_table.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi {

namespace {

// Whether the verb (null: a verb not in the table) takes `spec` on its line. An unknown verb takes every
// option except those that mean nothing outside their own verb (`-o`, `-e`, `--write`, ...), as before
// the verb is reported unknown.
bool read_by(const Verb* verb, const OptionSpec& spec) {
  if (verb) return verb_option(*verb, spec.flag) != nullptr;
  return spec.refusal != nullptr || spec.flag == "--help";
}

bool given(const VerbRequest& r, std::string_view flag) { return std::find(r.given.begin(), r.given.end(), flag) != r.given.end(); }

}  // namespace

std::optional<std::string> read_command_line(const std::vector<std::string>& args, VerbRequest& r) {
  r.command = args[0];
  const Verb* verb = find_verb(r.command);
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string a = args[i];
    std::string value;
    bool has_value = false;
    // -jN, as make and GNU parallel take it.
    if (a.size() > 2 && a.rfind("-j", 0) == 0 && std::isdigit(static_cast<unsigned char>(a[2]))) {
      value = a.substr(2);
      a = "-j";
      has_value = true;
    }
    // --NAME=VALUE, except after --set, whose value has its own `=`.
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos && a.rfind("--set", 0) != 0) {
      value = a.substr(a.find('=') + 1);
      a = a.substr(0, a.find('='));
      has_value = true;
    }
    const OptionSpec* spec = find_option(a);
    if (!spec) {
      if (a.rfind("--", 0) == 0 || (a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1]))))
        return fmt::format("unknown option `{}`", a);
      r.positional.push_back(args[i]);
      continue;
    }
    if (!read_by(verb, *spec) && !spec->refusal) return fmt::format("unknown option `{}`", a);
    if (spec->kind == ValueKind::none) {
      if (has_value) {
        r.given.emplace_back(spec->flag);
        return spec->says_takes_no_value ? fmt::format("{} takes no value", a) : fmt::format("unknown option `{}`", a);
      }
    } else if (!has_value) {
      if (i + 1 >= args.size()) {
        r.given.emplace_back(spec->flag);
        return fmt::format("{} needs {}", a, spec->value_name.empty() ? "a value" : spec->value_name);
      }
      value = args[++i];
    }
    if (auto refused = set_option(r, *spec, a, value)) return refused;
  }
  return std::nullopt;
}

std::optional<std::string> set_option(VerbRequest& r, const OptionSpec& spec, std::string_view typed, const std::string& value) {
  r.given.emplace_back(spec.flag);
  if (spec.kind == ValueKind::none) {
    spec.set_switch(r);
  } else if (spec.kind == ValueKind::format) {
    r.format_given = true;
    if (auto refused = read_format(r.command, value, r.format)) return refused;
  } else if (spec.kind == ValueKind::number) {
    WholeNumber parsed = parse_whole(value, spec.max, typed);
    if (!parsed.error.empty()) return parsed.error;
    if (spec.limit)
      spec.limit->set(r.limits, parsed.value);
    else
      spec.set_number(r, parsed.value);
  } else {
    spec.set_text(r, value);
  }
  return std::nullopt;
}

std::optional<std::string> refused_option(const VerbRequest& r) {
  const Verb* verb = find_verb(r.command);
  if (!verb) return std::nullopt;
  for (const auto& flag : r.given) {
    const VerbOption* taken = verb_option(*verb, flag);
    if (taken && (taken->needs.empty() || given(r, taken->needs))) continue;
    for (const auto& own : verb->refusals)
      if (own.flag == flag) return own.message(r);
    return find_option(flag)->refusal(r, flag);
  }
  return std::nullopt;
}

}  // namespace mlsi
