// The built-in scenarios (scenarios/training, embedded in the binary), loaded into a session: all of
// them, those a run by name needs, or those a user's text calls.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

#include "session/session.hpp"
#include "source/embedded.hpp"

namespace mlsi {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `word` occurs in `text` as a whole word.
bool mentions(std::string_view text, std::string_view word) {
  for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    bool starts = at == 0 || !word_char(text[at - 1]);
    bool ends = at + word.size() == text.size() || !word_char(text[at + word.size()]);
    if (starts && ends) return true;
  }
  return false;
}

// Calls `f` with every word of `text`.
template <typename F>
void for_each_word(std::string_view text, F&& f) {
  for (std::size_t i = 0; i < text.size();) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && word_char(text[j])) ++j;
    f(text.substr(i, j - i));
    i = j;
  }
}

// The same, leaving out comments, and strings unless `syntax` is data: the built-in scenarios a text
// calls, not those it cites. A `##` doc line naming one (`See also: ServingFleet`), or a `check`'s
// message, neither loads it nor shows its file's units to the text (language.md section 4). A TOML
// file's strings hold values (`--inputs`), so there they count; `#` outside a string starts a comment in
// both. A string is "..." with `\` escapes, in TOML also '...', """...""" and '''...'''.
template <typename F>
void for_each_code_word(std::string_view text, SourceSyntax syntax, F&& f) {
  const bool data = syntax == SourceSyntax::data;
  std::size_t start = 0;  // where the words not yet given start
  auto flush = [&](std::size_t end) {
    if (end > start) for_each_word(text.substr(start, end - start), f);
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '#') {
      flush(i);
      std::size_t end = text.find('\n', i);
      i = start = end == std::string_view::npos ? text.size() : end;
      continue;
    }
    if (c != '"' && !(data && c == '\'')) {
      ++i;
      continue;
    }
    const std::string_view quote = data && text.substr(i, 3) == std::string(3, c) ? text.substr(i, 3) : text.substr(i, 1);
    std::size_t j = i + quote.size();
    while (j < text.size() && text.substr(j, quote.size()) != quote && (quote.size() == 3 || text[j] != '\n'))
      j += c == '"' && text[j] == '\\' ? 2 : 1;
    j = std::min(j, text.size());
    const std::size_t end = text.substr(j, quote.size()) == quote ? j + quote.size() : j;
    if (!data) {
      flush(i);
      start = end;
    }
    i = end;
  }
  flush(text.size());
}

bool is_builtin_file(const EmbeddedFile& f) { return f.path.rfind("scenarios/", 0) == 0; }

// Which embedded file declares which built-in scenario: `scenario NAME` at the start of a line.
std::map<std::string, std::size_t, std::less<>> builtin_declarations() {
  auto files = embedded_files();
  std::map<std::string, std::size_t, std::less<>> declared;
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_builtin_file(files[i]))
      for (auto& n : declared_names(files[i].text, "scenario ")) declared.emplace(std::move(n), i);
  return declared;
}

}  // namespace

FileId Session::load_builtin_file(std::size_t index, int depth) {
  auto files = embedded_files();
  builtin_loaded_.resize(files.size(), kNoFile);
  if (builtin_loaded_[index] != kNoFile) return builtin_loaded_[index];
  FileId id = program_->sources.add(builtin_shown_name(files[index]), std::string(files[index].text));
  builtin_loaded_[index] = id;
  // Its dimensions and units are its own (model/private_scopes.hpp): declared before it is read.
  program_->scopes.make_private(id);
  load_module(id, depth);
  return id;
}

FileId Session::load_builtin_named(std::size_t index) {
  // As `mlsi run NAME` loads a scenario: with the built-in files it calls and those that name it.
  FileId id = load_builtin_file(index);
  for (const auto& name : declared_names(embedded_files()[index].text, "scenario ")) load_builtin_scenarios_for(name);
  return id;
}

void Session::load_builtin_import(std::string_view importer, std::string_view path, Span span, int depth) {
  // The importer sees the imported file's own dimensions and units, as an import on disk would.
  std::string_view folder = importer.substr(std::string_view("<builtin>/").size());
  folder = folder.substr(0, folder.rfind('/') + 1);
  std::string wanted = std::filesystem::path(std::string(folder) + std::string(path)).lexically_normal().generic_string();
  auto files = embedded_files();
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_builtin_file(files[i]) && files[i].path == wanted) return program_->scopes.see(span.file, load_builtin_file(i, depth));
  diags_.error(span, fmt::format("built-in file `{}` imports `{}`, which is not a built-in file", importer, path));
}

void Session::load_builtin_scenarios() {
  auto files = embedded_files();
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_builtin_file(files[i])) load_builtin_file(i);
}

void Session::load_builtin_scenarios_for(const std::string& name) {
  auto files = embedded_files();
  auto declared = builtin_declarations();
  std::string target = name;
  if (!declared.count(target) && target.size() > 8 && target.ends_with("Scenario")) target.resize(target.size() - 8);
  if (!declared.count(target)) return load_builtin_scenarios();
  std::vector<bool> wanted(files.size(), false);
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_builtin_file(files[i]) && mentions(files[i].text, target)) {
      wanted[i] = true;
      queue.push_back(i);
    }
  while (!queue.empty()) {
    std::string_view text = files[queue.back()].text;
    queue.pop_back();
    for_each_word(text, [&](std::string_view word) {
      if (auto it = declared.find(word); it != declared.end() && !wanted[it->second]) {
        wanted[it->second] = true;
        queue.push_back(it->second);
      }
    });
  }
  for (std::size_t i = 0; i < files.size(); ++i)
    if (wanted[i]) load_builtin_file(i);
}

void Session::load_builtin_scenarios_called() {
  const Program& p = *program_;
  auto bound = [&](std::string_view name) {
    std::string n(name);
    return p.scenario_index.count(n) || p.function_index.count(n) || p.global_index.count(n);
  };
  // The words of the texts added since the last call that name a built-in scenario no declaration has
  // taken: a file's, a REPL entry's, a --set value's (the prelude, the catalogue and the built-in files
  // themselves are not a user's text).
  std::map<std::string, std::size_t, std::less<>> declared;
  std::vector<std::size_t> queue;
  std::vector<bool> wanted;
  std::vector<std::pair<FileId, std::string>> calls;  // a text and a built-in scenario name it mentions
  for (; builtin_scanned_ < p.sources.size(); ++builtin_scanned_) {
    const SourceFile& src = p.sources.file(static_cast<FileId>(builtin_scanned_));
    if (src.name.starts_with("<builtin>/") || src.name.starts_with("<prelude>/") || src.name.starts_with("<catalogue>/") ||
        src.name == "<schema>")
      continue;
    if (declared.empty()) {
      declared = builtin_declarations();
      wanted.assign(embedded_files().size(), false);
    }
    for_each_code_word(src.text, src.syntax, [&](std::string_view word) {
      auto it = declared.find(word);
      if (it == declared.end()) return;
      calls.emplace_back(static_cast<FileId>(builtin_scanned_), std::string(word));
      if (wanted[it->second] || bound(word)) return;
      wanted[it->second] = true;
      queue.push_back(it->second);
    });
  }
  // And the built-in scenarios those call, in turn: a name that a user's declaration also has is then
  // declared twice, an error (language.md section 4).
  auto files = embedded_files();
  std::vector<std::size_t> order;
  while (!queue.empty()) {
    std::size_t file = queue.back();
    queue.pop_back();
    order.push_back(file);
    for_each_code_word(files[file].text, SourceSyntax::mls, [&](std::string_view word) {
      auto it = declared.find(word);
      if (it == declared.end() || wanted[it->second]) return;
      wanted[it->second] = true;
      queue.push_back(it->second);
    });
  }
  for (std::size_t file : order) load_builtin_file(file);
  // A text that calls a built-in scenario sees the dimensions and units of that scenario's file, as if it
  // imported it (`ServingFleet(prompt_tokens = 2 ktok)`); its own declarations still come first.
  for (const auto& [text, name] : calls)
    if (auto it = p.scenario_index.find(name); it != p.scenario_index.end()) {
      FileId file = p.scenarios[static_cast<std::size_t>(it->second)].file;
      if (program_->scopes.is_private(file)) program_->scopes.see(text, file);
    }
}

}  // namespace mlsi
