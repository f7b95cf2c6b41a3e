"""The planner's speed targets (docs/planner.md; issue #40), figures in bench/RESULTS.md:
  1. TrainingStep evaluated in process, warm: mlsi.run per call from Python (the scenario read once), with
     one input changed at every call so that nothing is reused from the previous call;
  2. BestLayout for 16,384 accelerators over its whole candidate space, in process (mlsi.run, warm);
  3. the same as whole processes: `mlsi run BestLayout --set gpus=16384` (farm-bench times it: quote it);
  4. ServingCapacity in process, warm, the request rate changed at every call (its target: under 10 ms).
Run from the repository with the module on PYTHONPATH:
  PYTHONPATH=build/python /usr/bin/python3 bench/plan_bench.py"""
import pathlib
import sys

import mlsi

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from python_bench import per_call  # noqa: E402  (the median time per call of the Python module's benchmarks)


def main():
    mlsi.run("TrainingStep")  # read and checked once
    step = per_call(lambda i: mlsi.run("TrainingStep", global_batch=1024 + 32 * (i % 64)), 2000)
    print(f"TrainingStep, mlsi.run warm: {step * 1e6:.1f} us per call (median of 5 x 2000)")
    mlsi.run("BestLayout", gpus=64, global_batch=64)
    best = per_call(lambda i: mlsi.run("BestLayout", gpus=16384, global_batch=2048), 1, repeats=5)
    r = mlsi.run("BestLayout", gpus=16384, global_batch=2048)
    print(f"BestLayout, 16384 GPUs, {r.outputs['candidates']} candidates, mlsi.run warm: {best * 1e3:.0f} ms (median of 5)")
    mlsi.run("ServingCapacity")
    capacity = per_call(lambda i: mlsi.run("ServingCapacity", request_rate=f"{10 + i % 64} Hz"), 200)
    print(f"ServingCapacity, mlsi.run warm: {capacity * 1e3:.2f} ms per call (median of 5 x 200)")


if __name__ == "__main__":
    main()
