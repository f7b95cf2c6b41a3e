#include "verbs/formats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace mlsi {

namespace {

const std::vector<FormatName>& all_names() {
  static const std::vector<FormatName> names = {{"table", Format::table}, {"json", Format::json},        {"csv", Format::csv},
                                                {"md", Format::markdown}, {"markdown", Format::markdown}, {"html", Format::html},
                                                {"jsonl", Format::jsonl}};
  return names;
}

// "table, json or csv"
std::string named(const std::vector<FormatName>& formats) {
  std::vector<std::string_view> shown;
  for (const auto& f : formats)
    if (!f.alias) shown.push_back(f.name);
  std::string out;
  for (std::size_t i = 0; i < shown.size(); ++i) out += fmt::format("{}{}", i == 0 ? "" : i + 1 == shown.size() ? " or " : ", ", shown[i]);
  return out;
}

const FormatName* find(const std::vector<FormatName>& formats, std::string_view text) {
  auto it = std::find_if(formats.begin(), formats.end(), [&](const FormatName& f) { return f.name == text; });
  return it == formats.end() ? nullptr : &*it;
}

}  // namespace

std::optional<std::string> read_format(std::string_view command, std::string_view text, Format& format) {
  const Verb* verb = find_verb(command);
  const FormatName* any = find(all_names(), text);
  if (!verb || verb->checks_format) {
    if (!any) return fmt::format("unknown format `{}`", text);
    format = any->format;
    return std::nullopt;
  }
  const auto& formats = verb->formats;
  if (formats.empty()) return fmt::format("{} takes no --format{}{}", verb->called, verb->writes.empty() ? "" : ": ", verb->writes);
  if (const FormatName* f = find(formats, text)) {
    format = f->format;
    return std::nullopt;
  }
  if (!any) return fmt::format("unknown format `{}`; {} writes {}", text, verb->called, named(formats));
  return fmt::format("{} writes {}, not {}", verb->called, named(formats), text);
}

}  // namespace mlsi
