// The general JSON Schema of mlsi's outputs: the value shapes and one document per command. Written out
// as a schema, it is the reference a reader of the JSON gets (`mlsi schema`); the tests validate every
// command's output against it (tests/json_schema/validate.py), so it cannot drift from the writers.
#include "report/json_schema.hpp"

#include <string>

#include "report/json_schema_parts.hpp"

namespace mlsi {

namespace {

// The value shapes every document refers to: members of `$defs`.
constexpr std::string_view kValueDefs = R"json(    "quantity": {
      "description": "A number with a physical dimension (a Count too): `value` in the display unit `unit` (empty for a plain number), `si` in SI base units, both exact doubles.",
      "type": "object",
      "properties": {
        "value": {"type": "number"},
        "unit": {"type": "string"},
        "si": {"type": "number"},
        "dimension": {"type": "string", "minLength": 1}
      },
      "required": ["value", "unit", "si", "dimension"],
      "additionalProperties": false
    },
    "boolean": {
      "description": "A Bool.",
      "type": "object",
      "properties": {"value": {"type": "boolean"}},
      "required": ["value"],
      "additionalProperties": false
    },
    "text": {
      "description": "A Text, or an enumeration's case by name.",
      "type": "object",
      "properties": {"value": {"type": "string"}},
      "required": ["value"],
      "additionalProperties": false
    },
    "entry": {
      "description": "A catalogue entry by its key, with its kind (`mlsi show KEY` has its fields).",
      "type": "object",
      "properties": {"entry": {"type": "string", "minLength": 1}, "kind": {"type": "string", "minLength": 1}},
      "required": ["entry", "kind"],
      "additionalProperties": false
    },
    "record": {
      "description": "A record that is no catalogue entry: every field by name, null where a catalogue field is absent.",
      "type": "object",
      "properties": {"fields": {"type": "object", "additionalProperties": {"$ref": "#/$defs/value_or_null"}}},
      "required": ["fields"],
      "additionalProperties": false
    },
    "list": {
      "description": "A list: an array of values, every quantity in the one unit the list is shown in.",
      "type": "array",
      "items": {"$ref": "#/$defs/value"}
    },
    "value": {
      "description": "Any value of the language.",
      "anyOf": [
        {"$ref": "#/$defs/quantity"}, {"$ref": "#/$defs/boolean"}, {"$ref": "#/$defs/text"},
        {"$ref": "#/$defs/entry"}, {"$ref": "#/$defs/record"}, {"$ref": "#/$defs/list"}
      ]
    },
    "value_or_null": {
      "description": "A value, or null: an input whose default nothing needed and that cannot be evaluated, an absent field, a value not computed.",
      "anyOf": [{"$ref": "#/$defs/value"}, {"type": "null"}]
    },
    "string_or_null": {"type": ["string", "null"]})json";

}  // namespace

std::string_view json_schema_defs() {
  // Made once: the groups are separate files (json_schema_parts.hpp), the object is one text.
  static const std::string defs = [] {
    std::string s = "{\n";
    for (std::string_view part : {kValueDefs, json_schema_result_defs(), json_schema_listing_defs(), json_schema_report_defs()}) {
      if (s.size() > 2) s += ",\n";
      s += part;
    }
    return s + "\n  }";
  }();
  return defs;
}

std::string json_schema() {
  return std::string(R"json({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "mlsi --format json",
  "description": "The JSON of every mlsi command (docs/language.md section 14). Numbers are exact doubles: the shortest text that reads back to the same double.",
  "anyOf": [
    {"$ref": "#/$defs/run"}, {"$ref": "#/$defs/sweep"}, {"$ref": "#/$defs/explain"}, {"$ref": "#/$defs/listing"},
    {"$ref": "#/$defs/show"}, {"$ref": "#/$defs/test_report"}, {"$ref": "#/$defs/eval"}, {"$ref": "#/$defs/solve"},
    {"$ref": "#/$defs/validation_report"}
  ],
  "$defs": )json") + std::string(json_schema_defs()) + "\n}\n";
}

}  // namespace mlsi
