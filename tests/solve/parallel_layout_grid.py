#!/usr/bin/env python3
"""The fastest TP x PP layout of ParallelLayout, computed without mlsi (the expected values of
tests/unit/grid_solve_test.cpp).

    python3 tests/solve/parallel_layout_grid.py

ParallelLayout's formulas (scenarios/training/parallel_layout.mls) for GPT-3 on Training_1K, written out
with the catalogue's figures: GPT-3 175e9 parameters, 96 layers, hidden size 12288, sequences of 2048
tokens; H100 989 TFLOP/s and 80 GiB; DGX H100 nodes of 8 with 900 GB/s NVLink counted both ways (450 GB/s
per direction) and 500 ns per hop; InfiniBand HDR 200 Gbit/s and 7 us. Global batch 1536, microbatch 1,
utilization 0.5, 16 B of state and 2 B per gradient and activation. dp = 1024 / (tp * pp).
"""

P, L, h, s = 175e9, 96, 12288, 2048
peak, memory = 989e12, 80 * 2**30
B_in, alpha_in = 900e9 / 2, 500e-9
B_out, alpha_out = 200e9 / 8, 7e-6
B, b, util = 1536, 1, 0.5


def ring(n, size, bandwidth, latency):
    return 2 * (n - 1) / n * size / bandwidth + 2 * (n - 1) * latency


def layout(tp, pp):
    dp = 1024 // (tp * pp)
    if tp * pp * dp != 1024 or tp > 8 or L % pp or B % (dp * b):
        return None  # a `check` of the scenario fails
    m = B / (dp * b)
    compute = 6 * P * B * s / (1024 * peak * util)
    bubble = (pp - 1) / (m + pp - 1)
    pipeline = compute / (1 - bubble)
    dp_time = ring(dp, P * 2 / (tp * pp), B_out, alpha_out)
    tp_time = 4 * ring(tp, b * s * h * 2, B_in, alpha_in) * (L / pp) * m
    state = 16 * P / (tp * pp)
    return {"tp": tp, "pp": pp, "dp": dp, "step_time": pipeline + dp_time + tp_time, "state_per_device": state}


def main():
    points = [layout(tp, pp) for tp in (1, 2, 4, 8) for pp in (1, 2, 4, 8, 16)]
    for bound_name, bound in (("40 GiB", 40 * 2**30), ("80 GB", 80e9)):
        feasible = [x for x in points if x and x["state_per_device"] <= bound]
        feasible.sort(key=lambda x: x["step_time"])
        print(f"state_per_device <= {bound_name}: {len(feasible)} feasible, "
              f"{sum(1 for x in points if x and x['state_per_device'] > bound)} failing the bound, {sum(1 for x in points if not x)} failing a check")
        for x in feasible:
            print(f"  tp={x['tp']} pp={x['pp']} dp={x['dp']} step_time={x['step_time']!r} s state={x['state_per_device'] / 2**30!r} GiB")
    print("fastest with no bound:", min((x for x in points if x), key=lambda x: x["step_time"]))


if __name__ == "__main__":
    main()
