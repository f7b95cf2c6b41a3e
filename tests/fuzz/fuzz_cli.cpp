// libFuzzer target: the command line itself. An input is a case of cli_case.hpp, a `mlsi` argument
// vector over a few small files (sources that import each other, catalogues, --inputs files, standard
// input): the files are written into a folder of this process's own, the arguments confined to it,
// and mlsi::run_cli runs in-process with its output captured, as tests/unit/cli_harness.hpp does.
// The other targets reach only in-memory paths; this one reaches what reads and writes files: imports,
// `--catalog`, `--inputs`, `sweep --plot`, `plot -o`, `doc -o`, `fmt --write`, the REPL's `:load`.
//
// Between inputs nothing is kept: the folder is emptied before each case is written, MLSI_PATH is
// unset once (the catalogue folders of the machine would be read), and every limit is capped small.
#include <stdlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/cli.hpp"
#include "cli_case.hpp"

namespace fs = std::filesystem;

namespace {

// The folder, made once per process and removed at exit. The name is never freed: the exit handler
// runs after the destructors of static objects.
const std::string& folder() {
  static const std::string* path = [] {
    std::string pattern = (fs::temp_directory_path() / "mlsi_fuzz_cli_XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    auto* p = new std::string(fs::canonical(pattern).string());
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(*path, ec);
    });
    return p;
  }();
  return *path;
}

void empty_folder() {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder(), ec)) {
    fs::remove_all(entry.path(), ec);
  }
}

void write_files(const mlsi::fuzz::CliCase& c) {
  for (const auto& f : c.files) {
    fs::path path = fs::path(folder()) / f.name;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream(path, std::ios::binary).write(f.text.data(), static_cast<std::streamsize>(f.text.size()));
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ::unsetenv("MLSI_PATH");
  (void)folder();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto c = mlsi::fuzz::parse_cli_case(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!c) return -1;  // not a case: kept out of the corpus
  auto exists = [](const std::string& word) {
    std::error_code ec;
    return fs::exists(word, ec);
  };
  if (!mlsi::fuzz::confine_cli_case(*c, folder(), exists)) return -1;
  empty_folder();
  write_files(*c);
  std::ostringstream out, err;
  std::istringstream in(c->stdin_text.value_or(""));
  mlsi::CliStreams io{out, err, false, c->stdin_text ? &in : nullptr, false};
  (void)mlsi::run_cli(c->args, io);
  return 0;
}
