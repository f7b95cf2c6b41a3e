// The list helpers argmax, argmin, index_of, zip, max_by, min_by, and the remainder `mod`.
#include <fmt/format.h>

#include <cmath>

#include "eval/evaluator.hpp"
#include "model/display.hpp"

namespace mlsi {

// The floored remainder, as in Python: the sign of the divisor (`mod(-1, 24)` is 23), and +0 rather
// than -0. The sweep kernel (sweep_program.cpp, VOp::mod) computes the same formula.
double floored_remainder(double x, double y) {
  double r = std::fmod(x, y);
  if (r != 0 && (r < 0) != (y < 0)) r += y;
  return r == 0 ? 0.0 : r;
}

Value Evaluator::remainder(const Value& a, const Value& b, const CExpr& e) {
  if (a.is_list() || b.is_list())
    return broadcast(a, b, e, e.span, [&](const Value& x, const Value& y) { return remainder(x, y, e); });
  if (b.number() == 0) fail(e.kids[1].span, "`mod` by zero", {fmt::format("`{}` is 0", p_.sources.text(e.kids[1].span))});
  return floored_remainder(a.number(), b.number());
}

Value Evaluator::list_function(Builtin b, const std::vector<Value>& args, const CExpr& e) {
  switch (b) {
    case Builtin::argmax:
    case Builtin::argmin: {
      const List& l = args[0].list();
      charge(l.size(), e);
      if (l.empty()) fail(e.kids[0].span, fmt::format("`{}` of an empty list", b == Builtin::argmax ? "argmax" : "argmin"));
      std::size_t best = 0;  // the first of equal entries: only a strictly better one replaces it
      for (std::size_t i = 1; i < l.size(); ++i)
        if (b == Builtin::argmax ? l[i].number() > l[best].number() : l[i].number() < l[best].number()) best = i;
      return static_cast<double>(best);
    }
    case Builtin::index_of: {
      const List& l = args[0].list();
      charge(l.size(), e);
      const Value& sought = args[1];
      for (std::size_t i = 0; i < l.size(); ++i)
        if (compare(Op::eq, l[i], sought, e).boolean()) return static_cast<double>(i);
      std::string shown = format_value(sought, e.kids[1].type, DisplayUnit{}, p_);
      if (e.kids[1].type.kind == Type::Kind::text) shown = fmt::format("\"{}\"", shown);
      fail(e.kids[1].span, fmt::format("`index_of`: {} is not in the list", shown),
           {fmt::format("the list has {} entr{}", l.size(), l.size() == 1 ? "y" : "ies")});
    }
    case Builtin::zip: {
      const List& xs = args[0].list();
      const List& ys = args[1].list();
      if (xs.size() != ys.size()) fail(e.span, fmt::format("`zip` of lists of different lengths ({} and {})", xs.size(), ys.size()));
      charge(xs.size(), e);
      List out;
      out.reserve(xs.size());
      for (std::size_t i = 0; i < xs.size(); ++i) {
        RecordValue pair;
        pair.type = e.type.element->record;
        pair.fields = {xs[i], ys[i]};
        out.emplace_back(std::move(pair));
      }
      return Value(std::move(out));
    }
    case Builtin::mod: return remainder(args[0], args[1], e);
    default: return Value(0.0);
  }
}

Value Evaluator::keyed_extreme(const CExpr& e, Frame& f) {
  bool largest = static_cast<Builtin>(e.index) == Builtin::max_by;
  Value src = eval(e.kids[0], f);
  const List& l = src.list();
  charge(l.size(), e);
  auto idx = static_cast<std::size_t>(e.map.at(0));
  if (f.locals.size() <= idx) f.locals.resize(idx + 1);
  std::optional<std::size_t> best;
  double best_key = 0;
  for (std::size_t i = 0; i < l.size(); ++i) {
    f.locals[idx] = l[i];
    if (e.kids.size() > 2 && !eval(e.kids[2], f).boolean()) continue;
    double key = eval(e.kids[1], f).number();
    if (!best || (largest ? key > best_key : key < best_key)) {  // ties keep the first
      best = i;
      best_key = key;
    }
  }
  const char* fname = largest ? "max_by" : "min_by";
  if (!best) {
    if (l.empty()) fail(e.kids[0].span, fmt::format("`{}` of an empty list", fname));
    fail(e.kids[2].span, fmt::format("`{}`: no entry of the list passes this `if`", fname),
         {fmt::format("the list has {} entr{}", l.size(), l.size() == 1 ? "y" : "ies")});
  }
  return l[*best];
}

}  // namespace mlsi
