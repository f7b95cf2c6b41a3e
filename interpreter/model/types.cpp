#include "model/types.hpp"

#include "model/dimension.hpp"

namespace mlsi {

int RecordType::find(std::string_view field) const {
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i] == field) return static_cast<int>(i);
  return -1;
}

int EnumType::find(const std::string& c) const {
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (cases[i] == c) return static_cast<int>(i);
  return -1;
}

bool compatible(const Type& a, const Type& b) {
  if (a.is_error() || b.is_error()) return true;
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Type::Kind::quantity: return a.dim == b.dim;
    case Type::Kind::list: return compatible(*a.element, *b.element);
    case Type::Kind::record:
      if (a.record == b.record) return true;
      if (a.record->catalogue || b.record->catalogue) return a.record->catalogue && b.record->catalogue && a.record->name == b.record->name;
      if (a.record->fields != b.record->fields) return false;
      for (std::size_t i = 0; i < a.record->types.size(); ++i)
        if (!compatible(a.record->types[i], b.record->types[i])) return false;
      return true;
    case Type::Kind::enumeration: return a.enumeration == b.enumeration || a.enumeration->cases == b.enumeration->cases;
    default: return true;
  }
}

std::string type_name(const Type& t, const DimensionRegistry& dims) {
  switch (t.kind) {
    case Type::Kind::error: return "an unknown type";
    case Type::Kind::quantity: return dims.format(t.dim);
    case Type::Kind::boolean: return "Bool";
    case Type::Kind::text: return "Text";
    case Type::Kind::list: return "List[" + type_name(*t.element, dims) + "]";
    case Type::Kind::record: {
      if (!t.record->name.empty()) return t.record->name;
      std::string s = "{";
      for (std::size_t i = 0; i < t.record->fields.size(); ++i)
        s += (i ? ", " : "") + t.record->fields[i] + ": " + type_name(t.record->types[i], dims);
      return s + "}";
    }
    case Type::Kind::enumeration: {
      if (!t.enumeration->name.empty()) return t.enumeration->name;
      std::string s = "one of ";
      for (std::size_t i = 0; i < t.enumeration->cases.size(); ++i) s += (i ? " | " : "") + t.enumeration->cases[i];
      return s;
    }
  }
  return "?";
}

}  // namespace mlsi
