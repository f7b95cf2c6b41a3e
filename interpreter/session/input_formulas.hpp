#pragma once
// Inputs given as formulas over the scenario's other inputs (`--set dp=1024/(tp*pp)`, an --inputs
// string, a `:run` argument): what each value reads once the given ones are known, and the cycles a
// formula closes (`dp` -> `tp` -> `dp`).
#include <vector>

#include "session/inputs.hpp"

namespace mlsi {

// Per slot of `scenario`, the slots its value reads: a formula given for an input, nothing for a
// value given, else its default or formula.
std::vector<std::vector<int>> slot_reads(const Program& p, int scenario, const GivenInputs& given);

// Reports, at the formula, a value given for an input that depends on itself through others (the
// chain, with where each link is written); false then.
bool check_given_formulas(ProgramSession& s, int scenario, const GivenInputs& given);

// Whether the value of slot `from` reads one of `targets`, directly or through other slots.
bool reads_any(const std::vector<std::vector<int>>& reads, int from, const std::vector<int>& targets);

}  // namespace mlsi
