// `mlsi fmt FILE... [--write | --check]`: print, rewrite or check files in canonical layout.
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "base/activity.hpp"
#include "source/embedded.hpp"
#include "source/file_reader.hpp"
#include "formatter/formatter.hpp"

namespace mlsi {
namespace {

// A file to format: its text, the name its diagnostics give it, and whether it is a built-in pack file.
struct FmtSource {
  std::string text, shown;
  bool builtin = false;
};

// The text of `path` (`-`: standard input; a path not on disk that names a built-in pack file: that
// file), or nothing with a message when it cannot be read whole: standard input, like a file, at most
// --max-file-size bytes.
std::optional<FmtSource> read_source(const std::string& path, const VerbRequest& o, Sink& io) {
  if (path == "-" && io.in == nullptr) {
    io.err << "error: no standard input to read\n";
    return std::nullopt;
  }
  auto read = path == "-" ? read_stream(*io.in, o.limits.max_file_size) : read_regular_file(path, o.limits.max_file_size);
  if (read.error && read.error->kind == ReadError::Kind::missing && path != "-") {
    if (auto builtin = builtin_pack_file(path)) {
      const EmbeddedFile& f = embedded_files()[*builtin];
      return FmtSource{std::string(f.text), builtin_shown_name(f), true};
    }
    if (auto near = closest_builtin_file(path); !near.empty()) {
      io.err << fmt::format("error: {}; did you mean the built-in `{}`?\n", describe(*read.error, path), near);
      return std::nullopt;
    }
  }
  if (!read) {
    io.err << fmt::format("error: {}\n", describe(*read.error, path == "-" ? "<stdin>" : path));
    return std::nullopt;
  }
  return FmtSource{std::move(read.text), path == "-" ? "<stdin>" : path, false};
}

// The files named on the command line, a folder standing for every .mls file under it (sorted).
std::vector<std::string> expand_folders(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& path : paths) {
    std::error_code ec;
    if (path == "-" || !fs::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(path, ec))
      if (entry.is_regular_file() && entry.path().extension() == ".mls") found.push_back(entry.path().string());
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace

int run_fmt(const VerbRequest& o, Sink& io) {
  Activity activity("formatting");
  if (o.positional.empty()) return usage(io, "`mlsi fmt` needs at least one FILE (`-`: standard input)");
  if (o.fmt_write && o.fmt_check) return usage(io, "`mlsi fmt` takes --write or --check, not both");
  int status = kExitOk;
  for (const auto& path : expand_folders(o.positional)) {
    if (o.fmt_write && path == "-") {
      status = std::max(status, usage(io, "`mlsi fmt --write` cannot rewrite standard input"));
      continue;
    }
    auto source = read_source(path, o, io);
    if (!source) {
      status = std::max(status, kExitUsage);
      continue;
    }
    if (o.fmt_write && source->builtin) {
      io.err << fmt::format("error: `{}` is the built-in file `{}`, not a file on disk: `mlsi fmt --write` has nothing to rewrite "
                            "(`mlsi fmt {} > FILE.mls` writes a copy)\n", path, source->shown, path);
      status = std::max(status, kExitUsage);
      continue;
    }
    const std::string& text = source->text;
    SourceManager sources;
    FileId file = sources.add(source->shown, text, source->builtin ? "" : path);
    DiagnosticLog diags;
    auto formatted = format_file(sources, file, diags);
    if (!formatted) {
      io.err << render_all(sources, diags, io.colour, io.max_errors);
      status = std::max(status, kExitSource);
      continue;
    }
    bool changed = *formatted != text;
    if (o.fmt_check) {
      if (changed) {
        io.out << path << "\n";
        status = std::max(status, kExitFailed);
      }
    } else if (o.fmt_write) {
      if (!changed) continue;
      if (int written = write_named_file(io, path, *formatted); written != kExitOk) {
        status = std::max(status, written);
        continue;
      }
      io.out << fmt::format("{}: formatted\n", path);
    } else {
      io.out << *formatted;
    }
  }
  return status;
}

}  // namespace mlsi
