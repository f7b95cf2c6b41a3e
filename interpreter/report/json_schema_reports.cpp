// The JSON Schema's documents of checks and of the REPL: `mlsi test --report`, `mlsi validate` and
// `mlsi eval`; members of `$defs`, joined by json_schema.cpp.
#include "report/json_schema_parts.hpp"

namespace mlsi {

std::string_view json_schema_report_defs() {
  return R"json(    "expectation": {
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
    })json";
}

}  // namespace mlsi
