// Requests of the public API turned into session/run_request.hpp's, which `mlsi run` prepares too: load
// the file or find the scenario, check, apply the config and the inputs; every problem a diagnostic.
#include <fmt/format.h>

#include <cmath>

#include "api/detail.hpp"
#include "session/run_request.hpp"

namespace mlsi::api {

namespace {

RunRequest& add(RunRequest& r, std::string name, std::string expression) {
  InputSetting setting;
  setting.name = std::move(name);
  setting.expression = std::move(expression);
  r.inputs.push_back(std::move(setting));
  return r;
}

}  // namespace

RunRequest& RunRequest::set(std::string name, std::string expression) { return add(*this, std::move(name), std::move(expression)); }

RunRequest& RunRequest::set(std::string name, double number, const std::string& unit) {
  // A number that is not finite has no .mls spelling: `inf` would read as a name, and be reported as one.
  std::string text = std::isfinite(number) ? fmt::format("{}", number) : (std::isnan(number) ? "nan" : "inf");
  if (!unit.empty()) text += " " + unit;
  add(*this, std::move(name), std::move(text));
  InputSetting& setting = inputs.back();
  setting.numeric = true;
  setting.number = number;
  setting.unit = unit;
  return *this;
}

namespace detail {

mlsi::ProgramSessionOptions session_options(const SessionOptions& options) {
  mlsi::ProgramSessionOptions s;
  s.catalogues = options.catalogues;
  s.catalogue_texts = options.catalogue_texts;
  s.workload_config = options.workload_config;
  s.workload_key = options.workload_key;
  s.limits = options.limits;
  s.read_on_demand = true;  // as `mlsi run`: a run reads the catalogue entries and prelude files it uses
  s.words = caller_words(options);
  return s;
}

mlsi::CallerWords caller_words(const SessionOptions& options) {
  std::map<std::string, CallerWord, std::less<>> words = {{"inputs", {}}, {"workload", {"workload_config", {}}}, {"name", {"workload_key", {}}}};
  // A limit whose option has another name (`max_depth`) is called by its member's (`max_call_depth`).
  for (const auto& limit : kLimitTable)
    if (limit.option != limit.name) words[std::string(limit.option)] = CallerWord{std::string(limit.name), {}};
  for (const auto& [field, word] : options.words) words[field] = word;
  return mlsi::CallerWords(std::move(words));
}

mlsi::EvaluationLimits evaluation_limits(const SessionOptions& options) {
  mlsi::EvaluationLimits l;
  static_cast<Limits&>(l) = options.limits;
  l.words = caller_words(options);
  return l;
}

std::shared_ptr<mlsi::ProgramSession> open_session(const SessionOptions& options) {
  auto session = std::make_shared<mlsi::ProgramSession>(session_options(options));
  for (const auto& file : options.files) session->load_file(file);
  return session;
}

mlsi::RunTask internal_request(mlsi::ProgramSession* loaded, const RunRequest& request) {
  mlsi::RunTask internal;
  internal.config = request.config;
  for (const auto& input : request.inputs) {
    internal.sets.push_back(input.name + "=" + input.expression);
    internal.set_origins.push_back(input.origin);
  }
  if (!request.file.empty()) {
    // A path as the command line takes one: with a `/`, so that it is never read as a scenario's name.
    internal.target = request.file.find('/') == std::string::npos ? "./" + request.file : request.file;
    internal.scenario = request.scenario;
    return internal;
  }
  internal.target = request.scenario;
  // A scenario of the session's files is run from its file, which is loaded already.
  if (loaded && !loaded->diagnostics().has_errors() && loaded->check()) {
    const Program& p = loaded->program();
    int own = p.find_scenario_index(request.scenario);
    if (own >= 0) {
      const Scenario& sc = p.scenarios[static_cast<std::size_t>(own)];
      internal.target = p.sources.file(sc.file).path;
      internal.scenario = sc.name;
    }
  }
  return internal;
}

std::vector<mlsi::Diagnostic> outcome_list(const std::shared_ptr<mlsi::ProgramSession>& session, const mlsi::DiagnosticLog& warnings, const Outcome& outcome) {
  std::vector<mlsi::Diagnostic> list(warnings.list().begin(), warnings.list().end());
  list.insert(list.end(), session->diagnostics().list().begin(), session->diagnostics().list().end());
  session->diagnostics().clear();
  if (!outcome.message.empty()) list.push_back(plain_error(outcome.message));
  return list;
}

Diagnostics outcome_diagnostics(const std::shared_ptr<mlsi::ProgramSession>& session, const mlsi::DiagnosticLog& warnings, const Outcome& outcome) {
  return diagnostics_of(session, outcome_list(session, warnings, outcome));
}

std::shared_ptr<PreparedRun> prepare(const SessionOptions& options, const RunRequest& request) {
  auto run = std::make_shared<PreparedRun>();
  run->session = open_session(options);
  run->limits = evaluation_limits(options);
  run->config = request.config;
  mlsi::PreparedScenario prepared =
      prepare_run(*run->session, internal_request(run->session.get(), request), run->limits, options.limits.max_file_size);
  run->ok = prepared.outcome.ok();
  run->warnings = outcome_list(run->session, prepared.warnings, prepared.outcome);
  run->diagnostics = diagnostics_of(run->session, run->warnings);
  if (!run->ok) return run;
  run->scenario = prepared.scenario;
  run->scenario_name = run->session->program().scenarios[static_cast<std::size_t>(prepared.scenario)].name;
  run->given = std::move(prepared.given);
  run->texts = slot_texts(run->session->program(), run->session->program().scenarios[static_cast<std::size_t>(prepared.scenario)]);
  return run;
}

}  // namespace detail

}  // namespace mlsi::api
