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

// `v` of type `t` into `out`, whose numbers are shown in `unit` (already the effective one); `dimension`:
// t's dimension formatted, when known.
void convert(Value& out, const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& unit, const std::string* dimension) {
  switch (t.kind) {
    case Type::Kind::quantity:
      out.kind = Value::Kind::quantity;
      out.si = v.number();
      out.number = display_number(v.number(), unit.factor);
      out.unit = unit.text;
      out.dimension = dimension ? *dimension : p.dims.format(t.dim);
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
        out.dimension = dimension ? *dimension : p.dims.format(t.scalar().dim);
      }
      out.items.resize(v.list().size());
      for (std::size_t i = 0; i < v.list().size(); ++i) {
        convert(out.items[i], p, v.list()[i], *t.element, unit, t.scalar().is_quantity() ? &out.dimension : nullptr);
        out.items[i].shown = format_value(v.list()[i], *t.element, unit, p);
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
}

}  // namespace

void fill_public_value(Value& out, const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& display,
                       const std::string* dimension) {
  DisplayUnit unit = effective_unit(v, t, display, p);
  convert(out, p, v, t, unit, dimension);
  // As format_value shows it; `unit` is already the effective one.
  out.shown = format_bare(v, t, unit, p, NumberStyle::people);
  if (t.scalar().is_quantity() && !unit.text.empty()) out.shown += " " + unit.text;
}

Value public_value(const Program& p, const mlsi::Value& v, const Type& t, const DisplayUnit& display) {
  Value out;
  fill_public_value(out, p, v, t, display, nullptr);
  return out;
}

}  // namespace detail

}  // namespace mlsi::api
