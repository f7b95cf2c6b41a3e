#pragma once
// Shared by the libFuzzer targets: evaluation with limits small enough that every input finishes in
// milliseconds (a finding is a crash, a sanitizer report, a leak or a time-out, never a slow input that
// the limits would stop anyway), and what a user would see printed.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/cli.hpp"
#include "eval/evaluator.hpp"
#include "session/inputs.hpp"
#include "report/render.hpp"
#include "session/session.hpp"

namespace mlsi::fuzz {

// The one scratch file of a fuzz process (`mlsi_fuzz_NAME_PID.EXT` in the temporary folder) that each input
// is written to, for the targets that read their input from a file; removed when the process exits.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& name_and_extension)
      : path_((std::filesystem::temp_directory_path() / ("mlsi_fuzz_" + std::to_string(::getpid()) + "_" + name_and_extension)).string()) {}
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
  ~ScratchFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  const std::string& path() const { return path_; }
  // Replaces the file's contents with the input.
  const std::string& write(const std::uint8_t* data, std::size_t size) const {
    std::ofstream f(path_, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path_;
  }

 private:
  std::string path_;
};

// `mlsi ARGS...` in-process, its output discarded.
inline int cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  return run_cli(args, CliStreams{out, err, false});
}

inline EvaluationLimits small_limits() {
  EvaluationLimits l;
  l.max_steps = 200'000;
  l.max_list_length = 10'000;
  return l;
}

// Renders the session's diagnostics as the CLI prints them, then forgets them.
inline void drain(ProgramSession& s) {
  std::string text = render_all(s.program().sources, s.diagnostics(), false);
  s.diagnostics().clear();
  (void)text;
}

// Runs a scenario with the given inputs and renders the results in every format, or the error.
inline void run_and_render(ProgramSession& s, Evaluator& ev, int scenario, const GivenInputs& given, const std::string& config) {
  Program& p = s.program();
  try {
    ScenarioRun run = ev.run(scenario, given);
    for (Format f : {Format::table, Format::json, Format::csv}) (void)render_run(p, run, config, f, f == Format::table);
  } catch (const EvalError& e) {
    (void)render(p.sources, e.diag, false);
  }
}

}  // namespace mlsi::fuzz
