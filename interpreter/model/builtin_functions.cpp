#include "model/builtin_functions.hpp"

namespace mlsi {

const std::vector<BuiltinFunction>& builtin_functions() {
  // `min` and `max` name the list form here; a call with two or more arguments is compiled as
  // Builtin::min_args / max_args (check/compile_calls.cpp).
  static const std::vector<BuiltinFunction> table = {
      {"len", Builtin::len, "len(xs)", "the length of a list, a Count"},
      {"sum", Builtin::sum, "sum(xs)", "the sum of a list of quantities (0 for an empty list)"},
      {"mean", Builtin::mean, "mean(xs)", "the mean of a non-empty list of quantities"},
      {"min", Builtin::min_list, "min(xs) | min(a, b, ...)",
       "the smallest entry of a list, or the smallest of two or more quantities of one dimension"},
      {"max", Builtin::max_list, "max(xs) | max(a, b, ...)",
       "the largest entry of a list, or the largest of two or more quantities of one dimension"},
      {"range", Builtin::range, "range(n) | range(a, b)", "the whole Counts [0, ..., n-1] or [a, ..., b-1]"},
      {"sqrt", Builtin::sqrt, "sqrt(x)", "the square root; the dimension's exponents are halved"},
      {"abs", Builtin::abs, "abs(x)", "the absolute value, same dimension"},
      {"exp", Builtin::exp, "exp(x)", "e^x of a Count"},
      {"log", Builtin::log, "log(x)", "the natural logarithm of a Count > 0"},
      {"ln", Builtin::log, "ln(x)", "the natural logarithm of a Count > 0"},
      {"log2", Builtin::log2, "log2(x)", "the base-2 logarithm of a Count > 0"},
      {"log10", Builtin::log10, "log10(x)", "the base-10 logarithm of a Count > 0"},
      {"ceil", Builtin::ceil, "ceil(x)", "a Count rounded up"},
      {"floor", Builtin::floor, "floor(x)", "a Count rounded down"},
      {"round", Builtin::round, "round(x)", "a Count rounded to the nearest, halves away from zero"},
      {"is_whole", Builtin::is_whole, "is_whole(x)", "Bool: whether a Count is a whole number"},
      {"has", std::nullopt, "has(r.field)", "Bool: whether the record gives the field"},
      {"argmax", Builtin::argmax, "argmax(xs)", "the index of the largest entry; ties give the first"},
      {"argmin", Builtin::argmin, "argmin(xs)", "the index of the smallest entry; ties give the first"},
      {"index_of", Builtin::index_of, "index_of(xs, v)", "the index of the first entry equal to v"},
      {"zip", Builtin::zip, "zip(xs, ys)", "a list of records {first: x, second: y}, one per index"},
      {"max_by", Builtin::max_by, "max_by(k for x in xs)", "the entry x with the largest key k; ties give the first"},
      {"min_by", Builtin::min_by, "min_by(k for x in xs)", "the entry x with the smallest key k; ties give the first"},
      {"mod", Builtin::mod, "mod(a, b)", "the floored remainder, a's dimension"},
      {"erlang_c", Builtin::erlang_c, "erlang_c(servers, offered_load)",
       "the probability that an arrival waits in an M/M/c queue (Erlang's C formula); the load in Erlangs is below the servers"},
      {"normal_quantile", Builtin::normal_quantile, "normal_quantile(p)",
       "the p-quantile of the standard normal distribution, 0 < p < 1 (Wichura 1988, AS241)"},
      {"exponential_quantile", Builtin::exponential_quantile, "exponential_quantile(mean, p)",
       "the p-quantile of an exponential distribution of that mean, -mean ln(1 - p); the mean's dimension"},
  };
  return table;
}

const BuiltinFunction* find_builtin_function(std::string_view name) {
  for (const auto& f : builtin_functions())
    if (f.name == name) return &f;
  return nullptr;
}

std::vector<std::string> builtin_function_names() {
  std::vector<std::string> out;
  for (const auto& f : builtin_functions()) out.emplace_back(f.name);
  return out;
}

std::string builtin_function_summary(std::string_view name) {
  const BuiltinFunction* f = find_builtin_function(name);
  return f ? std::string(f->signature) + ": " + std::string(f->summary) : std::string();
}

}  // namespace mlsi
