#include "index/analysis.hpp"

#include <fmt/format.h>

#include <cmath>

#include "base/check_deadline.hpp"
#include "model/display.hpp"
#include "session/expectation_check.hpp"
#include "session/inputs.hpp"

namespace mlsi::index {

namespace {

using Clock = std::chrono::steady_clock;

std::chrono::microseconds since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start);
}

}  // namespace

Analysis::Analysis(const std::string& path, std::string text, const AnalysisOptions& options) {
  auto start = Clock::now();
  ProgramSessionOptions so = options.session;
  // Built-in entries and prelude names are read when a text mentions them, as `mlsi run` does: a check
  // on every keystroke pays for what the document uses.
  so.read_on_demand = true;
  session_ = std::make_unique<ProgramSession>(so);
  Program& p = session_->program();
  p.uses = &uses_;
  if (text.size() > options.session.limits.max_file_size) {
    diagnostics_.error(Span{}, fmt::format("the document has {} bytes, more than the limit of {} ({}): it is not checked",
                                           text.size(), options.session.limits.max_file_size, options.session.words.name("max_file_size")));
    symbols_ = std::make_unique<SymbolIndex>(p, uses_);
    return;
  }
  file_ = static_cast<FileId>(p.sources.size());
  {
    // Reading and checking are bounded; the evaluations below have their own bounds.
    CheckDeadline bound(options.check_milliseconds);
    auto loaded = path.empty() ? session_->load_text("untitled.mls", std::move(text)) : session_->load_document(path, std::move(text));
    parsed_ = loaded.has_value();
    session_->check();
  }
  p.uses = nullptr;
  diagnostics_.append(session_->diagnostics());
  session_->diagnostics().clear();
  symbols_ = std::make_unique<SymbolIndex>(p, uses_);
  check_time = since(start);
  if (options.evaluate && parsed_ && !diagnostics_.has_errors()) {
    auto eval_start = Clock::now();
    evaluate(options);
    evaluation_time = since(eval_start);
  }
  diagnostics_.sort_from(0);
}

void Analysis::evaluate_run(RunValues& run, const EvaluationLimits& limits) {
  Program& p = session_->program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(run.scenario)];
  Evaluator ev(p, limits);
  GivenInputs given(sc.slots.size());
  std::string where = run.config >= 0 ? fmt::format("config `{}`", p.configs[static_cast<std::size_t>(run.config)].name)
                                      : fmt::format("the defaults of `{}`", sc.name);
  try {
    if (run.config >= 0) {
      std::size_t before = session_->diagnostics().reported();
      apply_config(*session_, ev, p.configs[static_cast<std::size_t>(run.config)], given);
      if (session_->diagnostics().reported() > before) {
        diagnostics_.append(session_->diagnostics());
        session_->diagnostics().clear();
        run.failure = "its values do not check";
        return;
      }
    } else {
      for (int in : sc.inputs)
        if (!sc.slots[static_cast<std::size_t>(in)].expr) {
          run.failure = fmt::format("input `{}` has no default", sc.slots[static_cast<std::size_t>(in)].name);
          return;
        }
    }
    ScenarioRun r = ev.run(run.scenario, given);
    run.evaluated = true;
    run.slots.resize(sc.slots.size());
    for (std::size_t i = 0; i < sc.slots.size(); ++i) {
      if (i < r.available.size() && !r.available[i]) continue;
      run.slots[i].available = true;
      run.slots[i].text = format_value(r.slots[i], sc.slots[i].type, r.display[i], p);
    }
    if (run.config < 0) return;
    const Config& cfg = p.configs[static_cast<std::size_t>(run.config)];
    for (std::size_t k = 0; k < cfg.expects.size(); ++k) {
      const Expectation& x = cfg.expects[k];
      const Slot& slot = sc.slots[static_cast<std::size_t>(x.slot)];
      ExpectationResult res;
      res.config = run.config;
      res.expect = k;
      res.span = x.span;
      res.value_span = x.value.span;
      try {
        Value expected = ev.value(x.value);
        double tol = 1e-9;
        if (x.tolerance) tol = ev.value(*x.tolerance).number();
        const Value& computed = r.slots[static_cast<std::size_t>(x.slot)];
        res.passed = matches(computed, expected, slot.type, tol, x.relative);
        DisplayUnit unit = effective_unit(expected, slot.type, r.display[static_cast<std::size_t>(x.slot)], p);
        res.expected = format_value(expected, slot.type, unit, p);
        res.computed = format_value(computed, slot.type, unit, p);
        res.tolerance = !has_tolerance(slot.type) ? "exact"
                        : x.relative ? fmt::format("{}%", format_number(100 * tol))
                                     : format_value(Value(tol), slot.type.scalar(), unit, p);
        ErrorMeasure error;
        measure(computed, expected, slot.type, error);
        res.relative_error = error.relative;
        res.evaluated = true;
        if (!res.passed) {
          // The words of `mlsi test`.
          std::string detail;
          if (slot.type.is_quantity() && expected.number() != 0) {
            double relative = 100 * std::fabs(computed.number() - expected.number()) / std::fabs(expected.number());
            if (std::isfinite(relative)) detail = fmt::format(" (relative error {}%)", format_number(relative));
          }
          auto& d = diagnostics_.error(x.span, fmt::format("`{}` expected {} within {}, computed {}{}", slot.name, res.expected,
                                                           res.tolerance, res.computed, detail));
          d.category = Category::check;
          d.notes.push_back(fmt::format("in config `{}` (`mlsi test` fails)", cfg.name));
        }
      } catch (const EvalError& e) {
        Diagnostic d = e.diag;
        d.notes.push_back(fmt::format("while evaluating the expectation of `{}` in config `{}`", slot.name, cfg.name));
        diagnostics_.add(std::move(d));
      }
      expectations_.push_back(std::move(res));
    }
  } catch (const EvalError& e) {
    run.failure = e.diag.message;
    Diagnostic d = e.diag;
    // At the defaults a failure is a warning (the scenario may be meant to be run with other values); in
    // a config, `mlsi test` fails.
    if (run.config < 0) d.severity = Severity::warning;
    d.notes.push_back("at " + where);
    if (!d.span.valid() || d.span.file != file_) {
      // A problem inside a built-in scenario or the prelude is shown at the declaration evaluated.
      Span at = run.config >= 0 ? p.configs[static_cast<std::size_t>(run.config)].span : sc.span;
      if (d.span.valid()) d.labels.clear();
      d.notes.insert(d.notes.begin(), d.message);
      d.message = fmt::format("evaluating {} fails", where);
      d.span = at;
    }
    diagnostics_.add(std::move(d));
  }
}

void Analysis::evaluate(const AnalysisOptions& options) {
  Program& p = session_->program();
  auto deadline = Clock::now() + std::chrono::milliseconds(options.total_milliseconds);
  for (int s : session_->scenarios_of(file_)) runs_.push_back(RunValues{s, -1, false, {}, {}});
  for (std::size_t i = 0; i < p.configs.size(); ++i)
    if (p.configs[i].file == file_ && p.configs[i].scenario >= 0) runs_.push_back(RunValues{p.configs[i].scenario, static_cast<int>(i), false, {}, {}});
  for (auto& run : runs_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      run.failure = fmt::format("not evaluated: evaluating the document took more than {} ms", options.total_milliseconds);
      Span at = run.config >= 0 ? p.configs[static_cast<std::size_t>(run.config)].span
                                : p.scenarios[static_cast<std::size_t>(run.scenario)].span;
      diagnostics_.warning(at, run.failure);
      continue;
    }
    EvaluationLimits limits = options.limits;
    if (!limits.max_milliseconds || static_cast<std::uint64_t>(left) < limits.max_milliseconds) limits.max_milliseconds = static_cast<std::uint64_t>(left);
    evaluate_run(run, limits);
  }
}

const RunValues* Analysis::defaults_of(int scenario) const {
  for (const auto& r : runs_)
    if (r.scenario == scenario && r.config < 0) return &r;
  return nullptr;
}

const RunValues* Analysis::config_run(int config) const {
  for (const auto& r : runs_)
    if (r.config == config) return &r;
  return nullptr;
}

int Analysis::config_at(std::uint32_t offset) const {
  const Program& p = session_->program();
  for (const auto& m : p.modules) {
    if (m->file != file_) continue;
    for (const auto& decl : m->decls) {
      const auto* c = std::get_if<ast::ConfigDecl>(&decl);
      if (!c) continue;
      // A config's extent: from its name to its last expectation or setting's end, or its name alone.
      std::uint32_t end = c->name_span.end;
      for (const auto& s : c->sets)
        if (s.value) end = std::max(end, s.value->span.end);
      for (const auto& x : c->expects) end = std::max(end, x.span.end);
      // From its `config` keyword to its closing brace.
      const std::string_view text = p.sources.file(file_).text;
      std::size_t keyword = text.rfind("config", c->name_span.begin);
      std::uint32_t begin = keyword == std::string::npos ? c->name_span.begin : static_cast<std::uint32_t>(keyword);
      auto close = text.find('}', end);
      if (close != std::string::npos) end = static_cast<std::uint32_t>(close + 1);
      if (offset >= begin && offset <= end)
        for (std::size_t i = 0; i < p.configs.size(); ++i)
          if (p.configs[i].span.file == file_ && p.configs[i].span.begin == c->name_span.begin) return static_cast<int>(i);
    }
  }
  return -1;
}

int Analysis::scenario_at(std::uint32_t offset) const {
  const Program& p = session_->program();
  for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
    const Scenario& s = p.scenarios[i];
    if (s.file != file_ || !s.decl) continue;
    if (offset >= s.decl->span.begin && offset <= s.decl->span.end) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace mlsi::index
