#pragma once
// The abstract syntax tree. Every node carries its source span.
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "source/source.hpp"

namespace mlsi::ast {

// A unit expression such as `TB/s`, `USD/TB/month`, `1/s`, `s^2`.
struct UnitTerm {
  std::string name;  // empty for the literal `1`
  Span span;
  int power = 1;
  int power_den = 1;  // `s^(1/2)`: power / power_den, not yet in lowest terms
  bool divide = false;  // this term divides what precedes it
};
struct UnitExpr {
  Span span;
  std::vector<UnitTerm> terms;  // left to right; parentheses are flattened by the parser
};

// A type as written: a dimension expression, a unit, Bool, Text, a catalogue kind, List[T], an enumeration.
struct TypeExpr {
  enum class Kind { name, one, mul, div, pow, list, enumeration, record };
  Kind kind = Kind::name;
  Span span;
  std::string name;                // Kind::name
  int power = 1;                   // Kind::pow: power / power_den
  int power_den = 1;
  std::vector<TypeExpr> operands;  // mul/div: 2, pow: 1, list: 1
  std::vector<std::string> cases;  // Kind::enumeration; the field names of Kind::record (operands: their types)
  std::vector<Span> case_spans;
};

enum class ExprKind {
  number,      // value
  quantity,    // value unit
  boolean,     // flag
  text,        // text
  name,        // text
  negate,      // operands[0]
  logical_not, // operands[0]
  binary,      // text is the operator: + - * / ^ < <= > >= == != and or
  if_then,     // operands: condition, then, else
  call,        // operands[0] callee name node; operands[1..] arguments; arg_names parallel to the arguments
  field,       // operands[0] . text
  index,       // operands[0] [ operands[1] ]
  list,        // operands
  comprehension, // operands: element, source[, filter]; text is the variable; flag: without brackets (a call argument)
  record,      // operands; names parallel
  match,       // operands[0] subject, operands[1..] arms; names are the patterns
  convert,     // operands[0] -> unit
  let_in,      // let text = operands[0] in operands[1]; op_span is the name
};

struct Expr {
  ExprKind kind = ExprKind::number;
  Span span;
  Span op_span;  // the operator of a binary/unary node, the name of a field/variable
  double value = 0;
  bool flag = false;
  std::string text;
  UnitExpr unit;
  std::vector<std::unique_ptr<Expr>> operands;
  std::vector<std::string> names;
  std::vector<Span> name_spans;
};
using ExprPtr = std::unique_ptr<Expr>;

struct InputDecl {
  std::string name;
  Span name_span;
  TypeExpr type;
  ExprPtr default_value;  // may be null: the input must then be given
  ExprPtr where;          // may be null
  std::string doc;
};
struct LetDecl {
  std::string name;
  Span name_span;
  std::optional<TypeExpr> type;
  ExprPtr value;
  std::string doc;
};
struct OutputDecl {
  std::string name;
  Span name_span;
  std::optional<TypeExpr> type;
  ExprPtr value;
  std::string doc;
};
struct CheckDecl {
  Span span;
  ExprPtr condition;
  std::optional<std::string> message;
};
struct Param {
  std::string name;
  Span span;
  TypeExpr type;
};
struct FnDecl {
  std::string name;
  Span name_span;
  std::vector<Param> params;
  std::optional<TypeExpr> result;
  ExprPtr body;
  std::string doc;
};
// A scenario's `fn` sees the scenario's inputs, lets and outputs (language.md §5.4).
using Member = std::variant<InputDecl, LetDecl, OutputDecl, CheckDecl, FnDecl>;

struct ScenarioDecl {
  std::string name;
  Span name_span;
  Span span;
  std::string doc;
  std::vector<Member> members;
};

struct ConfigSet {
  std::string name;
  Span name_span;
  ExprPtr value;
};
struct Expectation {
  std::string output;
  Span output_span;
  Span span;
  ExprPtr value;
  ExprPtr tolerance;  // may be null
  std::string source;  // `source "..."`: where the expected value was published; empty: none
  Span source_span;
  // `expect measured ...`: the value was measured on a real run (docs/language.md §6), not derived.
  bool measured = false;
  Span measured_span;  // of the word `measured`
};
struct ConfigDecl {
  std::string name;
  Span name_span;
  std::string scenario;
  Span scenario_span;
  std::string doc;
  std::vector<ConfigSet> sets;
  std::vector<Expectation> expects;
};

struct DimensionDecl {
  std::string name;
  Span name_span;
  std::optional<TypeExpr> definition;
  std::string doc;
};

struct Attribute {
  std::string name;
  Span span;
  std::vector<std::string> args;
};
struct UnitDecl {
  std::string name;
  Span name_span;
  std::optional<TypeExpr> dimension;
  ExprPtr value;  // may be null: a base unit of `dimension`
  std::vector<Attribute> attributes;
  std::string doc;
};

struct ImportDecl {
  std::string path;
  Span span;
};

// `type Name = T`.
struct TypeDecl {
  std::string name;
  Span name_span;
  TypeExpr type;
  std::string doc;
};

using Decl = std::variant<ScenarioDecl, ConfigDecl, FnDecl, LetDecl, UnitDecl, DimensionDecl, ImportDecl, TypeDecl>;

struct Module {
  FileId file = kNoFile;
  std::vector<Decl> decls;
};

}  // namespace mlsi::ast
