#pragma once
// Files of the standard library (prelude, catalogue, built-in scenarios) compiled into the binary.
#include <span>
#include <string_view>

namespace mlsi {

struct EmbeddedFile {
  std::string_view path;  // relative to the project root, e.g. "stdlib/prelude/units.mls"
  std::string_view text;  // static storage: copied only when a file is read
};

std::span<const EmbeddedFile> embedded_files();

}  // namespace mlsi
