#pragma once
// Files of the standard library (prelude, catalogue, built-in scenarios) compiled into the binary.
#include <string>
#include <vector>

namespace mlsi {

struct EmbeddedFile {
  std::string path;  // relative to the project root, e.g. "stdlib/prelude/units.mls"
  std::string text;
};

const std::vector<EmbeddedFile>& embedded_files();

}  // namespace mlsi
