// Reading the built-in catalogue on demand: a run that names one entry parses that entry (and those it
// refers to), not the 143 entries of 23 files.
#include <algorithm>
#include <cctype>

#include "catalogue/catalogue_loader.hpp"
#include "source/text_rules.hpp"

namespace mlsi {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

std::vector<CatalogueSection> catalogue_sections(std::string_view text) {
  std::vector<CatalogueSection> sections;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    std::size_t line_begin = pos;
    std::size_t first = text.find_first_not_of(" \t", pos);
    pos = next;
    // Only `[` and `aliases` lines matter: most lines are skipped on their first character.
    if (first >= next || (text[first] != '[' && text[first] != 'a')) continue;
    std::string_view line = trimmed(text.substr(first, next - first));
    if (line.starts_with("[") && !line.starts_with("[[")) {
      // `[Kind.Key]` opens an entry; `[Kind.Key.field]` is a table inside one.
      std::size_t close = line.find(']');
      if (close == std::string_view::npos) continue;
      std::string_view header = line.substr(1, close - 1);
      std::size_t dot = header.find('.');
      if (dot == std::string_view::npos || header.find('.', dot + 1) != std::string_view::npos) continue;
      if (!sections.empty()) sections.back().end = line_begin;
      sections.push_back(CatalogueSection{{std::string(trimmed(header.substr(dot + 1)))}, line_begin, text.size()});
    } else if (line.starts_with("aliases") && !sections.empty()) {
      std::string_view rest = trimmed(line.substr(7));
      if (!rest.starts_with("=")) continue;
      // aliases = ["A", "B"]: every quoted string.
      for (std::size_t open = rest.find('"'); open != std::string_view::npos; open = rest.find('"')) {
        std::size_t close = rest.find('"', open + 1);
        if (close == std::string_view::npos) break;
        sections.back().names.emplace_back(rest.substr(open + 1, close - open - 1));
        rest = rest.substr(close + 1);
      }
    }
  }
  return sections;
}

void CatalogueLoader::defer(std::string shown_name, const EmbeddedFile& file) {
  std::size_t index = deferred_files_.size();
  deferred_files_.push_back(DeferredFile{std::move(shown_name), &file, kNoFile});
  for (const auto& entry : file.catalogue_entries) deferred_.push_back(DeferredEntry{index, &entry, false});
  builtin_names_ = BuiltinNames::unknown;
}

bool CatalogueLoader::deferred_are_the_builtin_files() {
  if (builtin_names_ == BuiltinNames::unknown) {
    std::size_t k = 0;
    bool same = true;
    for (const auto& f : embedded_files()) {
      if (f.path.rfind("stdlib/catalogue/", 0) != 0) continue;  // as ProgramSession::load_catalogues defers them
      same = same && k < deferred_files_.size() && deferred_files_[k].embedded == &f;
      ++k;
    }
    builtin_names_ = same && k == deferred_files_.size() ? BuiltinNames::yes : BuiltinNames::no;
  }
  return builtin_names_ == BuiltinNames::yes;
}

void CatalogueLoader::demand(const std::string& name) {
  if (name.empty()) {
    for (std::size_t i = 0; i < deferred_.size(); ++i) read_deferred(i);
    return;
  }
  // The built-in files, as a session defers them: the build's table of their names, sorted (the first
  // entry that gives a name keeps it).
  if (deferred_are_the_builtin_files()) {
    auto names = embedded_catalogue_names();
    auto it = std::lower_bound(names.begin(), names.end(), std::string_view(name),
                               [](const EmbeddedCatalogueName& n, std::string_view wanted) { return n.name < wanted; });
    if (it != names.end() && it->name == name) read_deferred(it->entry);
    return;
  }
  // The first name given for an entry keeps it, as the files are deferred in order.
  for (; deferred_named_ < deferred_.size(); ++deferred_named_)
    for (std::string_view n : deferred_[deferred_named_].embedded->names) deferred_names_.emplace(n, deferred_named_);
  if (auto it = deferred_names_.find(name); it != deferred_names_.end()) read_deferred(it->second);
}

void CatalogueLoader::read_deferred(std::size_t entry) {
  DeferredEntry& d = deferred_[entry];
  if (d.read) return;
  d.read = true;
  DeferredFile& f = deferred_files_[d.file];
  const std::string_view text = f.embedded->text;
  if (f.id == kNoFile) f.id = p_.sources.add_static(f.name, text);
  // The entry's values alone, with the number of lines before it, so that lines and columns are those of
  // the file (they were given after as many empty lines, which the TOML reader read one by one).
  const EmbeddedCatalogueEntry& e = *d.embedded;
  std::size_t first = pending_.size();
  std::size_t first_diagnostic = diags_.size();
  struct MemoUnits {  // while this entry's values are read
    bool& on;
    ~MemoUnits() { on = false; }
  } memo{memo_units_ = true};
  load_entries(f.id, true, f.embedded->catalogue_values.substr(e.values_begin, e.values_end - e.values_begin),
               static_cast<std::uint32_t>(e.lines_before));
  // Its free texts, from the file's text, with their spans there: the values' text has them `""`. Each is
  // a Text field that takes any string (the schema's `source`, `note`, `source_url`, `*_source`), so the
  // empty one was read without a diagnostic, as the whole string is.
  if (pending_.size() > first) {
    Pending& read = pending_[first];
    const auto& rt = *p_.catalogue.kinds.at(read.kind);
    for (const auto& free : e.free_texts) {
      int idx = rt.find(free.field);
      if (idx < 0) continue;
      const auto i = static_cast<std::size_t>(idx);
      const std::string_view quoted = text.substr(free.begin, free.end - free.begin);
      read.fields[i] = Value(std::string(quoted.substr(1, quoted.size() - 2)));
      // As toml_span makes a node's span: its length is the columns toml++ counts, characters, not bytes.
      const auto begin = static_cast<std::uint32_t>(free.begin);
      read.field_spans[i] = Span{f.id, begin, begin + static_cast<std::uint32_t>(utf8_characters(quoted))};
    }
  }
  diags_.sort_from(first_diagnostic);
  // Resolving reads the entries that references lead to (appending to pending_, whose elements stay put).
  for (std::size_t i = first; i < pending_.size(); ++i) resolve(pending_[i], 0);
}

}  // namespace mlsi
