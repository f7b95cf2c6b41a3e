// The evaluation of one compiled expression node: arithmetic, comparisons, built-in functions, calls.
#include "eval/evaluator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/activity.hpp"
#include "model/catalogue.hpp"
#include "model/catalogue_derived.hpp"
#include "model/display.hpp"
#include "base/stack_guard.hpp"

namespace mlsi {

namespace {

// The sum of a list by Neumaier's compensated summation (Neumaier 1974, "Rundungsfehleranalyse einiger
// Verfahren zur Summation endlicher Summen"): the rounding error of each addition is kept apart and added
// at the end, so that the small terms among large ones count (sum([1e16, 1, -1e16]) is 1, where adding in
// order gives 0). A running sum that overflows is returned as it is, for the caller's overflow message.
double compensated_sum(const List& l) {
  double sum = 0, compensation = 0;
  for (const auto& x : l) {
    double v = x.number();
    double t = sum + v;
    if (!std::isfinite(t)) return t;
    compensation += std::abs(sum) >= std::abs(v) ? (sum - t) + v : (v - t) + sum;
    sum = t;
  }
  return sum + compensation;
}

}  // namespace

Value Evaluator::arith(Op op, const Value& a, const Value& b, const CExpr& e) {
  if (a.is_list() || b.is_list())
    return broadcast(a, b, e, e.op_span, [&](const Value& x, const Value& y) { return arith(op, x, y, e); });
  double x = a.number(), y = b.number();
  switch (op) {
    case Op::add: return finite(x + y, e, "the sum");
    case Op::sub: return finite(x - y, e, "the difference");
    case Op::mul: return finite(x * y, e, "the product");
    case Op::div:
      if (y == 0) fail(e.op_span, "division by zero", {fmt::format("`{}` is 0", p_.sources.text(e.kids[1].span))});
      return finite(x / y, e, "the quotient");
    case Op::pow:
      if (x < 0 && y != std::floor(y)) fail(e.op_span, fmt::format("a negative number ({}) to a fractional power ({}) is not a real number", format_number(x), format_number(y)));
      if (x == 0 && y < 0) fail(e.op_span, "zero to a negative power (division by zero)");
      return finite(std::pow(x, y), e, "the power");
    default: return Value(0.0);
  }
}

Value Evaluator::compare(Op op, const Value& a, const Value& b, const CExpr& e) {
  if (a.is_list() || b.is_list())
    return broadcast(a, b, e, e.op_span, [&](const Value& x, const Value& y) { return compare(op, x, y, e); });
  if (a.is_number()) {
    double x = a.number(), y = b.number();
    switch (op) {
      case Op::lt: return Value(x < y);
      case Op::le: return Value(x <= y);
      case Op::gt: return Value(x > y);
      case Op::ge: return Value(x >= y);
      case Op::eq: return Value(x == y);
      case Op::ne: return Value(x != y);
      default: break;
    }
  }
  bool equal = false;
  if (std::holds_alternative<bool>(a.v)) equal = a.boolean() == b.boolean();
  else if (std::holds_alternative<std::string>(a.v)) equal = a.text() == b.text();
  else if (std::holds_alternative<EnumValue>(a.v)) equal = a.enumeration().index == b.enumeration().index;
  return Value(op == Op::eq ? equal : !equal);
}

Value Evaluator::unary_math(Builtin b, const Value& v, const CExpr& e) {
  if (v.is_list()) {
    charge(v.list().size(), e);
    List out;
    for (const auto& x : v.list()) out.push_back(unary_math(b, x, e));  // element by element
    return Value(std::move(out));
  }
  double x = v.number();
  if (b == Builtin::is_whole) return Value(x == std::floor(x));
  auto domain = [&](const char* fn, const char* need) {
    fail(e.kids[0].span, fmt::format("`{}` of {} is undefined: it needs {}", fn, format_number(x), need));
  };
  switch (b) {
    case Builtin::sqrt: if (x < 0) domain("sqrt", "a number >= 0"); return std::sqrt(x);
    case Builtin::exp: return finite(std::exp(x), e, "the exponential");
    case Builtin::log: if (x <= 0) domain("log", "a number > 0"); return std::log(x);
    case Builtin::log2: if (x <= 0) domain("log2", "a number > 0"); return std::log2(x);
    case Builtin::log10: if (x <= 0) domain("log10", "a number > 0"); return std::log10(x);
    case Builtin::ceil: return std::ceil(x);
    case Builtin::floor: return std::floor(x);
    case Builtin::round: return std::round(x);
    case Builtin::abs: return std::fabs(x);
    case Builtin::normal_quantile: return normal_quantile(x, e);
    default: return x;
  }
}

Value Evaluator::builtin(const CExpr& e, Frame& f) {
  auto b = static_cast<Builtin>(e.index);
  if (b == Builtin::max_by || b == Builtin::min_by) return keyed_extreme(e, f);
  std::vector<Value> args;
  args.reserve(e.kids.size());
  for (const auto& k : e.kids) args.push_back(eval(k, f));
  auto numbers = [&](const Value& v, const char* fn) -> const List& {
    const List& l = v.list();
    charge(l.size(), e);
    if (l.empty()) fail(e.kids[0].span, fmt::format("`{}` of an empty list", fn));
    return l;
  };
  switch (b) {
    case Builtin::len: return Value(static_cast<double>(args[0].list().size()));
    case Builtin::sum: {
      charge(args[0].list().size(), e);
      return finite(compensated_sum(args[0].list()), e, "the sum");
    }
    case Builtin::mean: {
      const List& l = numbers(args[0], "mean");
      // An overflowing sum is infinite, and so its mean: reported as the mean's overflow.
      return finite(compensated_sum(l) / static_cast<double>(l.size()), e, "the mean");
    }
    case Builtin::min_list:
    case Builtin::max_list: {
      const List& l = numbers(args[0], b == Builtin::min_list ? "min" : "max");
      double r = l[0].number();
      for (const auto& x : l) r = b == Builtin::min_list ? std::min(r, x.number()) : std::max(r, x.number());
      return r;
    }
    case Builtin::min_args:
    case Builtin::max_args: {
      double r = args[0].number();
      for (const auto& x : args) r = b == Builtin::min_args ? std::min(r, x.number()) : std::max(r, x.number());
      return r;
    }
    case Builtin::range: {
      double lo = args.size() == 2 ? args[0].number() : 0;
      double hi = args.back().number();
      for (const auto& a : args)
        if (a.number() != std::floor(a.number())) fail(e.span, fmt::format("`range` needs whole numbers, given {}", format_number(a.number())));
      // Beyond 2^53 consecutive whole numbers are not all doubles: `i + 1 == i`, and counting would
      // never end.
      for (const auto& a : args)
        if (std::fabs(a.number()) > 9007199254740992.0)
          fail(e.span, fmt::format("`range` needs whole numbers of at most 2^53 (9007199254740992), given {}", format_number(a.number())));
      double n = hi - lo;
      if (n > static_cast<double>(limits_.max_list_length))
        fail(e.span, fmt::format("`range` of {:.0f} entries is longer than the limit of {}", n, limits_.max_list_length), {"raise the limit with " + limits_.words.give("max_list", "N")});
      auto count = n > 0 ? static_cast<std::size_t>(n) : std::size_t{0};
      charge(count, e);
      List out;
      out.reserve(count);
      for (std::size_t i = 0; i < count; ++i) out.emplace_back(lo + static_cast<double>(i));
      return Value(std::move(out));
    }
    case Builtin::argmax:
    case Builtin::argmin:
    case Builtin::index_of:
    case Builtin::zip:
    case Builtin::mod: return list_function(b, args, e);
    case Builtin::erlang_c:
    case Builtin::exponential_quantile: return queueing_function(b, args, e);
    default: return unary_math(b, args[0], e);
  }
}

Value Evaluator::eval(const CExpr& e, Frame& f) {
  step(e);
  if (stack_exhausted())
    fail(e.span, "evaluation nested too deeply: it runs out of stack",
         {fmt::format("a deep recursion (see {}) or a long chain of definitions that each use the next", limits_.words.name("max_depth"))});
  switch (e.op) {
    case Op::constant: return e.constant;
    case Op::slot: return slot(*f.instance, e.index, e.span);
    case Op::local: return f.locals[static_cast<std::size_t>(e.index)];
    case Op::global: {
      const Global& g = p_.globals[static_cast<std::size_t>(e.index)];
      return g.value.get([&] {
        Frame gf;
        gf.locals.resize(static_cast<std::size_t>(g.locals));
        return eval(g.expr, gf);
      });
    }
    case Op::negate: {
      Value v = eval(e.kids[0], f);
      return arith(Op::mul, v, Value(-1.0), e);
    }
    case Op::logical_not: {
      Value v = eval(e.kids[0], f);
      if (!v.is_list()) return Value(!v.boolean());
      List out;
      for (const auto& x : v.list()) out.emplace_back(!x.boolean());
      return Value(std::move(out));
    }
    case Op::add:
    case Op::sub:
    case Op::mul:
    case Op::div:
    case Op::pow: return arith(e.op, eval(e.kids[0], f), eval(e.kids[1], f), e);
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
    case Op::eq:
    case Op::ne: return compare(e.op, eval(e.kids[0], f), eval(e.kids[1], f), e);
    case Op::logical_and:
    case Op::logical_or: {
      Value a = eval(e.kids[0], f);
      bool is_and = e.op == Op::logical_and;
      if (!a.is_list()) {
        if (a.boolean() != is_and) return a;  // short-circuit
        Value b = eval(e.kids[1], f);
        if (!b.is_list()) return b;
        List out;
        for (const auto& x : b.list()) out.emplace_back(is_and ? a.boolean() && x.boolean() : a.boolean() || x.boolean());
        return Value(std::move(out));
      }
      Value b = eval(e.kids[1], f);
      List out;
      const List& la = a.list();
      if (b.is_list() && b.list().size() != la.size())
        fail(e.op_span, fmt::format("lists of different lengths ({} and {})", la.size(), b.list().size()));
      for (std::size_t i = 0; i < la.size(); ++i) {
        bool y = b.is_list() ? b.list().at(i).boolean() : b.boolean();
        out.emplace_back(is_and ? la[i].boolean() && y : la[i].boolean() || y);
      }
      return Value(std::move(out));
    }
    case Op::if_then: return eval(e.kids[0], f).boolean() ? eval(e.kids[1], f) : eval(e.kids[2], f);
    case Op::builtin: return builtin(e, f);
    case Op::call_fn: {
      const Function& fn = p_.functions[static_cast<std::size_t>(e.index)];
      Frame callee;
      callee.locals.resize(static_cast<std::size_t>(std::max<int>(fn.locals, static_cast<int>(e.kids.size()))));
      for (std::size_t i = 0; i < e.kids.size(); ++i) callee.locals[i] = eval(e.kids[i], f);
      CallDepth call{*this, e};
      return eval(fn.body, callee);
    }
    case Op::call_local: {
      // Only the scenario's own expressions call its functions: the body reads the caller's instance.
      const Function& fn = f.instance->scenario->functions[static_cast<std::size_t>(e.index)];
      Frame callee;
      callee.instance = f.instance;
      callee.locals.resize(static_cast<std::size_t>(std::max<int>(fn.locals, static_cast<int>(e.kids.size()))));
      for (std::size_t i = 0; i < e.kids.size(); ++i) callee.locals[i] = eval(e.kids[i], f);
      CallDepth call{*this, e};
      return eval(fn.body, callee);
    }
    case Op::let_in: {
      auto idx = static_cast<std::size_t>(e.index);
      if (f.locals.size() <= idx) f.locals.resize(idx + 1);
      f.locals[idx] = eval(e.kids[0], f);
      return eval(e.kids[1], f);
    }
    case Op::call_scenario: {
      const Scenario& s = p_.scenarios[static_cast<std::size_t>(e.index)];
      Instance inst{&s, std::vector<Value>(s.slots.size()), std::vector<std::uint8_t>(s.slots.size(), 0), {}};
      for (std::size_t i = 0; i < e.kids.size(); ++i) {
        auto slot_index = static_cast<std::size_t>(e.map[i]);
        inst.slots[slot_index] = eval(e.kids[i], f);
        inst.state[slot_index] = 3;
      }
      {
        CallDepth call{*this, e};
        try {
          evaluate_instance(inst);
        } catch (EvalError& err) {
          auto lc = p_.sources.line_col(e.span.file, e.span.begin);
          err.diag.notes.push_back(fmt::format("in the call of scenario `{}` at {}:{}:{}", s.name, p_.sources.file(e.span.file).name, lc.line, lc.col));
          // To the caller, the call is a formula that failed, whatever failed inside it (a `where` of the
          // called scenario's input too): the caller's own `check`s are tried before it is reported
          // (language.md section 11.1), as for a division by zero.
          throw EvalError{std::move(err.diag)};
        }
      }
      RecordValue r;
      r.type = s.result;
      for (int o : s.outputs) r.fields.emplace_back(inst.slots[static_cast<std::size_t>(o)]);
      return Value(std::move(r));
    }
    case Op::field: {
      Value v = eval(e.kids[0], f);
      const RecordValue& r = v.record();
      const auto& field = r.fields[static_cast<std::size_t>(e.index)];
      if (!field) {
        const std::string& fname = r.type->fields[static_cast<std::size_t>(e.index)];
        if (!r.owner_field.empty())
          fail(e.op_span, fmt::format("{} has no field {}.{} (its source does not give one)", entry_subject(r.owner_kind, r.owner), r.owner_field, fname));
        fail(e.op_span, fmt::format("{} no field {} (its source does not give one)", record_subject(r), fname));
      }
      // A calibration default (docs/catalogue.md §2.14): the run's document says it read one.
      if (!r.defaulted.empty() && r.defaulted[static_cast<std::size_t>(e.index)]) {
        ++defaults_read_;
        const std::string& fname = r.type->fields[static_cast<std::size_t>(e.index)];
        if (r.owner_field.empty()) note_calibration_default(calibration_notes_, r.key.empty() ? r.inline_name : r.key, r.type->name, {}, fname);
        else note_calibration_default(calibration_notes_, r.owner, r.owner_kind, r.owner_field, fname);
      }
      return *field;
    }
    case Op::has_field: {
      Value v = eval(e.kids[0], f);
      return Value(v.record().fields[static_cast<std::size_t>(e.index)].has_value());
    }
    case Op::index: {
      Value l = eval(e.kids[0], f);
      double i = eval(e.kids[1], f).number();
      const List& list = l.list();
      if (i != std::floor(i)) fail(e.kids[1].span, fmt::format("a list index must be a whole number, given {}", format_number(i)));
      if (i < 0 || i >= static_cast<double>(list.size()))
        fail(e.kids[1].span, fmt::format("index {} is out of range: the list has {} entr{} (indices 0 to {})", format_number(i),
                                         list.size(), list.size() == 1 ? "y" : "ies", list.empty() ? 0 : list.size() - 1));
      return list[static_cast<std::size_t>(i)];
    }
    case Op::list: {
      List out;
      out.reserve(e.kids.size());
      for (const auto& k : e.kids) out.push_back(eval(k, f));
      return Value(std::move(out));
    }
    case Op::comprehension: {
      Value src = eval(e.kids[0], f);
      auto idx = static_cast<std::size_t>(e.index);
      if (f.locals.size() <= idx) f.locals.resize(idx + 1);
      List out;
      for (const auto& x : src.list()) {
        f.locals[idx] = x;
        if (e.kids.size() > 2 && !eval(e.kids[2], f).boolean()) continue;
        out.push_back(eval(e.kids[1], f));
        if (out.size() > limits_.max_list_length)
          fail(e.span, fmt::format("a list longer than the limit of {} entries", limits_.max_list_length), {"raise the limit with " + limits_.words.give("max_list", "N")});
      }
      return Value(std::move(out));
    }
    case Op::record: {
      RecordValue r;
      r.type = e.type.record;
      if (!r.type->catalogue) {
        for (const auto& k : e.kids) r.fields.emplace_back(eval(k, f));
        return Value(std::move(r));
      }
      // An entry written inline (language.md §7.6): the fields given, in the slots `map` says, then the
      // derived ones and the calibration defaults, as the loader fills them for an entry of a file.
      r.fields.resize(r.type->fields.size());
      const KindSpec* kind = find_kind_spec(r.type->name);
      for (std::size_t i = 0; i < e.kids.size(); ++i) {
        auto slot = static_cast<std::size_t>(e.map[i]);
        Value v = eval(e.kids[i], f);
        // A Count the schema wants whole (nodes, layers), as the loader checks a file's.
        const FieldSpec* spec = kind ? find_field_spec(*kind, r.type->fields[slot]) : nullptr;
        if (spec && spec->whole && v.is_number() && v.number() != std::floor(v.number()))
          fail(e.kids[i].span, fmt::format("field `{}` of {} must be a whole number, given {}", r.type->fields[slot], r.type->name,
                                           format_number(v.number())));
        r.fields[slot].emplace(std::move(v));
      }
      r.inline_name = e.constant.text();
      std::vector<DisplayUnitText> units(r.fields.size());
      r.defaulted = fill_derived_fields(r.inline_name, r.type->name, *r.type, r.fields, units);
      return Value(std::move(r));
    }
    case Op::match: {
      Value subject = eval(e.kids[0], f);
      int arm = e.map.at(static_cast<std::size_t>(subject.enumeration().index));
      return eval(e.kids[static_cast<std::size_t>(arm)], f);
    }
  }
  return Value(0.0);
}

}  // namespace mlsi
