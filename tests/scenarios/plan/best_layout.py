"""Expected values of scenarios/plan/best_layout.mls (BestLayout): the brute-force minimum of TrainingStep's
step time over the candidate space docs/planner.md §2 defines, among the candidates that fit, the first in
the space's order on a tie. TrainingStep is the independent model of training_step.py beside this file.
Python standard library only; no mlsi.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import load  # noqa: E402

ts = load(pathlib.Path(__file__).with_name("training_step.py"), "plan_training_step")

ts.WORKLOADS.setdefault("Llama3_8B", dict(h=4096, L=32, V=128256, a=32, kv=8, d=128, f=14336, mats=3, s=8192,
                                          tokens=15e12))


def best_layout(workload="Llama3_70B", gpus=1024, global_batch=1024, seq_len=None, per_node=8):
    w = ts.WORKLOADS[workload]
    s = w["s"] if seq_len is None else seq_len
    L = w["L"]
    E = w.get("E", 1)
    tps = [2**i for i in range(7) if 2**i <= per_node]
    cps = [c for c in (1, 2, 4, 8, 16) if s % c == 0 and c <= gpus]
    pps = [p for p in range(1, L + 1) if gpus % p == 0]
    eps = [2**i for i in range(12) if E % 2**i == 0 and 2**i <= gpus]
    shapes = []
    for tp in tps:
        for cp in cps:
            for pp in pps:
                for ep in eps:
                    for v in (1, 2, 4):
                        for mb in (1, 2, 4, 8):
                            dp = gpus / (tp * pp * cp)
                            m = global_batch / (dp * mb) if dp else 0
                            whole = lambda x: x == int(x)
                            if not (whole(dp) and whole(dp * cp / ep) and whole(m)):
                                continue
                            if v > 1 and not (pp > 1 and pp * v <= L and whole(m / pp)):
                                continue
                            shapes.append((tp, cp, pp, ep, v, mb, int(dp)))
    best, best_time, candidates, feasible = None, math.inf, 0, 0
    for tp, cp, pp, ep, v, mb, dp in shapes:
        for recompute in ("none", "selective", "full"):
            for zero in range(4):
                candidates += 1
                out = ts.training_step(workload=workload, tp=tp, pp=pp, cp=cp, dp=dp, ep=ep, virtual_stages=v,
                                       microbatch=mb, global_batch=global_batch, seq_len=s, recompute=recompute,
                                       zero=zero)
                if not out["fits"]:
                    continue
                feasible += 1
                if out["step_time"] < best_time:
                    best_time = out["step_time"]
                    best = dict(tp=tp, pp=pp, cp=cp, dp=dp, ep=ep, virtual_stages=v, microbatch=mb, recompute=recompute,
                                zero=zero, step_time=out["step_time"], mfu=out["mfu"],
                                memory_per_device=out["memory_per_device"] / ts.GiB)
    best.update(candidates=candidates, feasible=feasible)
    return best


CONFIGS = {
    "llama3_8b_16_gpus": dict(workload="Llama3_8B", gpus=16, global_batch=32, seq_len=4096),
}

EXPECTED = {name: best_layout(**c) for name, c in CONFIGS.items()}

if __name__ == "__main__":
    for name, c in CONFIGS.items():
        print(name, EXPECTED[name])
