#!/usr/bin/env python3
"""The step times of the Narayanan et al. 2021 rows, computed independently of mlsi, and checked against
the values narayanan2021.mls expects (docs/validation.md).

Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
Table 1 gives, per run, the achieved teraFLOP/s per GPU, not a step time. Its Section 5.1 counts the FLOPs
of one iteration (with activation recomputation, which every Table 1 run used) as

    F = 96 B s l h^2 (1 + s / (6 h) + V / (16 l h))

for batch B, sequence s, layers l, hidden size h and vocabulary V. The measured step time is then
F / (achieved FLOP/s per GPU x GPUs). Run with no argument: prints the table and exits 1 when a row of
narayanan2021.mls expects another value or another layout than the one below.
"""
import os
import re
import sys

SEQ = 2048
VOCAB = 51200

# Table 1: name, heads, hidden, layers, TP, PP, GPUs, batch, achieved TFLOP/s per GPU; and from
# Megatron-LM's examples/sc21/run_table_1.sh (the paper's own scripts): microbatch and layers per
# virtual pipeline stage (None: not interleaved).
ROWS = [
    ("narayanan_1_7b", 24, 2304, 24, 1, 1, 32, 512, 137, 16, None),
    ("narayanan_3_6b", 32, 3072, 30, 2, 1, 64, 512, 138, 16, None),
    ("narayanan_7_5b", 32, 4096, 36, 4, 1, 128, 512, 142, 16, None),
    ("narayanan_18_4b", 48, 6144, 40, 8, 1, 256, 1024, 135, 8, None),
    ("narayanan_39_1b", 64, 8192, 48, 8, 2, 512, 1536, 138, 4, None),
    ("narayanan_76_1b", 80, 10240, 60, 8, 4, 1024, 1792, 140, 2, 5),
    ("narayanan_145_6b", 96, 12288, 80, 8, 8, 1536, 2304, 148, 2, 5),
    ("narayanan_310_1b", 128, 16384, 96, 8, 16, 1920, 2160, 155, 1, 3),
    ("narayanan_529_6b", 128, 20480, 105, 8, 35, 2520, 2520, 163, 1, 1),
    ("narayanan_1t", 160, 25600, 128, 8, 64, 3072, 3072, 163, 1, None),
]


def flops(batch, layers, hidden):
    return 96 * batch * SEQ * layers * hidden**2 * (1 + SEQ / (6 * hidden) + VOCAB / (16 * layers * hidden))


def expected_rows():
    out = {}
    for name, heads, h, l, tp, pp, gpus, batch, tflops, mb, per_virtual in ROWS:
        f = flops(batch, l, h)
        t = f / (tflops * 1e12 * gpus)
        dp = gpus // (tp * pp)
        virtual = 1 if per_virtual is None else l // pp // per_virtual
        out[name] = dict(heads=heads, hidden=h, layers=l, tp=tp, pp=pp, dp=dp, gpus=gpus, global_batch=batch,
                         microbatch=mb, virtual_stages=virtual, tflops=tflops, flops=f, step_time=t)
    return out


def rows_in_file(path):
    """config NAME for TrainingStep { ... }: the settings and the measured step time of each."""
    text = open(path, encoding="utf-8").read()
    found = {}
    for m in re.finditer(r"config (\w+) for TrainingStep \{(.*?)\n\}", text, re.S):
        body = m.group(2)
        settings = dict(re.findall(r"^\s*(\w+) = (\w+)\s*$", body, re.M))
        t = re.search(r"expect measured step_time == ([0-9.e+-]+) s", body)
        found[m.group(1)] = (settings, float(t.group(1)) if t else None)
    return found


def main():
    rows = expected_rows()
    here = os.path.dirname(os.path.abspath(__file__))
    written = rows_in_file(os.path.join(here, "narayanan2021.mls"))
    problems = []
    for name, r in rows.items():
        print(f"{name:18} F = {r['flops']:.6e} FLOP  / ({r['tflops']} TFLOP/s x {r['gpus']}) = {r['step_time']:.6g} s")
        if name not in written:
            problems.append(f"{name}: no such config in narayanan2021.mls")
            continue
        settings, t = written[name]
        if t is None or abs(t - r["step_time"]) > 1e-4 * r["step_time"]:
            problems.append(f"{name}: expects step_time {t} s, the formula gives {r['step_time']:.6g} s")
        for key in ("tp", "pp", "dp", "microbatch", "global_batch", "virtual_stages"):
            if settings.get(key) != str(r[key]):
                problems.append(f"{name}: {key} = {settings.get(key)}, Table 1 / run_table_1.sh give {r[key]}")
    for name in written:
        if name not in rows:
            problems.append(f"{name}: a config of narayanan2021.mls that Table 1 does not have")
    for p in problems:
        print("error:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
