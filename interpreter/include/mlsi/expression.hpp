#pragma once
// mlsi's public API: one expression evaluated as `mlsi eval` evaluates it, and the catalogue's entries
// (docs/api.md).
#include <string>
#include <vector>

#include "mlsi/diagnostics.hpp"
#include "mlsi/value.hpp"

namespace mlsi::api {

struct ExpressionResult {
  bool ok = false;   // false: it does not parse or check, or evaluating it failed (`diagnostics`)
  std::string type;  // as the language writes it: `Information`, `List[Count]`, `Hardware`
  Value value;       // shown in the unit the expression asks for (`-> EFLOP`), else one chosen for it
  Diagnostics diagnostics;
};

// An entry of the catalogue: its key, its kind (`Hardware`) and its fields (Value::Kind::entry, with
// `fields` filled in: each quantity in the unit the catalogue wrote it in, a reference by its key).
struct CatalogueItem {
  std::string name;
  std::string kind;
  std::vector<std::string> aliases;
  bool builtin = true;  // false: from one of the session's catalogue files
  Value value;
};

}  // namespace mlsi::api
