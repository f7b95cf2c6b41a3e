#pragma once
// Compiler-grade diagnostics: file:line:col, the source line, markers under the spans, notes.
#include <deque>
#include <string>
#include <vector>

#include "interpreter/source.hpp"

namespace mlsi {

enum class Severity { error, warning, note };

struct Label {
  Span span;
  std::string text;  // optional text shown after the marker
};

struct Diagnostic {
  Severity severity = Severity::error;
  Span span;                    // primary span: marked with ^~~~
  std::string message;
  std::vector<Label> labels;    // secondary spans on the same line: marked with ~~~
  std::vector<std::string> notes;
};

// Collects every problem of a pass, so that all of them are reported, not only the first.
// error() and warning() return the new diagnostic for its notes, which callers add after looking up
// names; a lookup may report problems of its own (an entry of the catalogue read on demand), so the list
// is a deque: a returned reference stays valid as diagnostics are added (clear() and sort_from() move them).
class Diagnostics {
 public:
  Diagnostic& error(Span span, std::string message);
  Diagnostic& warning(Span span, std::string message);
  void add(Diagnostic d) { list_.push_back(std::move(d)); }
  bool has_errors() const;
  const std::deque<Diagnostic>& list() const { return list_; }
  void clear() { list_.clear(); }
  // Orders the diagnostics from index `first` on by file and position (stable).
  void sort_from(std::size_t first);
  std::size_t size() const { return list_.size(); }

 private:
  std::deque<Diagnostic> list_;
};

std::string render(const SourceManager& sources, const Diagnostic& d, bool colour);
std::string render_all(const SourceManager& sources, const Diagnostics& ds, bool colour);

// The closest candidate by edit distance, or empty when none is close enough to suggest.
std::string closest_name(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace mlsi
