#pragma once
// The public API's values as plain Python objects, which python/mlsi/ turns into the module's types.
#include <pybind11/pybind11.h>

#include <mlsi/mlsi.hpp>

namespace mlsi::python {

namespace py = pybind11;

// A Value as a tuple whose first element says its kind (python/mlsi/_values.py reads them):
//   ("q", number, unit, si, dimension, shown)   a quantity (a Count too)
//   ("b", bool) ("t", text) ("e", case) ("n", name, kind)   a Bool, a text, an enumeration's case, a catalogue entry
//   ("l", [values], unit, dimension, shown)     a list
//   ("r", kind_name, [(field, present, value)], shown)     a record (a catalogue entry's fields too)
py::tuple value_tuple(const api::Value& v);
// An Item as (name, type, available, value tuple or None), and a list of them.
py::tuple item_tuple(const api::Item& item);
py::list item_list(const std::vector<api::Item>& items);
// Diagnostics as a list of dicts (severity, category, message, location, notes) and their rendering.
py::dict diagnostics_dict(const api::Diagnostics& d);
// A RunResult as a dict: ok, scenario, config, inputs, outputs (item tuples), diagnostics.
py::dict run_result_dict(const api::RunResult& r);

}  // namespace mlsi::python
