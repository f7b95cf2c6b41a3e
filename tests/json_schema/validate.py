#!/usr/bin/env python3
"""Validates the JSON of every mlsi command against the JSON Schema that `mlsi schema` prints.

    python3 tests/json_schema/validate.py MLSI            # every command (ctest json_schema)
    python3 tests/json_schema/validate.py --wrong MLSI    # wrong documents must fail (ctest json_schema_rejects)

Run from the repository root. It uses Debian's python3-jsonschema (`bash .ci/install test`): without the
module the test fails, it is never skipped. Besides the schema, every number must be exact and written
in the shortest form that reads back to the same double (docs/language.md section 14), and NaN or
Infinity (not JSON) may never appear.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("error: the Python module jsonschema is missing: install Debian's python3-jsonschema "
          "(bash .ci/install test)", file=sys.stderr)
    sys.exit(1)

MLSI = None
FAILURES = []
CHECKED = 0


def significant_digits(text):
    """The significant digits of a number's text: `2.50e+03` -> `25`, `0.0012` -> `12`."""
    mantissa = re.split("[eE]", text.lstrip("-"))[0].replace(".", "")
    return mantissa.strip("0") or "0"


def shortest_float(text):
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text} is not finite as a double")
    # Python's repr is the shortest text that reads back to the same double; a fraction ending in 0 is
    # longer than it needs to be.
    mantissa = re.split("[eE]", text)[0]
    if significant_digits(text) != significant_digits(repr(value)) or ("." in mantissa and mantissa.endswith("0")):
        raise ValueError(f"the number {text} is not the shortest text of its double ({repr(value)})")
    return value


def no_constant(name):
    raise ValueError(f"{name} is not JSON")


def unique_keys(pairs):
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise ValueError(f"an object has the key {repeated[0]} twice")
    return dict(pairs)


def parse(text):
    return json.loads(text, parse_float=shortest_float, parse_int=shortest_float, parse_constant=no_constant,
                      object_pairs_hook=unique_keys)


def run(*args, status=0):
    result = subprocess.run([MLSI, *args], capture_output=True, text=True)
    if result.returncode != status:
        raise RuntimeError(f"mlsi {' '.join(args)}: exit {result.returncode}, expected {status}\n{result.stderr}")
    return result.stdout


def validator(schema, definition=None):
    """A validator of the whole schema, or of one of its $defs (the document of one command)."""
    if definition is not None:
        schema = {key: value for key, value in schema.items() if key != "anyOf"}
        schema["$ref"] = f"#/$defs/{definition}"
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def check(args, validators, status=0):
    """Runs `mlsi ARGS`, parses its JSON and validates it with each validator; records a failure."""
    global CHECKED
    what = "mlsi " + " ".join(args)
    try:
        document = parse(run(*args, status=status))
        for v in validators:
            errors = sorted(v.iter_errors(document), key=lambda e: list(e.absolute_path))
            if errors:
                e = errors[0]
                raise ValueError(f"{len(errors)} error(s); at {'/'.join(map(str, e.absolute_path)) or 'the root'}: {e.message[:400]}")
        CHECKED += 1
        return document
    except (RuntimeError, ValueError) as e:
        FAILURES.append(f"{what}: {e}")
        return None


def check_lines(args, row_validator):
    """Runs `mlsi ARGS` (JSON Lines), validates each line as one object; records a failure."""
    global CHECKED
    what = "mlsi " + " ".join(args)
    try:
        lines = run(*args).splitlines()
        if not lines:
            raise ValueError("no line")
        for n, line in enumerate(lines, 1):
            errors = list(row_validator.iter_errors(parse(line)))
            if errors:
                raise ValueError(f"line {n}: {errors[0].message[:400]}")
        CHECKED += 1
    except (RuntimeError, ValueError) as e:
        FAILURES.append(f"{what}: {e}")


def general_schema():
    schema = parse(run("schema"))
    jsonschema.Draft202012Validator.check_schema(schema)
    if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        raise ValueError("mlsi schema does not declare draft 2020-12")
    return schema


def scenario_validator(target, *extra):
    schema = parse(run("schema", target, *extra))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# docs/language.md section 11.2: with total_flops given, the default of `tokens` is never evaluated (ResNet-50
# has no training_tokens), and the input is null.
UNUSED_FIXTURE = """scenario Order {
  input workload: Workload = GPT3
  input tokens: Count = workload.training_tokens
  input total_flops: Compute = training_compute(workload.parameters, tokens)
  input throughput: Compute / Time = 1 PFLOP/s
  output time = total_flops / throughput
}
"""

REPORT_FIXTURE = """scenario Step {
  input tokens: Count = 1000
  input rate: Count / Time = 4 Hz
  output time = tokens / rate -> s
  output fits = time < 300 s
  output idle = 0 s
  output parts = [tokens / 3, tokens / 7]
}

config published for Step {
  expect time == 250 s within 1% source "Doe et al. 2020, Table 2"
  expect fits == true
  expect parts == [333.333, 142.857] within 0.001%
}

config slower for Step {
  rate = 5 Hz
  expect time == 250 s within 10 s
  expect idle == 0 s
}
"""


def every_command():
    schema = general_schema()
    root = validator(schema)
    of = {name: validator(schema, name) for name in ("run", "sweep", "sweep_row", "explain", "listing", "show", "test_report", "eval", "solve", "validation_report")}

    # Every built-in scenario: run against the general schema and its own; its explanation.
    scenarios = check(["list", "scenarios", "--format", "json"], [root, of["listing"]]) or []
    if len(scenarios) < 57:
        FAILURES.append(f"mlsi list scenarios lists {len(scenarios)} scenarios, expected the 57 built-in ones at least")
    for s in scenarios:
        name = s["name"]
        own = scenario_validator(name)
        check(["run", name, "--format", "json"], [root, of["run"], own])
        check(["run", name, "--explain", "--format", "json"], [root, of["explain"]])
        check(["show", name, "--format", "json"], [root, of["show"]])
    # Files, configs and inputs given by --set (a list, an enumeration, records, scenario calls).
    for args in (["tests/examples/kv_cache.mls"], ["tests/examples/kv_cache.mls", "--config", "long_context"],
                 ["tests/examples/group_stats.mls", "--set", "baseline_rule=leave_one_out"],
                 ["tests/catalogue/custom_chip.mls", "--catalog", "tests/catalogue/my_chips.toml"],
                 ["ZeroSharding", "--set", "n_devices=8"]):
        own = scenario_validator(*args)
        check(["run", *args, "--format", "json"], [root, of["run"], own])
        check(["run", *args, "--explain", "--format", "json"], [root, of["explain"]])

    # Sweeps: numbers, Bools, lists, a row whose point fails (batch = 0), and categorical axes (catalogue
    # entries, enumeration cases, Bools) crossed with a numeric one.
    for args in (["ActivationMemory", "--vary", "bytes_per_value=1 byte..4 byte step 1 byte"],
                 ["tests/golden/commands/sweep/categorical/decode_step.mls", "--vary", "hardware=H100,A100", "--vary", "precision=fp16,fp8",
                  "--vary", "batched=true,false", "--vary", "parameters=7e9,14e9"],
                 ["tests/examples/kv_cache.mls", "--vary", "batch=0,1,64", "--vary", "bytes_per_value=1 byte,2 byte"],
                 ["ZeroSharding", "--vary", "n_devices=1,8,1024"]):
        check(["sweep", *args, "--format", "json"], [root, of["sweep"]])
        check_lines(["sweep", *args, "--format", "jsonl"], of["sweep_row"])

    # Solves: one input (solved, infeasible, unbounded), a grid (solved with a boundary, infeasible), --explain.
    layout = ["ParallelLayout", "--vary", "tp=1,2,4,8", "--vary", "pp=1,2,4,8,16", "--set", "dp=1024/(tp*pp)", "--minimize", "step_time"]
    for args, status in ((["ActivationMemory", "--max", "microbatch", "--such-that", "full <= 80 GB"], 0),
                         (["ActivationMemory", "--max", "bytes_per_value", "--such-that", "none <= 1 TB"], 0),
                         (["ZeroSharding", "--min", "n_devices", "--such-that", "fits[2]"], 1),
                         (["ActivationMemory", "--min", "microbatch", "--such-that", "full > 0 GB"], 1),
                         (["ActivationMemory", "--max", "microbatch", "--such-that", "full > 0 GB"], 1),
                         (["ActivationMemory", "--max", "microbatch", "--such-that", "full <= 80 GB", "--explain"], 0),
                         ([*layout, "--such-that", "state_per_device <= 80 GB", "--such-that", "dp >= 16"], 0),
                         ([*layout, "--such-that", "state_per_device <= 10 GB"], 1),
                         ([*layout, "--such-that", "state_per_device <= 80 GB", "--explain"], 0)):
        check(["solve", *args, "--format", "json"], [root, of["solve"]], status=status)

    # Listings of every kind, and one of each thing `show` shows.
    kinds = ["hardware", "workloads", "nodes", "fabrics", "fleets", "pods", "datasets", "precisions", "grids",
             "datacenters", "cooling", "racks", "pricing", "units", "constants", "scenarios"]
    for kind in kinds:
        listing = check(["list", kind, "--format", "json"], [root, of["listing"]])
        if listing is not None and not listing:
            FAILURES.append(f"mlsi list {kind} --format json lists nothing")
    check(["list", "hardware", "--where", "memory > 100 GiB", "--sort", "memory", "--format", "json"], [root, of["listing"]])
    for name in ("H100", "GPT3_175B", "DGX_H100", "gpu_mttf", "GiB", "Hz", "ZeroSharding", "training_compute"):
        check(["show", name, "--format", "json"], [root, of["show"]])

    # One-shot evaluation: a value of every shape, and every kind of declaration, in one session.
    entries = ["989 TFLOP/s * 0.4 * 30 day -> EFLOP", "Llama2_70B.parameters", "[1 GB, 2 GB] -> MB", "H100.memory > 40 GiB",
               "H100", "ZeroSharding(n_devices = 8)", "let hbm = 80 GiB", "fn twice(x: Count) -> Count = 2 * x", "twice(3)",
               "dimension Tokens", "unit tok: Tokens", "scenario Fit {\n  input params: Count = 7e9\n  output weights = params * 2 byte -> GiB\n}",
               "config big for Fit {\n  params = 70e9\n}", 'import "tests/examples/kv_cache.mls"', "KvCache(batch = 2).total"]
    document = check(["eval", *entries, "--format", "json"], [root, of["eval"]])
    if document is not None and [e["entry"] for e in document] != entries:
        FAILURES.append("mlsi eval --format json does not have one element per entry, in order")
    check(["-e", "1 GiB -> MB", "--format", "json"], [root, of["eval"]])

    # Test reports: the built-in scenarios (all pass), and a file with a failure, lists, Bools and a 0.
    check(["test", "--report", "--format", "json"], [root, of["test_report"]])
    check(["test", "--report", "--published", "--format", "json"], [root, of["test_report"]])
    # The validation report: the toy folder of the golden tests (a domain that misses its targets, a row
    # that does not evaluate) and its domain that meets them.
    check(["validate", "tests/golden/commands/validate/validation_toy", "--format", "json"], [root, of["validation_report"]], status=1)
    check(["validate", "tests/golden/commands/validate/validation_toy/alpha", "--format", "json"], [root, of["validation_report"]])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "report.mls")
        with open(path, "w") as f:
            f.write(REPORT_FIXTURE)
        check(["test", path, "--report", "--format", "json"], [root, of["test_report"]], status=1)
        path = os.path.join(folder, "order.mls")
        with open(path, "w") as f:
            f.write(UNUSED_FIXTURE)
        given = [path, "--set", "workload=ResNet50", "--set", "total_flops=1e18 FLOP"]
        document = check(["run", *given, "--format", "json"], [root, of["run"], scenario_validator(*given)])
        if document is not None and document["inputs"]["tokens"] is not None:
            FAILURES.append(f"the unused input `tokens` is {document['inputs']['tokens']}, not null")


def wrong_documents():
    """The validator must really run: documents that break the schema, a non-exact number, NaN."""
    schema = general_schema()
    run_doc = parse(run("run", "tests/examples/kv_cache.mls", "--format", "json"))
    own = scenario_validator("tests/examples/kv_cache.mls")
    of_run = validator(schema, "run")
    if not of_run.is_valid(run_doc) or not own.is_valid(run_doc):
        FAILURES.append("the run of tests/examples/kv_cache.mls does not validate, so the wrong documents prove nothing")
    wrong = []
    d = json.loads(json.dumps(run_doc)); d["outputs"]["total"]["si"] = "10 GiB"; wrong.append(("si as a string", d, of_run))
    d = json.loads(json.dumps(run_doc)); del d["outputs"]["total"]["dimension"]; wrong.append(("a quantity without its dimension", d, of_run))
    d = json.loads(json.dumps(run_doc)); d["outputs"]["total"]["unit"] = 3; wrong.append(("a unit that is a number", d, of_run))
    d = json.loads(json.dumps(run_doc)); d["outputs"]["fits_h100"] = True; wrong.append(("a bare Bool", d, of_run))
    d = json.loads(json.dumps(run_doc)); d["outputs"]["total"]["dimension"] = "Time"; wrong.append(("a wrong dimension", d, own))
    d = json.loads(json.dumps(run_doc)); del d["outputs"]["per_token"]; wrong.append(("a missing output", d, own))
    d = json.loads(json.dumps(run_doc)); d["inputs"]["workload"] = {"entry": "H100", "kind": "Hardware"}; wrong.append(("an entry of another kind", d, own))
    d = json.loads(json.dumps(run_doc)); d["inputs"]["batch"] = {"value": 8, "unit": "", "si": 8, "dimension": "Count", "x": 1}
    wrong.append(("an unknown member", d, of_run))
    eval_doc = parse(run("eval", "1 GiB -> MB", "let x = 2 s", "--format", "json"))
    of_eval = validator(schema, "eval")
    if not of_eval.is_valid(eval_doc):
        FAILURES.append("mlsi eval '1 GiB -> MB' 'let x = 2 s' does not validate, so the wrong documents prove nothing")
    d = json.loads(json.dumps(eval_doc)); del d[0]["type"]; wrong.append(("an eval result without its type", d, of_eval))
    d = json.loads(json.dumps(eval_doc)); d[0]["declared"] = []; wrong.append(("an eval element both result and declaration", d, of_eval))
    d = json.loads(json.dumps(eval_doc)); d[1]["declared"][0]["kind"] = "var"; wrong.append(("a declaration of no kind", d, of_eval))
    d = json.loads(json.dumps(eval_doc)); del d[1]["declared"][0]["type"]; wrong.append(("a let's value without its type", d, of_eval))
    for what, document, v in wrong:
        if v.is_valid(document):
            FAILURES.append(f"a document with {what} validates")
    for text, what in (('{"value": 1, "value": 2}', "a repeated key"), ('{"value": NaN}', "NaN"), ('{"value": Infinity}', "Infinity"), ('{"value": 1e999}', "an overflow"),
                       ('{"value": 2.50}', "a trailing zero"), ('{"value": 0.10000000000000001}', "17 digits for 0.1")):
        try:
            parse(text)
            FAILURES.append(f"{text} ({what}) is accepted as exact JSON")
        except ValueError:
            pass


def main():
    global MLSI
    args = sys.argv[1:]
    wrong = args[:1] == ["--wrong"]
    if wrong:
        args = args[1:]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    MLSI = args[0]
    try:
        wrong_documents() if wrong else every_command()
    except (RuntimeError, ValueError, jsonschema.exceptions.SchemaError) as e:
        FAILURES.append(str(e))
    for f in FAILURES:
        print("FAIL " + f)
    if not wrong:
        print(f"{CHECKED} documents valid")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
