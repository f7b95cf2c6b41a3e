#!/usr/bin/env python3
"""BestLayout equals the brute-force minimum of TrainingStep over its documented candidate space.

`mlsi sweep TrainingStep` runs every point of the product of the space's lists (tp, pp, cp, dp, ep,
virtual_stages, microbatch, recompute, zero), keeping those that use exactly `gpus` accelerators and fit;
this script takes the smallest step time among them (the first in the space's order on a tie) and checks
that `mlsi run BestLayout` chose that layout, with the same step time, candidate and feasible counts.

    python3 tests/plan/best_layout_brute_force.py MLSI
"""
import csv
import io
import json
import subprocess
import sys

MLSI = sys.argv[1]
CASES = [
    # workload, node, gpus, global batch, seq_len
    ("Llama3_8B", "DGX_H100", 16, 32, 4096),
    ("Mixtral_8x7B", "DGX_H100", 32, 64, 4096),
]


def run(args):
    r = subprocess.run([MLSI] + args, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"mlsi {' '.join(args)} failed ({r.returncode}):\n{r.stderr}")
    return r


def values(workload, key):
    doc = json.loads(run(["show", workload, "--format", "json"]).stdout)
    fields = doc.get("fields", doc)
    return fields


def layers_and_experts(workload):
    out = run(["-e", f"{workload}.layers", "--format", "json"]).stdout
    L = int(json.loads(out)[0]["result"]["si"]) if out.strip().startswith("[") else None
    e = run(["-e", f"if has({workload}.experts) then {workload}.experts else 1", "--format", "json"]).stdout
    E = int(json.loads(e)[0]["result"]["si"])
    return L, E


def main():
    failures = 0
    for workload, node, gpus, batch, seq in CASES:
        L, E = layers_and_experts(workload)
        tps = [t for t in (1, 2, 4, 8) if t <= 8]
        cps = [c for c in (1, 2, 4, 8, 16) if seq % c == 0 and c <= gpus]
        pps = [p for p in range(1, L + 1) if gpus % p == 0]
        eps = [e for e in (2**i for i in range(12)) if E % e == 0 and e <= gpus]
        dps = [d for d in range(1, gpus + 1) if gpus % d == 0]
        vary = [f"tp={','.join(map(str, tps))}", f"pp={','.join(map(str, pps))}", f"cp={','.join(map(str, cps))}",
                f"dp={','.join(map(str, dps))}", f"ep={','.join(map(str, eps))}", "virtual_stages=1,2,4",
                "microbatch=1,2,4,8", "recompute=none,selective,full", "zero=0,1,2,3"]
        args = ["sweep", "TrainingStep", "--set", f"workload={workload}", "--set", f"node={node}",
                "--set", f"global_batch={batch}", "--set", f"seq_len={seq}", "--format", "csv",
                "--where", f"devices == {gpus}", "--max-points", "10000000",
                "--max-total-steps", "1000000000000"]
        for v in vary:
            args += ["--vary", v]
        rows = list(csv.DictReader(io.StringIO(run(args).stdout)))
        valid = [r for r in rows if not r.get("error")]
        fitting = [r for r in valid if r["fits"] == "true"]
        # The sweep varies the last --vary fastest; BestLayout's tie order is tp, cp, pp, ep, v, mb, recompute,
        # zero. Sort by that order, then take the first smallest step time.
        rec = {"none": 0, "selective": 1, "full": 2}
        key = lambda r: (int(r["tp"]), int(r["cp"]), int(r["pp"]), int(r["ep"]), int(r["virtual_stages"]),
                         int(r["microbatch"]), rec[r["recompute"]], int(r["zero"]))
        fitting.sort(key=key)
        best = min(fitting, key=lambda r: float(r["step_time (s)"]))
        got = json.loads(run(["run", "BestLayout", "--set", f"workload={workload}", "--set", f"node={node}",
                              "--set", f"gpus={gpus}", "--set", f"global_batch={batch}", "--set", f"seq_len={seq}",
                              "--format", "json"]).stdout)
        outs = {o["name"]: o for o in got["outputs"]} if isinstance(got.get("outputs"), list) else got["outputs"]
        si = lambda name: outs[name]["si"] if isinstance(outs[name], dict) and "si" in outs[name] else outs[name]["value"]
        checks = [("candidates", len(valid)), ("feasible", len(fitting))]
        for name in ("tp", "pp", "cp", "dp", "ep", "virtual_stages", "microbatch", "zero"):
            checks.append((name, int(best[name])))
        checks.append(("step_time", float(best["step_time (s)"])))
        for name, want in checks:
            have = si(name)
            ok = abs(have - want) <= 1e-9 * abs(want) if isinstance(want, float) else have == want
            if not ok:
                failures += 1
                print(f"{workload} on {gpus}: BestLayout {name} = {have}, the sweep's minimum gives {want}")
        if outs["recompute"]["value"] != best["recompute"]:
            failures += 1
            print(f"{workload} on {gpus}: BestLayout recompute = {outs['recompute']['value']}, sweep {best['recompute']}")
        print(f"{workload} on {gpus} GPUs: {len(valid)} layouts, {len(fitting)} fit; best "
              f"tp {best['tp']} pp {best['pp']} cp {best['cp']} dp {best['dp']} ep {best['ep']} "
              f"v {best['virtual_stages']} mb {best['microbatch']} {best['recompute']} zero {best['zero']}: "
              f"{float(best['step_time (s)']):.6g} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
