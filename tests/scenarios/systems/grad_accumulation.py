"""Expected values of scenarios/systems/grad_accumulation.mls (GradAccumulation), computed from the
formulas of the systems pack's specification (inference-scenarios.md), section "GradAccumulation", and
the catalogue values quoted in its "Catalogue values these scenarios rely on" table. Python standard
library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes (lists
entry by entry).
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import DAY, GB, close, displayed, print_table  # noqa: E402

# --- Catalogue values ---------------------------------------------------------------------------------
PARAMETERS = {"Llama3_8B": 8.03e9, "Llama3_70B": 70.6e9, "Llama3_405B": 405e9}
INFINIBAND_NDR = 400e9 / 8  # 400 Gbps = 50 GB/s
INFINIBAND_HDR = 200e9 / 8  # 200 Gbps = 25 GB/s


def allreduce(size, n, bandwidth):
    """One ring all-reduce of `size` bytes over `n` ranks (nccl-tests' bus bandwidth), latency ignored."""
    return 2 * (n - 1) / n * size / bandwidth


def grad_accumulation(workload="Llama3_8B", global_batch=1024, microbatch=2, dp=64, seq_len=8192,
                      micro_step=0.9, grad_bytes=4.0, bus_bandwidth=INFINIBAND_NDR, overlap=0.5,
                      training_tokens=1e12):
    """GradAccumulation's outputs in SI units (s, 1/s)."""
    accum = global_batch / (microbatch * dp)
    if accum != math.floor(accum):
        raise ValueError("global_batch must be a multiple of microbatch \u00d7 dp")
    tokens_per_step = global_batch * seq_len
    allreduce_time = allreduce(PARAMETERS[workload] * grad_bytes, dp, bus_bandwidth)
    exposed_comm = allreduce_time * (1 - overlap)
    step_time = accum * micro_step + exposed_comm
    steps = math.ceil(training_tokens / tokens_per_step)
    return {
        "accum": accum,
        "tokens_per_step": float(tokens_per_step),
        "allreduce_time": allreduce_time,
        "exposed_comm": exposed_comm,
        "step_time": step_time,
        "comm_share": exposed_comm / step_time,
        "tokens_per_second": tokens_per_step / step_time,
        "steps": float(steps),
        "training_time": steps * step_time,
        "throughput_by_accum": [microbatch * dp * k * seq_len / (k * micro_step + exposed_comm)
                                for k in [1, 2, 4, 8, 16]],
    }


# Display unit of each output, as the factor that turns SI into it.
DISPLAY = {"accum": 1.0, "tokens_per_step": 1.0, "allreduce_time": 1.0, "exposed_comm": 1.0, "step_time": 1.0,
           "comm_share": 1.0, "tokens_per_second": 1.0, "steps": 1.0, "training_time": DAY,
           "throughput_by_accum": 1.0}


CONFIGS = {
    # The defaults: Llama-3.1-8B over 64 ranks, FP32 gradients on a 400 Gbps NIC, 8 micro-steps.
    "llama3_8b_dp64_defaults": {},
    # The spec's worked example: Llama-3.1-8B over 128 ranks, BF16 gradients on a 200 Gbps bus.
    "llama3_8b_dp128_worked_example": dict(workload="Llama3_8B", global_batch=3072, microbatch=4, dp=128,
                                           seq_len=4096, micro_step=1.2, grad_bytes=2.0,
                                           bus_bandwidth=25 * GB, overlap=0.25, training_tokens=2e12),
    # One rank: no all-reduce at all (2 (n - 1) / n = 0), 16 micro-steps.
    "llama3_8b_single_rank": dict(global_batch=64, microbatch=4, dp=1, seq_len=4096, micro_step=1.5,
                                  training_tokens=1e9),
    # Llama-3.1-70B over 8 ranks with the all-reduce fully hidden (overlap 1), one step per sequence.
    "llama3_70b_dp8_fully_hidden": dict(workload="Llama3_70B", global_batch=256, microbatch=1, dp=8,
                                        micro_step=3.0, grad_bytes=2.0, bus_bandwidth=INFINIBAND_HDR,
                                        overlap=1.0, training_tokens=1e10),
    # Llama-3.1-405B, no accumulation (accum 1) and no overlap: communication dominates.
    "llama3_405b_dp16_no_overlap": dict(workload="Llama3_405B", global_batch=16, microbatch=1, dp=16,
                                        micro_step=10.0, grad_bytes=2.0, overlap=0.0, training_tokens=1e10),
}

EXPECTED = {name: displayed(grad_accumulation(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"accum": 6, "tokens_per_step": 12582912, "allreduce_time": 1.27476, "exposed_comm": 0.956072,
                  "step_time": 8.15607, "comm_share": 0.117222, "tokens_per_second": 1542770, "steps": 158946,
                  "training_time": 15.0043,
                  "throughput_by_accum": [972673, 1249770, 1457350, 1589340, 1664730]}


def check_worked_example():
    got = EXPECTED["llama3_8b_dp128_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)


check_worked_example()

# Anchor (nccl-tests PERFORMANCE.md): each rank's link carries 2 (n - 1) / n of the buffer; over 128 ranks
# 2 x 127/128 x 16.06 GB of BF16 gradients at 25 GB/s.
assert abs(EXPECTED["llama3_8b_dp128_worked_example"]["allreduce_time"] - 2 * 127 / 128 * 16.06e9 / 25e9) < 1e-12
# Edges: no all-reduce on one rank, none exposed at overlap 1.
assert EXPECTED["llama3_8b_single_rank"]["allreduce_time"] == 0.0
assert EXPECTED["llama3_8b_single_rank"]["comm_share"] == 0.0
assert EXPECTED["llama3_70b_dp8_fully_hidden"]["exposed_comm"] == 0.0
# At accum 1 the first entry of throughput_by_accum is tokens_per_second.
got = EXPECTED["llama3_405b_dp16_no_overlap"]
assert got["accum"] == 1 and got["throughput_by_accum"][0] == got["tokens_per_second"]


if __name__ == "__main__":
    print_table(EXPECTED, 20)
