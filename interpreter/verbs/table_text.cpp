#include "verbs/table_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "verbs/option_table.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi {

namespace {

std::string_view operand_name(Operand o) {
  switch (o) {
    case Operand::none: return "none";
    case Operand::scenario_or_file: return "scenario_or_file";
    case Operand::mls_files: return "mls_files";
    case Operand::toml_files: return "toml_files";
    case Operand::kind: return "kind";
    case Operand::name: return "name";
    case Operand::doc_target: return "doc_target";
    case Operand::from_hf: return "from_hf";
    case Operand::folder: return "folder";
  }
  return "none";
}

std::string_view kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::none: return "none";
    case ValueKind::text: return "text";
    case ValueKind::number: return "number";
    case ValueKind::file: return "file";
    case ValueKind::format: return "format";
    case ValueKind::input_values: return "input_values";
  }
  return "none";
}

// The summary up to its first `(`, `:` or `.`, without backquotes; no `;`, `[` or `]` (CMake's list
// syntax) and no tab.
std::string description(const std::string& summary) {
  std::string d = summary.substr(0, summary.find_first_of("(:."));
  while (!d.empty() && d.back() == ' ') d.pop_back();
  std::string out;
  for (char c : d) {
    if (c == '`') continue;
    out += c == ';' ? ',' : c == '[' ? '<' : c == ']' ? '>' : c == '\t' ? ' ' : c;
  }
  return out;
}

}  // namespace

std::string verb_table_text() {
  std::string out;
  for (const auto& v : verbs()) out += fmt::format("verb\t{}\t{}\t{}\n", v.name, operand_name(v.operand), description(v.summary));
  for (const auto& v : verbs()) {
    std::set<std::string_view> seen;
    for (const VerbOption* o : listed_options(v)) {
      if (o->flag == "--help" || (o->flag == "--format" && v.formats.empty()) || !seen.insert(o->flag).second) continue;
      const OptionSpec* spec = find_option(o->flag);
      for (std::string_view flag : {spec->flag, spec->alias})
        if (!flag.empty()) out += fmt::format("option\t{}\t{}\t{}\t{}\n", v.name, flag, kind_name(spec->kind), spec->file_ext);
    }
    for (const auto& f : v.formats)
      if (!f.alias) out += fmt::format("format\t{}\t{}\n", v.name, f.name);
  }
  out += "top\t--help\ntop\t--version\n";
  return out;
}

}  // namespace mlsi
