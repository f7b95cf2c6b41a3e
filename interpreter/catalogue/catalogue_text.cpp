#include "catalogue/catalogue_text.hpp"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "source/text_rules.hpp"

namespace mlsi {

Span toml_span(const SourceManager& sources, FileId file, const toml::source_region& region, std::uint32_t line_offset) {
  const auto& f = sources.file(file);
  if (region.begin.line == 0 || region.begin.line + line_offset > f.line_starts.size()) return Span{file, 0, 0};
  const std::uint32_t line = region.begin.line + line_offset;
  auto begin = f.line_starts[line - 1] + region.begin.column - 1;
  std::uint32_t end = begin + 1;
  if (region.end.line == region.begin.line && region.end.column > region.begin.column)
    end = begin + (region.end.column - region.begin.column);
  else
    end = static_cast<std::uint32_t>(f.line_starts[line - 1] + sources.line_text(file, line).size());
  return Span{file, begin, std::max(end, begin + 1)};
}

namespace {

class TextChecker {
 public:
  TextChecker(const SourceManager& sources, FileId file, DiagnosticLog& diags, std::uint32_t line_offset)
      : sources_(sources), file_(file), diags_(diags), line_offset_(line_offset) {}

  bool clean() const { return clean_; }

  void walk(const toml::node& node) {
    if (const auto* table = node.as_table()) {
      for (auto&& [key, value] : *table) {
        path_.push_back(PathPart{key.str(), 0, false});
        check(key.str(), key.source(), "key");
        walk(value);
        path_.pop_back();
      }
    } else if (const auto* array = node.as_array()) {
      for (std::size_t i = 0; i < array->size(); ++i) {
        path_.push_back(PathPart{{}, i, true});
        walk(*array->get(i));
        path_.pop_back();
      }
    } else if (const auto* text = node.as_string()) {
      check(text->get(), node.source(), "value");
    }
  }

 private:
  // A step of the path down to a node: a key, or an array's index.
  struct PathPart {
    std::string_view key;
    std::size_t index = 0;
    bool is_index = false;
  };

  // The dotted keys down to the node (`Hardware.MyChip.name`, `Hardware.MyChip.mig_profiles[0].name`),
  // for a message: made only when there is one.
  std::string path() const {
    std::string out;
    for (const auto& part : path_) {
      if (part.is_index) out += fmt::format("[{}]", part.index);
      else out += (out.empty() ? "" : ".") + std::string(part.key);
    }
    return out;
  }

  void check(std::string_view text, const toml::source_region& region, std::string_view what) {
    auto problem = find_text_problem(text, "catalogue text");
    if (!problem) return;
    clean_ = false;
    // The line itself may be shown: in the file the character is an escape (`\u001b`), or a C1 control
    // that the renderer shows as `?`.
    diags_.error(toml_span(sources_, file_, region, line_offset_), fmt::format("the {} of `{}`: {}", what, path(), problem->message));
  }

  const SourceManager& sources_;
  FileId file_;
  DiagnosticLog& diags_;
  std::uint32_t line_offset_;
  bool clean_ = true;
  std::vector<PathPart> path_;
};

}  // namespace

bool check_catalogue_text(const SourceManager& sources, FileId file, const toml::table& root, DiagnosticLog& diags,
                          std::uint32_t line_offset) {
  TextChecker checker(sources, file, diags, line_offset);
  checker.walk(root);
  return checker.clean();
}

}  // namespace mlsi
