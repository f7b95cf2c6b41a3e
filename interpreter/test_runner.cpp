#include "interpreter/test_runner.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "interpreter/format.hpp"
#include "interpreter/inputs.hpp"
#include "interpreter/session.hpp"

namespace mlsi {

namespace fs = std::filesystem;

namespace {

struct Tally {
  int passed = 0;
  int failed = 0;
};

// Whether `computed` matches `expected` within the tolerance; lists entry by entry.
bool matches(const Value& computed, const Value& expected, const Type& t, double tol, bool relative) {
  switch (t.kind) {
    case Type::Kind::quantity: {
      double c = computed.number(), e = expected.number();
      if (c == e) return true;
      return std::fabs(c - e) <= (relative ? tol * std::fabs(e) : tol);
    }
    case Type::Kind::list: {
      const auto& a = computed.list();
      const auto& b = expected.list();
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!matches(a[i], b[i], *t.element, tol, relative)) return false;
      return true;
    }
    case Type::Kind::boolean: return computed.boolean() == expected.boolean();
    case Type::Kind::text: return computed.text() == expected.text();
    case Type::Kind::enumeration: return computed.enumeration().index == expected.enumeration().index;
    case Type::Kind::record: {
      const auto& a = computed.record();
      const auto& b = expected.record();
      if (!a.key.empty() || !b.key.empty()) return a.key == b.key;  // catalogue entries: the same entry
      for (std::size_t i = 0; i < a.fields.size() && i < b.fields.size(); ++i) {
        if (a.fields[i].has_value() != b.fields[i].has_value()) return false;
        if (a.fields[i] && !matches(*a.fields[i], *b.fields[i], a.type->types[i], tol, relative)) return false;
      }
      return a.fields.size() == b.fields.size();
    }
    default: return false;
  }
}

std::string location(const Program& p, Span s) {
  if (!s.valid()) return "";
  auto lc = p.sources.line_col(s.file, s.begin);
  return fmt::format("{}:{}:{}", p.sources.file(s.file).name, lc.line, lc.col);
}

void test_session(Session& session, const std::vector<FileId>& files, const Limits& limits, CliStreams& io, Tally& tally) {
  Program& p = session.program();
  for (const auto& cfg : p.configs) {
    if (std::find(files.begin(), files.end(), cfg.file) == files.end() || cfg.expects.empty()) continue;
    const Scenario& sc = p.scenarios[static_cast<std::size_t>(cfg.scenario)];
    std::string title = fmt::format("{} / {}", sc.name, cfg.name);
    Evaluator ev(p, limits);
    GivenInputs given(sc.slots.size());
    ScenarioRun run;
    try {
      apply_config(session, ev, cfg, given);
      run = ev.run(cfg.scenario, given);
    } catch (const EvalError& e) {
      io.out << fmt::format("FAIL {}: evaluation failed\n", title);
      io.err << render(p.sources, e.diag, io.colour);
      tally.failed += static_cast<int>(cfg.expects.size());
      continue;
    }
    int failed_here = 0;
    for (const auto& x : cfg.expects) {
      const Slot& slot = sc.slots[static_cast<std::size_t>(x.slot)];
      try {
        Value expected = ev.value(x.value);
        double tol = 1e-9;
        if (x.tolerance) tol = ev.value(*x.tolerance).number();
        const Value& computed = run.slots[static_cast<std::size_t>(x.slot)];
        if (matches(computed, expected, slot.type, tol, x.relative)) {
          ++tally.passed;
          continue;
        }
        ++failed_here;
        ++tally.failed;
        DisplayUnit unit = effective_unit(expected, slot.type, run.display[static_cast<std::size_t>(x.slot)], p);
        std::string detail;
        if (slot.type.is_quantity() && expected.number() != 0)
          detail = fmt::format(" (relative error {}%)", format_number(100 * std::fabs(computed.number() - expected.number()) / std::fabs(expected.number())));
        std::string tolerance = x.relative ? fmt::format(" within {}%", format_number(100 * tol))
                                           : fmt::format(" within {}", format_value(Value(tol), slot.type.scalar(), unit, p));
        io.out << fmt::format("FAIL {} {}: `{}` expected {}{}, computed {}{}\n", location(p, x.span), title, slot.name,
                              format_value(expected, slot.type, unit, p), tolerance, format_value(computed, slot.type, unit, p), detail);
      } catch (const EvalError& e) {
        ++failed_here;
        ++tally.failed;
        io.err << render(p.sources, e.diag, io.colour);
      }
    }
    if (failed_here == 0)
      io.out << fmt::format("ok   {} ({} expectation{})\n", title, cfg.expects.size(), cfg.expects.size() == 1 ? "" : "s");
  }
}

}  // namespace

int run_tests(const std::vector<std::string>& paths, const SessionOptions& options, const Limits& limits, CliStreams& io) {
  Tally tally;
  bool source_errors = false;
  if (paths.empty()) {
    Session session(options);
    session.load_builtin_scenarios();
    if (!session.check()) {
      io.err << render_all(session.program().sources, session.diagnostics(), io.colour);
      return kExitSource;
    }
    std::vector<FileId> files;
    for (const auto& s : session.program().scenarios) files.push_back(s.file);
    for (const auto& c : session.program().configs) files.push_back(c.file);
    test_session(session, files, limits, io, tally);
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
    } else if (fs::exists(path, ec)) {
      files.push_back(path);
    } else {
      io.err << fmt::format("error: cannot find `{}`\n", path);
      return kExitUsage;
    }
  }
  for (const auto& path : files) {
    Session session(options);
    auto file = session.load_file(path);
    bool ok = session.check() && file;
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour);
    if (!ok) {
      io.out << fmt::format("FAIL {}: does not check\n", path);
      source_errors = true;
      ++tally.failed;
      continue;
    }
    test_session(session, {*file}, limits, io, tally);
  }
  io.out << fmt::format("{} passed, {} failed\n", tally.passed, tally.failed);
  if (tally.failed == 0) return kExitOk;
  return source_errors ? kExitSource : kExitFailed;
}

}  // namespace mlsi
