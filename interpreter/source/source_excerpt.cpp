#include "source/source_excerpt.hpp"

#include <algorithm>
#include <vector>

namespace mlsi {

namespace {

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Where a character's bytes carry different markers, the strongest is shown.
int strength(char mark) { return mark == '^' ? 3 : mark == '~' ? 2 : mark == ' ' ? 0 : 1; }

}  // namespace

QuotedLine quote_line(std::string_view line, std::string_view marks, std::size_t focus, std::size_t columns) {
  // One column per character: the byte it starts at and its marker. Markers past the end of the line
  // each take a column of their own.
  std::vector<std::size_t> starts;
  std::string column_marks;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char m = i < marks.size() ? marks[i] : ' ';
    if (!continuation_byte(line[i]) || starts.empty()) {
      starts.push_back(i);
      column_marks.push_back(m);
    } else if (strength(m) > strength(column_marks.back())) {
      column_marks.back() = m;
    }
  }
  for (std::size_t i = line.size(); i < marks.size(); ++i) column_marks.push_back(marks[i]);
  std::size_t focus_column = focus >= line.size()
      ? starts.size() + (focus - line.size())
      : static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), focus) - starts.begin()) - 1;
  std::size_t total = std::max(column_marks.size(), focus_column + 1);
  columns = std::max<std::size_t>(columns, 3);

  std::size_t first = 0, last = total;
  if (total > columns) {
    // The marker a third of the way in: what leads up to it matters, and so does what follows.
    first = focus_column > columns / 3 ? focus_column - columns / 3 : 0;
    last = std::min(total, first + columns);
    first = last - columns;
  }
  auto byte_of = [&](std::size_t column) { return column < starts.size() ? starts[column] : line.size(); };
  QuotedLine q;
  if (first > 0) q.text = "…";
  q.text += line.substr(byte_of(first), byte_of(last) - byte_of(first));
  if (last < starts.size()) q.text += "…";
  if (first > 0) q.marks = " ";
  if (first < column_marks.size()) q.marks += column_marks.substr(first, last - first);
  while (!q.marks.empty() && q.marks.back() == ' ') q.marks.pop_back();
  return q;
}

std::string abbreviate(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  static constexpr std::string_view kGap = " … ";
  std::size_t budget = max_bytes > kGap.size() ? max_bytes - kGap.size() : 0;
  std::size_t head = budget * 3 / 4;
  std::size_t tail = text.size() - (budget - head);
  while (head > 0 && continuation_byte(text[head])) --head;
  while (tail < text.size() && continuation_byte(text[tail])) ++tail;
  return std::string(text.substr(0, head)) + std::string(kGap) + std::string(text.substr(tail));
}

}  // namespace mlsi
