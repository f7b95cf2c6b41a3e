#pragma once
// What a diagnostic quotes of the user's text: at most a window of a source line around its marker,
// and at most a bounded part of a message. A generated or minified file can hold a line of megabytes;
// quoting it whole for each of its errors is what turned 10,000 errors into 450 MB of output.
#include <cstddef>
#include <string>
#include <string_view>

namespace mlsi {

inline constexpr std::size_t kQuotedColumns = 120;       // of a source line, around the marker
inline constexpr std::size_t kQuotedMessageBytes = 400;  // of a message or note

struct QuotedLine {
  std::string text;   // the line, or a window of it with `…` where it is cut
  std::string marks;  // the markers, one per column of `text`, without trailing blanks
};

// `line` is printable text (valid UTF-8, no control characters, tabs already shown as spaces) and
// `marks` holds one marker per byte of `line`, possibly running past its end (a span that goes on
// to the next line). A column is a character, not a byte, so a marker stays under its character
// after a `é` or a `→`. At most `columns` columns are kept, `focus` (a byte offset) among them.
QuotedLine quote_line(std::string_view line, std::string_view marks, std::size_t focus, std::size_t columns = kQuotedColumns);

// `text` if it has at most `max_bytes` bytes; otherwise its start and its end, cut at character
// boundaries, joined by ` … `, in at most `max_bytes` bytes.
std::string abbreviate(std::string_view text, std::size_t max_bytes = kQuotedMessageBytes);

}  // namespace mlsi
