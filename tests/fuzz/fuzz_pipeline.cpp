// libFuzzer target: a .mls source text through the whole pipeline. The text is parsed and checked
// against the prelude and the built-in catalogue; every scenario it declares is then evaluated with its
// defaults and with each of its configs (and their `expect` values), and the results and diagnostics are
// rendered as the CLI would print them. The text is not on disk, so `import` is an error here: the
// fuzzer touches no file.
//
// Building the prelude and the catalogue takes much of the time of an input, and most mutated inputs
// are not even valid syntax: those are parsed (and their errors rendered) on their own first, exactly as
// the session would, and only a text that parses gets a session.
#include <cstddef>
#include <cstdint>
#include <string>

#include "syntax/parser.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mlsi;
  std::string text(reinterpret_cast<const char*>(data), size);
  {
    SourceManager sources;
    DiagnosticLog diags;
    FileId scratch = sources.add("fuzz.mls", text);
    bool parses = parse_module(sources, scratch, diags).has_value();
    (void)render_all(sources, diags, false);
    if (!parses) return 0;
  }
  // The built-in catalogue and prelude read on demand, as `mlsi run` and `mlsi check` read them (and
  // several times faster per input than reading all of them).
  ProgramSessionOptions options;
  options.read_on_demand = true;
  ProgramSession session(options);
  auto file = session.load_text("fuzz.mls", std::move(text));
  bool ok = session.check() && file;
  fuzz::drain(session);
  if (!ok) return 0;
  Program& p = session.program();
  for (int sc : session.scenarios_of(*file)) {
    const Scenario& scenario = p.scenarios[static_cast<std::size_t>(sc)];
    {
      Evaluator ev(p, fuzz::small_limits());
      fuzz::run_and_render(session, ev, sc, GivenInputs(scenario.slots.size()), "");
    }
    for (const Config& cfg : p.configs) {
      if (cfg.scenario != sc) continue;
      Evaluator ev(p, fuzz::small_limits());
      GivenInputs given(scenario.slots.size());
      try {
        apply_config(session, ev, cfg, given);
        for (const auto& x : cfg.expects) {
          (void)ev.value(x.value);
          if (x.tolerance) (void)ev.value(*x.tolerance);
        }
      } catch (const EvalError& e) {
        (void)render(p.sources, e.diag, false);
        continue;
      }
      fuzz::run_and_render(session, ev, sc, given, cfg.name);
    }
  }
  fuzz::drain(session);
  return 0;
}
