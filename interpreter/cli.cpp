#include "interpreter/cli.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>

#include "interpreter/browse.hpp"
#include "interpreter/cli_options.hpp"
#include "interpreter/inputs.hpp"
#include "interpreter/render.hpp"
#include "interpreter/repl.hpp"
#include "interpreter/session.hpp"
#include "interpreter/test_runner.hpp"

namespace mlsi {

namespace fs = std::filesystem;

namespace {

const char* kHelp = R"(mlsi — run, check and test .mls scenarios with statically checked units

usage:
  mlsi run FILE|NAME [options]     evaluate a scenario and print its results
  mlsi check FILE...               parse and check files without evaluating
  mlsi test [PATH...]              verify every config's `expect` (files or folders;
                                   no PATH: the built-in scenarios)
  mlsi list KIND [--sort FIELD] [--where COND] [--format table|json]
                                   list catalogue entries (hardware, workloads, nodes,
                                   fabrics, fleets, pods, datasets, precisions, grids,
                                   datacenters, cooling, racks, pricing), units or constants
  mlsi show NAME [--format json]   every field of an entry, or a unit or constant
  mlsi check-catalogue FILE...     validate catalogue TOML files
  mlsi repl                        an interactive session (also plain `mlsi` at a terminal)
  mlsi --help | --version

run options:
  --scenario NAME      the scenario to run when FILE declares several
  --config NAME        start from a named configuration
  --set NAME=EXPR      set an input (repeatable), e.g. --set batch=4 --set "bytes_per_value=1 byte"
  --inputs FILE.toml   set inputs from a TOML file (NAME = value or "expression")
  --format FORMAT      table (default), json or csv

common options:
  --catalog FILE.toml  add catalogue entries (repeatable); MLSI_PATH=DIR:DIR adds every
                       .toml file of those folders first
  --max-depth N        nested calls allowed (default 200)
  --max-list N         entries allowed in one list (default 10000000)
  --max-steps N        evaluation steps allowed (default 500000000)

Input values come, lowest priority first, from the default, the config, --inputs and --set.
Exit status: 0 success, 1 an evaluation, check or expectation failed, 2 usage error,
3 parse or check error in a source file.
)";

void print_diagnostics(Session& s, CliStreams& io) {
  io.err << render_all(s.program().sources, s.diagnostics(), io.colour);
  s.diagnostics().clear();
}

bool looks_like_file(const std::string& arg) {
  return arg.find('/') != std::string::npos || arg.ends_with(".mls") || fs::exists(arg);
}

int cmd_run(Options& o, CliStreams& io) {
  if (o.positional.size() != 1) return usage(io, "`mlsi run` takes one FILE or scenario NAME");
  Session session(SessionOptions{catalogue_files(o)});
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
    session.load_builtin_scenarios();
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
    candidates.push_back(static_cast<int>(sc - session.program().scenarios.data()));
  }
  print_diagnostics(session, io);  // warnings
  Program& p = session.program();
  int scenario = -1;
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
  GivenInputs given(sc.slots.size());
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
    if (!o.inputs_file.empty()) ok = apply_inputs_file(session, ev, scenario, o.inputs_file, given);
    for (const auto& set : o.sets) ok = apply_set(session, ev, scenario, set, given) && ok;
    if (!ok) {
      print_diagnostics(session, io);
      return kExitUsage;
    }
    ScenarioRun run = ev.run(scenario, given);
    io.out << render_run(p, run, o.config, o.format, io.colour && o.format == Format::table);
    return kExitOk;
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
    return kExitFailed;
  }
}

int cmd_check(Options& o, CliStreams& io) {
  if (o.positional.empty()) return usage(io, "`mlsi check` needs at least one FILE");
  int status = kExitOk;
  for (const auto& path : o.positional) {
    Session session(SessionOptions{catalogue_files(o)});
    auto file = session.load_file(path);
    if (!file && !session.diagnostics().list().empty() && !session.diagnostics().list()[0].span.valid()) {
      io.err << "error: " << session.diagnostics().list()[0].message << "\n";
      status = std::max(status, kExitUsage);
      continue;
    }
    bool ok = session.check() && file;
    print_diagnostics(session, io);
    if (!ok) status = kExitSource;
    else io.out << path << ": ok\n";
  }
  return status;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, CliStreams io) {
  if (args.empty()) {
    io.err << kHelp;
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    io.out << kHelp;
    return kExitOk;
  }
  if (args[0] == "--version") {
    io.out << "mlsi " << MLSI_VERSION << "\n";
    return kExitOk;
  }
  Options o;
  if (auto status = parse_options(args, o, io)) return *status;
  if (o.command == "run") return cmd_run(o, io);
  if (o.command == "check") return cmd_check(o, io);
  if (o.command == "test") return run_tests(o.positional, catalogue_files(o), o.limits, io);
  if (o.command == "repl") return cmd_repl(o, io);
  if (o.command == "list") return cmd_list(o, io);
  if (o.command == "show") return cmd_show(o, io);
  if (o.command == "check-catalogue") return cmd_check_catalogue(o, io);
  static const std::vector<std::string> commands = {"run", "check", "test", "repl", "list", "show", "check-catalogue"};
  auto sug = closest_name(o.command, commands);
  return usage(io, fmt::format("unknown command `{}`{}", o.command, sug.empty() ? "" : fmt::format("; did you mean `{}`?", sug)));
}

}  // namespace mlsi
