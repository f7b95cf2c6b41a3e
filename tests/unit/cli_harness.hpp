// Shared by the tests that drive the command line in-process: run `mlsi ARGS...` as a user in the
// repository would, and scratch files that remove themselves.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include <mlsi/options.hpp>

#include "cli/cli.hpp"
#include "model/program.hpp"
#include "verbs/option_table.hpp"

namespace mlsi_test {

struct Result {
  int status = -1;
  std::string out, err;
};

// API options in the command line's words (each option's flag, as the command line passes them), for
// the tests that hold the API's messages to the command line's, byte for byte.
inline mlsi::api::SessionOptions command_line_options() {
  mlsi::api::SessionOptions options;
  for (const auto& o : mlsi::option_specs()) options.words[std::string(o.api_name)] = {std::string(o.flag), ""};
  return options;
}

// Runs `mlsi ARGS...` with the source tree as the working directory.
inline Result mlsi(const std::vector<std::string>& args) {
  namespace fs = std::filesystem;
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  std::ostringstream out, err;
  Result r;
  r.status = ::mlsi::run_cli(args, ::mlsi::CliStreams{out, err, false});
  fs::current_path(previous);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Runs `mlsi ARGS...` in the current working directory (for tests whose paths are absolute), with `in`
// as its standard input (none if null).
inline Result mlsi_here(const std::vector<std::string>& args, std::istream* in = nullptr) {
  std::ostringstream out, err;
  Result r;
  r.status = ::mlsi::run_cli(args, ::mlsi::CliStreams{out, err, false, in});
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A scratch file in the temporary folder, named after the process so that tests run in parallel by
// ctest do not meet; removed when it goes out of scope.
struct TempFile {
  std::filesystem::path path;
  TempFile(const std::string& name, const std::string& text)
      : path(std::filesystem::temp_directory_path() / ("mlsi_test_" + std::to_string(::getpid()) + "_" + name)) {
    std::ofstream(path, std::ios::binary) << text;
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
};

// A scratch folder for one test, named after the process and the test (ctest runs tests in parallel),
// removed with everything in it.
struct ScratchDir {
  std::filesystem::path dir;
  explicit ScratchDir(const std::string& prefix)
      : dir(std::filesystem::temp_directory_path() /
            (prefix + "_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
    std::filesystem::create_directories(dir);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  // Writes `text` to the file `name` of the folder; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    auto p = dir / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
};

// Whether a scenario runs with its defaults alone (every input has a default).
inline bool runs_with_defaults(const ::mlsi::Scenario& s) {
  for (int i : s.inputs)
    if (!s.slots[static_cast<std::size_t>(i)].expr) return false;
  return true;
}

}  // namespace mlsi_test
