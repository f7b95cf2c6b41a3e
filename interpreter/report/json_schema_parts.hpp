#pragma once
// The members of the JSON Schema's `$defs`, one group of documents per file; json_schema.cpp joins them
// (with the value shapes) into one object. Each is member text without a trailing comma.
#include <string_view>

namespace mlsi {

// run, calibration_note, sweep, sweep_row, provenance, explain_node, explain, solve_point, solve_answer, solve
std::string_view json_schema_result_defs();
// catalogue_entry, unit, constant, scenario_summary, listing, scenario_interface, function, unit_shown, show
std::string_view json_schema_listing_defs();
// expectation, test_report, validation_row, validation_stat, validation_report, eval_declared, eval
std::string_view json_schema_report_defs();

}  // namespace mlsi
