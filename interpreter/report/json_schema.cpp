// The general JSON Schema of mlsi's outputs: the value shapes and one document per command. Written out
// as a schema, it is the reference a reader of the JSON gets (`mlsi schema`); the tests validate every
// command's output against it (tests/json_schema/validate.py), so it cannot drift from the writers.
#include "report/json_schema.hpp"

namespace mlsi {

namespace {

constexpr const char* kDefs = R"json({
    "quantity": {
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
    "string_or_null": {"type": ["string", "null"]},
    "run": {
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
    },
    "catalogue_entry": {
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
      "properties": {"name": {"type": "string"}, "pack": {"type": "string"}, "description": {"type": "string"}, "contract": {"type": "string"}},
      "required": ["name", "pack", "description", "contract"]
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
        "pack": {"type": "string", "description": "`training` or `inference` for a built-in scenario, else its file"},
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
    },
    "expectation": {
      "description": "One `expect` of `mlsi test --report`: expected against computed, both in the expected value's unit.",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"},
        "config": {"type": "string"},
        "output": {"type": "string"},
        "location": {"type": "string"},
        "expected": {"$ref": "#/$defs/value_or_null"},
        "computed": {"$ref": "#/$defs/value_or_null"},
        "relative_error": {"type": ["number", "null"]},
        "absolute_error": {"anyOf": [{"$ref": "#/$defs/quantity"}, {"type": "null"}]},
        "tolerance": {
          "anyOf": [
            {"type": "null"},
            {"type": "object", "properties": {"relative": {"type": "number"}}, "required": ["relative"], "additionalProperties": false},
            {"type": "object", "properties": {"absolute": {"$ref": "#/$defs/quantity"}}, "required": ["absolute"], "additionalProperties": false}
          ]
        },
        "passed": {"type": "boolean"},
        "source": {"$ref": "#/$defs/string_or_null"}
      },
      "required": ["scenario", "config", "output", "location", "expected", "computed", "relative_error", "absolute_error", "tolerance", "passed", "source"],
      "additionalProperties": false
    },
    "test_report": {
      "description": "`mlsi test --report --format json`.",
      "type": "object",
      "properties": {
        "expectations": {"type": "array", "items": {"$ref": "#/$defs/expectation"}},
        "summary": {
          "type": "object",
          "properties": {
            "expectations": {"type": "integer", "minimum": 0}, "passed": {"type": "integer", "minimum": 0}, "failed": {"type": "integer", "minimum": 0},
            "published": {"type": "integer", "minimum": 0}, "published_passed": {"type": "integer", "minimum": 0},
            "published_failed": {"type": "integer", "minimum": 0}, "unchecked_files": {"type": "array", "items": {"type": "string"}}
          },
          "required": ["expectations", "passed", "failed", "published", "published_passed", "published_failed", "unchecked_files"],
          "additionalProperties": false
        }
      },
      "required": ["expectations", "summary"],
      "additionalProperties": false
    },
    "validation_row": {
      "description": "One `expect measured` of `mlsi validate`: the measured value against mlsi's, both in the measured value's unit, and the signed error (computed - measured) / measured as a fraction.",
      "type": "object",
      "properties": {
        "scenario": {"type": "string"}, "config": {"type": "string"}, "output": {"type": "string"}, "location": {"type": "string"},
        "measured": {"anyOf": [{"$ref": "#/$defs/quantity"}, {"type": "null"}]},
        "computed": {"anyOf": [{"$ref": "#/$defs/quantity"}, {"type": "null"}]},
        "error": {"type": ["number", "null"]},
        "source": {"type": "string", "minLength": 1}
      },
      "required": ["scenario", "config", "output", "location", "measured", "computed", "error", "source"],
      "additionalProperties": false
    },
    "validation_stat": {
      "description": "The rows of one output of a domain (`output` null: all its rows): mean and max |error| as fractions over the rows with an error, the targets (fractions, null: none) and what misses them.",
      "type": "object",
      "properties": {
        "output": {"$ref": "#/$defs/string_or_null"},
        "rows": {"type": "integer", "minimum": 0}, "evaluated": {"type": "integer", "minimum": 0},
        "mean_abs_error": {"type": ["number", "null"], "minimum": 0}, "max_abs_error": {"type": ["number", "null"], "minimum": 0},
        "target_mean": {"type": ["number", "null"], "minimum": 0}, "target_max": {"type": ["number", "null"], "minimum": 0},
        "failures": {"type": "array", "items": {"type": "string"}}
      },
      "required": ["output", "rows", "evaluated", "mean_abs_error", "max_abs_error", "target_mean", "target_max", "failures"],
      "additionalProperties": false
    },
    "validation_report": {
      "description": "`mlsi validate --format json`: per domain (a subfolder of the validation folder) its rows and their summary; `passed` when every domain meets its targets.",
      "type": "object",
      "properties": {
        "domains": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "name": {"type": "string"}, "folder": {"type": "string"}, "targets_file": {"$ref": "#/$defs/string_or_null"},
              "rows": {"type": "array", "items": {"$ref": "#/$defs/validation_row"}},
              "summary": {"type": "array", "items": {"$ref": "#/$defs/validation_stat"}},
              "unchecked_files": {"type": "array", "items": {"type": "string"}}
            },
            "required": ["name", "folder", "targets_file", "rows", "summary", "unchecked_files"],
            "additionalProperties": false
          }
        },
        "passed": {"type": "boolean"}
      },
      "required": ["domains", "passed"],
      "additionalProperties": false
    },
    "eval_declared": {
      "description": "One name an `mlsi eval` declaration defined: its kind, its name, the line the REPL prints for it, and for a `let` its value and type.",
      "type": "object",
      "properties": {
        "kind": {"enum": ["let", "fn", "scenario", "config", "unit", "dimension"]},
        "name": {"type": "string", "minLength": 1}, "text": {"type": "string", "minLength": 1},
        "value": {"$ref": "#/$defs/value"}, "type": {"type": "string", "minLength": 1}
      },
      "required": ["kind", "name", "text"],
      "dependentRequired": {"value": ["type"], "type": ["value"]},
      "additionalProperties": false
    },
    "eval": {
      "description": "`mlsi eval EXPR... --format json`: one element per entry, in order. An expression has its `result` and `type`; a declaration (or an `import`, with the file it `loaded`) the names it defined.",
      "type": "array",
      "items": {
        "oneOf": [
          {
            "type": "object",
            "properties": {"entry": {"type": "string"}, "result": {"$ref": "#/$defs/value"}, "type": {"type": "string", "minLength": 1}},
            "required": ["entry", "result", "type"],
            "additionalProperties": false
          },
          {
            "type": "object",
            "properties": {
              "entry": {"type": "string"}, "loaded": {"type": "string", "minLength": 1},
              "declared": {"type": "array", "items": {"$ref": "#/$defs/eval_declared"}}
            },
            "required": ["entry", "declared"],
            "additionalProperties": false
          }
        ]
      }
    }
  })json";

}  // namespace

std::string_view json_schema_defs() { return kDefs; }

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
  "$defs": )json") + kDefs + "\n}\n";
}

}  // namespace mlsi
