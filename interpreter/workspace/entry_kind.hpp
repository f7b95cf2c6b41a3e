#pragma once
// What kind of entry a text is, before it is parsed, for the REPL and `mlsi eval` (workspace/workspace.hpp).
// Pure text functions.
#include <string>
#include <string_view>

#include "source/text_rules.hpp"  // is_identifier_char, which the REPL reads here too

namespace mlsi {

enum class EntryKind {
  empty,        // blank, or only `#` comments
  command,      // `:name ...` (the REPL's commands)
  declaration,  // let, fn, unit, dimension, scenario, config (or `@attribute unit ...`)
  import,       // import "file.mls": the file is loaded
  expression,
};

EntryKind classify_entry(std::string_view text);

// The entry without comments (each a line end), every string literal reduced to `""`, so that brackets,
// operators and keywords inside them do not count. Sets `doc` when a `##` comment was seen.
std::string entry_code(std::string_view text, bool* doc = nullptr);

// `s` without the spaces, tabs and line ends around it.
std::string_view trim_entry(std::string_view s);

}  // namespace mlsi
