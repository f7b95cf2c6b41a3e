// Files loaded into a Workspace (the REPL's `:load`): a .mls file (loaded again, it replaces its old
// definitions), a catalogue file, or a Hugging Face config.json as a Workload entry; a load with an error is
// taken back whole.
#include <filesystem>
#include <map>

#include "source/file_reader.hpp"
#include "workspace/entry_results.hpp"
#include "workspace/workspace.hpp"

namespace mlsi {

EntryResult Workspace::load_catalogue(const std::string& path) { return catalogue_entries(path, session_->load_catalogue_file(path)); }

EntryResult Workspace::load_workload(const std::string& path, const std::string& key) {
  return catalogue_entries(path, session_->load_workload_file(path, key));
}

EntryResult Workspace::catalogue_entries(const std::string& path, const std::optional<std::vector<std::pair<std::string, std::string>>>& added) {
  if (!added) return source_error();
  EntryResult r;
  r.loaded = path;
  Program& p = session_->program();
  for (const auto& [kind, key] : *added) {
    Declared d;
    d.kind = Declared::Kind::entry;
    d.name = key;
    if (auto it = p.catalogue.kinds.find(kind); it != p.catalogue.kinds.end()) d.type = Type::of_record(it->second);
    r.declared.push_back(std::move(d));
  }
  return r;
}

EntryResult Workspace::load(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.ends_with(".toml")) return load_catalogue(path);
  if (path.ends_with(".json")) return load_workload(path);
  read_everything();  // the file's text is not known here; what it names must outlive a failed load
  Program& p = session_->program();
  Snapshot s = snapshot();
  // Loading a file again reloads it: its new definitions replace the old ones.
  std::error_code ec;
  std::string canonical = fs::weakly_canonical(path, ec).string();
  std::string reload;
  if (!ec && p.loaded_paths.count(canonical)) {
    reload = canonical;
    unbind_name(p, NameTable::loaded_paths, canonical);
  }
  // Read here for the names it redefines; a file that cannot be read is reported by load_file.
  if (auto read = read_regular_file(path, max_file_size_)) replace_names(read.text, reload, s);
  auto file = session_->load_file(path);
  bool ok = file && session_->check();
  if (session_->diagnostics().has_errors() || !ok) {
    rollback(s);
    return source_error();
  }
  EntryResult r;
  r.loaded = path;
  auto live = [](const std::map<std::string, int>& index, const std::string& name, std::size_t i) {
    auto it = index.find(name);
    return it != index.end() && static_cast<std::size_t>(it->second) == i;
  };
  auto add = [&](Declared::Kind kind, const std::string& name) {
    Declared d;
    d.kind = kind;
    d.name = name;
    r.declared.push_back(std::move(d));
  };
  for (std::size_t i = s.scenarios; i < p.scenarios.size(); ++i)
    if (live(p.scenario_index, p.scenarios[i].name, i)) add(Declared::Kind::scenario, p.scenarios[i].name);
  for (std::size_t i = s.configs; i < p.configs.size(); ++i) {
    add(Declared::Kind::config, p.configs[i].name);
    r.declared.back().scenario = p.scenarios[static_cast<std::size_t>(p.configs[i].scenario)].name;
  }
  for (std::size_t i = s.functions; i < p.functions.size(); ++i)
    if (live(p.function_index, p.functions[i].name, i)) add(Declared::Kind::function, p.functions[i].name);
  for (std::size_t i = s.globals; i < p.globals.size(); ++i)
    if (live(p.global_index, p.globals[i].name, i)) add(Declared::Kind::let, p.globals[i].name);
  for (std::size_t i = s.units; i < p.units.declared().size(); ++i) add(Declared::Kind::unit, p.units.declared()[i]);
  return r;
}

}  // namespace mlsi
