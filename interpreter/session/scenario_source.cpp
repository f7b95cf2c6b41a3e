#include "session/scenario_source.hpp"

#include "source/embedded.hpp"

namespace mlsi {

std::optional<ScenarioSource> builtin_scenario_source(std::string_view name) {
  for (const EmbeddedFile& file : embedded_files()) {
    if (!is_pack_file(file)) continue;
    for (std::string_view declared : file.names.scenarios)
      if (declared == name) return ScenarioSource{std::string(name), builtin_shown_name(file), std::string(file.text)};
  }
  return std::nullopt;
}

std::optional<ScenarioSource> scenario_source(const Program& program, std::string_view name) {
  if (const Scenario* sc = program.find_scenario(std::string(name))) {
    const SourceFile& file = program.sources.file(sc->file);
    return ScenarioSource{sc->name, file.name, std::string(file.text)};
  }
  return builtin_scenario_source(name);
}

}  // namespace mlsi
