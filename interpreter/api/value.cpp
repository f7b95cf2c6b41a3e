// Values of the public API: an internal value (SI doubles, shared lists and records) with its type and
// display unit turned into a self-contained tree.
#include <fmt/format.h>

#include "api/detail.hpp"
#include "model/display.hpp"

namespace mlsi::api {

const Field* Value::field(std::string_view name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

namespace detail {

double display_number(double si, double factor) {
  // Exactly the double `mlsi run --format json` writes as "value": the SI value divided by the unit's.
  return factor == 1 ? si : si / factor;
}

namespace {

// `v` of type `t`, whose numbers are shown in `unit` (already the effective one).
Value convert(const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& unit) {
  Value out;
  switch (t.kind) {
    case Type::Kind::quantity:
      out.kind = Value::Kind::quantity;
      out.si = v.number();
      out.number = display_number(v.number(), unit.factor);
      out.unit = unit.text;
      out.dimension = p.dims.format(t.dim);
      break;
    case Type::Kind::boolean:
      out.kind = Value::Kind::boolean;
      out.boolean = v.boolean();
      break;
    case Type::Kind::text:
      out.kind = Value::Kind::text;
      out.text = v.text();
      break;
    case Type::Kind::enumeration:
      out.kind = Value::Kind::enumeration;
      out.text = v.enumeration().type->cases.at(static_cast<std::size_t>(v.enumeration().index));
      break;
    case Type::Kind::list:
      out.kind = Value::Kind::list;
      if (t.scalar().is_quantity()) {
        out.unit = unit.text;
        out.dimension = p.dims.format(t.scalar().dim);
      }
      for (const auto& e : v.list()) {
        out.items.push_back(convert(p, e, *t.element, unit));
        out.items.back().shown = format_value(e, *t.element, unit, p);
      }
      break;
    case Type::Kind::record: {
      const auto& r = v.record();
      out.kind_name = r.type->name;
      if (!r.key.empty()) {
        // A catalogue entry is named, as `mlsi run --format json` writes it; its fields are in the catalogue.
        out.kind = Value::Kind::entry;
        out.text = r.key;
        break;
      }
      out.kind = Value::Kind::record;
      for (std::size_t i = 0; i < r.fields.size(); ++i) {
        Field f{r.type->fields[i], r.fields[i].has_value(), {}};
        if (f.present) f.value = public_value(p, *r.fields[i], r.type->types[i], field_display(*r.type, i));
        out.fields.push_back(std::move(f));
      }
      break;
    }
    case Type::Kind::error: break;
  }
  return out;
}

}  // namespace

Value public_value(const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& display) {
  DisplayUnit unit = effective_unit(v, t, display, p);
  Value out = convert(p, v, t, unit);
  out.shown = format_value(v, t, unit, p);
  return out;
}

}  // namespace detail

}  // namespace mlsi::api
