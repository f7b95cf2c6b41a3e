#include "cli/formats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace mlsi {

namespace {

struct FormatName {
  std::string_view name;
  Format format;
  bool alias = false;  // accepted, not named in messages (`markdown` beside `md`)
};

struct CommandFormats {
  std::string_view command;
  std::string_view called;           // how messages name the command
  std::vector<FormatName> formats;   // empty: the command takes no --format
  std::string_view writes = "";      // what a command without formats writes instead, if it says so
};

const std::vector<FormatName>& all_names() {
  static const std::vector<FormatName> names = {{"table", Format::table}, {"json", Format::json},        {"csv", Format::csv},
                                                {"md", Format::markdown}, {"markdown", Format::markdown}, {"html", Format::html},
                                                {"jsonl", Format::jsonl}};
  return names;
}

const std::vector<CommandFormats>& table() {
  static const std::vector<CommandFormats> commands = {
      {"run", "`mlsi run`", {{"table", Format::table}, {"json", Format::json}, {"csv", Format::csv}}},
      {"sweep", "`mlsi sweep`", {{"table", Format::table}, {"json", Format::json}, {"jsonl", Format::jsonl}, {"csv", Format::csv}}},
      {"solve", "`mlsi solve`", {{"table", Format::table}, {"json", Format::json}}},
      {"list", "`mlsi list`", {{"table", Format::table}, {"json", Format::json}, {"csv", Format::csv}}},
      {"show", "`mlsi show`", {{"table", Format::table}, {"json", Format::json}}},
      {"test", "`mlsi test --report`", {{"table", Format::table}, {"md", Format::markdown}, {"markdown", Format::markdown, true}, {"json", Format::json}}},
      {"validate", "`mlsi validate`", {{"table", Format::table}, {"json", Format::json}}},
      {"doc", "`mlsi doc`", {{"markdown", Format::markdown}, {"md", Format::markdown, true}, {"html", Format::html}}},
      {"check", "`mlsi check`", {}},
      {"check-catalogue", "`mlsi check-catalogue`", {}},
      {"fmt", "`mlsi fmt`", {}},
      {"plot", "`mlsi plot`", {}, "it writes SVG"},
      {"repl", "`mlsi repl`", {}},
      {"lsp", "`mlsi lsp`", {}, "it speaks JSON-RPC"},
      {"mcp", "`mlsi mcp`", {}, "it speaks JSON-RPC"},
  };
  return commands;
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
  const auto& commands = table();
  auto c = std::find_if(commands.begin(), commands.end(), [&](const CommandFormats& x) { return x.command == command; });
  const FormatName* any = find(all_names(), text);
  if (c == commands.end()) {
    if (!any) return fmt::format("unknown format `{}`", text);
    format = any->format;
    return std::nullopt;
  }
  if (c->formats.empty()) return fmt::format("{} takes no --format{}{}", c->called, c->writes.empty() ? "" : ": ", c->writes);
  if (const FormatName* f = find(c->formats, text)) {
    format = f->format;
    return std::nullopt;
  }
  if (!any) return fmt::format("unknown format `{}`; {} writes {}", text, c->called, named(c->formats));
  return fmt::format("{} writes {}, not {}", c->called, named(c->formats), text);
}

}  // namespace mlsi
