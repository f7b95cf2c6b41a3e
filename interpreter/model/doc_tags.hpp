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

// The first sentence of a doc, its lines joined by spaces: a scenario's contract, and what a listing shows
// of any doc. It ends at a full stop that ends a line or is followed by a space and a word that does not
// start in lower case or with a digit (not in `vol. 1` or `e.g. the`), and at the end of the first
// paragraph (an empty line) or before a tagged line; without a full stop it is that whole paragraph.
// Its length is that of the text it comes from: the rest of the doc is `doc.substr(size)`.
std::string first_sentence(std::string_view doc);

// The first line of `doc` that starts with `tag`, split at commas; empty items are left out.
std::optional<DocTag> find_doc_tag(std::string_view doc, std::string_view tag);
// `doc` without that line.
std::string without_doc_tag(std::string_view doc, std::string_view tag);

}  // namespace mlsi
