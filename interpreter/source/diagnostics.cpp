#include "source/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "source/source_excerpt.hpp"

namespace mlsi {

// Once one is not kept, none after it is: the entry that counts them stays the last.
bool DiagnosticLog::keep(Severity s) {
  if (not_kept_ == 0 && list_.size() < max_kept_) return true;
  count_not_kept(1, s);
  return false;
}

void DiagnosticLog::count_not_kept(std::size_t n, Severity s) {
  if (n == 0) return;
  if (not_kept_ == 0) list_.push_back(Diagnostic{Severity::warning, Span{}, "", {}, {}});
  not_kept_ += n;
  Diagnostic& last = list_.back();
  if (s == Severity::error) last.severity = Severity::error;
  last.message = fmt::format("{} more diagnostic{} not kept (at most {} are kept)", not_kept_, not_kept_ == 1 ? "" : "s", max_kept_);
}

void DiagnosticLog::append(const DiagnosticLog& other) {
  std::size_t n = other.list_.size() - (other.not_kept_ ? 1 : 0);
  for (std::size_t i = 0; i < n; ++i) add(other.list_[i]);
  if (other.not_kept_) count_not_kept(other.not_kept_, other.list_.back().severity);
}

void DiagnosticLog::add(Diagnostic d) {
  if (keep(d.severity)) list_.push_back(std::move(d));
}

Diagnostic& DiagnosticLog::error(Span span, std::string message) {
  if (!keep(Severity::error)) {
    scratch_ = Diagnostic{Severity::error, span, std::move(message), {}, {}};
    return scratch_;
  }
  list_.push_back(Diagnostic{Severity::error, span, std::move(message), {}, {}});
  return list_.back();
}

Diagnostic& DiagnosticLog::warning(Span span, std::string message) {
  if (!keep(Severity::warning)) {
    scratch_ = Diagnostic{Severity::warning, span, std::move(message), {}, {}};
    return scratch_;
  }
  list_.push_back(Diagnostic{Severity::warning, span, std::move(message), {}, {}});
  return list_.back();
}

void DiagnosticLog::sort_from(std::size_t first) {
  if (first >= list_.size()) return;
  std::stable_sort(list_.begin() + static_cast<std::ptrdiff_t>(first), list_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.span.file != b.span.file) return a.span.file < b.span.file;
    return a.span.begin < b.span.begin;
  });
}

bool DiagnosticLog::has_errors() const {
  return std::any_of(list_.begin(), list_.end(), [](const Diagnostic& d) { return d.severity == Severity::error; });
}

namespace {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

// Marks [begin, end) columns (1-based) of one line in `marks`, keeping the primary marker on top.
void mark(std::string& marks, std::uint32_t col_begin, std::uint32_t col_end, char first, char rest) {
  if (col_end <= col_begin) col_end = col_begin + 1;
  if (marks.size() < col_end - 1) marks.resize(col_end - 1, ' ');
  for (auto c = col_begin; c < col_end; ++c) {
    char& m = marks[c - 1];
    if (m == '^') continue;
    m = (c == col_begin) ? first : rest;
  }
}

// A line or a message may hold the very bytes an error is about (a NUL, an escape sequence, a C1
// control, invalid UTF-8, from a source file or a catalogue string): they are shown as `?`, one for
// one so that markers stay aligned, and never reach the terminal.
std::string printable(std::string s) {
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size() && !((c < 0x20 && c != '\n') || c == 0x7F);
    // A C1 control (U+0080 to U+009F) acts on a terminal as ESC does.
    if (ok && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) <= 0x9F) ok = false;
    for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok) {
      i += len;
    } else {
      s[i] = '?';
      ++i;
    }
  }
  return s;
}

}  // namespace

std::string render(const SourceManager& sources, const Diagnostic& d, bool colour) {
  const char* bold = colour ? "\x1b[1m" : "";
  const char* reset = colour ? "\x1b[0m" : "";
  const char* sev_colour = !colour ? "" : d.severity == Severity::error ? "\x1b[1;31m" : d.severity == Severity::warning ? "\x1b[1;35m" : "\x1b[1;36m";
  const char* marker_colour = colour ? "\x1b[1;32m" : "";
  std::string out;
  if (d.span.valid()) {
    const auto& f = sources.file(d.span.file);
    auto lc = sources.line_col(d.span.file, d.span.begin);
    out += fmt::format("{}{}:{}:{}: {}{}:{} {}{}{}\n", bold, f.name, lc.line, lc.col, sev_colour, severity_name(d.severity), reset, bold, printable(abbreviate(d.message)), reset);
    if (d.quote == Quote::none) {
      for (const auto& n : d.notes) out += fmt::format("  = note: {}\n", printable(abbreviate(n)));
      return out;
    }
    std::string line(sources.line_text(d.span.file, lc.line));
    if (d.quote == Quote::before_span) line.resize(std::min<std::size_t>(line.size(), lc.col - 1));
    // Tabs would misalign the markers; show them as single spaces.
    std::replace(line.begin(), line.end(), '\t', ' ');
    line = printable(std::move(line));
    std::string marks;
    auto line_end_col = static_cast<std::uint32_t>(line.size()) + 1;
    for (const auto& l : d.labels) {
      if (!l.span.valid() || l.span.file != d.span.file) continue;
      auto b = sources.line_col(l.span.file, l.span.begin);
      if (b.line != lc.line) continue;
      auto e = sources.line_col(l.span.file, l.span.end);
      mark(marks, b.col, e.line == lc.line ? e.col : line_end_col, '~', '~');
    }
    auto e = sources.line_col(d.span.file, d.span.end);
    auto end_col = e.line == lc.line ? e.col : std::max(line_end_col, lc.col + 1);
    // Draw the primary span last so it wins where spans overlap.
    if (marks.size() < end_col - 1) marks.resize(end_col - 1, ' ');
    for (auto c = lc.col; c < std::max(end_col, lc.col + 1); ++c) marks[c - 1] = c == lc.col ? '^' : '~';
    QuotedLine quoted = quote_line(line, marks, lc.col - 1);
    std::string gutter = fmt::format("{}", lc.line);
    std::string pad(gutter.size(), ' ');
    out += fmt::format(" {} | {}\n", gutter, quoted.text);
    out += fmt::format(" {} | {}{}{}\n", pad, marker_colour, quoted.marks, reset);
    for (const auto& l : d.labels) {
      if (l.text.empty()) continue;
      auto b = sources.line_col(l.span.file, l.span.begin);
      out += fmt::format(" {} = {}: {}\n", pad, sources.text(l.span).size() < 40 ? fmt::format("`{}`", printable(std::string(sources.text(l.span)))) : fmt::format("line {}", b.line), printable(abbreviate(l.text)));
    }
    for (const auto& n : d.notes) out += fmt::format(" {} = note: {}\n", pad, printable(abbreviate(n)));
  } else {
    out += fmt::format("{}{}:{} {}{}{}\n", sev_colour, severity_name(d.severity), reset, bold, printable(abbreviate(d.message)), reset);
    for (const auto& n : d.notes) out += fmt::format("  = note: {}\n", printable(abbreviate(n)));
  }
  return out;
}

namespace {
// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbouring letters (`bf61` -> `bf16`) each cost one.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

std::string closest_name(const std::string& name, const std::vector<std::string>& candidates) {
  // The table below is as large as the two names: no guesses for names longer than any honest one.
  if (name.size() > 100) return {};
  std::string best;
  std::size_t best_d = SIZE_MAX;
  const std::string lname = lower(name);
  // Allow roughly one edit per three characters, at least one.
  std::size_t limit = std::max<std::size_t>(1, name.size() / 3);
  for (const auto& c : candidates) {
    if (c == name) continue;
    // The distance is at least the difference in length.
    if (c.size() > name.size() + limit || name.size() > c.size() + limit) continue;
    std::size_t d = lower(c) == lname ? 0 : edit_distance(name, c);
    if (d < best_d || (d == best_d && c < best)) {
      best_d = d;
      best = c;
    }
  }
  return best_d <= limit ? best : std::string{};
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& candidates) {
  auto suggestion = closest_name(name, candidates);
  return suggestion.empty() ? "" : fmt::format("; did you mean `{}`?", suggestion);
}

void DiagnosticLog::categorize_from(std::size_t first, Category c) {
  for (std::size_t i = first; i < list_.size(); ++i)
    if (list_[i].severity == Severity::error && list_[i].category == Category::source) list_[i].category = c;
}

}  // namespace mlsi
