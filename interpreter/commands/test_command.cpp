// `mlsi test`: evaluates every config and verifies its `expect` lines.
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "model/display.hpp"
#include "session/inputs.hpp"
#include "session/run_request.hpp"
#include "session/session.hpp"
#include "source/embedded.hpp"
#include "report/test_report.hpp"
#include "report/validation_report.hpp"
#include "session/expectation_check.hpp"

namespace mlsi {

namespace fs = std::filesystem;

namespace {

struct TestOptions {
  bool report = false;          // --report: one row per expectation instead of one line per config
  bool published_only = false;  // --published: only expectations with a `source`
  Format format = Format::table;  // of the report: table, markdown or json
  std::string config;           // --config NAME: only the configs of that name, whatever their scenario
};

struct Tally {
  int passed = 0;
  int failed = 0;
};

// Where the results go: one line per config for `mlsi test`, one row per expectation for --report.
struct TestRun {
  const TestOptions& options;
  const EvaluationLimits& limits;
  Sink& io;
  Tally tally;
  TestReport report;
  int configs_named = 0;                  // with --config: the configs of that name that were tested
  std::vector<std::string> config_names;  // with --config: every config seen, for a did-you-mean
};

std::string location(const Program& p, Span s) {
  if (!s.valid()) return "";
  auto lc = p.sources.line_col(s.file, s.begin);
  return fmt::format("{}:{}:{}", p.sources.file(s.file).name, lc.line, lc.col);
}

// A report row for an expectation that is not compared yet: a failure until its values are filled in.
ExpectationRow report_row(const Program& p, const Expectation& x, const std::string& scenario, const std::string& config,
                          const Slot& slot) {
  ExpectationRow row;
  row.scenario = scenario;
  row.config = config;
  row.output = slot.name;
  row.location = location(p, x.span);
  row.source = x.source;
  row.expected = "-";
  row.computed = "evaluation failed";
  row.expected_json = row.computed_json = row.absolute_error_json = row.tolerance_json = "null";
  row.tolerance = has_tolerance(slot.type) ? "" : "exact";
  return row;
}

// The compared values of a report row, written for people and for JSON.
void fill_row(ExpectationRow& row, const Program& p, const Value& computed, const Value& expected, const Type& type,
              const DisplayUnit& unit, const ErrorMeasure& error, const std::string& tolerance, double tol, bool relative) {
  row.expected = format_value(expected, type, unit, p);
  row.computed = format_value(computed, type, unit, p);
  row.relative_error = error.relative;
  row.expected_json = json_field(p, expected, type, unit);
  row.computed_json = json_field(p, computed, type, unit);
  if (has_tolerance(type)) {
    row.tolerance = tolerance;
    if (relative) row.tolerance_json = fmt::format("{{\"relative\": {}}}", json_number(tol));
    else row.tolerance_json = fmt::format("{{\"absolute\": {}}}", json_field(p, Value(tol), type.scalar(), unit));
  }
  // |computed - expected| beyond a double (1e308 against -1e308) is left out rather than shown as inf.
  if (error.absolute && std::isfinite(*error.absolute) && type.kind != Type::Kind::record) {
    row.absolute_error = format_value(Value(*error.absolute), type.scalar(), unit, p);
    row.absolute_error_json = json_field(p, Value(*error.absolute), type.scalar(), unit);
  }
}

// (computed - measured) / measured in percent with its sign, as `mlsi validate` writes it, or `-` where the
// measured value is 0.
std::string signed_error_text(double computed, double measured) {
  double error = (computed - measured) / measured;
  return measured == 0 || !std::isfinite(error) ? "-" : percent_text(error, true);
}

void test_session(ProgramSession& session, const std::vector<FileId>& files, TestRun& t) {
  Program& p = session.program();
  Sink& io = t.io;
  for (const auto& cfg : p.configs) {
    if (std::find(files.begin(), files.end(), cfg.file) == files.end()) continue;
    if (!t.options.config.empty()) {
      t.config_names.push_back(cfg.name);
      if (cfg.name != t.options.config) continue;
      ++t.configs_named;
    }
    std::vector<const Expectation*> expects;
    for (const auto& x : cfg.expects)
      if (!t.options.published_only || !x.source.empty()) expects.push_back(&x);
    if (expects.empty()) continue;
    const Scenario& sc = p.scenarios[static_cast<std::size_t>(cfg.scenario)];
    std::string title = fmt::format("{} / {}", sc.name, cfg.name);
    Evaluator ev(p, t.limits);
    GivenInputs given(sc.slots.size());
    ScenarioRun run;
    bool evaluated = true;
    try {
      apply_config(session, ev, cfg, given);
      run = ev.run(cfg.scenario, given);
    } catch (const EvalError& e) {
      if (!t.options.report) io.out << fmt::format("FAIL {}: evaluation failed\n", title);
      io.err << render(p.sources, e.diag, io.colour);
      t.tally.failed += static_cast<int>(expects.size());
      evaluated = false;
    }
    int failed_here = 0;
    for (const Expectation* xp : expects) {
      const Expectation& x = *xp;
      const Slot& slot = sc.slots[static_cast<std::size_t>(x.slot)];
      ExpectationRow row = report_row(p, x, sc.name, cfg.name, slot);
      if (!evaluated) {
        if (t.options.report) t.report.rows.push_back(std::move(row));
        continue;
      }
      try {
        Value expected = ev.value(x.value);
        double tol = 1e-9;
        if (x.tolerance) tol = ev.value(*x.tolerance).number();
        const Value& computed = run.slots[static_cast<std::size_t>(x.slot)];
        bool passed = matches(computed, expected, slot.type, tol, x.relative);
        if (passed) ++t.tally.passed;
        else {
          ++failed_here;
          ++t.tally.failed;
        }
        const DisplayUnit& declared = run.display[static_cast<std::size_t>(x.slot)];
        DisplayUnit unit = effective_unit(expected, slot.type, declared, p);
        ErrorMeasure error;
        measure(computed, expected, slot.type, error);
        std::string tolerance = x.relative ? fmt::format("{}%", format_number(100 * tol))
                                           : format_value(Value(tol), slot.type.scalar(), unit, p);
        if (t.options.report) {
          fill_row(row, p, computed, expected, slot.type, unit, error, tolerance, tol, x.relative);
          row.passed = passed;
          t.report.rows.push_back(std::move(row));
          continue;
        }
        if (x.measured) {
          // A measured value is reported whether or not it is within its tolerance: its error is the
          // result (signed: mlsi above the measurement is positive).
          io.out << fmt::format("{} {} {}: `{}` measured {}, computed {}, error {} ({}within {})\n", passed ? "ok  " : "FAIL",
                                location(p, x.span), title, slot.name, format_value(expected, slot.type, unit, p),
                                format_value(computed, slot.type, unit, p), signed_error_text(computed.number(), expected.number()),
                                passed ? "" : "not ", tolerance);
          continue;
        }
        if (passed) continue;
        std::string detail;
        double relative = slot.type.is_quantity() && expected.number() != 0
                              ? 100 * std::fabs(computed.number() - expected.number()) / std::fabs(expected.number()) : NAN;
        if (std::isfinite(relative)) detail = fmt::format(" (relative error {}%)", format_number(relative));
        io.out << fmt::format("FAIL {} {}: `{}` expected {} within {}, computed {}{}\n", location(p, x.span), title, slot.name,
                              format_value(expected, slot.type, unit, p), tolerance, format_value(computed, slot.type, unit, p), detail);
      } catch (const EvalError& e) {
        ++failed_here;
        ++t.tally.failed;
        io.err << render(p.sources, e.diag, io.colour);
        row.expected = "evaluation failed";
        row.computed = "-";
        if (t.options.report) t.report.rows.push_back(std::move(row));
      }
    }
    if (evaluated && failed_here == 0 && !t.options.report)
      io.out << fmt::format("ok   {} ({} expectation{})\n", title, expects.size(), expects.size() == 1 ? "" : "s");
  }
}

int run_tests(const std::vector<std::string>& paths, const ProgramSessionOptions& options, const EvaluationLimits& limits, Sink& io,
              const TestOptions& test) {
  TestRun t{test, limits, io, {}, {}, 0, {}};
  Tally& tally = t.tally;
  bool source_errors = false;
  if (paths.empty()) {
    ProgramSession session(options);
    session.load_builtin_scenarios();
    if (!session.check()) {
      io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
      return request_errors_only(session.diagnostics()) ? kExitUsage : kExitSource;  // a --catalog file unread: 2
    }
    std::vector<FileId> files;
    for (const auto& s : session.program().scenarios) files.push_back(s.file);
    for (const auto& c : session.program().configs) files.push_back(c.file);
    test_session(session, files, t);
  }
  std::vector<std::string> files;
  for (const auto& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : fs::recursive_directory_iterator(path, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".mls") found.push_back(entry.path().string());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path, ec) || builtin_pack_file(path)) {
      // A built-in pack file (`mlsi test activation_memory.mls` from any folder) is read by load_file.
      files.push_back(path);
    } else if (auto pack = builtin_pack_paths(path); !pack.empty()) {
      // A built-in pack by name (`mlsi test serving`, `scenarios/serving`; `inference`: serving and systems).
      files.insert(files.end(), pack.begin(), pack.end());
    } else {
      auto near = closest_builtin_file(path);
      io.err << fmt::format("error: cannot find `{}`{}\n", path, near.empty() ? "" : fmt::format("; did you mean the built-in `{}`?", near));
      return kExitUsage;
    }
  }
  bool unreadable = false;  // a FILE that cannot be read (a device, too large): exit status 2, as for `run`
  for (const auto& path : files) {
    ProgramSession session(options);
    // A --catalog file that cannot be read: the same for every FILE, said once.
    if (request_errors_only(session.diagnostics())) {
      io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
      return kExitUsage;
    }
    auto file = session.load_file(path);
    bool ok = session.check() && file;
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
    if (!file && request_errors_only(session.diagnostics())) {
      unreadable = true;
      continue;
    }
    if (!ok) {
      if (test.report) t.report.unchecked_files.push_back(path);
      else io.out << fmt::format("FAIL {}: does not check\n", path);
      source_errors = true;
      ++tally.failed;
      continue;
    }
    test_session(session, {*file}, t);
  }
  // `--config C` as `mlsi run` reads it: a name that no config of the files has is a usage error.
  if (!test.config.empty() && t.configs_named == 0 && !source_errors) {
    io.err << fmt::format("error: no config `{}` in {}{}\n", test.config, paths.empty() ? "the built-in scenarios" : "the files tested",
                          did_you_mean(test.config, t.config_names));
    return kExitUsage;
  }
  if (test.report) io.out << render_test_report(t.report, test.format);
  else io.out << fmt::format("{} passed, {} failed\n", tally.passed, tally.failed);
  int status = tally.failed == 0 ? kExitOk : source_errors ? kExitSource : kExitFailed;
  return unreadable ? std::max(status, kExitUsage) : status;
}

}  // namespace

int run_test(const VerbRequest& o, Sink& io) {
  if (o.format_given && !o.report) return usage(io, "`mlsi test` takes --format only with --report");
  TestOptions test;
  test.report = o.report;
  test.published_only = o.published;
  test.format = o.format;
  test.config = o.config;
  return run_tests(o.positional, session_options(o), o.limits, io, test);
}

}  // namespace mlsi
