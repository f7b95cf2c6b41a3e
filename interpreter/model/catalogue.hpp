#pragma once
// The catalogue: named records (hardware, workloads, systems, datasets, ...) read from TOML.
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "source/diagnostics.hpp"
#include "model/types.hpp"
#include "model/values.hpp"

namespace mlsi {

enum class Requirement { required, optional, derived };

// One field of a record kind, as docs/catalogue.md §2 describes it.
struct FieldSpec {
  std::string_view name;
  // "Count", "Text", "Bool", a dimension expression ("Information / Time", "Money / (Information * Time)"),
  // "ref KIND" (a reference to an entry of KIND), "rates DIM" (a record of per-precision quantities of
  // DIM with the keys fp32 tf32 bf16 fp16 fp8 fp6 fp4 int8 int4), "shares" (the same record of Counts: a
  // share per precision), "list Text", "mig_profiles".
  std::string_view type;
  Requirement requirement = Requirement::optional;
  bool whole = false;                     // Count fields that must hold a whole number
  std::vector<std::string_view> allowed;  // enumerated Text values; empty: any text
  std::string_view meaning;               // one line, for `mlsi show` and docs
};

// The schema is constant text (string views of literals): building it is cheap at every start.
struct KindSpec {
  std::string_view name;
  std::vector<FieldSpec> fields;  // without the common fields (name, aliases, source, ...)
};

// Every record kind of docs/catalogue.md §2, in its order.
const std::vector<KindSpec>& catalogue_schema();
// Fields every kind has (docs/catalogue.md §2, common fields): name, aliases, source, source_kind, source_url, note, override.
const std::vector<FieldSpec>& common_fields();
// The kind of that name, or null.
const KindSpec* find_kind_spec(const std::string& name);
// A field of `kind` (its own or a common one) of that name, or null.
const FieldSpec* find_field_spec(const KindSpec& kind, const std::string& name);
// The keys of a Precision entry, of Hardware.flops and of Hardware.flops_sparse, in docs/catalogue.md's order.
const std::vector<std::string_view>& precision_keys();

// A unit as a catalogue string wrote it, to show the value the way the source gave it.
struct CatalogueEntry {
  std::string key;
  std::string kind;
  Value value;  // a RecordValue whose type is the kind's record type
  Span span;
  std::vector<std::string> aliases;
  bool builtin = true;
  bool overrides = false;                 // a user entry that replaced a built-in one
  std::vector<DisplayUnitText> units;     // per field: the unit a quantity was written in ("GiB")
  std::vector<Span> field_spans;          // per field: where it is written, if it is
};

class Catalogue {
 public:
  std::map<std::string, std::shared_ptr<RecordType>> kinds;
  // A deque: find() returns a pointer into it, and a later find() may read more entries on demand.
  std::deque<CatalogueEntry> entries;
  std::map<std::string, int> names;  // key or alias -> entry
  // Set when the built-in catalogue is read on demand (ProgramSessionOptions::read_on_demand): reads the file
  // that defines `name`, or every file not read yet when `name` is empty. `entries` and `names` then
  // hold only what was read; find() and all_names() read what they need first.
  std::function<void(const std::string&)> load_on_demand;

  const CatalogueEntry* find(const std::string& name) const {
    auto it = names.find(name);
    if (it == names.end() && load_on_demand) {
      load_on_demand(name);
      it = names.find(name);
    }
    return it == names.end() ? nullptr : &entries[static_cast<std::size_t>(it->second)];
  }
  std::vector<std::string> all_names() const {
    if (load_on_demand) load_on_demand("");
    std::vector<std::string> out;
    for (const auto& [n, i] : names) out.push_back(n);
    return out;
  }
};

}  // namespace mlsi
