#pragma once
// `--format NAME` read against the formats a verb writes (verb_table.hpp), so that it is accepted exactly
// where a verb can write it and every refusal names the formats the verb does write.
#include <optional>
#include <string>
#include <string_view>

#include "report/render.hpp"
#include "verbs/verb_table.hpp"

namespace mlsi {

// Reads `--format TEXT` for `mlsi COMMAND` into `format`; otherwise returns the usage message: an unknown
// format, or one the command does not write, named with the command's own formats. A command not in the
// table (a mistyped one, reported later) takes any format name.
std::optional<std::string> read_format(std::string_view command, std::string_view text, Format& format);

}  // namespace mlsi
