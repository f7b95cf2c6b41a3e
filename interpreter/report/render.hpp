#pragma once
// Results for people (an aligned table, or a Markdown or HTML page), for programs (JSON as
// docs/language.md §14 fixes it) and for spreadsheets (CSV).
#include <string>

#include "eval/evaluator.hpp"
#include "model/program.hpp"
#include "model/value_json.hpp"  // json_escape and json_field, which the reports use

namespace mlsi {

// markdown: `mlsi test --report`, `mlsi doc` and `mlsi run`; html: `mlsi doc` and `mlsi run`; jsonl (a JSON object a line): `mlsi sweep`
enum class Format { table, json, csv, markdown, html, jsonl };

std::string render_run(const Program& p, const ScenarioRun& run, const std::string& config, Format format, bool colour);

}  // namespace mlsi
