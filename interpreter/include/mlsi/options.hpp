#pragma once
// mlsi's public API: what a session reads and the bounds on everything it does (docs/api.md). Every
// limit of the command line is here, with the command line's default.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mlsi::api {

struct Limits {
  std::size_t max_file_size = 16 * 1024 * 1024;  // bytes of one .mls, catalogue or inputs file (--max-file-size)
  int max_files = 1000;                          // files one session reads through imports (--max-files)
  int max_import_depth = 32;                     // imports within imports (--max-import-depth)
  int max_nesting = 200;                         // nested brackets and operators of one expression (--max-nesting)
  int max_call_depth = 200;                      // nested calls of functions and scenarios (--max-depth)
  std::size_t max_list_length = 10'000'000;      // entries of one list made by `range` or a comprehension (--max-list)
  std::uint64_t max_steps = 500'000'000;         // evaluation steps of one run or sweep point (--max-steps)
  std::uint64_t max_sweep_points = 1'000'000'000'000'000;  // points of one sweep (--max-points)
};

struct SessionOptions {
  // Catalogue files (TOML) added to the built-in catalogue, in order; a later entry of the same name
  // overrides with `override = true`, as `--catalog FILE` does.
  std::vector<std::string> catalogues;
  // .mls files loaded (with their imports) into every run, after the built-in prelude: their scenarios
  // run by name as the built-in ones do.
  std::vector<std::string> files;
  Limits limits;
};

}  // namespace mlsi::api
