#pragma once
// The notes of "scenario `S` has no input `x`", the same wherever an input is named: a call's argument, a
// config's setting, `--set`, `--vary`, `--inputs`.
#include <string>
#include <vector>

#include "model/program.hpp"

namespace mlsi {

// "did you mean `context`?" when an input's name is close, then "its inputs are: batch, context".
std::vector<std::string> unknown_input_notes(const Scenario& s, const std::string& name);

}  // namespace mlsi
