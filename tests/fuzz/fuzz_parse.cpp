// libFuzzer target: the parser alone, hundreds of times faster than fuzz_pipeline (which builds the
// prelude and the catalogue for every input). The bytes are parsed as a file, as one expression (a
// `--set` value) and as a unit (`-> unit`), and the diagnostics rendered.
#include <cstddef>
#include <cstdint>
#include <string>

#include "source/diagnostics.hpp"
#include "syntax/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mlsi;
  SourceManager sources;
  DiagnosticLog diags;
  FileId file = sources.add("fuzz.mls", std::string(reinterpret_cast<const char*>(data), size));
  (void)parse_module(sources, file, diags);
  (void)parse_expression(sources, file, diags);
  (void)parse_unit(sources, file, diags);
  (void)render_all(sources, diags, false);
  (void)render_all(sources, diags, true);
  return 0;
}
