#pragma once
// Source files and spans. Spans are byte ranges plus a file id; line and column are computed only
// when a diagnostic is rendered, so prelude, catalogue, user files and REPL lines share one machinery.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi {

using FileId = std::uint32_t;
inline constexpr FileId kNoFile = UINT32_MAX;

struct Span {
  FileId file = kNoFile;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool valid() const { return file != kNoFile; }
  static Span join(const Span& a, const Span& b) {
    if (!a.valid()) return b;
    if (!b.valid()) return a;
    return Span{a.file, a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end};
  }
};

struct LineCol {
  std::uint32_t line = 1;  // 1-based
  std::uint32_t col = 1;   // 1-based, in bytes
};

// What a text is written in, for the scans that read its words before it is parsed (which built-in
// scenarios it calls): `.mls` (a file, an entry, a value given on the command line), whose comments and
// strings call nothing, or a TOML or JSON file of values (`--inputs`, `--catalog`), whose strings may
// hold `.mls` values.
enum class SourceSyntax : std::uint8_t { mls, data };

// A file's text is its own (held on the heap, shared by the copies of the file, so that the view stays
// valid when a file is copied or moved) or, for an embedded file, a view of the binary's constant data,
// which is not copied (a catalogue file is tens of kilobytes).
class SourceFile {
  std::shared_ptr<const std::string> owned_text_;  // first: `text` may view it; null for static text

 public:
  std::string name;  // as shown in diagnostics
  std::string path;  // canonical path on disk, empty for virtual sources
  std::string_view text;  // *owned_text_, or static storage
  std::vector<std::uint32_t> line_starts;
  std::uint32_t first_line = 1;  // the number of its first line (a REPL entry continues the session's count)
  SourceSyntax syntax = SourceSyntax::mls;

  SourceFile(std::string name, std::string path, std::string text)
      : owned_text_(std::make_shared<const std::string>(std::move(text))), name(std::move(name)), path(std::move(path)),
        text(*owned_text_) {}
  SourceFile(std::string name, std::string_view static_text) : name(std::move(name)), text(static_text) {}
};

// Files are added while references to others are held (a file's imports are read while its own text and
// path are in use), so they live in a deque: a reference from file() stays valid as files are added.
class SourceManager {
 public:
  FileId add(std::string name, std::string text, std::string path = {});
  // A text in static storage (an embedded file's), viewed, not copied.
  FileId add_static(std::string name, std::string_view text);
  // Numbers the file's lines from `line` on: a REPL entry is shown as lines of the session.
  void set_first_line(FileId id, std::uint32_t line) { files_.at(id).first_line = line; }
  void set_syntax(FileId id, SourceSyntax syntax) { files_.at(id).syntax = syntax; }
  const SourceFile& file(FileId id) const { return files_.at(id); }
  std::size_t size() const { return files_.size(); }
  LineCol line_col(FileId id, std::uint32_t offset) const;
  std::string_view line_text(FileId id, std::uint32_t line) const;
  std::string_view text(const Span& s) const;

 private:
  FileId index_lines();  // the line starts of the file just added; its id
  std::deque<SourceFile> files_;
};

// Source text on one line, runs of blanks and line breaks as one space: an expression written over
// several lines reads the same in a table cell or a derivation.
std::string one_line(std::string_view text);

}  // namespace mlsi
