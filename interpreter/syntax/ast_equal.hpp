#pragma once
// Structural equality of parsed modules, spans aside: two texts that parse to equal modules mean the same.
// `mlsi fmt` checks its output with it; the tests use it on every file of the project.
#include "syntax/ast.hpp"

namespace mlsi::ast {

bool same_expr(const Expr& a, const Expr& b);
bool same_type(const TypeExpr& a, const TypeExpr& b);
bool same_module(const Module& a, const Module& b);

}  // namespace mlsi::ast
