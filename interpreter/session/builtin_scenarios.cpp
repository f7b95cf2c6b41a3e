// The built-in scenarios (the pack files, scenarios/*/, embedded in the binary), loaded into a session:
// all of them, those a run by name needs, or those a user's text calls. Which file declares and calls
// what comes from the build's index (source/embedded.hpp), so that only the files loaded are parsed.
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

// Which pack file declares which built-in scenario, from the build's index (source/embedded.hpp).
const std::map<std::string, std::size_t, std::less<>>& builtin_declarations() {
  static const std::map<std::string, std::size_t, std::less<>> declared = [] {
    auto files = embedded_files();
    std::map<std::string, std::size_t, std::less<>> out;
    for (std::size_t i = 0; i < files.size(); ++i)
      if (is_pack_file(files[i]))
        for (std::string_view n : files[i].names.scenarios) out.emplace(n, i);
    return out;
  }();
  return declared;
}

bool declares(const EmbeddedNames& names, std::string_view name) {
  for (auto list : {names.scenarios, names.functions, names.globals, names.dimensions, names.units})
    if (std::find(list.begin(), list.end(), name) != list.end()) return true;
  return false;
}

// The pack files of `queue` and, in turn, those declaring the built-in scenarios they call (marked in
// `wanted`), in the order they are to be loaded: each file's calls in the order its text names them.
std::vector<std::size_t> with_called(std::vector<bool>& wanted, std::vector<std::size_t> queue) {
  const auto& declared = builtin_declarations();
  auto files = embedded_files();
  std::vector<std::size_t> order;
  while (!queue.empty()) {
    std::size_t file = queue.back();
    queue.pop_back();
    order.push_back(file);
    for (std::string_view called : files[file].names.calls)
      if (auto it = declared.find(called); it != declared.end() && !wanted[it->second]) {
        wanted[it->second] = true;
        queue.push_back(it->second);
      }
  }
  return order;
}

}  // namespace

FileId ProgramSession::load_builtin_file(std::size_t index, int depth) {
  auto files = embedded_files();
  builtin_loaded_.resize(files.size(), kNoFile);
  if (builtin_loaded_[index] != kNoFile) return builtin_loaded_[index];
  FileId id = program_->sources.add_static(builtin_shown_name(files[index]), files[index].text);
  builtin_loaded_[index] = id;
  // Its dimensions and units are its own (model/private_scopes.hpp): declared before it is read.
  program_->scopes.make_private(id);
  load_module(id, depth);
  return id;
}

FileId ProgramSession::load_builtin_named(std::size_t index) {
  // As `mlsi run NAME` loads a scenario: with the built-in files it calls and those that name it.
  FileId id = load_builtin_file(index);
  for (std::string_view name : embedded_files()[index].names.scenarios) load_builtin_scenarios_for(std::string(name));
  return id;
}

void ProgramSession::load_builtin_import(std::string_view importer, std::string_view path, Span span, int depth) {
  // The importer sees the imported file's own dimensions and units, as an import on disk would.
  std::string_view folder = importer.substr(std::string_view("<builtin>/").size());
  folder = folder.substr(0, folder.rfind('/') + 1);
  std::string wanted = std::filesystem::path(std::string(folder) + std::string(path)).lexically_normal().generic_string();
  auto files = embedded_files();
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_pack_file(files[i]) && files[i].path == wanted) return program_->scopes.see(span.file, load_builtin_file(i, depth));
  diags_.error(span, fmt::format("built-in file `{}` imports `{}`, which is not a built-in file", importer, path));
}

void ProgramSession::load_builtin_scenarios() {
  auto files = embedded_files();
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_pack_file(files[i])) load_builtin_file(i);
}

void ProgramSession::load_builtin_scenarios_for(const std::string& name) {
  auto files = embedded_files();
  const auto& declared = builtin_declarations();
  std::string target = name;
  if (!declared.count(target) && target.size() > 8 && target.ends_with("Scenario")) target.resize(target.size() - 8);
  // The file declaring it and those with configs for it (or the file declaring a function, unit or
  // dimension of that name), then the files declaring what they call: the index says which, unread.
  std::vector<bool> wanted(files.size(), false);
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!is_pack_file(files[i])) continue;
    const EmbeddedNames& names = files[i].names;
    bool configs = std::find(names.configs_for.begin(), names.configs_for.end(), target) != names.configs_for.end();
    if (configs || declares(names, target)) {
      wanted[i] = true;
      order.push_back(i);
    }
  }
  if (order.empty()) return load_builtin_scenarios();
  with_called(wanted, std::move(order));
  for (std::size_t i = 0; i < files.size(); ++i)
    if (wanted[i]) load_builtin_file(i);
}

bool ProgramSession::load_builtin_scenarios_named(std::string_view text) {
  const Program& p = *program_;
  const auto& declared = builtin_declarations();
  std::vector<bool> wanted(embedded_files().size(), false);
  std::vector<std::size_t> queue;
  for_each_code_word(text, SourceSyntax::mls, [&](std::string_view word) {
    auto it = declared.find(word);
    if (it == declared.end() || wanted[it->second] || builtin_loaded(it->second)) return;
    std::string n(word);
    if (p.scenario_index.count(n) || p.function_index.count(n) || p.global_index.count(n)) return;
    wanted[it->second] = true;
    queue.push_back(it->second);
  });
  if (queue.empty()) return false;
  for (std::size_t file : with_called(wanted, std::move(queue))) load_builtin_file(file);
  return true;
}

void ProgramSession::load_builtin_scenarios_called() {
  const Program& p = *program_;
  auto bound = [&](std::string_view name) {
    std::string n(name);
    return p.scenario_index.count(n) || p.function_index.count(n) || p.global_index.count(n);
  };
  // The words of the texts added since the last call that name a built-in scenario no declaration has
  // taken: a file's, a REPL entry's, a --set value's (the prelude, the catalogue and the built-in files
  // themselves are not a user's text).
  const auto& declared = builtin_declarations();
  std::vector<std::size_t> queue;
  std::vector<bool> wanted;
  std::vector<std::pair<FileId, std::string>> calls;  // a text and a built-in scenario name it mentions
  for (; builtin_scanned_ < p.sources.size(); ++builtin_scanned_) {
    const SourceFile& src = p.sources.file(static_cast<FileId>(builtin_scanned_));
    if (src.name.starts_with("<builtin>/") || src.name.starts_with("<prelude>/") || src.name.starts_with("<catalogue>/") ||
        src.name == "<schema>")
      continue;
    if (wanted.empty()) wanted.assign(embedded_files().size(), false);
    for_each_code_word(src.text, src.syntax, [&](std::string_view word) {
      auto it = declared.find(word);
      if (it == declared.end()) return;
      calls.emplace_back(static_cast<FileId>(builtin_scanned_), std::string(word));
      if (wanted[it->second] || bound(word)) return;
      wanted[it->second] = true;
      queue.push_back(it->second);
    });
  }
  // And the built-in scenarios those call, in turn (the build's index of each pack file's calls): a name
  // that a user's declaration also has is then declared twice, an error (language.md section 4).
  for (std::size_t file : with_called(wanted, std::move(queue))) load_builtin_file(file);
  // A text that calls a built-in scenario sees the dimensions and units of that scenario's file, as if it
  // imported it (`ServingFleet(prompt_tokens = 2 ktok)`); its own declarations still come first.
  for (const auto& [text, name] : calls)
    if (auto it = p.scenario_index.find(name); it != p.scenario_index.end()) {
      FileId file = p.scenarios[static_cast<std::size_t>(it->second)].file;
      if (program_->scopes.is_private(file)) program_->scopes.see(text, file);
    }
}

}  // namespace mlsi
