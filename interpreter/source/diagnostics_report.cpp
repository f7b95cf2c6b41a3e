// All the diagnostics of a pass, as a person can read them: a problem repeated in a file is shown once
// with where else it occurs, and at most a fixed number are shown per file, then how many more there
// are. One bad name used 10,000 times is one problem, not 10,000 screens of output.
#include <fmt/format.h>

#include <map>
#include <string_view>
#include <tuple>

#include "source/diagnostics.hpp"

namespace mlsi {

namespace {

// Where the other occurrences of a repeated diagnostic are listed, this many are named.
constexpr std::size_t kListedRepeats = 3;

const char* kind_of(Severity s) { return s == Severity::warning ? "warning" : s == Severity::note ? "note" : "error"; }

struct Group {
  std::size_t first;               // index of the diagnostic shown
  std::vector<std::size_t> more;   // the same diagnostic again, elsewhere in the file
};

struct Hidden {
  std::size_t errors = 0, warnings = 0;
};

std::string plural(std::size_t n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

std::string repeats_note(const SourceManager& sources, const DiagnosticLog& ds, const Group& g) {
  const Diagnostic& d = ds.list()[g.first];
  std::string where;
  if (d.span.valid()) {
    for (std::size_t i = 0; i < g.more.size() && i < kListedRepeats; ++i) {
      auto lc = sources.line_col(d.span.file, ds.list()[g.more[i]].span.begin);
      where += fmt::format("{}{}:{}", i ? ", " : ": at ", lc.line, lc.col);
    }
    if (g.more.size() > kListedRepeats) where += fmt::format(" and {} more", g.more.size() - kListedRepeats);
  }
  return fmt::format("the same {} occurs {} more {}{}", kind_of(d.severity), g.more.size(), g.more.size() == 1 ? "time" : "times", where);
}

}  // namespace

std::string render_all(const SourceManager& sources, const DiagnosticLog& ds, bool colour, std::size_t max_per_file) {
  const auto& list = ds.list();
  // The key of a diagnostic that says the same thing as another: its file, severity, message and notes.
  using Key = std::tuple<FileId, Severity, std::string_view, std::string>;
  std::map<Key, std::size_t> group_of;
  std::vector<Group> groups;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Diagnostic& d = list[i];
    std::string notes;
    for (const auto& n : d.notes) notes += n + '\n';
    // Secondary spans say where the cause is (the first declaration, the other operand): a diagnostic
    // with its own labels is not the same as another one.
    if (!d.labels.empty()) notes += fmt::format("@{}", i);
    auto [it, fresh] = group_of.try_emplace(Key{d.span.file, d.severity, d.message, std::move(notes)}, groups.size());
    if (fresh) groups.push_back(Group{i, {}});
    else groups[it->second].more.push_back(i);
  }
  std::string out;
  std::map<FileId, std::size_t> shown;
  std::map<FileId, Hidden> hidden;
  for (const auto& g : groups) {
    const Diagnostic& d = list[g.first];
    if (shown[d.span.file] >= max_per_file) {
      auto& h = hidden[d.span.file];
      (d.severity == Severity::error ? h.errors : h.warnings) += 1 + g.more.size();
      continue;
    }
    ++shown[d.span.file];
    if (g.more.empty()) {
      out += render(sources, d, colour);
    } else {
      Diagnostic first = d;
      first.notes.push_back(repeats_note(sources, ds, g));
      out += render(sources, first, colour);
    }
  }
  for (const auto& [file, h] : hidden) {
    std::string what = h.errors && h.warnings ? plural(h.errors, "more error") + " and " + plural(h.warnings, "warning")
                       : h.errors           ? plural(h.errors, "more error")
                                            : plural(h.warnings, "more warning");
    std::string in = file == kNoFile ? "" : fmt::format(" in {}", sources.file(file).name);
    out += render(sources,
                  Diagnostic{Severity::note, Span{}, fmt::format("{}{} not shown (at most {} are shown per file)", what, in, max_per_file), {}, {}},
                  colour);
  }
  return out;
}

}  // namespace mlsi
