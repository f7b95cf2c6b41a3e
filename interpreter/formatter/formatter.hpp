#pragma once
// `mlsi fmt`: a `.mls` file in canonical layout (docs/language.md, "Formatting").
#include <optional>
#include <string>

#include "syntax/ast.hpp"
#include "source/diagnostics.hpp"

namespace mlsi {

// The canonical form of `file`, or nothing when it does not parse (the syntax error is in `diags`).
// The result is checked before it is returned: it parses to the same AST (spans aside) and holds the
// same comments in the same order; a formatter bug is reported in `diags` instead of changing a file.
std::optional<std::string> format_file(const SourceManager& sources, FileId file, DiagnosticLog& diags);

// The canonical form of a module parsed from `file`. Throws fmt_layout::LostPlace on a formatter bug.
std::string format_module(const SourceManager& sources, const ast::Module& module);

}  // namespace mlsi
