// libFuzzer target: a Hugging Face config.json (`mlsi catalogue from-hf`, `--workload`). The bytes are
// written to a scratch file and converted as a session does (the JSON, the shapes and their checks, the
// parameter counts, the TOML entry loaded after the built-in catalogue), the diagnostics rendered; an
// entry that converts is then shown as `mlsi show` prints it and given to DecodeRoofline by --workload.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_common.hpp"

namespace {

using mlsi::fuzz::cli;

// Each input is written here, for the commands that read a file.
const mlsi::fuzz::ScratchFile scratch_file("hf_config.json");
const std::string& scratch() { return scratch_file.path(); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  scratch_file.write(data, size);
  mlsi::ProgramSessionOptions options;
  options.workload_config = scratch();
  mlsi::ProgramSession session(options);
  bool ok = !session.diagnostics().has_errors() && session.converted_workload();
  mlsi::fuzz::drain(session);
  if (!ok) return 0;
  const std::string key = session.converted_workload()->key;
  cli({"show", key, "--workload", scratch()});  // refused: --workload is not an option of show
  cli({"run", "DecodeRoofline", "--workload", scratch(), "--max-steps", "200000"});
  cli({"run", "ServingFit", "--workload", scratch(), "--format", "json", "--max-steps", "200000"});
  return 0;
}
