#pragma once
// The views of a document an editor draws beside its text: its outline (scenarios with their inputs,
// lets, outputs and functions; configs with their settings and expectations; top-level declarations),
// the value hints (each output's value at the defaults, each expectation's computed value beside the
// expected one: the file reads like a spreadsheet), and a run/test lens on each scenario and config.
#include <string>
#include <vector>

#include "index/analysis.hpp"

namespace mlsi::index {

struct OutlineItem {
  std::string name;
  SymbolKind kind = SymbolKind::scenario;
  std::string detail;  // its type, or the scenario a config is for
  Span span;           // the whole declaration
  Span selection;      // its name
  std::vector<OutlineItem> children;
};
std::vector<OutlineItem> outline(const Analysis& a);

struct ValueHint {
  std::uint32_t offset = 0;  // where the hint is drawn (after an output's formula, after an expected value)
  std::string label;         // `= 10 GiB`, `computed 40 GiB ✓`
  bool failed = false;       // an expectation that fails
};
std::vector<ValueHint> value_hints(const Analysis& a);

struct RunLens {
  Span span;             // the scenario's or config's name
  std::string scenario;
  std::string config;    // empty: the scenario at its defaults
  std::string title;     // `run`, or for a config's test `test: 3 passed` / `test: 1 of 3 failed`
  bool test = false;     // the lens runs `mlsi test`, not `mlsi run`
};
std::vector<RunLens> run_lenses(const Analysis& a);

}  // namespace mlsi::index
