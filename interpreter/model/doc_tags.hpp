#pragma once
// Tagged lines of a `##` doc: a line `Tag: item, item, ...` that tools read as well as people. Two tags
// exist. `See also:` in a scenario's doc names the scenarios that answer a nearby question (the checker
// checks the names; `mlsi show` prints them with the doc, `mlsi doc` links them). `Entries:` in a list
// output's doc names its entries in order (`mlsi plot` labels the lines of the list with them).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi {

inline constexpr std::string_view kSeeAlsoTag = "See also:";
inline constexpr std::string_view kEntriesTag = "Entries:";

struct DocTag {
  std::size_t line = 0;               // the line of the doc it is on, from 0
  std::vector<std::string> items;     // each trimmed, without backticks around it or a `.` ending the line
  std::vector<std::size_t> columns;   // where each item starts in that line, in bytes from 0
};

// The first line of `doc` that starts with `tag`, split at commas; empty items are left out.
std::optional<DocTag> find_doc_tag(std::string_view doc, std::string_view tag);
// `doc` without that line.
std::string without_doc_tag(std::string_view doc, std::string_view tag);

}  // namespace mlsi
