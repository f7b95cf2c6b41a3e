#include "cli/cli_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "verbs/command_line.hpp"

namespace mlsi {

int usage(CliStreams& io, const std::string& message) {
  io.err << "error: " << message << "\n" << "run `mlsi --help` for usage\n";
  return kExitUsage;
}

std::optional<int> parse_options(const std::vector<std::string>& args, Options& o, CliStreams& io) {
  if (auto message = read_command_line(args, o)) return usage(io, *message);
  return std::nullopt;
}

SessionOptions session_options(const Options& o) {
  SessionOptions s = o.files;
  s.catalogues = catalogue_files(o);
  s.catalogue_texts = catalogue_texts(o);
  s.read_on_demand = true;  // the REPL reads every name at its first command or completion
  s.workload_config = o.workload_config;
  s.workload_key = o.entry_name;
  // Kept: at least as many as --max-errors shows.
  s.max_diagnostics = std::max(kDefaultMaxDiagnostics, o.max_errors);
  return s;
}

std::vector<std::pair<std::string, std::string>> catalogue_texts(const Options& o) {
  std::vector<std::pair<std::string, std::string>> texts;
  for (std::size_t i = 0; i < o.catalogue_texts.size(); ++i)
    texts.emplace_back(i == 0 ? std::string("<catalog_text>") : fmt::format("<catalog_text#{}>", i + 1), o.catalogue_texts[i]);
  return texts;
}

std::vector<std::string> catalogue_files(const Options& o) {
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
  files.insert(files.end(), o.catalogues.begin(), o.catalogues.end());
  return files;
}

}  // namespace mlsi
