#pragma once
// Files of the standard library (prelude, catalogue, built-in scenarios) compiled into the binary.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi {

struct EmbeddedFile {
  std::string_view path;  // relative to the project root, e.g. "stdlib/prelude/units.mls"
  std::string_view text;  // static storage: copied only when a file is read
};

std::span<const EmbeddedFile> embedded_files();

// The names a file declares with `keyword` (`let `, `fn `, `scenario `): the word after it at the start
// of a line, read without parsing the file.
std::vector<std::string> declared_names(std::string_view text, std::string_view keyword);
// The names of the built-in scenarios (the embedded `scenarios/` files), loaded or not.
const std::vector<std::string>& builtin_scenario_names();

}  // namespace mlsi
