#pragma once
// Static types: quantities of a dimension, Bool, Text, lists, records, enumerations.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/dimension.hpp"

namespace mlsi {

struct Type;

// A unit as written for display (`GiB`, `USD/h`), with its size in SI; empty text for none.
struct DisplayUnitText {
  std::string text;
  double factor = 1;
};

struct RecordType {
  std::string name;  // catalogue kind (Workload), scenario name, or empty for a literal
  bool catalogue = false;
  std::vector<std::string> fields;
  std::vector<Type> types;
  // Per field, the unit its declared type names (`{ price: USD/h }` shows prices in USD/h); may be
  // shorter than `fields` (a literal's own type, a catalogue kind: none).
  std::vector<DisplayUnitText> units;
  int find(std::string_view field) const;
};

struct EnumType {
  std::string name;  // the name a `type` declaration gives it, or empty
  std::vector<std::string> cases;
  int find(const std::string& c) const;
};

struct Type {
  // `error` is the type of an expression that already failed to check: it matches anything, so one
  // mistake is reported once, not again by every expression around it.
  enum class Kind { error, quantity, boolean, text, list, record, enumeration };
  Kind kind = Kind::error;
  Dim dim;
  std::shared_ptr<const Type> element;
  std::shared_ptr<const RecordType> record;
  std::shared_ptr<const EnumType> enumeration;

  static Type error() { return Type{}; }
  static Type quantity(const Dim& d) { Type t; t.kind = Kind::quantity; t.dim = d; return t; }
  static Type count() { return quantity(Dim{}); }
  static Type boolean() { Type t; t.kind = Kind::boolean; return t; }
  static Type text() { Type t; t.kind = Kind::text; return t; }
  static Type list(Type element) { Type t; t.kind = Kind::list; t.element = std::make_shared<const Type>(std::move(element)); return t; }
  static Type of_record(std::shared_ptr<const RecordType> r) { Type t; t.kind = Kind::record; t.record = std::move(r); return t; }
  static Type of_enum(std::shared_ptr<const EnumType> e) { Type t; t.kind = Kind::enumeration; t.enumeration = std::move(e); return t; }

  bool is_error() const { return kind == Kind::error; }
  bool is_quantity() const { return kind == Kind::quantity; }
  bool is_count() const { return kind == Kind::quantity && dim.dimensionless(); }
  bool is_bool() const { return kind == Kind::boolean; }
  bool is_list() const { return kind == Kind::list; }
  // The innermost element type of nested lists (the type itself for a scalar).
  const Type& scalar() const { return kind == Kind::list ? element->scalar() : *this; }
};

// Same type; `error` matches anything.
bool compatible(const Type& a, const Type& b);

class DimensionRegistry;
std::string type_name(const Type& t, const DimensionRegistry& dims);

}  // namespace mlsi
