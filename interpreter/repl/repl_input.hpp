#pragma once
// What the REPL reads, before it is checked: whether an entry needs more lines (what kind it is is the
// library's, workspace/entry_kind.hpp), and the `name=value` arguments of `:run`. Pure text functions, so they are tested without a terminal.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "workspace/entry_kind.hpp"  // EntryKind, classify_entry, is_identifier_char

namespace mlsi {

// True when an entry cannot be complete yet and the REPL should read another line: brackets still open,
// a trailing operator, `=`, `->`, `,` or keyword (`then`, `and`, ...), a `scenario` or `config` header
// whose `{` has not come, attributes or `##` documentation with no declaration after them yet.
// Commands are always one line.
bool entry_incomplete(std::string_view text);

// One `name=value` argument of `:run`, as byte offsets into the text that was split.
struct Assignment {
  std::string name;
  std::size_t name_begin = 0, name_end = 0;
  std::size_t value_begin = 0, value_end = 0;
};

// Splits text[begin, end) into `name=value` arguments. A new argument starts at a name followed by `=`
// (not `==` or `=>`) after a space, outside brackets and strings, so values may contain spaces
// (`bytes_per_value=1 byte batch=2`). Returns false, with `bad` at the offending offset, when text does
// not start with such an argument.
bool split_assignments(std::string_view text, std::size_t begin, std::size_t end, std::vector<Assignment>& out,
                       std::size_t& bad);

// The REPL's commands, with the text `:help` shows for each.
struct ReplCommand {
  const char* name;  // ":load"
  const char* args;  // "FILE", or ""
  const char* help;
};
const std::vector<ReplCommand>& repl_commands();


}  // namespace mlsi
