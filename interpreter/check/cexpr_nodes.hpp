#pragma once
// Making compiled expression nodes, for the files of the checker (check/compile_*.cpp).
#include <utility>

#include "check/compiler.hpp"

namespace mlsi::check_nodes {

inline CExpr make(Op op, const ast::Expr& e, Type type) {
  CExpr c;
  c.op = op;
  c.span = e.span;
  c.op_span = e.op_span.valid() ? e.op_span : e.span;
  c.type = std::move(type);
  return c;
}

inline CExpr constant(const ast::Expr& e, Value v, Type type) {
  CExpr c = make(Op::constant, e, std::move(type));
  c.constant = std::move(v);
  return c;
}

}  // namespace mlsi::check_nodes
