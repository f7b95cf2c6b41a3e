// `mlsi lsp` on a 500-line document (issue #24: a hover under 20 ms, a re-check after an edit under 50
// ms). The server runs in this process: each iteration is a message handled as it would be from an editor,
// its answer written to a stream that is thrown away. The document: 25 scenarios of 14 lines (inputs with
// defaults and `where`, lets, outputs reading each other and a catalogue entry) and a config of 6 lines
// with expectations for each, 500 lines in all.
#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <sstream>
#include <string>

#include "lsp/server.hpp"

namespace {

std::string document() {
  std::string text;
  for (int i = 0; i < 25; ++i) {
    text += fmt::format(
        "## Block {0}: the weights of `workload` over `devices`.\n"
        "scenario Block{0} {{\n"
        "  input workload: Workload = GPT3\n"
        "  input bytes_per_value: Information = 2 byte\n"
        "  input devices: Count = {1} where devices >= 1\n"
        "  input bandwidth: Information / Time = 3.35 TB/s\n"
        "  let weights = workload.parameters * bytes_per_value\n"
        "  let per_device = weights / devices\n"
        "  output memory = per_device -> GB\n"
        "  output read_time = per_device / bandwidth -> ms\n"
        "  output layers = [per_device / workload.layers * k for k in range(1, 9)] -> MB\n"
        "  output fits = per_device <= H100.memory\n"
        "  check devices <= 100000 else \"too many devices\"\n"
        "}}\n"
        "config many{0} for Block{0} {{\n"
        "  devices = {2}\n"
        "  bytes_per_value = 4 byte\n"
        "  expect memory == {3} GB within 0.1%\n"
        "  expect fits == true\n"
        "}}\n",
        i, 8 + i, 16 + i, 175e9 * 4 / (16 + i) / 1e9);
  }
  return text;
}

// A server with the document open and checked, and where the cursor goes.
struct Opened {
  std::ostringstream out, log;
  mlsi::lsp::Server server{mlsi::lsp::ServerOptions{}, out, log};
  std::string text = document();
  int version = 1;
  Opened() {
    server.handle(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})");
    mlsi::jsonrpc::Json open{{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"},
                             {"params", {{"textDocument", {{"uri", "file:///tmp/bench.mls"}, {"languageId", "mls"}, {"version", 1}, {"text", text}}}}}};
    server.handle(open.dump());
    server.flush();
  }
};

void LspHover500Lines(benchmark::State& state) {
  Opened o;
  // `per_device` in the formula of `read_time` of the 13th scenario (line 6 of its 20): its type, doc and value.
  std::string hover = R"({"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/bench.mls"},"position":{"line":249,"character":22}}})";
  for (auto _ : state) {
    o.out.str("");
    o.server.handle(hover);
    benchmark::DoNotOptimize(o.out.str().size());
  }
  if (o.out.str().find("at the defaults") == std::string::npos) state.SkipWithError("the hover has no value");
  state.counters["lines"] = 500;
}
BENCHMARK(LspHover500Lines)->Unit(benchmark::kMillisecond);

void LspRecheckAfterEdit500Lines(benchmark::State& state) {
  Opened o;
  for (auto _ : state) {
    // A keystroke in the middle of the document: a default changes from 20 to 21 and back.
    ++o.version;
    mlsi::jsonrpc::Json change{{"jsonrpc", "2.0"}, {"method", "textDocument/didChange"},
                               {"params", {{"textDocument", {{"uri", "file:///tmp/bench.mls"}, {"version", o.version}}},
                                           {"contentChanges", {{{"range", {{"start", {{"line", 244}, {"character", 25}}}, {"end", {{"line", 244}, {"character", 27}}}}},
                                                                {"text", o.version % 2 ? "20" : "21"}}}}}}};
    o.out.str("");
    o.server.handle(change.dump());
    o.server.flush();  // the check, the evaluations and the diagnostics published
    benchmark::DoNotOptimize(o.out.str().size());
  }
  if (o.out.str().find("publishDiagnostics") == std::string::npos) state.SkipWithError("no diagnostics published");
  state.counters["lines"] = 500;
}
BENCHMARK(LspRecheckAfterEdit500Lines)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
