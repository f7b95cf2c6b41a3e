#pragma once
// The terms of an expression, for --explain: whether each can be evaluated where it stands, its value
// (through the evaluator's public entry points: evaluation itself knows nothing of explaining), and the
// expression as written with each term's value in its place.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/evaluator.hpp"
#include "eval/explain.hpp"

namespace mlsi {

// What the terms of an expression can be evaluated against.
struct TermContext {
  const ScenarioRun* run = nullptr;            // a scenario's expression: its slots are known
  const std::vector<Value>* locals = nullptr;  // a function's body: its parameters are locals 0, 1, ...
};

class TermWriter {
 public:
  TermWriter(const Program& p, const EvaluationLimits& limits) : p_(p), limits_(limits) {}

  // The value of `e` here, or nothing when it reads a loop variable or fails (a branch not taken).
  std::optional<Value> value_of(const CExpr& e, const TermContext& cx) const;
  DisplayUnit display_of(const CExpr& e, const TermContext& cx) const;
  // A value as shown: its display unit, long lists elided to their first and last entries.
  std::string shown(const Value& v, const Type& t, const DisplayUnit& d) const;
  // Sets a node's value as shown and as JSON.
  void set_value(DerivationNode& n, const Value& v, const Type& t, const DisplayUnit& d) const;
  // A whole formula with its terms' values; a call on its own shows its arguments' values.
  std::string substitute_formula(const CExpr& e, const TermContext& cx) const;
  // The expression as written with each term replaced by its value.
  std::string substitute(const CExpr& e, const TermContext& cx) const;
  // The source text of `e` with each kid's text replaced by the kid's substitution.
  std::string splice(const CExpr& e, const TermContext& cx) const;
  // The kids of `e` whose values take part: a branch or arm not taken is left out.
  std::vector<const CExpr*> live_kids(const CExpr& e, const TermContext& cx) const;

 private:
  bool evaluable(const CExpr& e, const TermContext& cx, std::vector<int>& bound) const;
  static bool is_term(const CExpr& e);

  const Program& p_;
  EvaluationLimits limits_;
};

}  // namespace mlsi
