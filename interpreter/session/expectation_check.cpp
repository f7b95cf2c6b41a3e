#include "session/expectation_check.hpp"

#include <algorithm>
#include <cmath>

namespace mlsi {

void measure(const Value& computed, const Value& expected, const Type& t, ErrorMeasure& m) {
  auto raise = [](std::optional<double>& slot, double x) { slot = slot ? std::max(*slot, x) : x; };
  switch (t.kind) {
    case Type::Kind::quantity: {
      double c = computed.number(), e = expected.number();
      if (e != 0) raise(m.relative, std::fabs(c - e) / std::fabs(e));
      else raise(m.absolute, std::fabs(c));
      return;
    }
    case Type::Kind::list: {
      const auto& a = computed.list();
      const auto& b = expected.list();
      for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) measure(a[i], b[i], *t.element, m);
      return;
    }
    case Type::Kind::record: {
      const auto& a = computed.record();
      const auto& b = expected.record();
      if (!a.key.empty() || !b.key.empty()) return;
      for (std::size_t i = 0; i < a.fields.size() && i < b.fields.size(); ++i)
        if (a.fields[i] && b.fields[i]) {
          // An absolute error of a record field would need the field's unit: only relative ones count.
          ErrorMeasure field;
          measure(*a.fields[i], *b.fields[i], a.type->types[i], field);
          if (field.relative) raise(m.relative, *field.relative);
        }
      return;
    }
    default: return;
  }
}

bool has_tolerance(const Type& t) {
  if (t.kind == Type::Kind::record) return true;
  return t.scalar().is_quantity();
}

bool matches(const Value& computed, const Value& expected, const Type& t, double tol, bool relative) {
  switch (t.kind) {
    case Type::Kind::quantity: {
      double c = computed.number(), e = expected.number();
      if (c == e) return true;
      return std::fabs(c - e) <= (relative ? tol * std::fabs(e) : tol);
    }
    case Type::Kind::list: {
      const auto& a = computed.list();
      const auto& b = expected.list();
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!matches(a[i], b[i], *t.element, tol, relative)) return false;
      return true;
    }
    case Type::Kind::boolean: return computed.boolean() == expected.boolean();
    case Type::Kind::text: return computed.text() == expected.text();
    case Type::Kind::enumeration: return computed.enumeration().index == expected.enumeration().index;
    case Type::Kind::record: {
      const auto& a = computed.record();
      const auto& b = expected.record();
      if (!a.key.empty() || !b.key.empty()) return a.key == b.key;  // catalogue entries: the same entry
      for (std::size_t i = 0; i < a.fields.size() && i < b.fields.size(); ++i) {
        if (a.fields[i].has_value() != b.fields[i].has_value()) return false;
        if (a.fields[i] && !matches(*a.fields[i], *b.fields[i], a.type->types[i], tol, relative)) return false;
      }
      return a.fields.size() == b.fields.size();
    }
    default: return false;
  }
}

}  // namespace mlsi
