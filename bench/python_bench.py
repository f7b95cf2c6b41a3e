"""Issue #21's benchmarks, side by side in one run (bench/RESULTS.md has the figures):
  1. mlsi.run per call against the same formula written with pint (bench/pint_activation_memory.py),
     warm (the registry made, the scenario read once), and a first call (pint's registry, mlsi's read);
  2. mlsi.sweep of 1,000,000 points into NumPy against the C++ library's sweep of the same grid into
     memory (mlsi_bench SweepTable1M, which mlsi.sweep calls) and `mlsi sweep --format csv > /dev/null`.
Run from the repository with the module on PYTHONPATH:
  PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py --mlsi build/mlsi --mlsi-bench build-bench/bench/mlsi_bench"""
import argparse
import json
import math
import pathlib
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

GRID = {"microbatch": "1..1000 step 1", "seq_len": "128..128000 step 128"}


def per_call(fn, calls, repeats=5):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for i in range(calls):
            fn(i)
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def once(fn, repeats=5):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mlsi", help="the mlsi executable, for the CLI sweep")
    ap.add_argument("--mlsi-bench", help="bench/mlsi_bench, for the C++ sweep into memory")
    args = ap.parse_args()

    start = time.perf_counter()
    import mlsi
    first_run = mlsi.run("ActivationMemory", microbatch=4)
    mlsi_first = time.perf_counter() - start
    start = time.perf_counter()
    import pint_activation_memory as pam
    first_pint = pam.activation_memory(4)
    pint_first = time.perf_counter() - start

    # Both compute the same numbers (the formula's floating-point order differs: to 1e-12).
    for name, q in first_pint.items():
        ours = first_run.outputs[name]
        assert math.isclose(q.to("byte").magnitude if ours.dimension == "Information" else q.magnitude, ours.si, rel_tol=1e-12), name

    mlsi_warm = per_call(lambda i: mlsi.run("ActivationMemory", microbatch=i % 64 + 1), 20000)
    mlsi_read = per_call(lambda i: mlsi.run("ActivationMemory", microbatch=i % 64 + 1).outputs["full"].si, 20000)
    pint_warm = per_call(lambda i: pam.activation_memory(i % 64 + 1), 2000)
    rows = [
        ("mlsi.run, per call (warm)", mlsi_warm * 1e6, "us"),
        ("mlsi.run + reading an output, per call (warm)", mlsi_read * 1e6, "us"),
        ("pint formula, per call (warm registry)", pint_warm * 1e6, "us"),
        ("pint formula / mlsi.run (warm)", pint_warm / mlsi_warm, "x"),
        ("first call in a process: import mlsi + mlsi.run", mlsi_first * 1e3, "ms"),
        ("first call in a process: import pint + UnitRegistry() + formula", pint_first * 1e3, "ms"),
        ("first call, pint / mlsi", pint_first / mlsi_first, "x"),
    ]

    sweep = lambda: mlsi.sweep("ActivationMemory", vary=GRID)  # noqa: E731
    r = sweep()
    assert len(r) == 1_000_000 and r["full"][-1] == 96 * 128000 * 1000 * 12288 * 2
    python_sweep = once(sweep)
    rows.append(("mlsi.sweep, 1,000,000 points into NumPy", python_sweep * 1e3, "ms"))
    if args.mlsi_bench:
        out = subprocess.run([args.mlsi_bench, "--benchmark_filter=^(SweepTable1M|RunnerRun|SessionRun)$", "--benchmark_format=json",
                              "--benchmark_repetitions=5", "--benchmark_report_aggregates_only=true"],
                             capture_output=True, text=True, check=True).stdout
        results = {b["name"]: b for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median"}
        unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0}
        cxx = results["SweepTable1M_median"]["real_time"] * unit[results["SweepTable1M_median"]["time_unit"]]
        rows.append(("C++ library sweep of the same grid into memory (SweepTable1M)", cxx, "ms"))
        rows.append(("mlsi.sweep / C++ sweep", python_sweep * 1e3 / cxx, "x"))
        runner = results["RunnerRun_median"]["real_time"] * unit[results["RunnerRun_median"]["time_unit"]] * 1e3
        session = results["SessionRun_median"]["real_time"] * unit[results["SessionRun_median"]["time_unit"]] * 1e3
        rows.append(("C++ Runner::run, per call (mlsi.run's path)", runner, "us"))
        rows.append(("C++ Session::run, per call (reads and checks again)", session, "us"))
    if args.mlsi:
        cli = once(lambda: subprocess.run([args.mlsi, "sweep", "ActivationMemory", "--vary", f"microbatch={GRID['microbatch']}",
                                           "--vary", f"seq_len={GRID['seq_len']}", "--format", "csv"], stdout=subprocess.DEVNULL, check=True), 3)
        rows.append(("mlsi sweep --format csv > /dev/null (whole process)", cli * 1e3, "ms"))

    print("| measure | figure |\n|---|---|")
    for name, value, unit in rows:
        print(f"| {name} | {value:.3g} {unit} |")


if __name__ == "__main__":
    main()
