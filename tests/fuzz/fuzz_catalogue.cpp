// libFuzzer target: a user catalogue file (`--catalog FILE.toml`). The bytes are written to a scratch
// file, loaded after the built-in catalogue exactly as `mlsi check-catalogue` does (TOML parsing, the
// schema of every kind, quantities and units in strings, references, overrides, derived fields), the
// diagnostics rendered; the first entry it adds is then shown as `mlsi show` prints it, in both formats.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_common.hpp"

namespace {

using mlsi::fuzz::cli;

// Each input is written here, for the commands that read a file.
const mlsi::fuzz::ScratchFile scratch_file("catalogue.toml");
const std::string& scratch() { return scratch_file.path(); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  scratch_file.write(data, size);
  mlsi::ProgramSessionOptions options;
  options.catalogues = {scratch()};
  mlsi::ProgramSession session(options);
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
