// The JSON Schema's documents of what the catalogue and the packs hold: `mlsi list` (catalogue entries,
// units, constants, scenarios) and `mlsi show`; members of `$defs`, joined by json_schema.cpp.
#include "report/json_schema_parts.hpp"

namespace mlsi {

std::string_view json_schema_listing_defs() {
  return R"json(    "catalogue_entry": {
      "description": "A catalogue entry (`mlsi show KEY`, each of `mlsi list KIND`): the fields it has, quantities in the unit the catalogue wrote (a derived one, or one of a sub-record such as `flops`, in the unit a table chooses).",
      "type": "object",
      "properties": {
        "key": {"type": "string"},
        "kind": {"type": "string"},
        "builtin": {"type": "boolean"},
        "fields": {"type": "object", "additionalProperties": {"$ref": "#/$defs/value"}},
        "defaulted": {"description": "The calibration fields the loader filled with defaults (docs/catalogue.md section 2.14): `gemm_latency`, or `gemm_efficiency.fp8` for one precision of a map the entry gives in part. Absent when there are none.",
                      "type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}
      },
      "required": ["key", "kind", "builtin", "fields"],
      "additionalProperties": false
    },
    "unit": {
      "description": "A unit (each of `mlsi list units`): its dimension and the size of one of it.",
      "type": "object",
      "properties": {"name": {"type": "string"}, "dimension": {"type": "string"}, "size": {"$ref": "#/$defs/quantity"}},
      "required": ["name", "dimension", "size"],
      "additionalProperties": false
    },
    "constant": {
      "description": "A prelude constant (`mlsi show NAME`, each of `mlsi list constants`): its value (null where it cannot be evaluated), as shown, its type and doc.",
      "type": "object",
      "properties": {
        "name": {"type": "string"}, "value": {"$ref": "#/$defs/value_or_null"}, "shown": {"type": "string"},
        "type": {"type": "string"}, "doc": {"type": "string"}
      },
      "required": ["name", "value", "shown", "type", "doc"],
      "additionalProperties": false
    },
    "scenario_summary": {
      "description": "Each of `mlsi list scenarios`.",
      "type": "object",
      "properties": {"name": {"type": "string"}, "pack": {"type": "string"}, "kind": {"enum": ["exercise", "question", ""]}, "description": {"type": "string"}, "contract": {"type": "string"}},
      "required": ["name", "pack", "kind", "description", "contract"]
    },
    "listing": {
      "description": "`mlsi list KIND --format json`: catalogue entries, units, constants or scenarios.",
      "anyOf": [
        {"type": "array", "items": {"$ref": "#/$defs/catalogue_entry"}},
        {"type": "array", "items": {"$ref": "#/$defs/unit"}},
        {"type": "array", "items": {"$ref": "#/$defs/constant"}},
        {"type": "array", "items": {"$ref": "#/$defs/scenario_summary"}}
      ]
    },
    "scenario_interface": {
      "description": "`mlsi show SCENARIO --format json`: its contract, inputs and outputs as declared.",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"},
        "pack": {"type": "string", "description": "`training`, `serving`, `systems` or `plan` for a built-in scenario, else its file"},
        "contract": {"type": "string"},
        "inputs": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "type": {"type": "string"}, "default": {"type": "string"}, "where": {"type": "string"}, "doc": {"type": "string"}},
            "required": ["name", "type", "default", "where", "doc"],
            "additionalProperties": false
          }
        },
        "outputs": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "type": {"type": "string"}, "unit": {"type": "string"}, "doc": {"type": "string"}},
            "required": ["name", "type", "unit", "doc"],
            "additionalProperties": false
          }
        }
      },
      "required": ["scenario", "pack", "contract", "inputs", "outputs"]
    },
    "function": {
      "description": "`mlsi show FUNCTION --format json`.",
      "type": "object",
      "properties": {"function": {"type": "string"}, "signature": {"type": "string"}, "doc": {"type": "string"}},
      "required": ["function", "signature", "doc"],
      "additionalProperties": false
    },
    "unit_shown": {
      "description": "`mlsi show UNIT --format json`.",
      "type": "object",
      "properties": {"unit": {"type": "string"}, "dimension": {"type": "string"}, "size": {"$ref": "#/$defs/quantity"}, "doc": {"type": "string"}},
      "required": ["unit", "dimension", "size", "doc"],
      "additionalProperties": false
    },
    "show": {
      "description": "`mlsi show NAME --format json`: a catalogue entry, a scenario, a constant, a function or a unit.",
      "anyOf": [
        {"$ref": "#/$defs/catalogue_entry"}, {"$ref": "#/$defs/scenario_interface"}, {"$ref": "#/$defs/constant"},
        {"$ref": "#/$defs/function"}, {"$ref": "#/$defs/unit_shown"}
      ]
    })json";
}

}  // namespace mlsi
