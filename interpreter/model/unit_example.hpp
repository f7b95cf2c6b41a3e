#pragma once
// A unit to suggest where a bare number was written for a quantity (`memory = 80` -> `80 GB`).
#include <string>

#include "model/program.hpp"

namespace mlsi {

// A unit of dimension `d` as an author would write it: the display unit of the dimension, else one
// composed of the display units of its base dimensions (Information / Time: `GB/s`). The unit of a base
// dimension that takes only the large prefixes (`B`, `FLOP`) counts what is usually billions, and gets
// `G`; one that also takes the small ones (`s`, `J`, `W`) is suggested as it is.
std::string example_unit(const Dim& d, const UnitRegistry& units);

// The note "add a unit, such as `80 GB`" when `found` is a plain number (or a list literal of them)
// where `want`, a quantity with a dimension, is expected; empty otherwise.
std::string bare_number_note(const CExpr& found, const Type& want, const Program& p);

}  // namespace mlsi
