#pragma once
// The characters of a catalogue file's keys and strings. TOML lets a string hold any character through
// an escape (`"\u001b]0;title\u0007"`), and catalogue strings reach the terminal (`mlsi list`, `show`):
// their decoded values obey the rule of source text (text_rules.hpp).
#include <toml++/toml.h>

#include "source/diagnostics.hpp"

namespace mlsi {

// The span of a TOML node or key in a file registered in `sources`: its first line, from its column.
// `line_offset`: the lines of the file before the text that was parsed (one entry read on demand).
Span toml_span(const SourceManager& sources, FileId file, const toml::source_region& region, std::uint32_t line_offset = 0);

// Reports each key and each decoded string value of `root` that holds a character catalogue text may
// not, at the key or value; false when there was one.
bool check_catalogue_text(const SourceManager& sources, FileId file, const toml::table& root, DiagnosticLog& diags,
                          std::uint32_t line_offset = 0);

}  // namespace mlsi
