// libFuzzer target: a `--set NAME=EXPR` argument. The bytes are one argument, applied as `mlsi run`
// applies it to a scenario with inputs of every kind of type (a Count with a `where`, quantities, a
// catalogue Workload and Hardware, an enumeration, lists, a Bool, a Text): split at `=`, the expression
// parsed, checked against the input's type and evaluated; when accepted, the scenario runs with it and
// its results are rendered.
//
// The session (prelude, catalogue, the scenario) is built once and kept for 5,000 inputs: an argument
// only adds a source text of its own and compiles against what is there, so an input means the same
// whatever came before, and the target runs a hundred times faster than with a session per input.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fuzz_common.hpp"

namespace {

const char* kScenario = R"(scenario SetTarget {
  input batch: Count = 8 where batch >= 1
  input bytes_per_value: Information = 2 byte
  input bandwidth: Information / Time = 3.35 TB/s
  input workload: Workload = Llama2_70B
  input hw: Hardware = H100
  input padding: one of same | valid | full = same
  input sizes: List[Information] = [1 GB, 2 GB] where sizes > 0 byte
  input rewards: List[Count] = [1, 0, 1]
  input flag: Bool = true
  input label: Text = "x"
  output per_token = 2 * workload.layers * workload.kv_heads * (workload.hidden_dim / workload.heads) * bytes_per_value -> KiB
  output total = per_token * batch -> GiB
  output sweep = sum(sizes) / bandwidth -> ms
  output fits = total <= hw.memory
  output pad = match padding { same => 1, valid => 2, full => 3 }
  output reward = mean(rewards)
  output labelled = if flag then label == "x" else false
}
)";

struct Fixture {
  std::unique_ptr<mlsi::ProgramSession> session;
  int scenario = -1;
  int uses = 0;
};

Fixture& fixture() {
  static Fixture f;
  if (!f.session || ++f.uses > 5000) {
    f.session = std::make_unique<mlsi::ProgramSession>();
    f.uses = 0;
    auto file = f.session->load_text("set_target.mls", kScenario);
    if (!f.session->check() || !file || f.session->scenarios_of(*file).size() != 1) __builtin_trap();  // the fixture is wrong
    f.scenario = f.session->scenarios_of(*file)[0];
  }
  return f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mlsi;
  Fixture& fx = fixture();
  ProgramSession& session = *fx.session;
  int scenario = fx.scenario;
  Program& p = session.program();
  Evaluator ev(p, fuzz::small_limits());
  GivenInputs given(p.scenarios[static_cast<std::size_t>(scenario)].slots.size());
  bool ok = false;
  try {
    ok = apply_set(session, ev, scenario, std::string(reinterpret_cast<const char*>(data), size), given);
  } catch (const EvalError& e) {
    (void)render(p.sources, e.diag, false);
  }
  fuzz::drain(session);
  if (ok) fuzz::run_and_render(session, ev, scenario, given, "");
  return 0;
}
