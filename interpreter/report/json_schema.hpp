#pragma once
// The JSON Schema (draft 2020-12) of mlsi's `--format json` outputs, which `mlsi schema` prints and the
// tests validate every command's JSON against (tests/json_schema/). docs/language.md §14 describes the
// same shapes in words.
#include <string>
#include <string_view>

#include "model/program.hpp"

namespace mlsi {

// Every command's JSON: `$defs` holds the value shapes (quantity, boolean, text, entry, record, list,
// value) and one document per command (run, sweep, explain, listing, show, test_report, eval); the root
// accepts any of the documents.
std::string json_schema();
// The `$defs` object of json_schema() alone (an object text, indented as a member of the root).
std::string_view json_schema_defs();
// The schema of `mlsi run SCENARIO --format json` for one scenario: each input and output by name, with
// its dimension, enumeration cases or catalogue kind; the general `$defs` are included.
std::string scenario_json_schema(const Program& p, const Scenario& s);

}  // namespace mlsi
