// The JSON Schema's documents of what a scenario computes: `run`, `sweep` (and its rows), `explain` and
// `solve`; members of `$defs`, joined by json_schema.cpp.
#include "report/json_schema_parts.hpp"

namespace mlsi {

std::string_view json_schema_result_defs() {
  return R"json(    "run": {
      "description": "`mlsi run --format json`: the inputs and outputs of one scenario, by name, in declaration order.",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"},
        "config": {"$ref": "#/$defs/string_or_null"},
        "inputs": {"type": "object", "additionalProperties": {"$ref": "#/$defs/value_or_null"}},
        "outputs": {"type": "object", "additionalProperties": {"$ref": "#/$defs/value"}},
        "notes": {"description": "Absent unless the run read calibration defaults (docs/catalogue.md section 2.14): one note per entry, naming the defaulted fields it read.",
                  "type": "array", "minItems": 1, "items": {"$ref": "#/$defs/calibration_note"}}
      },
      "required": ["scenario", "config", "inputs", "outputs"],
      "additionalProperties": false
    },
    "calibration_note": {
      "description": "A catalogue entry whose calibration fields a run read as defaults derived from its datasheet: the answer is not calibrated for it.",
      "type": "object",
      "properties": {
        "entry": {"type": "string", "minLength": 1}, "kind": {"type": "string", "minLength": 1},
        "defaulted": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1},
        "message": {"type": "string", "minLength": 1}
      },
      "required": ["entry", "kind", "defaulted", "message"],
      "additionalProperties": false
    },
    "sweep": {
      "description": "`mlsi sweep --format json`: the unit of each column, then one row per point (the varied inputs, then every output; null outputs and an `error` for a point that failed).",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"},
        "units": {"type": "object", "additionalProperties": {"type": "string"}},
        "rows": {"type": "array", "items": {"$ref": "#/$defs/sweep_row"}}
      },
      "required": ["scenario", "units", "rows"],
      "additionalProperties": false
    },
    "sweep_row": {
      "description": "One point of `mlsi sweep`: a row of `--format json`, and each line of `--format jsonl` (the varied inputs, then every output; null outputs and an `error` for a point that failed).",
      "type": "object",
      "properties": {"error": {"$ref": "#/$defs/string_or_null"}},
      "required": ["error"],
      "additionalProperties": {"$ref": "#/$defs/value_or_null"}
    },
    "provenance": {
      "description": "What an explained output rests on: a catalogue entry or a prelude constant.",
      "oneOf": [
        {
          "type": "object",
          "properties": {"kind": {"const": "catalogue"}, "name": {"type": "string"}, "entry_kind": {"type": "string"}, "source": {"type": "string"}},
          "required": ["kind", "name", "entry_kind", "source"],
          "additionalProperties": false
        },
        {
          "type": "object",
          "properties": {
            "kind": {"const": "constant"}, "name": {"type": "string"}, "value": {"$ref": "#/$defs/value_or_null"},
            "shown": {"type": "string"}, "doc": {"type": "string"}
          },
          "required": ["kind", "name", "value", "shown", "doc"],
          "additionalProperties": false
        }
      ]
    },
    "explain_node": {
      "description": "One step of a derivation: the named value, its formula with values substituted, and the terms it is made of.",
      "type": "object",
      "properties": {
        "name": {"type": "string"},
        "kind": {"enum": ["output", "let", "input", "constant", "catalogue", "call", "scenario_call", "value"]},
        "value": {"$ref": "#/$defs/value_or_null"},
        "shown": {"type": "string"},
        "call": {"$ref": "#/$defs/string_or_null"},
        "formula": {"$ref": "#/$defs/string_or_null"},
        "substituted": {"$ref": "#/$defs/string_or_null"},
        "origin": {"$ref": "#/$defs/string_or_null"},
        "declared": {"$ref": "#/$defs/string_or_null"},
        "catalogue": {
          "anyOf": [
            {"type": "null"},
            {
              "type": "object",
              "properties": {"entry": {"type": "string"}, "kind": {"type": "string"}, "field": {"$ref": "#/$defs/string_or_null"}, "source": {"type": "string"}},
              "required": ["entry", "kind", "field", "source"],
              "additionalProperties": false
            }
          ]
        },
        "explained_above": {"type": "boolean"},
        "depends_on": {"type": "array", "items": {"$ref": "#/$defs/provenance"}},
        "terms": {"type": "array", "items": {"$ref": "#/$defs/explain_node"}}
      },
      "required": ["name", "kind", "value", "shown", "call", "formula", "substituted", "origin", "declared", "catalogue", "explained_above", "depends_on", "terms"],
      "additionalProperties": false
    },
    "explain": {
      "description": "`mlsi run --explain --format json`: one derivation per output.",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"},
        "config": {"$ref": "#/$defs/string_or_null"},
        "outputs": {"type": "array", "items": {"$ref": "#/$defs/explain_node"}}
      },
      "required": ["scenario", "config", "outputs"],
      "additionalProperties": false
    },
    "solve_point": {
      "description": "A point of a grid solve: its number in the grid's order, its varied inputs, and its objective.",
      "type": "object",
      "properties": {
        "point": {"type": "integer", "minimum": 0},
        "inputs": {"type": "object", "additionalProperties": {"$ref": "#/$defs/value"}},
        "value": {"$ref": "#/$defs/value"},
        "fails": {"type": "string"}
      },
      "required": ["point", "inputs", "value"],
      "additionalProperties": false
    },
    "solve_answer": {
      "description": "The `solve` object of `mlsi solve --format json`: one input's largest or smallest value (`whole`, `tolerance`, the first value past it in `boundary`), or a grid's best point (`best`, the better point a condition excludes in `boundary`, the counts).",
      "type": "object",
      "properties": {
        "objective": {"type": "string", "minLength": 1},
        "direction": {"enum": ["max", "min"]},
        "result": {"enum": ["solved", "infeasible", "unbounded"]},
        "value": {"oneOf": [{"$ref": "#/$defs/value"}, {"type": "null"}]},
        "whole": {"type": "boolean"},
        "tolerance": {"type": "number", "minimum": 0},
        "boundary": {
          "oneOf": [
            {"type": "null"},
            {"type": "object", "properties": {"value": {"oneOf": [{"$ref": "#/$defs/value"}, {"type": "null"}]}, "fails": {"type": "string"}},
             "required": ["value", "fails"], "additionalProperties": false},
            {"$ref": "#/$defs/solve_point"}
          ]
        },
        "evaluated": {"type": "integer", "minimum": 0},
        "best": {"type": "array", "items": {"$ref": "#/$defs/solve_point"}},
        "points": {"type": "integer", "minimum": 0},
        "feasible": {"type": "integer", "minimum": 0},
        "failed_conditions": {"type": "integer", "minimum": 0},
        "failed_scenario": {"type": "integer", "minimum": 0}
      },
      "required": ["objective", "direction", "result", "value", "boundary", "evaluated"],
      "additionalProperties": false
    },
    "solve": {
      "description": "`mlsi solve --format json`: `mlsi run`'s object at the answer (with --explain, the explanation's) with a `solve` object; only the `solve` object when there is no answer.",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"},
        "config": {"$ref": "#/$defs/string_or_null"},
        "inputs": {"type": "object", "additionalProperties": {"$ref": "#/$defs/value_or_null"}},
        "outputs": {"oneOf": [{"type": "object", "additionalProperties": {"$ref": "#/$defs/value"}},
                              {"type": "array", "items": {"$ref": "#/$defs/explain_node"}}]},
        "notes": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/calibration_note"}},
        "solve": {"$ref": "#/$defs/solve_answer"}
      },
      "required": ["solve"],
      "dependentRequired": {"scenario": ["config", "outputs"]},
      "additionalProperties": false
    })json";
}

}  // namespace mlsi
