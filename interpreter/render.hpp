#pragma once
// Results for people (an aligned table), for programs (JSON as spec/README.md fixes it) and for
// spreadsheets (CSV).
#include <string>

#include "interpreter/evaluator.hpp"
#include "interpreter/program.hpp"

namespace mlsi {

enum class Format { table, json, csv, markdown, html };  // markdown and html: `mlsi doc` only

std::string render_run(const Program& p, const ScenarioRun& run, const std::string& config, Format format, bool colour);
std::string json_escape(const std::string& s);

}  // namespace mlsi
