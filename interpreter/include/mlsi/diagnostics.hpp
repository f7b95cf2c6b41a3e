#pragma once
// mlsi's public API: the problems a session, a run or a sweep found, as structured values (docs/api.md).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace mlsi::api {

namespace detail {
struct DiagnosticSource;
}

enum class Severity { error, warning, note };

// What kind of problem an error is (the Python module raises an exception class per category).
enum class Category {
  source,      // a source that cannot be read or does not check: a name, a type, a dimension
  syntax,      // a text (a file, an input's value, an expression) that does not parse
  input,       // an input's value: an unknown input, a value of the wrong type, a `where` it fails
  check,       // a `check` of the scenario fails
  evaluation,  // evaluating failed otherwise: a division by zero, an overflow, a limit
  usage,       // the request names what is not there (a scenario, a config) or cannot be done
};

// A place in a source text (a file, an input's expression), or nowhere.
struct Location {
  std::string file;          // as the command line names it: a path, `<prelude>/units.mls`, `--set`
  unsigned line = 0;         // 1-based; 0 when the problem has no place in a source (a file that cannot be read)
  unsigned column = 0;       // 1-based, in bytes
  unsigned end_line = 0;     // where the span ends: the line and column just past its last byte
  unsigned end_column = 0;
  bool known() const { return line != 0; }
};

struct Note {
  std::string message;
  Location location;  // known for a second span marked in the source, unknown for a note of text only
};

struct Diagnostic {
  Severity severity = Severity::error;
  Location location;  // the primary span (marked `^~~~` by the command line)
  std::string message;
  std::vector<Note> notes;  // the marked spans first, then the notes of text (`did you mean ...?`)
  Category category = Category::source;  // an error's; warnings and notes are `source`
};

// The diagnostics of one operation, in the order they were found, and their rendering as text.
// A value: copies share the sources they point into, which stay alive and unchanged as long as any copy.
class Diagnostics {
 public:
  Diagnostics();
  const std::vector<Diagnostic>& list() const { return list_; }
  std::size_t size() const { return list_.size(); }
  bool empty() const { return list_.empty(); }
  const Diagnostic& operator[](std::size_t i) const { return list_[i]; }
  std::vector<Diagnostic>::const_iterator begin() const { return list_.begin(); }
  std::vector<Diagnostic>::const_iterator end() const { return list_.end(); }
  bool has_errors() const;

  // Exactly the text `mlsi` prints for them: `file:line:col: error: ...`, the source line, markers
  // under the spans, `= note:` lines; a problem said again in a file once, at most `max_per_file` per
  // file. `colour` adds the terminal's escape sequences.
  std::string render(bool colour = false, std::size_t max_per_file = 50) const;
  // The same for the diagnostic at `index` alone.
  std::string render_one(std::size_t index, bool colour = false) const;
  // As a JSON array, one object per diagnostic in order: {"severity", "category" (an error's, else null),
  // "file", "line", "column", "end_line", "end_column" (0 and "" when in no source), "message", "notes":
  // [{"message", "file", "line", "column", "end_line", "end_column"}], "rendered": render_one(i)}.
  std::string json() const;

  // One error in no source, of category `usage`: a request that cannot be passed on as it is (a limit out
  // of range, a value of the wrong type), said as the library says its own problems.
  static Diagnostics usage_error(std::string message);
  // The error for std::bad_alloc caught now, in the command line's words (`out of memory while checking`),
  // of category `evaluation`.
  static Diagnostics out_of_memory();

  // For the implementation (interpreter/api/): the diagnostics and the sources they point into.
  explicit Diagnostics(std::shared_ptr<const detail::DiagnosticSource> source);

 private:
  std::shared_ptr<const detail::DiagnosticSource> source_;
  std::vector<Diagnostic> list_;
};

}  // namespace mlsi::api
