// The list helpers argmax, argmin, index_of, zip, max_by, min_by, and mod (language.md §9, §10).
#include <fmt/format.h>

#include "check/cexpr_nodes.hpp"
#include "check/compiler.hpp"

namespace mlsi {
namespace {

// The type `mod(a, b)` has when a and b (or their entries, under lists) have one dimension: a's, with
// the list shape of the two broadcast (language.md §10).
std::optional<Type> remainder_type(const Type& a, const Type& b) {
  if (a.is_list() || b.is_list()) {
    auto inner = remainder_type(a.is_list() ? *a.element : a, b.is_list() ? *b.element : b);
    if (!inner) return std::nullopt;
    return Type::list(*inner);
  }
  if (!a.is_quantity() || !b.is_quantity() || !(a.dim == b.dim)) return std::nullopt;
  return a;
}

bool searchable(const Type& t) {
  return t.is_quantity() || t.is_bool() || t.kind == Type::Kind::text || t.kind == Type::Kind::enumeration;
}

}  // namespace

void Compiler::reject_bare_comprehensions(const ast::Expr& call) {
  const ast::Expr& callee = *call.operands[0];
  bool keyed = callee.kind == ast::ExprKind::name && (callee.text == "max_by" || callee.text == "min_by") &&
               !p_.function_index.count(callee.text);
  for (std::size_t i = 1; i < call.operands.size(); ++i) {
    const ast::Expr& a = *call.operands[i];
    if (a.kind != ast::ExprKind::comprehension || !a.flag || keyed) continue;  // max_by's arity is checked with it
    auto& d = diags_.error(a.span, "`... for x in list` without brackets is an argument of `max_by` or `min_by` only");
    d.notes.push_back("for a list, write it in brackets: `[... for x in list]`");
  }
}

void Compiler::list_function(CExpr& c, const ast::Expr& e, Builtin b, const std::string& fname) {
  auto arg_error = [&](std::size_t i, const std::string& want) -> Diagnostic& {
    return diags_.error(c.kids[i].span, fmt::format("`{}` needs {}, found {}", fname, want, tname(c.kids[i].type)));
  };
  switch (b) {
    case Builtin::argmax:
    case Builtin::argmin: {
      const Type& t = c.kids[0].type;
      if (!t.is_list() || !t.element->is_quantity()) {
        auto& d = arg_error(0, "a list of numbers or quantities");
        if (t.is_list() && t.element->kind == Type::Kind::record)
          d.notes.push_back(fmt::format("for the record with the {} key, write `{}(r.key for r in list)`",
                                        b == Builtin::argmax ? "largest" : "smallest", b == Builtin::argmax ? "max_by" : "min_by"));
      } else {
        c.type = Type::count();
      }
      return;
    }
    case Builtin::index_of: {
      const Type& t = c.kids[0].type;
      if (!t.is_list() || !searchable(*t.element)) {
        arg_error(0, "a list of numbers, quantities, Texts, Bools or enumeration cases");
      } else if (!compatible(*t.element, c.kids[1].type)) {
        auto& d = diags_.error(c.kids[1].span, fmt::format("`index_of` looks for {} in this list, found {}", tname(*t.element), tname(c.kids[1].type)));
        d.labels.push_back(Label{c.kids[0].span, tname(t)});
      } else {
        c.type = Type::count();
      }
      return;
    }
    case Builtin::zip: {
      for (std::size_t i = 0; i < 2; ++i)
        if (!c.kids[i].type.is_list()) {
          arg_error(i, "two lists");
          return;
        }
      auto pair = std::make_shared<RecordType>();
      pair->fields = {"first", "second"};
      pair->types = {*c.kids[0].type.element, *c.kids[1].type.element};
      c.type = Type::list(Type::of_record(pair));
      return;
    }
    case Builtin::mod: {
      const Type& a = c.kids[0].type;
      const Type& d = c.kids[1].type;
      if (!a.scalar().is_quantity()) {
        arg_error(0, "a number or quantity");
      } else if (!d.scalar().is_quantity()) {
        arg_error(1, "a number or quantity");
      } else if (auto r = remainder_type(a, d)) {
        c.type = *r;
      } else {
        auto& diag = diags_.error(c.kids[1].span, fmt::format("`mod` needs two values of one dimension: {} and {}", tname(a), tname(d)));
        diag.labels.push_back(Label{c.kids[0].span, tname(a)});
      }
      return;
    }
    case Builtin::max_by:
    case Builtin::min_by: {
      const ast::Expr& arg = *e.operands[1];
      CExpr& generator = c.kids[0];
      if (arg.kind != ast::ExprKind::comprehension || !arg.flag) {
        auto& d = diags_.error(generator.span, fmt::format("`{0}` takes a key and a list: `{0}(d.memory for d in devices)` is the entry of `devices` with the {1} `memory`",
                                                          fname, b == Builtin::max_by ? "largest" : "smallest"));
        const Type& t = generator.type;
        if (arg.kind == ast::ExprKind::comprehension) d.notes.push_back(fmt::format("write the key without brackets: `{}(... for x in list)`", fname));
        else if (t.is_list() && t.element->is_quantity())
          d.notes.push_back(fmt::format("for the {0} entry itself write `{1}(xs)`; for its index, `arg{1}(xs)`",
                                        b == Builtin::max_by ? "largest" : "smallest", b == Builtin::max_by ? "max" : "min"));
        return;
      }
      if (!generator.kids[0].type.is_list()) return;  // reported: `for ... in` needs a list
      const CExpr& key = generator.kids[1];
      if (!key.type.is_quantity()) {
        auto& d = diags_.error(key.span, fmt::format("the key of `{}` must be a number or quantity, found {}", fname, tname(key.type)));
        d.notes.push_back("entries are compared by their key: `d.memory`, `d.price / d.flops`");
        return;
      }
      // The node holds the comprehension's parts: the list, the key, the filter; `map` its variable.
      const Type element = *generator.kids[0].type.element;
      c.map = {generator.index};
      std::vector<CExpr> parts = std::move(generator.kids);
      c.kids = std::move(parts);
      c.type = element;
      return;
    }
    default: return;
  }
}

}  // namespace mlsi
