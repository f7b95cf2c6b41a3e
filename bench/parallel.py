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
drift of the machine's load falls on both alike; a ratio to the floor is taken with both commands pinned to
one core (taskset), for each core in turn."""
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
FORMULA = str(ROOT / "bench" / "sweep_formula.mls")
RUNS = int(os.environ.get("RUNS", "5"))


def sweep(mlsi, points, jobs, one_input=False):
    """`mlsi sweep` of the formula to CSV over `points` points: layers = 1..points/1000 by seq = 1..1000 (a
    sweep is a product of inputs), or with `one_input` seq = 1..points (a --vary holds at most 10^7 values)."""
    if one_input:
        varies = ["--vary", f"seq=1..{points} step 1"]
    else:
        varies = ["--vary", f"layers=1..{points // 1000} step 1", "--vary", "seq=1..1000 step 1"]
    return [mlsi, "sweep", FORMULA, *varies, "--format", "csv", "-j", str(jobs)]


def plain(exe, points, one_input=False):
    return [exe, str(points)] if one_input else [exe, str(points // 1000), "1000"]


def run(cmd, out=subprocess.DEVNULL):
    """Wall seconds, CPU seconds (user + system) and peak RSS (KiB, /usr/bin/time) of one run of `cmd`."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], stdout=out, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr}")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - run.cpu_before
    run.cpu_before = usage.ru_utime + usage.ru_stime
    return wall, cpu, int(done.stderr.strip().splitlines()[-1])


run.cpu_before = 0.0


def medians(*cmds):
    """Median wall time and median CPU time of each command, run alternately RUNS times."""
    walls = [[] for _ in cmds]
    cpus = [[] for _ in cmds]
    for _ in range(RUNS):
        for i, cmd in enumerate(cmds):
            wall, cpu, _ = run(cmd)
            walls[i].append(wall)
            cpus[i].append(cpu)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus)]


def same_output(a, b):
    """Whether two commands write the same bytes (compared by cmp, not held in memory here)."""
    with tempfile.TemporaryDirectory() as tmp:
        fa, fb = pathlib.Path(tmp) / "a", pathlib.Path(tmp) / "b"
        with open(fa, "wb") as f:
            run(a, f)
        with open(fb, "wb") as f:
            run(b, f)
        return subprocess.run(["cmp", "-s", fa, fb]).returncode == 0, fa.stat().st_size


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
    mlsi, floor = sys.argv[1], sys.argv[2]
    before = sys.argv[3] if len(sys.argv) > 3 else None
    cores = len(os.sched_getaffinity(0))
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cores} cores available; "
          f"load before: {open('/proc/loadavg').read().split()[:3]}\n")

    # The floor writes the very bytes mlsi writes.
    rows = []
    for one_input, shape in ((False, "1000 x 1000"), (True, "one input of 10^6 values")):
        same, size = same_output(sweep(mlsi, 1_000_000, 1, one_input), plain(floor, 1_000_000, one_input))
        if not same:
            sys.exit(f"sweep_plain's CSV differs from mlsi's ({shape})")
        # Both commands on the same core, each core in turn: this machine's two vCPUs differ by up to 40 %
        # in speed, and unpinned runs land on either, which made the medians of a ratio swing by 0.3.
        for core in sorted(os.sched_getaffinity(0)):
            pin = ["taskset", "-c", str(core)]
            (w_mlsi, c_mlsi), (w_plain, c_plain) = medians(pin + sweep(mlsi, 1_000_000, 1, one_input),
                                                           pin + plain(floor, 1_000_000, one_input))
            rows.append((f"{shape}, core {core}", size, w_mlsi, w_plain, c_mlsi, c_plain))
    (t1, _), (t2, _) = medians(sweep(mlsi, 10_000_000, 1), sweep(mlsi, 10_000_000, 2))
    rss_small = max(run(sweep(mlsi, 10_000, 2))[2] for _ in range(3))
    t_big, _, rss_big = run(sweep(mlsi, 100_000_000, 2))
    after_ins = instructions(mlsi)
    before_ins = instructions(before) if before else None

    print("| figure | measured | target |")
    print("|---|---|---|")
    for shape, size, w_mlsi, w_plain, c_mlsi, c_plain in rows:
        print(f"| 1,000,000-point sweep to CSV ({shape}; {size / 1e6:.1f} MB to /dev/null), `-j 1`, against sweep_plain "
              f"(same bytes, checked) | wall {w_mlsi * 1e3:.0f} / {w_plain * 1e3:.0f} ms = **{w_mlsi / w_plain:.2f}x**; "
              f"CPU {c_mlsi * 1e3:.0f} / {c_plain * 1e3:.0f} ms = **{c_mlsi / c_plain:.2f}x** | <= 1.3x |")
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
    times = [wall for wall, _ in medians(*[sweep(mlsi, 10_000_000, n) for n in counts])]
    startup = statistics.median(run(sweep(mlsi, 1, 1, True))[0] for _ in range(RUNS))
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
