#include "session/run_request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "session/input_formulas.hpp"

namespace mlsi {

namespace {

bool looks_like_file(const std::string& target) {
  return target.find('/') != std::string::npos || target.ends_with(".mls") || std::filesystem::exists(target);
}

Outcome fail(Failure failure, std::string message = {}) { return Outcome{failure, std::move(message)}; }

// Loads and checks the target; the scenarios it may run are put in `candidates`.
Outcome load_target(ProgramSession& session, const std::string& target, std::vector<int>& candidates) {
  if (looks_like_file(target)) {
    auto file = session.load_file(target);
    if (!file && session.diagnostics().list().size() == 1 && !session.diagnostics().list()[0].span.valid()) {
      // The file cannot be read at all: a problem of the request, not of a source.
      std::string message = session.diagnostics().list()[0].message;
      session.diagnostics().clear();
      return fail(Failure::usage, std::move(message));
    }
    bool ok = session.check();
    if (!ok || !file) return fail(Failure::source);
    candidates = session.scenarios_of(*file);
    return {};
  }
  session.load_builtin_scenarios_for(target);
  if (!session.check()) return fail(Failure::source);
  const Program& p = session.program();
  if (!p.find_scenario(target)) {
    std::vector<std::string> names;
    for (const auto& s : p.scenarios) names.push_back(s.name);
    return fail(Failure::usage, fmt::format("no file or built-in scenario named `{}`{}", target, did_you_mean(target, names)));
  }
  candidates.push_back(p.find_scenario_index(target));
  return {};
}

// The scenario of `candidates` that the request names, or their only one.
Outcome choose_scenario(const Program& p, const RunTask& request, const std::vector<int>& candidates, int& scenario, const CallerWords& words) {
  auto name_of = [&](int c) -> const std::string& { return p.scenarios[static_cast<std::size_t>(c)].name; };
  scenario = -1;
  if (!request.scenario.empty()) {
    for (int c : candidates)
      if (name_of(c) == request.scenario) scenario = c;
    if (scenario >= 0) return {};
    std::vector<std::string> names;
    for (int c : candidates) names.push_back(name_of(c));
    return fail(Failure::usage, fmt::format("`{}` declares no scenario `{}`{}", request.target, request.scenario, did_you_mean(request.scenario, names)));
  }
  if (candidates.size() == 1) {
    scenario = candidates[0];
    return {};
  }
  if (candidates.empty()) return fail(Failure::usage, fmt::format("`{}` declares no scenario (imported ones do not count)", request.target));
  // `--config C`: a config names its scenario (`config C for S`), so no --scenario is needed.
  if (!request.config.empty()) {
    std::vector<std::string> owners, configs;
    for (const auto& c : p.configs) {
      if (std::find(candidates.begin(), candidates.end(), c.scenario) == candidates.end()) continue;
      configs.push_back(c.name);
      if (c.name != request.config) continue;
      scenario = c.scenario;
      owners.push_back(name_of(c.scenario));
    }
    if (owners.size() == 1) return {};
    scenario = -1;
    if (owners.empty())
      return fail(Failure::usage, fmt::format("`{}` declares no config `{}`{}", request.target, request.config, did_you_mean(request.config, configs)));
    std::string list;
    for (const auto& o : owners) list += (list.empty() ? "" : ", ") + o;
    return fail(Failure::usage, fmt::format("`{}` declares a config `{}` for several scenarios ({}); choose one with {}",
                                            request.target, request.config, list, words.give("scenario", "NAME")));
  }
  std::string names;
  for (int c : candidates) names += (names.empty() ? "" : ", ") + name_of(c);
  return fail(Failure::usage, fmt::format("`{}` declares several scenarios ({}); choose one with {}", request.target, names, words.give("scenario", "NAME")));
}

}  // namespace

ConfigLookup find_config(const Program& program, int scenario, const std::string& name) {
  ConfigLookup found;
  std::vector<std::string> names;
  for (const auto& c : program.configs)
    if (c.scenario == scenario) {
      names.push_back(c.name);
      if (c.name == name) found.config = &c;
    }
  if (!found.config)
    found.message = fmt::format("scenario `{}` has no config `{}`{}", program.scenarios[static_cast<std::size_t>(scenario)].name, name,
                                did_you_mean(name, names));
  return found;
}

bool request_errors_only(const DiagnosticLog& diagnostics) {
  return diagnostics.has_errors() && std::all_of(diagnostics.list().begin(), diagnostics.list().end(), [](const Diagnostic& d) {
           return d.severity != Severity::error || !d.span.valid();
         });
}

PreparedScenario prepare_run(ProgramSession& session, const RunTask& request, const EvaluationLimits& limits, std::size_t max_file_size) {
  PreparedScenario run;
  // A catalogue that did not load: one that cannot be read, or one with errors in it.
  if (session.diagnostics().has_errors()) {
    run.outcome = fail(request_errors_only(session.diagnostics()) ? Failure::usage : Failure::source);
    return run;
  }
  std::vector<int> candidates;
  run.outcome = load_target(session, request.target, candidates);
  if (!run.outcome.ok()) return run;
  run.warnings = std::move(session.diagnostics());
  session.diagnostics().clear();
  Program& p = session.program();
  run.outcome = choose_scenario(p, request, candidates, run.scenario, session.options().words);
  if (!run.outcome.ok()) return run;

  Evaluator ev(p, limits);
  run.given.assign(p.scenarios[static_cast<std::size_t>(run.scenario)].slots.size(), std::nullopt);
  try {
    if (!request.config.empty()) {
      ConfigLookup config = find_config(p, run.scenario, request.config);
      if (!config.config) {
        run.outcome = fail(Failure::usage, std::move(config.message));
        return run;
      }
      apply_config(session, ev, *config.config, run.given);
    }
    bool ok = true;
    if (!request.inputs_file.empty()) ok = apply_inputs_file(session, ev, run.scenario, request.inputs_file, max_file_size, run.given);
    // --workload after the config and --inputs, which it overrides; a --set of the same input is an error
    // below, not an override, because one of the two would be silently lost.
    int workload_slot = -1;
    if (session.converted_workload()) {
      std::string message;
      workload_slot = apply_converted_workload(session, ev, run.scenario, run.given, message);
      if (workload_slot == -1) {
        run.outcome = fail(Failure::usage, std::move(message));
        return run;
      }
      ok = workload_slot >= 0 && ok;
    }
    for (std::size_t i = 0; i < request.sets.size(); ++i) {
      const std::string& origin = i < request.set_origins.size() ? request.set_origins[i] : std::string();
      ok = apply_set(session, ev, run.scenario, request.sets[i], run.given, origin) && ok;
    }
    const std::string workload_named = session.options().words.name("workload");
    if (ok && workload_slot >= 0 && run.given[static_cast<std::size_t>(workload_slot)]->origin.rfind(workload_named + " ", 0) != 0) {
      const std::string& name = p.scenarios[static_cast<std::size_t>(run.scenario)].slots[static_cast<std::size_t>(workload_slot)].name;
      const std::string& other = run.given[static_cast<std::size_t>(workload_slot)]->origin;
      run.outcome = fail(Failure::usage, fmt::format("{} and {} both give `{}`: give one of them", workload_named,
                                                     other.empty() ? session.options().words.name("set") : other, name));
      return run;
    }
    // Once every value is given: a formula reads the others' final values.
    ok = ok && check_given_formulas(session, run.scenario, run.given);
    if (!ok) run.outcome = fail(Failure::usage);
  } catch (const EvalError& e) {
    session.diagnostics().add(e.diag);
    run.outcome = fail(Failure::evaluation);
  }
  return run;
}

}  // namespace mlsi
