#!/usr/bin/env python3
"""The training validation table (validation/training) against the planner's targets.

`mlsi validate validation/training` reports every measured row against the targets in
validation/training/validation.toml (step-time mean |error| at most 5 %, max at most 10 %: docs/validation.md)
and exits 1 when the domain misses one. This test requires that exit status 0, that all 18 rows evaluate,
and recomputes the mean and max |error| from the rows so that a fault in the report cannot pass them.

    python3 tests/plan/validation_guard.py MLSI
"""
import json
import subprocess
import sys

ROWS = 18
# validation/training/validation.toml's targets.
TARGET = {"mean": 0.05, "max": 0.10}


def main(mlsi):
    r = subprocess.run([mlsi, "validate", "validation/training", "--format", "json"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"mlsi validate failed ({r.returncode}):\n{r.stderr}")
    problems = [] if r.returncode == 0 else [f"mlsi validate exits {r.returncode}: {r.stderr.strip()}"]
    doc = json.loads(r.stdout)
    rows = [row for d in doc["domains"] for row in d["rows"]]
    if len(rows) != ROWS:
        problems.append(f"{len(rows)} rows, expected {ROWS}")
    missing = [f"{row['config']}" for row in rows if row.get("error") is None]
    if missing:
        problems.append(f"rows that did not evaluate: {missing}")
    errors = [abs(row["error"]) for row in rows if row.get("error") is not None]
    mean, worst = sum(errors) / len(errors), max(errors)
    for name, value in (("mean", mean), ("max", worst)):
        if value > TARGET[name]:
            problems.append(f"{name} |error| {value:.2%} is above the target {TARGET[name]:.0%}")
    print(f"{len(rows)} rows: mean |error| {mean:.2%}, max {worst:.2%}; targets {TARGET['mean']:.0%} / {TARGET['max']:.0%}")
    for p in problems:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
