// Runner of the public API: a prepared scenario kept, with the values given for its inputs read once
// per text (or per unit, for numbers) into the prepared session, and each run one evaluation.
#include "mlsi/runner.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <utility>

#include "api/detail.hpp"
#include "mlsi/session.hpp"
#include "session/inputs.hpp"

namespace mlsi::api {

namespace detail {

struct RunnerState {
  SessionOptions options;
  RunRequest request;
  std::shared_ptr<PreparedRun> prepared;
  // Reading a value into the prepared session changes it: under the lock alone; evaluations share it.
  std::shared_mutex lock;
  // (input slot, text) -> the value that text gives the input; (slot, unit) -> the value of `1 UNIT`
  // (a number x in that unit is x times it, which is how the language evaluates `x UNIT`). Empty
  // optional: the text does not give the input a value (the slow run says why).
  std::map<std::pair<int, std::string>, std::optional<InputValue>> texts, units;
  CompiledRuns compiled;  // under the lock, as the caches
};

}  // namespace detail

namespace {

// The most values one runner reads into its session (each adds a source text); further new texts are
// run the slow way.
constexpr std::size_t kMaxReadValues = 4096;

using Key = std::pair<int, std::string>;
using Cache = std::map<Key, std::optional<InputValue>>;

RunRequest with_inputs(RunRequest request, const std::vector<InputSetting>& inputs) {
  for (const auto& i : inputs) request.inputs.push_back(i);
  return request;
}

// The value `text` gives input `slot`, read into the prepared session (under the exclusive lock).
std::optional<InputValue> read_value(detail::PreparedRun& prepared, int slot, const std::string& text, const std::string& origin) {
  mlsi::ProgramSession& s = *prepared.session;
  const Scenario& sc = s.program().scenarios[static_cast<std::size_t>(prepared.scenario)];
  GivenInputs given(sc.slots.size());
  bool ok = false;
  try {
    Evaluator ev(s.program(), prepared.limits);
    ok = apply_set(s, ev, prepared.scenario, sc.slots[static_cast<std::size_t>(slot)].name + "=" + text, given, origin);
  } catch (const EvalError&) {
    ok = false;
  }
  bool errors = s.diagnostics().has_errors();
  s.diagnostics().clear();
  if (!ok || errors) return std::nullopt;
  return given[static_cast<std::size_t>(slot)];
}

// The value setting `in` gives its input from the caches, or null when it is not cached.
const std::optional<InputValue>* cached(const detail::RunnerState& st, const Key& key, bool numeric) {
  const Cache& cache = numeric ? st.units : st.texts;
  auto it = cache.find(key);
  return it == cache.end() ? nullptr : &it->second;
}

// A number is read through its unit when it has a spelling the language reads back exactly.
bool numeric_setting(const InputSetting& in) { return in.numeric && std::isfinite(in.number); }

}  // namespace

Runner::Runner(std::shared_ptr<detail::RunnerState> state) : state_(std::move(state)) {}

bool Runner::ok() const { return state_->prepared->ok; }
const Diagnostics& Runner::diagnostics() const { return state_->prepared->diagnostics; }

RunResult Runner::run(const std::vector<InputSetting>& inputs) const {
  detail::RunnerState& st = *state_;
  auto slow = [&] { return Session(st.options).run(with_inputs(st.request, inputs)); };
  if (!st.prepared->ok) return slow();
  const Scenario& sc = st.prepared->session->program().scenarios[static_cast<std::size_t>(st.prepared->scenario)];
  std::vector<Key> keys;
  keys.reserve(inputs.size());
  for (const auto& in : inputs) {
    int slot = sc.find_slot(in.name);
    if (slot < 0 || sc.slots[static_cast<std::size_t>(slot)].kind != SlotKind::input) return slow();
    // The input a workload config sets, given again: the slow run says that both give it.
    if (const auto& given = st.prepared->given[static_cast<std::size_t>(slot)]; given && !st.options.workload_config.empty() &&
        given->origin.rfind(detail::caller_words(st.options).name("workload") + " ", 0) == 0)
      return slow();
    keys.emplace_back(slot, numeric_setting(in) ? in.unit : in.expression);
  }
  // The values not read yet are read first, under the exclusive lock.
  {
    std::shared_lock shared(st.lock);
    bool missing = false;
    for (std::size_t i = 0; i < inputs.size() && !missing; ++i) missing = !cached(st, keys[i], numeric_setting(inputs[i]));
    if (missing) {
      shared.unlock();
      std::unique_lock exclusive(st.lock);
      bool full = false;
      for (std::size_t i = 0; i < inputs.size() && !full; ++i) {
        bool numeric = numeric_setting(inputs[i]);
        if (cached(st, keys[i], numeric)) continue;
        full = st.texts.size() + st.units.size() >= kMaxReadValues;
        if (full) break;
        std::string text = numeric ? (keys[i].second.empty() ? "1" : "1 " + keys[i].second) : keys[i].second;
        (numeric ? st.units : st.texts)[keys[i]] = read_value(*st.prepared, keys[i].first, text, inputs[i].origin);
      }
      // The slow run reads everything again in a session of its own: the other runs need not wait for it.
      if (full) {
        exclusive.unlock();
        return slow();
      }
    }
  }
  std::shared_lock shared(st.lock);
  // Each setting's value (numbers in SI), and the shape of the inputs for the compiled kernel: the
  // last setting of a slot wins, as it does in `given`.
  std::vector<const InputValue*> values(inputs.size());
  std::vector<double> si(inputs.size());
  std::vector<std::size_t> last;  // the setting that gives each slot its value, by slot
  bool compilable = true;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    bool numeric = numeric_setting(inputs[i]);
    const std::optional<InputValue>& value = *cached(st, keys[i], numeric);
    if (!value) return slow();
    values[i] = &*value;
    if (numeric) {
      si[i] = inputs[i].number * value->value.number();
      if (!std::isfinite(si[i]) || value->in_scope) return slow();
    }
    // A value given as a formula over the other inputs is evaluated in the scenario at every run.
    compilable = compilable && !value->in_scope;
    auto same = std::find_if(last.begin(), last.end(), [&](std::size_t j) { return keys[j].first == keys[i].first; });
    if (same != last.end()) *same = i;
    else last.push_back(i);
  }
  detail::KernelKey kernel;
  std::vector<double> numbers;
  std::vector<const InputValue*> number_values;
  if (compilable) {
    std::sort(last.begin(), last.end(), [&](std::size_t a, std::size_t b) { return keys[a].first < keys[b].first; });
    for (std::size_t i : last) {
      if (numeric_setting(inputs[i])) {
        kernel.numbers.push_back(keys[i].first);
        numbers.push_back(si[i]);
        number_values.push_back(values[i]);
      } else {
        kernel.texts.emplace_back(keys[i].first, keys[i].second);
      }
    }
    if (auto result = detail::compiled_result(*st.prepared, st.compiled, kernel, numbers.data(), number_values)) return std::move(*result);
  }
  GivenInputs given = st.prepared->given;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    InputValue v = *values[i];
    if (numeric_setting(inputs[i])) v.value = mlsi::Value(si[i]);
    given[static_cast<std::size_t>(keys[i].first)] = std::move(v);
  }
  RunResult result = detail::evaluate_run(*st.prepared, given);
  // A failure is said as Session::run says it, whose values point into the texts as given.
  if (!result.ok) {
    shared.unlock();
    return slow();
  }
  auto known = st.compiled.kernels.find(kernel);
  if (compilable && (known == st.compiled.kernels.end() || !known->second.tried)) {
    shared.unlock();
    std::unique_lock exclusive(st.lock);
    detail::count_tree_run(*st.prepared, st.compiled, kernel, given);
  }
  return result;
}

std::uint64_t detail::kernel_runs(const Runner& runner) { return runner.state().compiled.kernel_runs.load(std::memory_order_relaxed); }

Runner Session::runner(const RunRequest& request) const {
  auto state = std::make_shared<detail::RunnerState>();
  state->options = options_;
  state->request = request;
  state->prepared = detail::prepare(options_, request);
  return Runner(std::move(state));
}

}  // namespace mlsi::api
