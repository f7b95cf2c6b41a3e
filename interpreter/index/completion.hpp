#pragma once
// Completion: what may be written at a position of a document. The document is checked again with a
// marker name in place of the word being typed, so that the checker itself says what is in scope there
// and what type is expected: names in scope (catalogue entries of the expected kind only), units of the
// expected dimension after a number or `->`, a record's fields after `.`, an enumeration's cases in a
// `match` arm, types after `:`, and a config's inputs and an `expect`'s outputs.
#include <cstdint>
#include <string>
#include <vector>

#include "index/analysis.hpp"

namespace mlsi::index {

enum class CompletionKind { value, input, output, function, scenario, entry, unit, field, enum_case, keyword, type, dimension };

struct CompletionItem {
  std::string label;
  CompletionKind kind = CompletionKind::value;
  std::string detail;         // its type, or what it is
  std::string documentation;  // its `##` doc, when it has one
};

struct Completion {
  std::uint32_t replace_begin = 0, replace_end = 0;  // the word the items replace (may be empty)
  std::vector<CompletionItem> items;
};

// `path` and `text` are the document's; `offset` the cursor's byte offset.
Completion complete_at(const std::string& path, const std::string& text, std::uint32_t offset, const AnalysisOptions& options);

// The marker that stands for the word being completed.
inline constexpr const char* kCompletionMarker = "mlsi_completion_marker_";

}  // namespace mlsi::index
