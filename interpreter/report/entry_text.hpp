#pragma once
// What an entry of a Workspace (workspace/workspace.hpp) gave, as the REPL and `mlsi eval` show it: the
// REPL's lines (`= 1025.4 EFLOP  [Compute]`, `hbm = 80 GiB  [Information]`) or a JSON object whose
// values are written by the value JSON writer (model/value_json.hpp). Also the one-line summaries of a
// function, scenario and unit that the REPL's commands share.
#include <functional>
#include <string>
#include <vector>

#include "model/program.hpp"
#include "workspace/workspace.hpp"

namespace mlsi {

// `1073.74 MB  [Information]`: a value with its unit, then its type.
std::string describe_value(const Program& p, const Value& v, const Type& t, const DisplayUnit& d);
// `fn ring(size: Information, n: Count) -> Time`
std::string signature(const Program& p, const Function& f);
// `scenario KvCache: inputs workload, batch; outputs total`
std::string scenario_summary(const Scenario& sc);
// `unit GiB (Information) = 1073741824 byte`
std::string unit_summary(const Program& p, const Unit& u);

// The line of one declared thing: `hbm = 80 GiB  [Information]`, a signature, a scenario summary, ...
std::string declared_line(const Program& p, const Declared& d);
// The lines an entry that succeeded prints, each ending in a newline: `= VALUE  [TYPE]` for an
// expression, a line per declaration, `loaded FILE: scenario S, fn f, ...` for a load. Written while
// the entry is the last one: a later entry may replace what it declared.
std::string entry_text(const Program& p, const EntryResult& r);
// The entry as one JSON object: {"entry": TEXT, "result": VALUE, "type": TYPE} for an expression,
// {"entry": TEXT, "declared": [{"kind", "name", "text", and for a let "value" and "type"}]} for a
// declaration, with "loaded": FILE for a load.
std::string entry_json(const Program& p, const std::string& text, const EntryResult& r);

// What `mlsi eval`'s entries gave: the entry that stopped them, and the document of them all.
struct EvaluatedEntries {
  EntryResult stopped;  // the entry that failed (source_error or failed); its status is ok when none did
  // With every entry ok: the array `mlsi eval --format json` prints (the objects of entry_json, in order,
  // and a final newline); empty for a table, whose lines are passed to `entered` entry by entry.
  std::string json;
};
// `mlsi eval` and the API's eval_document: enters `texts` one after another, entry k on the line after
// entry k-1 ends (`<eval>:LINE:COL`, as the REPL numbers its entries), until one fails. After each entry,
// `entered` is given the lines it prints as a table (entry_text), or an empty text when it failed or the
// document is JSON.
EvaluatedEntries evaluate_entries(Workspace& workspace, const std::vector<std::string>& texts, bool json,
                                  const std::function<void(const std::string& lines)>& entered);

}  // namespace mlsi
