#include "cli/run_setup.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace mlsi {

namespace fs = std::filesystem;

namespace {

void print_diagnostics(Session& s, CliStreams& io) {
  io.err << render_all(s.program().sources, s.diagnostics(), io.colour, io.max_errors);
  s.diagnostics().clear();
}

bool looks_like_file(const std::string& arg) {
  return arg.find('/') != std::string::npos || arg.ends_with(".mls") || fs::exists(arg);
}

}  // namespace

std::optional<int> prepare_run(Session& session, const Options& o, CliStreams& io, int& scenario, GivenInputs& given) {
  if (session.diagnostics().has_errors()) {
    print_diagnostics(session, io);
    return kExitSource;
  }
  const std::string& target = o.positional[0];
  std::vector<int> candidates;
  if (looks_like_file(target)) {
    auto file = session.load_file(target);
    if (!file && session.diagnostics().list().size() == 1 && !session.diagnostics().list()[0].span.valid()) {
      int status = usage(io, session.diagnostics().list()[0].message);
      return status;
    }
    bool ok = session.check();
    if (!ok || !file) {
      print_diagnostics(session, io);
      return kExitSource;
    }
    candidates = session.scenarios_of(*file);
  } else {
    session.load_builtin_scenarios_for(target);
    if (!session.check()) {
      print_diagnostics(session, io);
      return kExitSource;
    }
    const Scenario* sc = session.program().find_scenario(target);
    if (!sc) {
      std::vector<std::string> names;
      for (const auto& s : session.program().scenarios) names.push_back(s.name);
      auto sug = closest_name(target, names);
      return usage(io, fmt::format("no file or built-in scenario named `{}`{}", target, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
    }
    candidates.push_back(session.program().find_scenario_index(target));
  }
  print_diagnostics(session, io);  // warnings
  Program& p = session.program();
  scenario = -1;
  if (!o.scenario.empty()) {
    for (int c : candidates)
      if (p.scenarios[static_cast<std::size_t>(c)].name == o.scenario) scenario = c;
    if (scenario < 0) {
      std::vector<std::string> names;
      for (int c : candidates) names.push_back(p.scenarios[static_cast<std::size_t>(c)].name);
      auto sug = closest_name(o.scenario, names);
      return usage(io, fmt::format("`{}` declares no scenario `{}`{}", target, o.scenario, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
    }
  } else if (candidates.size() == 1) {
    scenario = candidates[0];
  } else if (candidates.empty()) {
    return usage(io, fmt::format("`{}` declares no scenario (imported ones do not count)", target));
  } else {
    std::string names;
    for (int c : candidates) names += (names.empty() ? "" : ", ") + p.scenarios[static_cast<std::size_t>(c)].name;
    return usage(io, fmt::format("`{}` declares several scenarios ({}); choose one with --scenario NAME", target, names));
  }
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  Evaluator ev(p, o.limits);
  given.assign(sc.slots.size(), std::nullopt);
  try {
    if (!o.config.empty()) {
      const Config* cfg = nullptr;
      std::vector<std::string> names;
      for (const auto& c : p.configs)
        if (c.scenario == scenario) {
          names.push_back(c.name);
          if (c.name == o.config) cfg = &c;
        }
      if (!cfg) {
        auto sug = closest_name(o.config, names);
        return usage(io, fmt::format("scenario `{}` has no config `{}`{}", sc.name, o.config, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
      }
      apply_config(session, ev, *cfg, given);
    }
    bool ok = true;
    if (!o.inputs_file.empty()) ok = apply_inputs_file(session, ev, scenario, o.inputs_file, o.files.max_file_size, given);
    for (const auto& set : o.sets) ok = apply_set(session, ev, scenario, set, given) && ok;
    if (!ok) {
      print_diagnostics(session, io);
      return kExitUsage;
    }
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
    return kExitFailed;
  }
  return std::nullopt;
}


}  // namespace mlsi
