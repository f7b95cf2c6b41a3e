// Diagnostics of the public API: internal diagnostics with their spans turned into lines and columns.
#include <fmt/format.h>

#include "api/detail.hpp"
#include "base/activity.hpp"
#include "model/value_json.hpp"

namespace mlsi::api {

namespace {

Location location_of(const SourceManager& sources, const Span& span) {
  Location l;
  if (!span.valid() || span.file >= sources.size()) return l;
  l.file = sources.file(span.file).name;
  auto begin = sources.line_col(span.file, span.begin);
  auto end = sources.line_col(span.file, span.end);
  l.line = begin.line;
  l.column = begin.col;
  l.end_line = end.line;
  l.end_column = end.col;
  return l;
}

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

const char* category_name(Category c) {
  switch (c) {
    case Category::source: return "source";
    case Category::syntax: return "syntax";
    case Category::input: return "input";
    case Category::check: return "check";
    case Category::evaluation: return "evaluation";
    case Category::usage: return "usage";
  }
  return "source";
}

// "file": ..., "line": ..., "column": ..., "end_line": ..., "end_column": ...
std::string location_json(const Location& l) {
  return fmt::format("\"file\": {}, \"line\": {}, \"column\": {}, \"end_line\": {}, \"end_column\": {}", json_escape(l.file), l.line, l.column,
                     l.end_line, l.end_column);
}

mlsi::DiagnosticLog internal_list(const detail::DiagnosticSource& source, std::size_t first, std::size_t count) {
  mlsi::DiagnosticLog out;
  // Already bounded where they were collected (the last may count those not kept).
  out.set_max_kept(SIZE_MAX);
  for (std::size_t i = first; i < first + count && i < source.internal.size(); ++i) out.add(source.internal[i]);
  return out;
}

// The sources of diagnostics made in no session (usage_error): none, and their spans point nowhere.
const SourceManager& sources_of(const detail::DiagnosticSource& source) {
  static const SourceManager no_sources;
  return source.session ? source.session->program().sources : no_sources;
}

}  // namespace

Diagnostics::Diagnostics() : source_(std::make_shared<const detail::DiagnosticSource>()) {}

Diagnostics::Diagnostics(std::shared_ptr<const detail::DiagnosticSource> source) : source_(std::move(source)) {
  const SourceManager& sources = sources_of(*source_);
  for (const auto& d : source_->internal) {
    Diagnostic out;
    out.severity = d.severity;
    out.location = location_of(sources, d.span);
    out.message = d.message;
    out.category = d.category;
    for (const auto& label : d.labels) out.notes.push_back(Note{label.text, location_of(sources, label.span)});
    for (const auto& note : d.notes) out.notes.push_back(Note{note, Location{}});
    list_.push_back(std::move(out));
  }
}

bool Diagnostics::has_errors() const {
  for (const auto& d : list_)
    if (d.severity == Severity::error) return true;
  return false;
}

std::string Diagnostics::render(bool colour, std::size_t max_per_file) const {
  return render_all(sources_of(*source_), internal_list(*source_, 0, source_->internal.size()), colour, max_per_file);
}

std::string Diagnostics::render_one(std::size_t index, bool colour) const {
  if (index >= source_->internal.size()) return "";
  return mlsi::render(sources_of(*source_), source_->internal[index], colour);
}

Diagnostics Diagnostics::usage_error(std::string message) { return detail::diagnostics_of(nullptr, {detail::plain_error(std::move(message))}); }

Diagnostics Diagnostics::out_of_memory() {
  mlsi::Diagnostic d;
  d.message = out_of_memory_message();
  d.category = mlsi::Category::evaluation;
  return detail::diagnostics_of(nullptr, {std::move(d)});
}

std::string Diagnostics::json() const {
  std::string out = "[";
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const Diagnostic& d = list_[i];
    std::string notes;
    for (const auto& n : d.notes) notes += fmt::format("{}{{\"message\": {}, {}}}", notes.empty() ? "" : ", ", json_escape(n.message), location_json(n.location));
    out += fmt::format("{}{{\"severity\": \"{}\", \"category\": {}, {}, \"message\": {}, \"notes\": [{}], \"rendered\": {}}}", i ? ",\n " : "",
                       severity_name(d.severity), d.severity == Severity::error ? fmt::format("\"{}\"", category_name(d.category)) : "null",
                       location_json(d.location), json_escape(d.message), notes, json_escape(render_one(i)));
  }
  return out + "]";
}

namespace detail {

Diagnostics diagnostics_of(const std::shared_ptr<mlsi::ProgramSession>& session, std::vector<mlsi::Diagnostic> list) {
  auto source = std::make_shared<DiagnosticSource>();
  source->session = session;
  source->internal = std::move(list);
  return Diagnostics(std::move(source));
}

Diagnostics take_diagnostics(const std::shared_ptr<mlsi::ProgramSession>& session, std::vector<mlsi::Diagnostic> extra) {
  std::vector<mlsi::Diagnostic> list(session->diagnostics().list().begin(), session->diagnostics().list().end());
  for (auto& d : extra) list.push_back(std::move(d));
  session->diagnostics().clear();
  return diagnostics_of(session, std::move(list));
}

mlsi::Diagnostic plain_error(std::string message) {
  mlsi::Diagnostic d;
  d.message = std::move(message);
  d.category = mlsi::Category::usage;
  return d;
}

}  // namespace detail

}  // namespace mlsi::api
