// libFuzzer target: a user catalogue file (`--catalog FILE.toml`). The bytes are written to a scratch
// file, loaded after the built-in catalogue exactly as `mlsi check-catalogue` does (TOML parsing, the
// schema of every kind, quantities and units in strings, references, overrides, derived fields), the
// diagnostics rendered; the first entry it adds is then shown as `mlsi show` prints it, in both formats.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/cli.hpp"
#include "fuzz_common.hpp"

namespace {

// One scratch file per process, removed at exit. The name is never freed: the exit handler runs after
// the destructors of static objects.
const std::string& scratch() {
  static const std::string* path = [] {
    auto* p = new std::string(
        (std::filesystem::temp_directory_path() / ("mlsi_fuzz_catalogue_" + std::to_string(::getpid()) + ".toml")).string());
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove(*path, ec);
    });
    return p;
  }();
  return *path;
}

int cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  return mlsi::run_cli(args, mlsi::CliStreams{out, err, false});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  {
    std::ofstream f(scratch(), std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  mlsi::Session session(mlsi::SessionOptions{{scratch()}});
  bool ok = !session.diagnostics().has_errors();
  mlsi::fuzz::drain(session);
  if (!ok) return 0;
  // The first entry the file added or replaced, shown in both formats (each field as the file gave it).
  for (const auto& entry : session.program().catalogue.entries) {
    if (entry.builtin) continue;
    cli({"show", entry.key, "--catalog", scratch()});
    cli({"show", entry.key, "--format", "json", "--catalog", scratch()});
    break;
  }
  return 0;
}
