// The `See also:` line of a scenario's doc (model/doc_tags.hpp): every name it gives must be a scenario,
// declared in the program or built in, so that `mlsi show` never points at nothing.
#include <fmt/format.h>

#include <algorithm>

#include "check/compiler.hpp"
#include "model/doc_tags.hpp"
#include "source/embedded.hpp"

namespace mlsi {

void Compiler::check_see_also(const Scenario& s) {
  if (!s.decl) return;
  auto tag = find_doc_tag(s.doc, kSeeAlsoTag);
  if (!tag) return;
  std::vector<std::string> scenarios = builtin_scenario_names();
  for (const auto& sc : p_.scenarios) scenarios.push_back(sc.name);
  // The doc is the `##` lines right above the declaration, one doc line each.
  const FileId file = s.decl->span.file;
  const auto doc_lines = static_cast<std::uint32_t>(std::count(s.doc.begin(), s.doc.end(), '\n') + 1);
  const std::uint32_t decl_line = p_.sources.line_col(file, s.decl->span.begin).line;
  const std::string_view source_line = p_.sources.line_text(file, decl_line - doc_lines + static_cast<std::uint32_t>(tag->line));
  const std::string_view file_text = p_.sources.file(file).text;
  // Where the doc line's text starts: after `##` and the one space that follows it.
  std::size_t body = source_line.find("##");
  if (body == std::string_view::npos) return;  // not a doc of `##` lines: nothing was read from it
  body += 2;
  if (body < source_line.size() && source_line[body] == ' ') ++body;
  const auto line_start = static_cast<std::uint32_t>(source_line.data() - file_text.data() + static_cast<std::ptrdiff_t>(body));
  for (std::size_t i = 0; i < tag->items.size(); ++i) {
    const std::string& name = tag->items[i];
    if (std::find(scenarios.begin(), scenarios.end(), name) != scenarios.end()) continue;
    auto begin = line_start + static_cast<std::uint32_t>(tag->columns[i]);
    Span span{file, begin, begin + static_cast<std::uint32_t>(name.size())};
    auto& d = diags_.error(span, fmt::format("`See also:` names `{}`, which is not a scenario", name));
    if (auto sug = closest_name(name, scenarios); !sug.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", sug));
    else d.notes.push_back("`See also:` lists scenarios, separated by commas");
  }
}

}  // namespace mlsi
