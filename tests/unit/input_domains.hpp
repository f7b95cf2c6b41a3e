#pragma once
// Random values for a scenario's numeric inputs inside, and just outside, the domains their `where`
// conditions declare, read from the checked program: bounds against constants (`x > 0`, `x <= 1`) or
// against another input (`tile <= seq_len`), and integrality (`is_whole(x)`), from the conjuncts of a
// `where`. A conjunct of any other form is left to the evaluator, which rejects a point that breaks it.
#include <cstdint>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/program.hpp"

namespace mlsi_test {

struct Bound {
  double value = 0;  // when `other` is -1
  bool strict = false;
  int other = -1;  // a bound by the value of another input: its index among the domains
};

struct InputDomain {
  int slot = -1;
  std::string name;
  std::vector<Bound> lower, upper;
  bool whole = false;
  double centre = 1;  // the magnitude values are drawn around: the default's, or 1 (SI)
  bool has_default = false;  // a default that evaluates to a number, drawn now and then
  double default_value = 0;
};

// The domains of `inputs` (slots of `scenario`); `defaults` is a run of the scenario with its defaults
// (nothing given), if it runs: its values are drawn now and then, and others around their magnitudes.
std::vector<InputDomain> input_domains(const mlsi::Program& p, int scenario, const std::vector<int>& inputs,
                                       const mlsi::ScenarioRun* defaults);

// One value just outside a domain: the point is an inside point with `input` (an index among the
// domains) replaced.
struct OutsideValue {
  std::size_t input = 0;
  double value = 0;
  std::string why;  // "below `x > 0`", for messages
};

class InputSampler {
 public:
  InputSampler(std::vector<InputDomain> domains, std::uint64_t seed);
  const std::vector<InputDomain>& domains() const { return domains_; }
  // One value per domain (SI), each inside its bounds: often its default, else log-uniform over decades
  // around its centre, or now and then exactly at an edge (the bound itself, or the next double inside).
  std::vector<double> inside();
  // Values just outside each bound of each input, and a fraction for each whole input, given an
  // inside point (for the bounds relative to another input).
  std::vector<OutsideValue> outside(const std::vector<double>& inside_point) const;

 private:
  double uniform();  // in [0, 1)
  double draw(const InputDomain& d, const std::vector<double>& point, const std::vector<bool>& drawn);

  std::vector<InputDomain> domains_;
  std::vector<std::size_t> order_;  // an input bounded by another is drawn after it
  std::uint64_t state_;
};

}  // namespace mlsi_test
