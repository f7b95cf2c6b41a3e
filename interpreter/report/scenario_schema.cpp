// The JSON Schema of `mlsi run SCENARIO --format json` for one scenario: the general document of
// json_schema.cpp with every input and output named and typed.
#include <fmt/format.h>

#include "model/value_json.hpp"
#include "report/json_schema.hpp"
#include "model/doc_tags.hpp"

namespace mlsi {

namespace {

// Records nest only as deep as their types do, but a bound keeps a pathological program's schema small.
constexpr int kMaxDepth = 8;

std::string type_schema(const Program& p, const Type& t, int depth) {
  if (depth > kMaxDepth) return R"({"$ref": "#/$defs/value"})";
  switch (t.kind) {
    case Type::Kind::quantity:
      return fmt::format(R"({{"$ref": "#/$defs/quantity", "properties": {{"dimension": {{"const": {}}}}}}})", json_escape(p.dims.format(t.dim)));
    case Type::Kind::boolean: return R"({"$ref": "#/$defs/boolean"})";
    case Type::Kind::text: return R"({"$ref": "#/$defs/text"})";
    case Type::Kind::enumeration: {
      std::string cases;
      for (const auto& c : t.enumeration->cases) cases += (cases.empty() ? "" : ", ") + json_escape(c);
      return fmt::format(R"({{"$ref": "#/$defs/text", "properties": {{"value": {{"enum": [{}]}}}}}})", cases);
    }
    case Type::Kind::list: return fmt::format(R"({{"type": "array", "items": {}}})", type_schema(p, *t.element, depth + 1));
    case Type::Kind::record: {
      const RecordType& r = *t.record;
      // A catalogue kind's value is an entry by key; one built from fields (rare) is a record.
      if (r.catalogue)
        return fmt::format(R"({{"anyOf": [{{"$ref": "#/$defs/entry", "properties": {{"kind": {{"const": {}}}}}}}, {{"$ref": "#/$defs/record"}}]}})",
                           json_escape(r.name));
      std::string fields, required;
      for (std::size_t i = 0; i < r.fields.size(); ++i) {
        fields += fmt::format(R"({}{}: {{"anyOf": [{}, {{"type": "null"}}]}})", i ? ", " : "", json_escape(r.fields[i]), type_schema(p, r.types[i], depth + 1));
        required += (i ? ", " : "") + json_escape(r.fields[i]);
      }
      return fmt::format(R"({{"$ref": "#/$defs/record", "properties": {{"fields": {{"properties": {{{}}}, "required": [{}], "additionalProperties": false}}}}}})",
                         fields, required);
    }
    case Type::Kind::error: break;
  }
  return R"({"$ref": "#/$defs/value"})";
}

// The members of "inputs" or "outputs": one line per slot, with its declared type as the description.
std::string slots_schema(const Program& p, const Scenario& s, const std::vector<int>& slots, bool may_be_null) {
  std::string properties, required;
  for (std::size_t k = 0; k < slots.size(); ++k) {
    const Slot& sl = s.slots[static_cast<std::size_t>(slots[k])];
    std::string schema = type_schema(p, sl.type, 0);
    // An input whose default nothing needed and that cannot be evaluated is null.
    if (may_be_null) schema = fmt::format(R"({{"anyOf": [{}, {{"type": "null"}}]}})", schema);
    schema.insert(1, fmt::format(R"("description": {}, )", json_escape(type_name(sl.type, p.dims))));
    properties += fmt::format("{}\n        {}: {}", k ? "," : "", json_escape(sl.name), schema);
    required += (k ? ", " : "") + json_escape(sl.name);
  }
  return fmt::format(R"({{
      "type": "object",
      "properties": {{{}
      }},
      "required": [{}],
      "additionalProperties": false
    }})",
                     properties, required);
}

}  // namespace

std::string scenario_json_schema(const Program& p, const Scenario& s) {
  int index = p.find_scenario_index(s.name);
  std::string configs;
  for (const auto& c : p.configs)
    if (c.scenario == index) configs += (configs.empty() ? "" : ", ") + json_escape(c.name);
  std::string contract = first_sentence(s.doc);
  return fmt::format(R"({{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": {},
  "description": {},
  "type": "object",
  "properties": {{
    "scenario": {{"const": {}}},
    "config": {},
    "inputs": {},
    "outputs": {}
  }},
  "required": ["scenario", "config", "inputs", "outputs"],
  "additionalProperties": false,
  "$defs": {}
}}
)",
                     json_escape(fmt::format("mlsi run {} --format json", s.name)), json_escape(contract), json_escape(s.name),
                     configs.empty() ? R"({"type": "null"})" : fmt::format(R"({{"anyOf": [{{"enum": [{}]}}, {{"type": "null"}}]}})", configs),
                     slots_schema(p, s, s.inputs, true), slots_schema(p, s, s.outputs, false), json_schema_defs());
}

}  // namespace mlsi
