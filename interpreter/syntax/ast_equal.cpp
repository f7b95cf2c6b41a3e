#include "syntax/ast_equal.hpp"

#include <cstring>
#include <string_view>

namespace mlsi::ast {
namespace {

template <typename T, typename Same>
bool same_all(const std::vector<T>& a, const std::vector<T>& b, Same same) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same(a[i], b[i])) return false;
  return true;
}

template <typename T, typename Same>
bool same_optional(const T& a, const T& b, Same same) {
  if (!a != !b) return false;
  return !a || same(*a, *b);
}

bool same_ptr(const ExprPtr& a, const ExprPtr& b) { return same_optional(a, b, same_expr); }

bool same_unit(const UnitExpr& a, const UnitExpr& b) {
  return same_all(a.terms, b.terms, [](const UnitTerm& x, const UnitTerm& y) {
    return x.name == y.name && x.power == y.power && x.power_den == y.power_den && x.divide == y.divide;
  });
}

// Bit for bit: the same literal text gives the same double, and NaN never comes from a literal.
bool same_number(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Docs are compared line by line without trailing whitespace, which `mlsi fmt` removes.
bool same_doc(std::string_view a, std::string_view b) {
  auto next_line = [](std::string_view& s) {
    auto end = s.find('\n');
    auto line = s.substr(0, end);
    s = end == std::string_view::npos ? std::string_view() : s.substr(end + 1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    return line;
  };
  while (!a.empty() || !b.empty())
    if (next_line(a) != next_line(b)) return false;
  return true;
}

bool same_let(const LetDecl& x, const LetDecl& y) {
  return x.name == y.name && same_doc(x.doc, y.doc) && same_optional(x.type, y.type, same_type) && same_ptr(x.value, y.value);
}

bool same_function(const FnDecl& x, const FnDecl& y) {
  return x.name == y.name && same_doc(x.doc, y.doc) &&
         same_all(x.params, y.params, [](const Param& p, const Param& q) { return p.name == q.name && same_type(p.type, q.type); }) &&
         same_optional(x.result, y.result, same_type) && same_ptr(x.body, y.body);
}

bool same_member(const Member& a, const Member& b) {
  if (a.index() != b.index()) return false;
  if (const auto* x = std::get_if<InputDecl>(&a)) {
    const auto& y = std::get<InputDecl>(b);
    return x->name == y.name && same_doc(x->doc, y.doc) && same_type(x->type, y.type) &&
           same_ptr(x->default_value, y.default_value) && same_ptr(x->where, y.where);
  }
  if (const auto* x = std::get_if<LetDecl>(&a)) return same_let(*x, std::get<LetDecl>(b));
  if (const auto* x = std::get_if<OutputDecl>(&a)) {
    const auto& y = std::get<OutputDecl>(b);
    return x->name == y.name && same_doc(x->doc, y.doc) && same_optional(x->type, y.type, same_type) &&
           same_ptr(x->value, y.value);
  }
  if (const auto* x = std::get_if<FnDecl>(&a)) return same_function(*x, std::get<FnDecl>(b));
  const auto& x = std::get<CheckDecl>(a);
  const auto& y = std::get<CheckDecl>(b);
  return same_ptr(x.condition, y.condition) && x.message == y.message;
}

bool same_decl(const Decl& a, const Decl& b) {
  if (a.index() != b.index()) return false;
  if (const auto* x = std::get_if<ScenarioDecl>(&a)) {
    const auto& y = std::get<ScenarioDecl>(b);
    return x->name == y.name && same_doc(x->doc, y.doc) && same_all(x->members, y.members, same_member);
  }
  if (const auto* x = std::get_if<ConfigDecl>(&a)) {
    const auto& y = std::get<ConfigDecl>(b);
    return x->name == y.name && x->scenario == y.scenario && same_doc(x->doc, y.doc) &&
           same_all(x->sets, y.sets, [](const ConfigSet& s, const ConfigSet& t) {
             return s.name == t.name && same_ptr(s.value, t.value);
           }) &&
           same_all(x->expects, y.expects, [](const Expectation& s, const Expectation& t) {
             return s.output == t.output && same_ptr(s.value, t.value) && same_ptr(s.tolerance, t.tolerance) &&
                    s.source == t.source && s.measured == t.measured;
           });
  }
  if (const auto* x = std::get_if<FnDecl>(&a)) return same_function(*x, std::get<FnDecl>(b));
  if (const auto* x = std::get_if<LetDecl>(&a)) return same_let(*x, std::get<LetDecl>(b));
  if (const auto* x = std::get_if<UnitDecl>(&a)) {
    const auto& y = std::get<UnitDecl>(b);
    return x->name == y.name && same_doc(x->doc, y.doc) && same_optional(x->dimension, y.dimension, same_type) &&
           same_ptr(x->value, y.value) &&
           same_all(x->attributes, y.attributes, [](const Attribute& p, const Attribute& q) {
             return p.name == q.name && p.args == q.args;
           });
  }
  if (const auto* x = std::get_if<DimensionDecl>(&a)) {
    const auto& y = std::get<DimensionDecl>(b);
    return x->name == y.name && same_doc(x->doc, y.doc) && same_optional(x->definition, y.definition, same_type);
  }
  if (const auto* x = std::get_if<TypeDecl>(&a)) {
    const auto& y = std::get<TypeDecl>(b);
    return x->name == y.name && same_doc(x->doc, y.doc) && same_type(x->type, y.type);
  }
  return std::get<ImportDecl>(a).path == std::get<ImportDecl>(b).path;
}

}  // namespace

bool same_expr(const Expr& a, const Expr& b) {
  return a.kind == b.kind && same_number(a.value, b.value) && a.flag == b.flag && a.text == b.text &&
         same_unit(a.unit, b.unit) && a.names == b.names && same_all(a.operands, b.operands, same_ptr);
}

bool same_type(const TypeExpr& a, const TypeExpr& b) {
  return a.kind == b.kind && a.name == b.name && a.power == b.power && a.power_den == b.power_den && a.cases == b.cases &&
         same_all(a.operands, b.operands, same_type);
}

bool same_module(const Module& a, const Module& b) { return same_all(a.decls, b.decls, same_decl); }

}  // namespace mlsi::ast
