#include "commands/sink.hpp"

#include <fmt/format.h>

namespace mlsi {

int usage(Sink& io, const std::string& message) {
  io.err << "error: " << message << "\n" << io.usage_advice;
  return kExitUsage;
}

void write_diagnostics(Sink& io, const SourceManager& sources, const DiagnosticLog& diagnostics) {
  io.err << render_all(sources, diagnostics, io.colour, io.max_errors);
}

int write_named_file(Sink& io, const std::string& path, std::string_view text) {
  std::optional<std::string> failure =
      io.write_file ? io.write_file(path, text) : fmt::format("cannot write to `{}`: this caller writes no files", path);
  if (!failure) return kExitOk;
  io.err << fmt::format("error: {}\n", *failure);
  return kExitUsage;
}

}  // namespace mlsi
