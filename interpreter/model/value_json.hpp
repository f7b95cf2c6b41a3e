#pragma once
// Values as JSON, in the one shape every `--format json` output uses (docs/language.md §14, and the JSON
// Schema of `mlsi schema`): a quantity is {"value", "unit", "si", "dimension"}, a list an array of values,
// a catalogue entry {"entry", "kind"}, another record {"fields": {...}}, Bool and Text {"value"}.
#include <string>

#include "model/program.hpp"

namespace mlsi {

std::string json_escape(const std::string& s);
// A finite double exactly: the shortest text that reads back to the same double (fmt's shortest
// round-trip form), `0` for either zero.
std::string json_number(double x);
// A quantity of `si` base units of `dim` in `unit` (already the unit it is shown in: effective_unit).
std::string json_quantity(const Program& p, double si, const Dim& dim, const DisplayUnit& unit);
// One value of type `t`, its numbers in the unit `display` gives (an automatic one is chosen as the
// table chooses it).
std::string json_field(const Program& p, const Value& v, const Type& t, const DisplayUnit& display);

}  // namespace mlsi
