// Small helpers that several test files need: reading a file, splitting text into lines, a GiB, and
// EXPECT_CONTAINS. The tests are unity-built (tests/CMakeLists.txt): a helper two files need lives here
// once, not in each file's anonymous namespace, where the two copies would clash.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

// Expects the std::string `haystack` to contain `needle`; on failure shows both (the first 2000
// characters of `haystack`).
#define EXPECT_CONTAINS(haystack, needle) \
  EXPECT_NE((haystack).find(needle), std::string::npos) << "expected `" << (needle) << "` in:\n" << (haystack).substr(0, 2000)

namespace mlsi_test {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// The bytes of the file `p` ("" if it cannot be read).
inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The bytes of the file at `path` in the source tree ("" if it cannot be read).
inline std::string read_source(const std::string& path) { return read_file(std::filesystem::path(MLSI_SOURCE_DIR) / path); }

// The lines of `text`, without their '\n'.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace mlsi_test
