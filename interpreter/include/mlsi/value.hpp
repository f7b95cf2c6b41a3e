#pragma once
// mlsi's public API: a value of a run (an input's or an output's), typed and nested (docs/api.md).
#include <string>
#include <string_view>
#include <vector>

namespace mlsi::api {

struct Field;

struct Value {
  // entry: a catalogue entry (`GPT3`), named by `text`; record: any other record, by its `fields`.
  enum class Kind { quantity, boolean, text, enumeration, list, record, entry };
  Kind kind = Kind::quantity;
  // A quantity (a Count too): `number` in `unit` (the SI value divided by the unit's, as `mlsi run
  // --format json` writes it), and `si` in SI base units.
  double number = 0;
  double si = 0;
  std::string unit;       // the display unit: `GiB`, `byte`; empty for a Count
  std::string dimension;  // `Information`, `Information / Time`, `Count`
  bool boolean = false;
  std::string text;       // text, the enumeration's case, the entry's name
  std::string kind_name;  // an entry's catalogue kind (`Workload`), a record's type name (may be empty)
  std::vector<Value> items;   // a list's elements, each a Value of the element type in the list's unit
  std::vector<Field> fields;  // a record's fields, in declaration order
  std::string shown;      // as `mlsi run` shows it: `1026 GiB`, `[1, 2, 4] GiB`, `true`, `GPT3`

  bool is_quantity() const { return kind == Kind::quantity; }
  // The field named `name`, or null.
  const Field* field(std::string_view name) const;
};

struct Field {
  std::string name;
  bool present = true;  // false: a catalogue field the entry does not have (`value` is then empty)
  Value value;
};

// An input or an output of a run.
struct Item {
  std::string name;
  std::string type;  // as the language writes it: `Information`, `Count`, `Bool`, `List[Time]`, `Workload`
  Value value;
  // False for an input whose default nothing read and that cannot be evaluated (`mlsi run` shows
  // `(not used)`); its value is then empty.
  bool available = true;
};

}  // namespace mlsi::api
