#pragma once
// Compiler-grade diagnostics: file:line:col, the source line, markers under the spans, notes.
#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "source/source.hpp"

namespace mlsi {

// The public API's severities and categories (mlsi/diagnostics.hpp), used as they are: a diagnostic's
// category is set where the problem is found, for callers that react to kinds (the Python module's
// exception classes).
using api::Category;
using api::Severity;

struct Label {
  Span span;
  std::string text;  // optional text shown after the marker
};

// How much of the primary span's line a diagnostic shows: all of it, the part before the span (a bad
// character: what follows may be the rest of a file that is not text), or none (binary data).
enum class Quote { line, before_span, none };

struct Diagnostic {
  Severity severity = Severity::error;
  Span span;                    // primary span: marked with ^~~~
  std::string message;
  std::vector<Label> labels;    // secondary spans on the same line: marked with ~~~
  std::vector<std::string> notes;
  Quote quote = Quote::line;
  Category category = Category::source;
};

// At most this many diagnostics are kept per list by default (ProgramSessionOptions::max_diagnostics): far more
// than are shown (kDefaultMaxErrors per file), and a bound on the memory and the answers of a flood (a
// 10 MB file of a million errors kept 1.66 GB to print 50).
inline constexpr std::size_t kDefaultMaxDiagnostics = 1000;

// The log a pass writes its problems to (the public api::Diagnostics is what the API makes of one: a
// value, its spans turned into lines and columns). It collects them so that all of them are reported, not
// only the first, up to a bound:
// past max_kept() a diagnostic is counted, not kept, and the list ends with one entry that says how many
// were not kept (an error when any of them was one, else a warning), so that every reader of the list
// reports it and has_errors() stays true.
// error() and warning() return the new diagnostic for its notes, which callers add after looking up
// names; a lookup may report problems of its own (an entry of the catalogue read on demand), so the list
// is a deque: a returned reference stays valid as diagnostics are added (clear() and sort_from() move them).
// A diagnostic that is not kept gets a scratch one to fill, overwritten by the next.
class DiagnosticLog {
 public:
  Diagnostic& error(Span span, std::string message);
  Diagnostic& warning(Span span, std::string message);
  void add(Diagnostic d);
  // Adds the diagnostics of `other`, and its count of those not kept.
  void append(const DiagnosticLog& other);
  // Counts `n` diagnostics as not kept (those another list did not keep), errors if `s` is.
  void count_not_kept(std::size_t n, Severity s);
  bool has_errors() const;
  const std::deque<Diagnostic>& list() const { return list_; }
  void clear() {
    list_.clear();
    not_kept_ = 0;
  }
  // At least 1.
  void set_max_kept(std::size_t n) { max_kept_ = n ? n : 1; }
  std::size_t max_kept() const { return max_kept_; }
  // How many were counted and not kept (the list's last entry says so when this is not 0).
  std::size_t not_kept() const { return not_kept_; }
  // Gives the errors from index `first` on whose category is still the default (`source`) category `c`.
  void categorize_from(std::size_t first, Category c);
  // Orders the diagnostics from index `first` on by file and position (stable).
  void sort_from(std::size_t first);
  std::size_t size() const { return list_.size(); }
  // Every diagnostic reported, kept or not: what tells whether a step reported a problem (size() stops
  // growing once the bound is reached).
  std::size_t reported() const { return list_.size() - (not_kept_ ? 1 : 0) + not_kept_; }

 private:
  // Whether a new diagnostic of severity `s` is kept; if not, counts it in the last entry.
  bool keep(Severity s);
  std::deque<Diagnostic> list_;
  std::size_t max_kept_ = kDefaultMaxDiagnostics;
  std::size_t not_kept_ = 0;
  Diagnostic scratch_;
};

std::string render(const SourceManager& sources, const Diagnostic& d, bool colour);
// At most this many problems are shown per file by default, as compilers do: the first ones matter,
// the rest are often their consequences, and a generated file can hold tens of thousands.
inline constexpr std::size_t kDefaultMaxErrors = 50;

// Every diagnostic, except that one said again in the same file (same severity, message and notes) is
// shown once with where else it occurs, and at most `max_per_file` are shown per file, followed by a
// note of how many more there are (interpreter/source/diagnostics_report.cpp).
std::string render_all(const SourceManager& sources, const DiagnosticLog& ds, bool colour, std::size_t max_per_file = kDefaultMaxErrors);

// The closest candidate by edit distance, or empty when none is close enough to suggest.
std::string closest_name(const std::string& name, const std::vector<std::string>& candidates);
// "; did you mean `X`?" for the closest candidate, or nothing: the end of a one-line message.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace mlsi
