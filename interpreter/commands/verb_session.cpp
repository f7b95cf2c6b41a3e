#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace mlsi {

ProgramSessionOptions session_options(const VerbRequest& r) {
  ProgramSessionOptions s = session_limits(r);
  s.catalogues = catalogue_files(r);
  s.catalogue_texts = named_catalogue_texts(r);
  s.read_on_demand = true;  // the REPL reads every name at its first command or completion
  s.workload_config = r.workload_config;
  s.workload_key = r.entry_name;
  // Kept: at least as many as --max-errors shows.
  s.max_diagnostics = std::max(kDefaultMaxDiagnostics, r.max_errors);
  return s;
}

std::vector<std::pair<std::string, std::string>> named_catalogue_texts(const VerbRequest& r) {
  std::vector<std::pair<std::string, std::string>> texts;
  for (std::size_t i = 0; i < r.catalogue_texts.size(); ++i)
    texts.emplace_back(i == 0 ? std::string("<catalog_text>") : fmt::format("<catalog_text#{}>", i + 1), r.catalogue_texts[i]);
  return texts;
}

std::vector<std::string> catalogue_files(const VerbRequest& r) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  if (const char* path = std::getenv("MLSI_PATH")) {
    std::string all(path);
    std::size_t start = 0;
    while (start <= all.size()) {
      std::size_t end = all.find(':', start);
      if (end == std::string::npos) end = all.size();
      std::string dir = all.substr(start, end - start);
      std::error_code ec;
      if (!dir.empty() && fs::is_directory(dir, ec)) {
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(dir, ec))
          if (entry.path().extension() == ".toml") found.push_back(entry.path().string());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
      }
      start = end + 1;
    }
  }
  files.insert(files.end(), r.catalogues.begin(), r.catalogues.end());
  return files;
}

}  // namespace mlsi
