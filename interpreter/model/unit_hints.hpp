#pragma once
// What a name written as a unit that is not one probably meant: the message and notes of its error.
// A suggestion has the dimension the context expects, when it says, and avoids the traps of unit names:
// `Gb` is not `GB` (a bit is not a byte), `TFLOPS` is a rate (`TFLOP/s`, not `TFLOP`), and `128k`, `8K`
// or `2n` are a number and a name, not a quantity: a Count has no unit.
#include <optional>
#include <string>
#include <vector>

#include "model/dimension.hpp"

namespace mlsi {

class UnitRegistry;

// An unknown name in a unit expression, and what its context says about it.
struct UnknownUnit {
  std::string name;
  bool first = true;            // the first term of its unit, right after the number (`128k`)
  bool divide = false;          // written after `/`
  std::string number;           // the number before it, as written (`128`); empty after `->` or in a type
  std::optional<Dim> expected;  // the dimension this term must have, when the context says
  bool names_value = false;     // a value of this name is in scope where the number is written
};

// `unknown unit `Gb``.
std::string unknown_unit_message(const UnknownUnit& u);
// Its notes: a suggestion (`did you mean `Gbit`?`) or a hint, and how to write arithmetic on values.
std::vector<std::string> unknown_unit_notes(const UnknownUnit& u, const UnitRegistry& units);

}  // namespace mlsi
