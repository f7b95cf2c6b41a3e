#pragma once
// The output side of `mlsi fmt`: lays out tokens in canonical form while walking the source in step.
//
// Every token the formatter prints is taken from the source, in source order, so the writer always knows
// where it is in the source. That lets it put back what the AST does not hold: the comments (the grammar
// skips them as whitespace) and the line breaks the author chose inside expressions. Spacing and
// indentation are the writer's own, so the result depends only on the tokens, the comments and where the
// lines break, and formatting it again changes nothing.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi::fmt_layout {

// A `#` or `##` comment: from the `#` to the end of its line (the newline excluded).
struct Comment {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};
// Every comment of a source text, in order; a `#` inside a string literal starts none.
std::vector<Comment> find_comments(std::string_view source);

// The formatter and the source disagree about the next token: a bug, reported rather than written out.
struct LostPlace : std::runtime_error {
  std::uint32_t offset;
  LostPlace(std::uint32_t at, const std::string& what) : std::runtime_error(what), offset(at) {}
};

enum class Space { none, one };

class Writer {
 public:
  explicit Writer(std::string_view source);

  std::string_view source() const { return src_; }
  // The first offset at or after `pos` that is neither whitespace nor inside a comment.
  std::uint32_t skip(std::uint32_t pos) const;
  // Where the next source token starts.
  std::uint32_t next() const { return skip(last_); }
  // Whether a comment starts before `pos` that has not been written yet.
  bool comment_before(std::uint32_t pos) const;

  // Starts the line of a declaration or member whose first token is at `begin`, at `indent`. Comments
  // before it go on lines of their own at `comment_indent` (or stay at the end of the previous line);
  // one blank line is kept where the source had one or more, except right after a `{` and, unless
  // `blank_before` allows it, just before the line.
  void statement(std::uint32_t begin, int indent, int comment_indent, bool blank_before = true);
  // The comments left at the end of the file, and the final newline.
  void finish();

  // Writes `text`, the source token at [begin, end). A line break in the source just before it is kept
  // when `breakable`; a comment before it always ends its line.
  void token(std::string_view text, std::uint32_t begin, std::uint32_t end, Space space, bool breakable = true);
  // Writes the next source token, which must be `text`.
  void expect(std::string_view text, Space space, bool breakable = true);
  // An opening bracket: lines broken inside it are indented one step from the line it is on.
  void open(std::string_view text, Space space);
  // The matching closing bracket, skipping a trailing comma in the source. When it ends up on a line of
  // its own after at least one entry, a trailing comma is written if `comma_when_broken`; otherwise
  // `inside` spaces it from the last entry.
  void close(std::string_view text, bool comma_when_broken, bool has_entries, Space inside = Space::none);
  // An expression of its own (the value of a declaration, an entry of a list): lines broken inside it are
  // indented one step from the line it starts on.
  void begin_expression();
  void end_expression();

  std::string take() { return std::move(out_); }

 private:
  struct Frame {
    int continuation;  // indentation of a line broken inside; kPending until the first token is placed
    int closer;        // indentation of the closing bracket on a line of its own
  };
  static constexpr int kPending = -1;

  bool has_newline(std::uint32_t from, std::uint32_t to) const;
  bool has_blank_line(std::uint32_t from, std::uint32_t to) const;
  int continuation() const;
  void new_line(int indent, bool blank);
  void write(std::string_view text, Space space);
  // Writes the comments before `pos`; returns whether any was written (the next token then needs a line).
  bool comments_before(std::uint32_t pos, int indent);
  // The comments before a declaration at `begin`, each on a line of its own unless it ends the previous
  // line; returns whether the output still ends with a `{` (no blank line goes right after one).
  bool line_comments_before(std::uint32_t begin, int comment_indent);
  void place(std::string_view text, std::uint32_t begin, std::uint32_t end, Space space, bool breakable, bool closer);

  std::string_view src_;
  std::vector<Comment> comments_;
  std::size_t next_comment_ = 0;
  std::uint32_t last_ = 0;  // the end of the last source token or comment written
  std::string out_;
  int line_indent_ = 0;
  bool line_empty_ = true;  // nothing written on the current line yet (its indentation is written lazily)
  std::vector<Frame> frames_;
};

}  // namespace mlsi::fmt_layout
