"""Expected values of scenarios/serving/tp_decode_latency.mls (TpDecodeStep and TpDecodeSweep), computed
from the formulas of the serving pack's specification (inference-scenarios.md), sections "TpDecodeStep"
and "TpDecodeSweep", and the catalogue values quoted in its "Catalogue values these scenarios rely on"
table (DGX_A100 and DGX_B200 from stdlib.md's table of nodes). Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes (lists
entry by entry). Both scenarios' configs are in the one file, so their names are distinct.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GB, GiB, KiB, MS, US, close, displayed, print_table  # noqa: E402

# --- Catalogue values (SI units) ----------------------------------------------------------------------
# Hardware: memory (byte), memory_bandwidth (byte/s).
HARDWARE = {
    "H100": {"memory": 80 * GiB, "memory_bandwidth": 3.35e12},
    "A100": {"memory": 80 * GiB, "memory_bandwidth": 2039e9},
    "B200": {"memory": 192 * GiB, "memory_bandwidth": 8e12},
}

# Nodes: accelerator, accelerators_per_node, intra_node_bandwidth (as quoted, byte/s), bidirectional.
NODES = {
    "DGX_H100": {"accelerator": "H100", "accelerators_per_node": 8, "intra_node_bandwidth": 900e9,
                 "intra_node_bidirectional": True},
    "DGX_A100": {"accelerator": "A100", "accelerators_per_node": 8, "intra_node_bandwidth": 600e9,
                 "intra_node_bidirectional": True},
    "DGX_B200": {"accelerator": "B200", "accelerators_per_node": 8, "intra_node_bandwidth": 1800e9,
                 "intra_node_bidirectional": True},
}

# Workloads: parameters, layers, hidden_dim, kv_heads, head_dim.
WORKLOADS = {
    "Llama3_8B": dict(parameters=8.03e9, layers=32, hidden_dim=4096, kv_heads=8, head_dim=128),
    "Llama3_70B": dict(parameters=70.6e9, layers=80, hidden_dim=8192, kv_heads=8, head_dim=128),
    "Llama3_405B": dict(parameters=405e9, layers=126, hidden_dim=16384, kv_heads=8, head_dim=128),
    "Llama2_70B": dict(parameters=70e9, layers=80, hidden_dim=8192, kv_heads=8, head_dim=128),
    # stdlib.md: GPT-2 Small, 12 layers, hidden 768, 12 heads (MHA); head_dim derived, 768 / 12 = 64.
    "GPT2_Small": dict(parameters=124e6, layers=12, hidden_dim=768, kv_heads=12, head_dim=64),
    # Mixtral 8x7B (Mistral AI 2023; Jiang et al. 2024): 46.7e9 held, 12.9e9 used per token, 8 experts top-2.
    "Mixtral_8x7B": dict(parameters=46.7e9, active=12.9e9, experts=8, top_k=2, layers=32, hidden_dim=4096,
                         kv_heads=8, head_dim=128),
}


def parameters_read(w, tokens):
    """Parameters a step over `tokens` tokens reads: for a mixture of experts, each layer's E experts are
    touched E (1 - (1 - k/E)^tokens) times on average, each holding (P - A)/(E - k) summed over layers."""
    if "experts" not in w:
        return w["parameters"]
    E, k, P, A = w["experts"], w["top_k"], w["parameters"], w["active"]
    return A + (P - A) / (E - k) * (E * (1 - (1 - k / E) ** tokens) - k)

NVLINK_LATENCY = 500e-9  # prelude `nvlink_latency`


def per_direction(bandwidth, bidirectional):
    """The prelude's per_direction: a figure quoted as send + receive summed carries half each way."""
    return bandwidth / 2 if bidirectional else bandwidth


def allreduce_time(n, ranks, link, hop, overhead):
    """One ring all-reduce of n bytes over `ranks` devices (s)."""
    if ranks == 1:
        return 0.0
    return overhead + 2 * (ranks - 1) * hop + 2 * (ranks - 1) / ranks * n / link


def tp_decode_step(workload="Llama3_70B", node="DGX_H100", tp=8, batch=1, context=4096, weight_bytes=2.0,
                   kv_bytes=2.0, activation_bytes=2.0, bandwidth_efficiency=0.8, hop_latency=NVLINK_LATENCY,
                   call_overhead=8 * US):
    """TpDecodeStep's outputs in SI units (byte, s, 1/s)."""
    w, nd = WORKLOADS[workload], NODES[node]
    hw = HARDWARE[nd["accelerator"]]
    assert tp == int(tp) and 1 <= tp <= nd["accelerators_per_node"], "tp"
    assert batch == int(batch) and batch >= 1 and context >= 0 and 0 < bandwidth_efficiency <= 1
    link = per_direction(nd["intra_node_bandwidth"], nd["intra_node_bidirectional"])
    kv_per_token = 2 * w["layers"] * w["kv_heads"] * w["head_dim"] * kv_bytes
    allreduces = 2 * w["layers"]
    held = (w["parameters"] * weight_bytes + batch * context * kv_per_token) / tp
    if not held < hw["memory"]:
        raise ValueError("the weights and cache do not fit on tp devices")
    hbm = (parameters_read(w, batch) * weight_bytes + batch * context * kv_per_token) / tp
    message = batch * w["hidden_dim"] * activation_bytes
    memory_time = hbm / (hw["memory_bandwidth"] * bandwidth_efficiency)
    comm_time = allreduces * allreduce_time(message, tp, link, hop_latency, call_overhead)
    latency = memory_time + comm_time
    return {"memory_per_device": held, "hbm_bytes_per_device": hbm, "message": message, "memory_time": memory_time,
            "comm_time": comm_time, "latency": latency, "tokens_per_second": batch / latency}


def tp_decode_sweep(workload="Llama3_70B", node="DGX_H100", batch=1, context=4096):
    """TpDecodeSweep's outputs in SI units; fails (ValueError) when no degree fits."""
    w, nd = WORKLOADS[workload], NODES[node]
    options = [2**i for i in range(math.floor(math.log2(nd["accelerators_per_node"])) + 1)]
    footprint = (w["parameters"] * 2
                 + batch * context * 2 * w["layers"] * w["kv_heads"] * w["head_dim"] * 2)
    fitting = [k for k in options if footprint / k < HARDWARE[nd["accelerator"]]["memory"]]
    if not fitting:
        raise ValueError("degrees is empty")
    latency_by_tp = [tp_decode_step(workload=workload, node=node, tp=k, batch=batch, context=context)["latency"]
                     for k in fitting]
    best = min(latency_by_tp)
    return {"degrees": fitting, "latency_by_tp": latency_by_tp,
            "best_tp": next(k for k, t in zip(fitting, latency_by_tp) if t == best), "best_latency": best}


DISPLAY = {"memory_per_device": GB, "hbm_bytes_per_device": GB, "message": KiB, "memory_time": MS, "comm_time": MS, "latency": MS,
           "tokens_per_second": 1.0, "degrees": 1.0, "latency_by_tp": MS, "best_tp": 1.0, "best_latency": MS}


STEP_CONFIGS = {
    # The defaults: Llama-3.1-70B over the eight H100s of a DGX H100, one sequence of 4096 tokens.
    "llama3_70b_dgx_h100_defaults": {},
    # The spec's worked example: Llama-2-70B on two GPUs of a DGX H100, batch 4, 10 us per call.
    "llama2_70b_tp2_worked_example": dict(workload="Llama2_70B", tp=2, batch=4, context=2048,
                                          call_overhead=10 * US),
    # tp = 1: no all-reduce at all; Llama-3.1-8B, eight sequences of 8192 tokens on one H100.
    "llama3_8b_tp1": dict(workload="Llama3_8B", tp=1, batch=8, context=8192),
    # The anchors: no call overhead, no hop latency, so comm_time = 2 · 80 · 2 (8 − 1)/8 · message / 450 GB/s.
    "llama3_70b_ring_volume_only": dict(batch=8, hop_latency=0.0, call_overhead=0.0),
    # Llama-3.1-405B in 1-byte weights and cache over eight B200s (1800 GB/s NVLink 5, 900 GB/s each way).
    "llama3_405b_dgx_b200_fp8": dict(workload="Llama3_405B", node="DGX_B200", tp=8, batch=32, context=8192,
                                     weight_bytes=1.0, kv_bytes=1.0, bandwidth_efficiency=0.9),
    # Four of a DGX A100's eight GPUs (600 GB/s NVLink 3, 300 GB/s each way), a fractional mean context.
    "llama3_8b_dgx_a100_tp4": dict(workload="Llama3_8B", node="DGX_A100", tp=4, batch=64, context=3000.5,
                                   hop_latency=1 * US, call_overhead=5 * US),
    # Mixtral 8x7B over two H100s at batch 1: each device reads half of the 12.9e9 active parameters.
    "mixtral_tp2_batch1": dict(workload="Mixtral_8x7B", tp=2, batch=1, context=4096),
}

SWEEP_CONFIGS = {
    # The defaults: Llama-3.1-70B on a DGX H100 at batch 1; tp 1 does not fit (142.5 GB > 80 GiB).
    "sweep_llama3_70b_dgx_h100_defaults": {},
    # The spec's worked example: Llama-2-70B at batch 16 on a DGX H100.
    "sweep_llama2_70b_batch16_worked_example": dict(workload="Llama2_70B", node="DGX_H100", batch=16,
                                                   context=2048),
    # Every power of two fits: Llama-3.1-8B at batch 1 on a DGX H100.
    "sweep_llama3_8b_all_fit": dict(workload="Llama3_8B", batch=1, context=4096),
    # Llama-3.1-405B on a DGX B200: 812.1 GB fits on four (203.0 GB < 192 GiB = 206.2 GB) or eight.
    "sweep_llama3_405b_dgx_b200": dict(workload="Llama3_405B", node="DGX_B200"),
    # A model so small that the all-reduces cost more than the HBM time they save: tp 1 wins.
    "sweep_gpt2_small_tp1_wins": dict(workload="GPT2_Small", batch=1, context=1024),
}

EXPECTED = {name: displayed(tp_decode_step(**kw), DISPLAY) for name, kw in STEP_CONFIGS.items()}
EXPECTED.update({name: displayed(tp_decode_sweep(**kw), DISPLAY) for name, kw in SWEEP_CONFIGS.items()})

# The worked examples' tables (spec, 6 significant digits).
STEP_WORKED_EXAMPLE = {"hbm_bytes_per_device": 71.3422, "message": 64, "memory_time": 26.6202,
                       "comm_time": 1.7833, "latency": 28.4035, "tokens_per_second": 140.828}
SWEEP_WORKED_EXAMPLE = {"degrees": [2, 4, 8], "latency_by_tp": [29.6559, 15.9611, 9.59377], "best_tp": 8,
                        "best_latency": 9.59377}


def check_worked_examples():
    for config, table in (("llama2_70b_tp2_worked_example", STEP_WORKED_EXAMPLE),
                          ("sweep_llama2_70b_batch16_worked_example", SWEEP_WORKED_EXAMPLE)):
        got = EXPECTED[config]
        for k, v in table.items():
            assert close(got[k], v), (config, k, got[k], v)


check_worked_examples()

# The worked example's one all-reduce: 10 us + 2 · 1 · 0.5 us + 2 · 1/2 · 65536 B / 450e9 B/s = 11.1456 us.
assert abs(allreduce_time(65536, 2, 450e9, NVLINK_LATENCY, 10 * US) / US - 11.1456) < 5e-5
# Megatron-LM's two all-reduces per layer and the DGX H100's 450 GB/s per direction, ring factor 2(n − 1)/n.
assert math.isclose(EXPECTED["llama3_70b_ring_volume_only"]["comm_time"] * MS,
                    2 * 80 * (2 * 7 / 8) * (8 * 8192 * 2) / 450e9)
# No degree fits Llama-3.1-405B in 2-byte weights on a DGX H100: 810 GB / 8 = 101.3 GB > 80 GiB = 85.9 GB.
try:
    tp_decode_sweep(workload="Llama3_405B")
    raise AssertionError("Llama3_405B should not fit on a DGX H100")
except ValueError:
    pass


if __name__ == "__main__":
    print_table(EXPECTED, 22)
