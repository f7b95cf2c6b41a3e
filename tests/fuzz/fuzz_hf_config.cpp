// libFuzzer target: a Hugging Face config.json (`mlsi catalogue from-hf`, `--workload`). The bytes are
// written to a scratch file and converted as a session does (the JSON, the shapes and their checks, the
// parameter counts, the TOML entry loaded after the built-in catalogue), the diagnostics rendered; an
// entry that converts is then shown as `mlsi show` prints it and given to DecodeRoofline by --workload.
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
        (std::filesystem::temp_directory_path() / ("mlsi_fuzz_hf_config_" + std::to_string(::getpid()) + ".json")).string());
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
  mlsi::SessionOptions options;
  options.workload_config = scratch();
  mlsi::Session session(options);
  bool ok = !session.diagnostics().has_errors() && session.converted_workload();
  mlsi::fuzz::drain(session);
  if (!ok) return 0;
  const std::string key = session.converted_workload()->key;
  cli({"show", key, "--workload", scratch()});  // refused: --workload is not an option of show
  cli({"run", "DecodeRoofline", "--workload", scratch(), "--max-steps", "200000"});
  cli({"run", "ServingFit", "--workload", scratch(), "--format", "json", "--max-steps", "200000"});
  return 0;
}
