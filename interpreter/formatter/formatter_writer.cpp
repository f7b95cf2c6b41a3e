#include "formatter/formatter_writer.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mlsi::fmt_layout {

std::vector<Comment> find_comments(std::string_view source) {
  std::vector<Comment> found;
  bool in_string = false;
  for (std::uint32_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (in_string) {
      if (c == '\\' && i + 1 < source.size() && source[i + 1] != '\n') ++i;
      else if (c == '"' || c == '\n') in_string = false;  // a string ends at its line (grammar: string_char)
    } else if (c == '"') {
      in_string = true;
    } else if (c == '#') {
      auto end = static_cast<std::uint32_t>(std::min(source.find('\n', i), source.size()));
      found.push_back({i, end});
      i = end;
    }
  }
  return found;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim_end(std::string_view s) {
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

Writer::Writer(std::string_view source) : src_(source), comments_(find_comments(source)) {
  if (src_.substr(0, 3) == "\xEF\xBB\xBF") last_ = 3;  // a byte order mark is not written back
}

std::uint32_t Writer::skip(std::uint32_t pos) const {
  while (pos < src_.size()) {
    if (is_space(src_[pos])) ++pos;
    else if (src_[pos] == '#') pos = static_cast<std::uint32_t>(std::min(src_.find('\n', pos), src_.size()));
    else break;
  }
  return pos;
}

bool Writer::comment_before(std::uint32_t pos) const {
  return next_comment_ < comments_.size() && comments_[next_comment_].begin < pos;
}

bool Writer::has_newline(std::uint32_t from, std::uint32_t to) const {
  return from < to && src_.substr(from, to - from).find('\n') != std::string_view::npos;
}

bool Writer::has_blank_line(std::uint32_t from, std::uint32_t to) const {
  if (from >= to) return false;
  auto gap = src_.substr(from, to - from);
  return std::count(gap.begin(), gap.end(), '\n') >= 2;
}

int Writer::continuation() const {
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
    if (it->continuation != kPending) return it->continuation;
  return 0;
}

void Writer::new_line(int indent, bool blank) {
  if (!out_.empty()) {
    out_ += '\n';
    if (blank) out_ += '\n';
  }
  line_indent_ = indent;
  line_empty_ = true;
}

void Writer::write(std::string_view text, Space space) {
  if (line_empty_) out_.append(static_cast<std::size_t>(line_indent_), ' ');
  else if (space == Space::one) out_ += ' ';
  out_ += text;
  line_empty_ = false;
}

bool Writer::comments_before(std::uint32_t pos, int indent) {
  bool any = false;
  while (comment_before(pos)) {
    const Comment& c = comments_[next_comment_++];
    if (line_empty_ || has_newline(last_, c.begin)) new_line(indent, false);
    write(trim_end(src_.substr(c.begin, c.end - c.begin)), Space::one);
    last_ = c.end;
    any = true;
  }
  return any;
}

bool Writer::line_comments_before(std::uint32_t begin, int comment_indent) {
  bool after_open = !out_.empty() && out_.back() == '{';
  while (comment_before(begin)) {
    const Comment& c = comments_[next_comment_++];
    bool own_line = out_.empty() || has_newline(last_, c.begin);
    if (own_line) new_line(comment_indent, !after_open && has_blank_line(last_, c.begin));
    write(trim_end(src_.substr(c.begin, c.end - c.begin)), Space::one);
    last_ = c.end;
    after_open = after_open && !own_line;  // a comment ending the `{` line: still no blank line after it
  }
  return after_open;
}

void Writer::statement(std::uint32_t begin, int indent, int comment_indent, bool blank_before) {
  bool after_open = line_comments_before(begin, comment_indent);
  new_line(indent, blank_before && !after_open && !out_.empty() && has_blank_line(last_, begin));
  frames_.assign(1, Frame{indent + 2, indent});
}

void Writer::finish() {
  line_comments_before(static_cast<std::uint32_t>(src_.size()) + 1, 0);
  if (!out_.empty()) out_ += '\n';
}

void Writer::place(std::string_view text, std::uint32_t begin, std::uint32_t end, Space space, bool breakable,
                   bool closer) {
  if (begin < last_) throw LostPlace(begin, "a token was written twice");
  bool broken = comments_before(begin, continuation());
  broken = broken || (breakable && has_newline(last_, begin));
  if (broken) new_line(closer && !frames_.empty() ? frames_.back().closer : continuation(), false);
  write(text, space);
  last_ = end;
  while (next_comment_ < comments_.size() && comments_[next_comment_].begin < end) ++next_comment_;
  for (auto& f : frames_)
    if (f.continuation == kPending) f = Frame{line_indent_ + 2, line_indent_};
}

void Writer::token(std::string_view text, std::uint32_t begin, std::uint32_t end, Space space, bool breakable) {
  place(text, begin, end, space, breakable, false);
}

void Writer::expect(std::string_view text, Space space, bool breakable) {
  std::uint32_t at = next();
  if (src_.substr(at, text.size()) != text)
    throw LostPlace(at, fmt::format("expected `{}` in the source here", text));
  place(text, at, at + static_cast<std::uint32_t>(text.size()), space, breakable, false);
}

void Writer::open(std::string_view text, Space space) {
  expect(text, space);
  frames_.push_back(Frame{line_indent_ + 2, line_indent_});
}

void Writer::close(std::string_view text, bool comma_when_broken, bool has_entries, Space inside) {
  std::uint32_t at = next();
  if (at < src_.size() && src_[at] == ',') at = skip(at + 1);  // a trailing comma
  if (src_.substr(at, text.size()) != text)
    throw LostPlace(at, fmt::format("expected `{}` in the source here", text));
  bool broken = comment_before(at) || has_newline(last_, at);
  if (broken && comma_when_broken && has_entries) out_ += ',';
  place(text, at, at + static_cast<std::uint32_t>(text.size()), has_entries ? inside : Space::none, true, true);
  frames_.pop_back();
}

void Writer::begin_expression() { frames_.push_back(Frame{kPending, kPending}); }

void Writer::end_expression() { frames_.pop_back(); }

}  // namespace mlsi::fmt_layout
