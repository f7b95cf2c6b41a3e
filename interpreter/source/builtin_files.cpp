// The built-in pack files by the names a command line gives them: `mlsi run activation_memory.mls` from a
// folder without that file runs the embedded one. Found from the embedded paths alone: no file is parsed.
#include <algorithm>
#include <filesystem>

#include "source/diagnostics.hpp"
#include "source/embedded.hpp"

namespace mlsi {

namespace {

constexpr std::string_view kPackFolder = "scenarios/";

std::string_view file_name_of(std::string_view path) {
  auto slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// `./scenarios//training/../training/x.mls` as `scenarios/training/x.mls`.
std::string normal_path(std::string_view path) {
  return std::filesystem::path(std::string(path)).lexically_normal().generic_string();
}

}  // namespace

bool is_pack_file(const EmbeddedFile& file) { return file.path.starts_with(kPackFolder); }

std::optional<std::size_t> builtin_pack_file(std::string_view path) {
  auto files = embedded_files();
  std::string wanted = normal_path(path);
  bool bare = wanted.find('/') == std::string::npos;
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!is_pack_file(files[i])) continue;
    if (!bare && files[i].path == wanted) return i;
    if (bare && file_name_of(files[i].path) == wanted) {
      // Two packs with a file of one name: the bare name is no one's (the path still is).
      if (found) return std::nullopt;
      found = i;
    }
  }
  return found;
}

namespace {

// A pack name that stands for several packs: the name they had before they were split.
struct PackAlias {
  std::string_view name;
  std::vector<std::string_view> packs;
};
const std::vector<PackAlias>& pack_aliases() {
  // `inference` held serving and the systems questions of training until issue #44 item 12 split it.
  static const std::vector<PackAlias> aliases = {{"inference", {"serving", "systems"}}};
  return aliases;
}

// `pack` of an embedded path `scenarios/<pack>/...`, or empty.
std::string_view pack_of(std::string_view path) {
  if (!path.starts_with(kPackFolder)) return {};
  path.remove_prefix(kPackFolder.size());
  auto slash = path.find('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

}  // namespace

std::vector<std::string> packs_named(std::string_view name) {
  std::string wanted = normal_path(name);
  if (wanted.ends_with('/')) wanted.pop_back();
  if (wanted.starts_with(kPackFolder)) wanted.erase(0, kPackFolder.size());
  if (wanted.empty() || wanted.find('/') != std::string::npos) return {};
  for (const auto& alias : pack_aliases())
    if (alias.name == wanted) return std::vector<std::string>(alias.packs.begin(), alias.packs.end());
  for (const auto& f : embedded_files())
    if (is_pack_file(f) && pack_of(f.path) == wanted) return {wanted};
  return {};
}

std::vector<std::string> builtin_pack_paths(std::string_view name) {
  std::vector<std::string> packs = packs_named(name), paths;
  for (const auto& f : embedded_files())
    if (is_pack_file(f) && std::find(packs.begin(), packs.end(), pack_of(f.path)) != packs.end()) paths.emplace_back(f.path);
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string builtin_shown_name(const EmbeddedFile& file) { return "<builtin>/" + std::string(file.path); }

std::string closest_builtin_file(std::string_view path) {
  std::string wanted = normal_path(path);
  bool bare = wanted.find('/') == std::string::npos;
  if (!bare && !wanted.starts_with(kPackFolder)) return {};
  std::vector<std::string> candidates;
  for (const auto& f : embedded_files())
    if (is_pack_file(f)) candidates.emplace_back(bare ? file_name_of(f.path) : f.path);
  return closest_name(wanted, candidates);
}

}  // namespace mlsi
