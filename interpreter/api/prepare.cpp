// The library half of `mlsi run` for the public API: load the file or find the scenario, check, apply
// the config and the inputs; every problem a diagnostic, nothing printed.
#include <fmt/format.h>

#include <cmath>

#include "api/detail.hpp"

namespace mlsi::api {

namespace {

RunRequest& add(RunRequest& r, std::string name, std::string expression) {
  r.inputs.push_back(InputSetting{std::move(name), std::move(expression)});
  return r;
}

}  // namespace

RunRequest& RunRequest::set(std::string name, std::string expression) { return add(*this, std::move(name), std::move(expression)); }

RunRequest& RunRequest::set(std::string name, double number, const std::string& unit) {
  // A number that is not finite has no .mls spelling: `inf` would read as a name, and be reported as one.
  std::string text = std::isfinite(number) ? fmt::format("{}", number) : (std::isnan(number) ? "nan" : "inf");
  if (!unit.empty()) text += " " + unit;
  return add(*this, std::move(name), std::move(text));
}

namespace detail {

mlsi::SessionOptions session_options(const SessionOptions& options) {
  mlsi::SessionOptions s;
  s.catalogues = options.catalogues;
  s.max_import_depth = options.limits.max_import_depth;
  s.max_files = options.limits.max_files;
  s.max_file_size = options.limits.max_file_size;
  s.max_nesting = options.limits.max_nesting;
  s.read_on_demand = true;  // as `mlsi run`: a run reads the catalogue entries and prelude files it uses
  return s;
}

mlsi::Limits evaluation_limits(const Limits& limits) {
  mlsi::Limits l;
  l.max_call_depth = limits.max_call_depth;
  l.max_list_length = limits.max_list_length;
  l.max_steps = limits.max_steps;
  return l;
}

std::shared_ptr<mlsi::Session> open_session(const SessionOptions& options) {
  auto session = std::make_shared<mlsi::Session>(session_options(options));
  for (const auto& file : options.files) session->load_file(file);
  return session;
}

namespace {

std::string suggestion(const std::string& name, const std::vector<std::string>& candidates) {
  auto s = closest_name(name, candidates);
  return s.empty() ? "" : fmt::format("; did you mean `{}`?", s);
}

// The scenario the request names, or -1 after adding why not to `problems`.
int find_scenario(mlsi::Session& session, const RunRequest& request, std::vector<mlsi::Diagnostic>& problems) {
  Program& p = session.program();
  std::vector<int> candidates;
  if (!request.file.empty()) {
    auto file = session.load_file(request.file);
    if (!session.check() || !file) return -1;
    candidates = session.scenarios_of(*file);
  } else {
    if (request.scenario.empty()) {
      problems.push_back(plain_error("the request names no scenario and no file"));
      return -1;
    }
    // A scenario of the session's files runs as it is; else the built-in files it needs are read.
    if (!session.check()) return -1;
    if (p.find_scenario_index(request.scenario) < 0) {
      session.load_builtin_scenarios_for(request.scenario);
      if (!session.check()) return -1;
    }
    int index = p.find_scenario_index(request.scenario);
    if (index < 0) {
      std::vector<std::string> names;
      for (const auto& s : p.scenarios) names.push_back(s.name);
      problems.push_back(plain_error(fmt::format("no scenario named `{}` in the session's files or among the built-in scenarios{}", request.scenario, suggestion(request.scenario, names))));
      return -1;
    }
    return index;
  }
  auto name_of = [&](int c) { return p.scenarios[static_cast<std::size_t>(c)].name; };
  if (!request.scenario.empty()) {
    std::vector<std::string> names;
    for (int c : candidates) {
      if (name_of(c) == request.scenario) return c;
      names.push_back(name_of(c));
    }
    problems.push_back(plain_error(fmt::format("`{}` declares no scenario `{}`{}", request.file, request.scenario,
                                               suggestion(request.scenario, names))));
    return -1;
  }
  if (candidates.size() == 1) return candidates[0];
  if (candidates.empty()) {
    problems.push_back(plain_error(fmt::format("`{}` declares no scenario (imported ones do not count)", request.file)));
    return -1;
  }
  std::string names;
  for (int c : candidates) names += (names.empty() ? "" : ", ") + name_of(c);
  problems.push_back(plain_error(fmt::format("`{}` declares several scenarios ({}); choose one by its name", request.file, names)));
  return -1;
}

// Applies the config and the inputs; false after adding why not (to the session or `problems`).
bool gather_inputs(mlsi::Session& session, const RunRequest& request, PreparedRun& run, std::vector<mlsi::Diagnostic>& problems) {
  Program& p = session.program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(run.scenario)];
  Evaluator ev(p, run.limits);
  run.given.assign(sc.slots.size(), std::nullopt);
  try {
    if (!request.config.empty()) {
      const Config* config = nullptr;
      std::vector<std::string> names;
      for (const auto& c : p.configs)
        if (c.scenario == run.scenario) {
          names.push_back(c.name);
          if (c.name == request.config) config = &c;
        }
      if (!config) {
        problems.push_back(plain_error(fmt::format("scenario `{}` has no config `{}`{}", sc.name, request.config, suggestion(request.config, names))));
        return false;
      }
      apply_config(session, ev, *config, run.given);
    }
    bool ok = true;
    for (const auto& input : request.inputs)
      ok = apply_set(session, ev, run.scenario, input.name + "=" + input.expression, run.given) && ok;
    return ok;
  } catch (const EvalError& e) {
    problems.push_back(e.diag);
    return false;
  }
}

}  // namespace

std::shared_ptr<PreparedRun> prepare(const SessionOptions& options, const RunRequest& request) {
  auto run = std::make_shared<PreparedRun>();
  run->session = open_session(options);
  run->limits = evaluation_limits(options.limits);
  run->config = request.config;
  std::vector<mlsi::Diagnostic> problems;
  mlsi::Session& session = *run->session;
  if (!session.diagnostics().has_errors()) {
    run->scenario = find_scenario(session, request, problems);
    if (run->scenario >= 0) {
      run->scenario_name = session.program().scenarios[static_cast<std::size_t>(run->scenario)].name;
      run->ok = gather_inputs(session, request, *run, problems) && !session.diagnostics().has_errors();
    }
  }
  run->ok = run->ok && problems.empty();
  run->diagnostics = take_diagnostics(run->session, std::move(problems));
  return run;
}

}  // namespace detail

}  // namespace mlsi::api
