// libFuzzer target: a .mls source text through the whole pipeline. The text is parsed and checked
// against the prelude and the built-in catalogue; every scenario it declares is then evaluated with its
// defaults and with each of its configs (and their `expect` values), and the results and diagnostics are
// rendered as the CLI would print them. The text is not on disk, so `import` is an error here: the
// fuzzer touches no file.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mlsi;
  Session session;
  auto file = session.load_text("fuzz.mls", std::string(reinterpret_cast<const char*>(data), size));
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
