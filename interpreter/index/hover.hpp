#pragma once
// What an editor shows for the name under the cursor (Markdown): its declaration, type and dimension,
// its `##` doc, and its value (an input's default, an output at the defaults or in the config the
// cursor is in); a catalogue entry as `mlsi show` writes it, with its source; a unit's definition.
#include <cstdint>
#include <optional>
#include <string>

#include "index/analysis.hpp"

namespace mlsi::index {

struct HoverText {
  Span span;             // the name hovered
  std::string markdown;  // the text shown
  // For a scenario: the file that declares it, its source (a built-in pack file too), which the editor
  // links to (docs/editors.md); kNoFile otherwise.
  FileId source_file = kNoFile;
};

// The name at `offset` of `file` (the document, or a file it loaded: an import, the prelude).
std::optional<HoverText> hover_at(Analysis& analysis, FileId file, std::uint32_t offset);

// The declaration's line as written (first line of a declaration, trimmed), for hovers and completions.
std::string declaration_line(const Program& p, Span definition);

}  // namespace mlsi::index
