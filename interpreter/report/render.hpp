#pragma once
// Results for people (an aligned table), for programs (JSON as docs/language.md §14 fixes it) and for
// spreadsheets (CSV).
#include <string>

#include "eval/evaluator.hpp"
#include "model/program.hpp"

namespace mlsi {

enum class Format { table, json, csv, markdown, html };  // markdown: `mlsi test --report` and `mlsi doc`; html: `mlsi doc`

std::string render_run(const Program& p, const ScenarioRun& run, const std::string& config, Format format, bool colour);
std::string json_escape(const std::string& s);
// One value as a JSON object of docs/language.md §14: {"value", "unit", "si", "dimension"} for a quantity.
std::string json_field(const Program& p, const Value& v, const Type& t, const DisplayUnit& display);

}  // namespace mlsi
