#pragma once
// What each name of a text refers to, as the checker resolved it: recorded only when a program's `uses`
// is set (an editor's index, interpreter/index/), so that go-to-definition, references and hover agree
// with the checker exactly instead of resolving names a second time.
#include <memory>
#include <string>
#include <vector>

#include "model/types.hpp"
#include "source/source.hpp"

namespace mlsi {

enum class UseKind {
  slot,              // an input, let or output of `scenario` (also a config's setting, an expect, a named argument)
  global,            // a top-level let (`index` into Program::globals)
  function,          // a top-level fn (Program::functions)
  local_function,    // a scenario's own fn (Scenario::functions of `scenario`)
  scenario,          // a scenario (Program::scenarios), called or named by a config
  catalogue_entry,   // `name` is the entry's key or alias
  field,             // `.name` of a record: `record` and `index`
  local,             // a parameter, a `let ... in` name or a comprehension's variable, declared at `definition`
  enum_case,         // a case of `enumeration`
  builtin_function,  // len, sum, ...
};

struct NameUse {
  Span span;         // the name as written
  UseKind kind = UseKind::slot;
  int scenario = -1;  // slot, local_function
  int index = -1;     // slot, global, function, local_function, scenario, field (its position in the record)
  Span definition;    // where the target is declared, when the checker knows (a local's binding, a slot's name)
  std::string name;   // the name as resolved (an entry's key for an alias)
  Type type;          // the static type of the value named (a call: its result)
  std::shared_ptr<const RecordType> record;   // field
  std::shared_ptr<const EnumType> enumeration;  // enum_case
};

// A literal (a number, a quantity) compiled where the context expects a type: completion offers the units
// of that dimension after the number.
struct ExpectedAt {
  Span span;
  Type type;
};

// A name the checker could not resolve (a misspelling, or the word an editor is completing), with what
// was in scope there: the names a completion offers.
struct UnknownName {
  Span span;
  Type expected;      // the type the context expects (an enumeration in a `match` arm), or `error`
  int scenario = -1;  // the scenario whose members are in scope, or -1
  std::vector<std::pair<std::string, Type>> locals;  // parameters, `let ... in` names, comprehension variables
  std::shared_ptr<const RecordType> record;  // `.name` of this record (a field that is not there)
};

struct NameUses {
  std::vector<NameUse> uses;
  std::vector<ExpectedAt> expected;
  std::vector<UnknownName> unknown;
};

}  // namespace mlsi
