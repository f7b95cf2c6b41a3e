// The built-in pack files by the names a command line gives them: `mlsi run activation_memory.mls` from a
// folder without that file runs the embedded one. Found from the embedded paths alone: no file is parsed.
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
