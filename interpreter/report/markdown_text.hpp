#pragma once
// Text put into Markdown and HTML documents so that it reads as written (`mlsi test --report --format md`,
// `mlsi run --format md|html`).
#include <string>

namespace mlsi {

// A table cell's text as Markdown shows it literally: HTML (`<script>`) as entities, the characters of
// Markdown's inline syntax (emphasis, code, links, strikethrough) and `|` (which would split the cell)
// escaped with a backslash, a line break as a space (which would end the row).
std::string markdown_cell(const std::string& s);
// Text as HTML shows it, in an element or an attribute: `<`, `>`, `&`, `"` and `'` as entities
// (`mlsi doc`'s pages use it too).
std::string html_text(const std::string& s);

}  // namespace mlsi
