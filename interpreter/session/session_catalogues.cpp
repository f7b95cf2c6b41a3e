// The catalogues of a session: the built-in files (read on demand where nothing else is given), --catalog
// files, entries given as text, a --workload config.json, and a catalogue file loaded later (the REPL's
// `:load x.toml`, `:load config.json`), taken back whole when it has an error.
#include <fmt/format.h>

#include "catalogue/catalogue_loader.hpp"
#include "session/session.hpp"
#include "source/embedded.hpp"
#include "source/file_reader.hpp"

namespace mlsi {

void ProgramSession::load_catalogues() {
  auto shared_loader = std::make_shared<CatalogueLoader>(*program_, diags_);
  CatalogueLoader& loader = *shared_loader;
  catalogue_loader_ = shared_loader;
  bool lazy = options_.read_on_demand && options_.catalogues.empty() && options_.catalogue_texts.empty() && options_.workload_config.empty();
  for (const auto& f : embedded_files()) {
    if (f.path.rfind("stdlib/catalogue/", 0) != 0) continue;
    std::string shown = "<catalogue>/" + std::string(f.path.substr(17));
    if (lazy) {
      loader.defer(std::move(shown), f);
      continue;
    }
    FileId id = program_->sources.add_static(std::move(shown), f.text);
    loader.load(id, true);
  }
  if (lazy) {
    program_->catalogue.load_on_demand = [shared_loader](const std::string& name) { shared_loader->demand(name); };
    return;
  }
  for (const auto& path : options_.catalogues) {
    // Catalogue files count with the .mls files towards --max-files: MLSI_PATH may name a folder of any size.
    if (files_read() >= static_cast<std::size_t>(options_.limits.max_files)) {
      diags_.error(Span{}, fmt::format("more than {} files loaded: catalogue file `{}` is not read", options_.limits.max_files, path));
      continue;
    }
    ++catalogue_files_read_;
    auto read = read_regular_file(path, options_.limits.max_file_size);
    if (!read) {
      diags_.error(Span{}, describe(*read.error, path, "catalogue file"));
      continue;
    }
    FileId id = program_->sources.add(path, std::move(read.text), path);
    program_->sources.set_syntax(id, SourceSyntax::data);
    loader.load(id, false);
  }
  for (const auto& [name, text] : options_.catalogue_texts) {
    // Bounded as a --catalog file is: the text may come from a caller that did not write it (an agent).
    if (text.size() > options_.limits.max_file_size) {
      diags_.error(Span{}, describe(ReadError{ReadError::Kind::too_large, {}, text.size(), options_.limits.max_file_size}, name, "catalogue text"));
      continue;
    }
    FileId id = program_->sources.add(name, text);
    program_->sources.set_syntax(id, SourceSyntax::data);
    loader.load(id, false);
  }
  if (!options_.workload_config.empty()) load_workload_config(loader);
  loader.finish();
}

std::optional<std::vector<std::pair<std::string, std::string>>> ProgramSession::load_catalogue_file(const std::string& path) {
  return load_later([&]() -> std::optional<FileId> {
    if (files_read() >= static_cast<std::size_t>(options_.limits.max_files)) {
      diags_.error(Span{}, fmt::format("more than {} files loaded: catalogue file `{}` is not read", options_.limits.max_files, path));
      return std::nullopt;
    }
    auto read = read_regular_file(path, options_.limits.max_file_size);
    if (!read) {
      diags_.error(Span{}, describe(*read.error, path, "catalogue file"));
      return std::nullopt;
    }
    ++catalogue_files_read_;
    FileId id = program_->sources.add(path, std::move(read.text), path);
    program_->sources.set_syntax(id, SourceSyntax::data);
    catalogue_loader_->load(id, false);
    return id;
  });
}

std::optional<std::vector<std::pair<std::string, std::string>>> ProgramSession::load_workload_file(const std::string& path, const std::string& key) {
  return load_later([&]() -> std::optional<FileId> {
    auto converted = convert_workload(*catalogue_loader_, path, key);
    if (!converted) return std::nullopt;
    return converted->second;
  });
}

std::optional<std::vector<std::pair<std::string, std::string>>> ProgramSession::load_later(const std::function<std::optional<FileId>()>& load) {
  read_everything();  // every built-in entry read, so that a name the file takes is seen as taken
  CatalogueLoader before = *catalogue_loader_;
  std::deque<CatalogueEntry> entries = program_->catalogue.entries;
  std::map<std::string, int> names = program_->catalogue.names;
  std::size_t first = diags_.size();
  std::optional<FileId> id = load();
  if (id) catalogue_loader_->finish();
  bool failed = !id || diags_.not_kept() > 0;
  for (std::size_t i = first; i < diags_.size(); ++i) failed = failed || diags_.list()[i].severity == Severity::error;
  if (failed) {
    catalogue_loader_->restore(before);
    program_->catalogue.entries = std::move(entries);
    program_->catalogue.names = std::move(names);
    return std::nullopt;
  }
  return catalogue_loader_->entries_of(*id);
}

void ProgramSession::load_workload_config(CatalogueLoader& loader) {
  if (auto converted = convert_workload(loader, options_.workload_config, options_.workload_key)) converted_workload_ = std::move(converted->first);
}

std::optional<std::pair<HfWorkload, FileId>> ProgramSession::convert_workload(CatalogueLoader& loader, const std::string& path, const std::string& key) {
  if (files_read() >= static_cast<std::size_t>(options_.limits.max_files)) {
    diags_.error(Span{}, fmt::format("more than {} files loaded: config file `{}` is not read", options_.limits.max_files, path));
    return std::nullopt;
  }
  ++catalogue_files_read_;
  auto read = read_regular_file(path, options_.limits.max_file_size);
  if (!read) {
    diags_.error(Span{}, describe(*read.error, path, "config file"));
    return std::nullopt;
  }
  FileId json = program_->sources.add(path, std::move(read.text), path);
  program_->sources.set_syntax(json, SourceSyntax::data);
  auto workload = workload_from_hf_config(program_->sources, json, key, diags_, options_.limits.max_nesting, options_.words);
  if (!workload) return std::nullopt;
  // The key must be free: an entry it would clash with is named, and how to choose another.
  std::string problem = loader.name_problem(workload->key, "entry name");
  if (problem.empty())
    if (auto taken = loader.defined_at(workload->key)) {
      auto lc = program_->sources.line_col(taken->file, taken->begin);
      problem = fmt::format("entry name `{}` is already taken by the entry at {}:{}:{}", workload->key,
                            program_->sources.file(taken->file).name, lc.line, lc.col);
    }
  if (!problem.empty()) {
    if (workload->key_field.empty()) {
      diags_.error(Span{}, options_.words.name("name") + ": " + problem);
    } else {
      auto& d = diags_.error(workload->key_origin, problem);
      d.notes.push_back(fmt::format("the key is made from `{}`; give the entry another with {}", workload->key_field, options_.words.give("name", "KEY")));
    }
    return std::nullopt;
  }
  FileId entry = program_->sources.add(fmt::format("{} (as [Workload.{}])", path, workload->key), workload->toml);
  program_->sources.set_syntax(entry, SourceSyntax::data);
  loader.load(entry, false);
  return std::make_pair(std::move(*workload), entry);
}

}  // namespace mlsi
