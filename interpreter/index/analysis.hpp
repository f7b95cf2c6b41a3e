#pragma once
// One document as the checker sees it, for an editor: every diagnostic (parse, check, and the evaluation
// of its scenarios at their defaults and of its configs' expectations), what each name in it refers to,
// and the values of its outputs and expectations. Positions are byte offsets into a file's text; the
// language server converts them to the editor's lines and columns.
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "index/symbols.hpp"
#include "session/session.hpp"

namespace mlsi::index {

struct AnalysisOptions {
  ProgramSessionOptions session;  // catalogues, limits on files, the overlay (other unsaved documents)
  // Bounds of each evaluation (steps, milliseconds); `total_milliseconds` bounds all the evaluations of
  // one analysis together, so that a document whose scenarios are slow still answers promptly.
  EvaluationLimits limits = default_limits();
  std::uint64_t total_milliseconds = 2000;
  // Bounds reading and checking the document (base/check_deadline.hpp): a file that takes longer gets a
  // diagnostic where it stopped, and the server answers again (0: no bound).
  std::uint64_t check_milliseconds = 2000;
  bool evaluate = true;  // evaluate outputs at the defaults and the configs' expectations
  static EvaluationLimits default_limits() {
    EvaluationLimits l;
    l.max_steps = 50'000'000;
    l.max_milliseconds = 1000;
    return l;
  }
};

// An output's (or an input's) value at the defaults of its scenario, or in a config.
struct SlotValue {
  std::string text;  // as `mlsi run` shows it (`10 GiB`)
  bool available = false;
};

// The values of one run: the scenario's at its defaults, or a config's.
struct RunValues {
  int scenario = -1;
  int config = -1;  // index into Program::configs; -1: the defaults
  bool evaluated = false;
  std::string failure;     // why it was not evaluated (an input without a default, an evaluation error)
  std::vector<SlotValue> slots;  // per slot of the scenario
};

// One `expect` of a config, compared.
struct ExpectationResult {
  int config = -1;
  std::size_t expect = 0;  // its position among the config's expectations
  Span span;               // the expectation
  Span value_span;         // its expected value as written
  bool evaluated = false;
  bool passed = false;
  std::string expected, computed;  // as `mlsi test` shows them
  std::string tolerance;           // `0.01%`, `exact`
  std::optional<double> relative_error;
};

class Analysis {
 public:
  // Checks `text` as the file at `path` (a path on disk, which need not exist; empty: an unnamed text,
  // which cannot import), with the built-in prelude, catalogue and scenarios.
  Analysis(const std::string& path, std::string text, const AnalysisOptions& options = {});
  Analysis(const Analysis&) = delete;
  Analysis& operator=(const Analysis&) = delete;

  Program& program() { return session_->program(); }
  const Program& program() const { return session_->program(); }
  ProgramSession& session() { return *session_; }
  // The document's file; kNoFile when it could not be loaded at all (a text over the size limit).
  FileId file() const { return file_; }
  bool parsed() const { return parsed_; }
  // Every problem found, in every file (the document's first); evaluation problems included.
  const DiagnosticLog& diagnostics() const { return diagnostics_; }
  const SymbolIndex& symbols() const { return *symbols_; }
  // What the checker recorded: the names it resolved, the types literals were expected to have, and the
  // names it could not resolve with what was in scope there.
  const NameUses& uses() const { return uses_; }
  // The run at the defaults of each scenario the document declares, and of each of its configs.
  const std::vector<RunValues>& runs() const { return runs_; }
  const RunValues* defaults_of(int scenario) const;
  const RunValues* config_run(int config) const;
  const std::vector<ExpectationResult>& expectations() const { return expectations_; }
  // The config of the document whose declaration holds `offset`, or -1.
  int config_at(std::uint32_t offset) const;
  // The scenario of the document whose declaration holds `offset`, or -1.
  int scenario_at(std::uint32_t offset) const;
  // How long checking and evaluating took.
  std::chrono::microseconds check_time{0}, evaluation_time{0};

 private:
  void evaluate(const AnalysisOptions& options);
  void evaluate_run(RunValues& run, const EvaluationLimits& limits);

  std::unique_ptr<ProgramSession> session_;
  NameUses uses_;
  FileId file_ = kNoFile;
  bool parsed_ = false;
  DiagnosticLog diagnostics_;
  std::unique_ptr<SymbolIndex> symbols_;
  std::vector<RunValues> runs_;
  std::vector<ExpectationResult> expectations_;
};

}  // namespace mlsi::index
