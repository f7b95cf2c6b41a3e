#!/usr/bin/env python3
"""The figures of issue #23, in one run: a 1,000,000-point sweep to CSV against the hand-written C++ floor
(bench/sweep_plain.cpp, checked to write the same bytes), -j 2 against -j 1, peak memory of a 10^8-point
sweep against a 10^4-point one, `mlsi run` instructions before and after (callgrind), and the time per
thread count with Amdahl's model of 64 cores. Standard library only; prints Markdown tables.

usage: bench/parallel.py MLSI SWEEP_PLAIN [BEFORE_MLSI]
  MLSI         the mlsi to measure (a Release build: build-release/mlsi)
  SWEEP_PLAIN  bench/sweep_plain.cpp built (build-release/bench/sweep_plain, -DMLSI_BUILD_BENCH=ON)
  BEFORE_MLSI  the mlsi of the commit before, for the callgrind row (else the row is left out)
Timings alternate the commands compared and take the median of RUNS runs (environment, default 5), so that a
drift of the machine's load falls on both alike."""
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
FORMULA = str(ROOT / "bench" / "sweep_formula.mls")
RUNS = int(os.environ.get("RUNS", "5"))


def sweep(mlsi, points, jobs, fmt="csv"):
    """`mlsi sweep` of the formula over `points` points: seq = 1..points, or beyond 10^6 points (a --vary
    holds at most 10^7 values, each kept as a double) layers = 1..points/10^4 by seq = 1..10^4."""
    if points <= 1_000_000:
        varies = ["--vary", f"seq=1..{points} step 1"]
    else:
        varies = ["--vary", f"layers=1..{points // 10_000} step 1", "--vary", "seq=1..10000 step 1"]
    return [mlsi, "sweep", FORMULA, *varies, "--format", fmt, "-j", str(jobs)]


def run(cmd, out=subprocess.DEVNULL):
    """Wall seconds and peak RSS (KiB) of one run of `cmd`."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {err}")
    return wall, usage.ru_maxrss


def medians(*cmds):
    """Median wall time of each command, run alternately RUNS times."""
    times = [[] for _ in cmds]
    for _ in range(RUNS):
        for i, cmd in enumerate(cmds):
            times[i].append(run(cmd)[0])
    return [statistics.median(t) for t in times]


def instructions(mlsi):
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "callgrind.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", mlsi, "run",
                               "scenarios/training/activation_memory.mls"], cwd=ROOT, capture_output=True, text=True)
        for line in done.stderr.splitlines():
            if "Collected :" in line:
                return int(line.split()[-1])
    sys.exit("callgrind printed no instruction count:\n" + done.stderr)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    mlsi, plain = sys.argv[1], sys.argv[2]
    before = sys.argv[3] if len(sys.argv) > 3 else None
    cores = len(os.sched_getaffinity(0))
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cores} cores available; "
          f"load before: {open('/proc/loadavg').read().split()[:3]}\n")

    # The floor writes the very bytes mlsi writes.
    with tempfile.TemporaryDirectory() as tmp:
        a, b = pathlib.Path(tmp) / "mlsi.csv", pathlib.Path(tmp) / "plain.csv"
        with open(a, "wb") as f:
            run(sweep(mlsi, 1_000_000, 1), f)
        with open(b, "wb") as f:
            run([plain, "1000000"], f)
        if a.read_bytes() != b.read_bytes():
            sys.exit(f"sweep_plain's CSV differs from mlsi's: diff {a} {b}")
        csv_bytes = a.stat().st_size
    t_mlsi, t_plain = medians(sweep(mlsi, 1_000_000, 1), [plain, "1000000"])
    t1, t2 = medians(sweep(mlsi, 10_000_000, 1), sweep(mlsi, 10_000_000, 2))
    rss_small = max(run(sweep(mlsi, 10_000, 2))[1] for _ in range(3))
    t_big, rss_big = run(sweep(mlsi, 100_000_000, 2))
    after_ins = instructions(mlsi)
    before_ins = instructions(before) if before else None

    print("| figure | measured | target |")
    print("|---|---|---|")
    print(f"| 1,000,000-point sweep to CSV ({csv_bytes / 1e6:.1f} MB, to /dev/null), `-j 1`, against sweep_plain "
          f"(same bytes, checked) | {t_mlsi * 1e3:.0f} ms / {t_plain * 1e3:.0f} ms = **{t_mlsi / t_plain:.2f}x** | <= 1.3x |")
    print(f"| `-j 2` against `-j 1`, 10^7 points to /dev/null | {t1 * 1e3:.0f} ms / {t2 * 1e3:.0f} ms = **{t1 / t2:.2f}x** faster | >= 1.8x |")
    print(f"| peak RSS, `-j 2`: 10^8 points ({t_big:.1f} s) against 10^4 | {rss_big / 1024:.1f} MiB / {rss_small / 1024:.1f} MiB "
          f"= **{rss_big / rss_small:.2f}x** | <= 2x |")
    if before_ins:
        print(f"| `mlsi run scenarios/training/activation_memory.mls` instructions (callgrind), before -> after | "
              f"{before_ins / 1e6:.2f} M -> {after_ins / 1e6:.2f} M = **{(after_ins / before_ins - 1) * 100:+.1f} %** | within 10 % |")
    else:
        print(f"| `mlsi run scenarios/training/activation_memory.mls` instructions (callgrind) | {after_ins / 1e6:.2f} M | |")

    # Scaling: the same 10^7 points on 1..cores threads; Amdahl's law T(n) = T(1) (s + (1 - s) / n), s fitted
    # by least squares over the thread counts measured, then S(64) = 1 / (s + (1 - s) / 64).
    counts = list(range(1, cores + 1))
    times = medians(*[sweep(mlsi, 10_000_000, n) for n in counts])
    startup = statistics.median(run(sweep(mlsi, 1, 1))[0] for _ in range(RUNS))
    xs = [1 - 1 / n for n in counts]
    ys = [1 - t / times[0] for t in times]  # = (1 - s)(1 - 1/n)
    parallel = sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs) if cores > 1 else 1.0
    serial = 1 - parallel
    print("\n| threads | 10^7 points to /dev/null | speed-up | Amdahl fit |")
    print("|---|---|---|---|")
    for n, t in zip(counts, times):
        print(f"| {n} | {t * 1e3:.0f} ms | {times[0] / t:.2f}x | {1 / (serial + parallel / n):.2f}x |")
    s64 = 1 / (serial + parallel / 64)
    print(f"\nserial fraction s = {serial * 100:.1f} % of the one-thread time ({serial * times[0] * 1e3:.0f} ms of "
          f"{times[0] * 1e3:.0f} ms); start-up (a 1-point sweep) {startup * 1e3:.1f} ms; Amdahl predicts "
          f"{s64:.1f}x on 64 cores ({times[0] / s64 * 1e3:.0f} ms)")
    print(f"\nload after: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
