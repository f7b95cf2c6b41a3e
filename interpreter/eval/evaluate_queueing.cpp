// The queueing and quantile built-ins erlang_c, exponential_quantile and normal_quantile (language.md §9).
#include <fmt/format.h>

#include <cmath>

#include "eval/evaluator.hpp"
#include "model/display.hpp"

namespace mlsi {

namespace {

// The largest number of servers erlang_c takes: its recursion makes one step per server.
constexpr double kMostServers = 1e9;

// Erlang's C formula, the probability that an arrival waits in an M/M/c queue of `c` servers under an
// offered load of `a` Erlangs (a < c), from Erlang's B formula by its recursion B(0) = 1,
// B(k) = a B(k-1) / (k + a B(k-1)), then C = c B / (c - a (1 - B)) (Erlang 1917; Kleinrock 1975,
// "Queueing Systems" Vol. 1, §3.5). The recursion stays in [0, 1], so it neither overflows nor loses
// precision as the factorials of the closed form do.
double erlang_c_probability(double c, double a) {
  double b = 1;
  for (double k = 1; k <= c; ++k) b = a * b / (k + a * b);
  return c * b / (c - a * (1 - b));
}

// Horner's rule on coefficients from the highest power down.
template <std::size_t N>
double polynomial(const double (&coefficients)[N], double x) {
  double r = 0;
  for (double k : coefficients) r = r * x + k;
  return r;
}

// The standard normal quantile by Wichura's algorithm AS241 (PPND16; Wichura 1988, "The Percentage Points
// of the Normal Distribution", Applied Statistics 37(3), 477-484): rational functions on three ranges,
// about 1e-16 relative error. The coefficients are the paper's.
double wichura_as241(double p) {
  static constexpr double a[] = {2.5090809287301226727e+3, 3.3430575583588128105e+4, 6.7265770927008700853e+4,
                                 4.5921953931549871457e+4, 1.3731693765509461125e+4, 1.9715909503065514427e+3,
                                 1.3314166789178437745e+2, 3.3871328727963666080e+0};
  static constexpr double b[] = {5.2264952788528545610e+3, 2.8729085735721942674e+4, 3.9307895800092710610e+4,
                                 2.1213794301586595867e+4, 5.3941960214247511077e+3, 6.8718700749205790830e+2,
                                 4.2313330701600911252e+1, 1.0};
  static constexpr double c[] = {7.74545014278341407640e-4, 2.27238449892691845833e-2, 2.41780725177450611770e-1,
                                 1.27045825245236838258e+0, 3.64784832476320460504e+0, 5.76949722146069140550e+0,
                                 4.63033784615654529590e+0, 1.42343711074968357734e+0};
  static constexpr double d[] = {1.05075007164441684324e-9, 5.47593808499534494600e-4, 1.51986665636164571966e-2,
                                 1.48103976427480074590e-1, 6.89767334985100004550e-1, 1.67638483018380384940e+0,
                                 2.05319162663775882187e+0, 1.0};
  static constexpr double e[] = {2.01033439929228813265e-7, 2.71155556874348757815e-5, 1.24266094738807843860e-3,
                                 2.65321895265761230930e-2, 2.96560571828504891230e-1, 1.78482653991729133580e+0,
                                 5.46378491116411436990e+0, 6.65790464350110377720e+0};
  static constexpr double f[] = {2.04426310338993978564e-15, 1.42151175831644588870e-7, 1.84631831751005468180e-5,
                                 7.86869131145613259100e-4, 1.48753612908506148525e-2, 1.36929880922735805310e-1,
                                 5.99832206555887937690e-1, 1.0};
  double q = p - 0.5;
  if (std::fabs(q) <= 0.425) {
    double r = 0.180625 - q * q;
    return q * polynomial(a, r) / polynomial(b, r);
  }
  double r = std::sqrt(-std::log(q < 0 ? p : 1 - p));
  double x = r <= 5 ? polynomial(c, r - 1.6) / polynomial(d, r - 1.6) : polynomial(e, r - 5) / polynomial(f, r - 5);
  return q < 0 ? -x : x;
}

}  // namespace

double Evaluator::normal_quantile(double p, const CExpr& e) {
  if (!(p > 0 && p < 1))
    fail(e.kids[0].span, fmt::format("`normal_quantile` of {} is undefined: it needs a probability between 0 and 1, both excluded", format_number(p)),
         {"the quantile of 0 is minus infinity and of 1 plus infinity"});
  return wichura_as241(p);
}

Value Evaluator::queueing_function(Builtin b, const std::vector<Value>& args, const CExpr& e) {
  if (b == Builtin::exponential_quantile) {
    double mean = args[0].number(), p = args[1].number();
    if (mean < 0) fail(e.kids[0].span, fmt::format("`exponential_quantile` needs a mean >= 0, given {}", format_number(mean)));
    if (!(p >= 0 && p < 1))
      fail(e.kids[1].span, fmt::format("`exponential_quantile` needs a probability p with 0 <= p < 1, given {}", format_number(p)),
           {"the quantile of p = 1 is infinite"});
    // -mean ln(1 - p), by log1p so that a small p keeps its digits.
    return Value(-mean * std::log1p(-p));
  }
  double c = args[0].number(), a = args[1].number();
  if (!(c >= 1 && c == std::floor(c)))
    fail(e.kids[0].span, fmt::format("`erlang_c` needs a whole number of servers >= 1, given {}", format_number(c)));
  if (c > kMostServers)
    fail(e.kids[0].span, fmt::format("`erlang_c` takes at most {} servers, given {}", format_number(kMostServers), format_number(c)));
  if (!(a >= 0)) fail(e.kids[1].span, fmt::format("`erlang_c` needs an offered load >= 0 Erlangs, given {}", format_number(a)));
  if (a >= c)
    fail(e.kids[1].span,
         fmt::format("`erlang_c`: an offered load of {} Erlangs on {} servers is an unstable queue: the load must be below the servers", format_number(a),
                     format_number(c)),
         {"the queue grows without bound when arrivals x service time >= servers: add servers or lower the load"});
  charge(static_cast<std::size_t>(c), e);
  return Value(erlang_c_probability(c, a));
}

}  // namespace mlsi
