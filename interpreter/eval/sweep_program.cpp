// The sweep kernel run: blocks of points (SweepProgram::run, written to be vectorized, hence -O3 and outside
// the unity build) or one point in the caller's registers. eval/sweep_compiler.cpp makes the program.
#include "eval/sweep_program.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mlsi {

void SweepProgram::run(const std::vector<const double*>& inputs, std::size_t n) {
  constexpr std::size_t B = kBlock;
  const Code& code = *code_;
  for (std::size_t v = 0; v < code.input_regs.size(); ++v)
    std::copy_n(inputs[v], n, regs_.begin() + static_cast<std::ptrdiff_t>(code.input_regs[v] * B));
  // A nearly full block runs over all lanes: fixed-length loops over distinct arrays vectorize.
  const std::size_t m = n > B / 4 ? B : n;
  double* r = regs_.data();
  // x * 0 is 0 for a finite x and NaN for infinity or NaN; a false condition adds NaN too. One sum per
  // lane then says whether the point needs a closer look. Arithmetic adds its result's term as it
  // writes it, while the value is still in a register (only results whose infinity would not be carried
  // into a later checked result: mark_finite_checks).
  double* __restrict bad = bad_.data();
  std::fill_n(bad, m, 0.0);
  for (const auto& in : code.instructions) {
    double* __restrict d = r + in.dst * B;
    const double* __restrict a = r + in.a * B;
    const double* __restrict b = r + in.b * B;
    const double* __restrict c = r + in.c * B;
    switch (in.op) {
#define MLSI_LOOP(expr) for (std::size_t k = 0; k < m; ++k) d[k] = (expr); break;
#define MLSI_ARITHMETIC(expr)             \
  if (in.check_finite) {                  \
    for (std::size_t k = 0; k < m; ++k) { \
      double x = (expr);                  \
      d[k] = x;                           \
      bad[k] += x * 0.0;                  \
    }                                     \
  } else {                                \
    for (std::size_t k = 0; k < m; ++k)   \
      d[k] = (expr);                      \
  }                                       \
  break;
      case VOp::neg: MLSI_LOOP(-a[k])
      case VOp::logical_not: MLSI_LOOP(a[k] == 0 ? 1.0 : 0.0)
      case VOp::add: MLSI_ARITHMETIC(a[k] + b[k])
      case VOp::sub: MLSI_ARITHMETIC(a[k] - b[k])
      case VOp::mul: MLSI_ARITHMETIC(a[k] * b[k])
      case VOp::div: MLSI_ARITHMETIC(a[k] / b[k])
      case VOp::pow: MLSI_ARITHMETIC(std::pow(a[k], b[k]))
      case VOp::lt: MLSI_LOOP(a[k] < b[k] ? 1.0 : 0.0)
      case VOp::le: MLSI_LOOP(a[k] <= b[k] ? 1.0 : 0.0)
      case VOp::gt: MLSI_LOOP(a[k] > b[k] ? 1.0 : 0.0)
      case VOp::ge: MLSI_LOOP(a[k] >= b[k] ? 1.0 : 0.0)
      case VOp::eq: MLSI_LOOP(a[k] == b[k] ? 1.0 : 0.0)
      case VOp::ne: MLSI_LOOP(a[k] != b[k] ? 1.0 : 0.0)
      case VOp::logical_and: MLSI_LOOP(a[k] != 0 && b[k] != 0 ? 1.0 : 0.0)
      case VOp::logical_or: MLSI_LOOP(a[k] != 0 || b[k] != 0 ? 1.0 : 0.0)
      case VOp::select: MLSI_LOOP(a[k] != 0 ? b[k] : c[k])
      case VOp::sqrt: MLSI_ARITHMETIC(std::sqrt(a[k]))
      case VOp::exp: MLSI_ARITHMETIC(std::exp(a[k]))
      case VOp::log: MLSI_ARITHMETIC(std::log(a[k]))
      case VOp::log2: MLSI_ARITHMETIC(std::log2(a[k]))
      case VOp::log10: MLSI_ARITHMETIC(std::log10(a[k]))
      case VOp::ceil: MLSI_LOOP(std::ceil(a[k]))
      case VOp::floor: MLSI_LOOP(std::floor(a[k]))
      case VOp::round: MLSI_LOOP(std::round(a[k]))
      case VOp::abs: MLSI_LOOP(std::fabs(a[k]))
      case VOp::is_whole: MLSI_LOOP(a[k] == std::floor(a[k]) ? 1.0 : 0.0)
      case VOp::min: MLSI_LOOP(std::min(a[k], b[k]))
      case VOp::max: MLSI_LOOP(std::max(a[k], b[k]))
      case VOp::mod: MLSI_ARITHMETIC(floored_remainder(a[k], b[k]))
#undef MLSI_ARITHMETIC
#undef MLSI_LOOP
    }
  }
  for (std::uint32_t reg : code.checked_regs) {
    const double* __restrict v = r + reg * B;
    for (std::size_t k = 0; k < m; ++k) bad[k] += v[k] != 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
  }
  for (std::size_t k = 0; k < n; ++k) ok_[k] = bad[k] == 0 ? 1 : 0;
}

bool SweepProgram::run_point(const double* inputs) { return run_point_in(point_regs_.data(), inputs); }

bool SweepProgram::run_point_in(double* r, const double* inputs) const {
  const Code& code = *code_;
  for (std::size_t v = 0; v < code.input_regs.size(); ++v) r[code.input_regs[v]] = inputs[v];
  // Whether every arithmetic result is finite (x * 0 == 0), kept as a flag: one cheap AND per result
  // rather than a chain of floating-point additions.
  bool finite = true;
  for (const auto& in : code.instructions) {
    const double a = r[in.a], b = r[in.b];
    double x;
    switch (in.op) {
      case VOp::neg: x = -a; break;
      case VOp::logical_not: x = a == 0 ? 1.0 : 0.0; break;
      case VOp::add: x = a + b; if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::sub: x = a - b; if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::mul: x = a * b; if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::div: x = a / b; if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::pow: x = std::pow(a, b); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::lt: x = a < b ? 1.0 : 0.0; break;
      case VOp::le: x = a <= b ? 1.0 : 0.0; break;
      case VOp::gt: x = a > b ? 1.0 : 0.0; break;
      case VOp::ge: x = a >= b ? 1.0 : 0.0; break;
      case VOp::eq: x = a == b ? 1.0 : 0.0; break;
      case VOp::ne: x = a != b ? 1.0 : 0.0; break;
      case VOp::logical_and: x = a != 0 && b != 0 ? 1.0 : 0.0; break;
      case VOp::logical_or: x = a != 0 || b != 0 ? 1.0 : 0.0; break;
      case VOp::select: x = a != 0 ? b : r[in.c]; break;
      case VOp::sqrt: x = std::sqrt(a); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::exp: x = std::exp(a); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::log: x = std::log(a); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::log2: x = std::log2(a); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::log10: x = std::log10(a); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      case VOp::ceil: x = std::ceil(a); break;
      case VOp::floor: x = std::floor(a); break;
      case VOp::round: x = std::round(a); break;
      case VOp::abs: x = std::fabs(a); break;
      case VOp::is_whole: x = a == std::floor(a) ? 1.0 : 0.0; break;
      case VOp::min: x = std::min(a, b); break;
      case VOp::max: x = std::max(a, b); break;
      case VOp::mod: x = floored_remainder(a, b); if (in.check_finite) finite &= x * 0.0 == 0.0; break;
      default: __builtin_unreachable();  // every operation has its case: no range check per instruction
    }
    r[in.dst] = x;
  }
  for (std::uint32_t reg : code.checked_regs)
    if (r[reg] == 0) return false;
  return finite;
}

}  // namespace mlsi
