#pragma once
// Where a verb writes: its document (standard output on the command line, a string for the MCP tools),
// its problems (standard error), and what the caller decides for it: colour, how many diagnostics per
// file, the input read for `-`, how a named file is written, how it points to its usage.
#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "source/diagnostics.hpp"

namespace mlsi {

// Exit statuses of language.md "Diagnostics".
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // an evaluation, check or expectation failed
inline constexpr int kExitUsage = 2;
inline constexpr int kExitSource = 3;  // parse or check error in a source file

// Makes `path` hold `text`: nothing on success, else the message ("cannot write to `out.svg`: No space
// left on device"). The command line's replaces the file whole (cli/file_writer.hpp).
using FileWriter = std::function<std::optional<std::string>(const std::string& path, std::string_view text)>;

// What the command line says after a usage error; the MCP tools say it too (a tool's verb is the command's).
inline constexpr const char* kUsageAdvice = "run `mlsi --help` for usage\n";

struct Sink {
  std::ostream& out;  // the document
  std::ostream& err;  // diagnostics, warnings and errors
  bool colour = false;
  std::size_t max_errors = kDefaultMaxErrors;  // diagnostics shown per file
  std::istream* in = nullptr;  // what `-` reads (`fmt -`); null: none
  FileWriter write_file;  // empty: this caller writes no files
  // The line after a usage error's message, in the caller's words; empty: none.
  std::string usage_advice;
};

// Writes a usage error (the message, then the sink's advice) and returns the usage exit status.
int usage(Sink& io, const std::string& message);

// Writes `diagnostics` as every verb writes them: at most the sink's max_errors per file.
void write_diagnostics(Sink& io, const SourceManager& sources, const DiagnosticLog& diagnostics);

// Writes `text` to the file `path` through the sink's writer; the exit status (the problem written).
int write_named_file(Sink& io, const std::string& path, std::string_view text);

}  // namespace mlsi
