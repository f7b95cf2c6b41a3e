#!/usr/bin/env python3
"""A domain of the validation table (validation/DOMAIN) as a regression guard.

`mlsi validate validation/DOMAIN` reports every measured row against the planner's targets in
validation/DOMAIN/validation.toml (docs/validation.md: training step time mean |error| at most 5 %, max at
most 10 %; serving throughput at most 10 % and 20 %, first-token latency at most 15 %). Where the model does
not meet them yet (docs/validation.md says by how much and why), `mlsi validate` exits 1 for that domain.
This test keeps what it does meet from getting worse: every row evaluates, and per output the mean and max
|error|, recomputed here from the rows, stay within GUARD.

    python3 tests/plan/validation_guard.py MLSI [DOMAIN]     (DOMAIN: training, the default, serving or serving_current)
"""
import json
import subprocess
import sys

# Per domain: the rows it holds, and per output the accuracy of the model as shipped (docs/validation.md),
# rounded up to the next whole percent (GUARD), beside the planner's targets (TARGET), as fractions.
DOMAINS = {
    "training": {
        "rows": 18,
        # The targets are met: the guard is the target.
        "outputs": {"step_time": {"guard": (0.05, 0.10), "target": (0.05, 0.10)}},
    },
    # TensorRT-LLM 0.9.0's tables: 48 throughput rows and 24 first-token latencies (docs/validation.md).
    "serving": {
        "rows": 72,
        "outputs": {"output_tokens_per_second_per_device": {"guard": (0.40, 2.32), "target": (0.10, 0.20)},
                    "ttft": {"guard": (0.24, 0.68), "target": (0.15, 0.15)}},
    },
    # TensorRT-LLM v0.17's throughput table (trtllm-bench, in-flight batching): 115 throughput rows, no
    # first-token latency (docs/validation.md, "The serving table on current software").
    "serving_current": {
        "rows": 115,
        "outputs": {"output_tokens_per_second_per_device": {"guard": (0.31, 0.89), "target": (0.10, 0.20)}},
    },
}


def main(mlsi, domain):
    spec = DOMAINS[domain]
    r = subprocess.run([mlsi, "validate", f"validation/{domain}", "--format", "json"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"mlsi validate failed ({r.returncode}):\n{r.stderr}")
    doc = json.loads(r.stdout)
    rows = [row for d in doc["domains"] for row in d["rows"]]
    problems = []
    if len(rows) != spec["rows"]:
        problems.append(f"{len(rows)} rows, expected {spec['rows']}")
    missing = [f"{row['config']}" for row in rows if row.get("error") is None]
    if missing:
        problems.append(f"rows that did not evaluate: {missing}")
    for output, limits in spec["outputs"].items():
        errors = [abs(row["error"]) for row in rows if row["output"] == output and row.get("error") is not None]
        if not errors:
            problems.append(f"no row measures {output}")
            continue
        mean, worst = sum(errors) / len(errors), max(errors)
        (guard_mean, guard_max), (target_mean, target_max) = limits["guard"], limits["target"]
        for name, value, guard in (("mean", mean, guard_mean), ("max", worst, guard_max)):
            if value > guard:
                problems.append(f"{output}: {name} |error| {value:.2%} is above the guard {guard:.0%}")
        met = mean <= target_mean and worst <= target_max
        print(f"{domain} {output}: {len(errors)} rows: mean |error| {mean:.2%}, max {worst:.2%}; guard {guard_mean:.0%} / "
              f"{guard_max:.0%}; planner targets {target_mean:.0%} / {target_max:.0%} {'met' if met else 'not met'}")
    for p in problems:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "training"))
