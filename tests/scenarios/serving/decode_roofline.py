"""Expected values of scenarios/serving/decode_roofline.mls (DecodeRoofline), computed from the formulas
of the serving pack's specification (inference-scenarios.md), section "DecodeRoofline", and the catalogue values quoted in its
"Catalogue values these scenarios rely on" table. Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
`decode_roofline(...)` returns the outputs in SI units (byte, FLOP, s); CostPerToken and ServingFleet
import it.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GB, GiB, KiB, MS, PFLOP, TFLOP, check_worked, displayed, print_table  # noqa: E402

# --- Catalogue values (spec, "Catalogue values these scenarios rely on"; SI units) ---------------------

# Hardware: memory (byte), memory_bandwidth (byte/s), flops per precision (FLOP/s); None = absent field.
HARDWARE = {
    "H100": {"memory": 80 * GiB, "memory_bandwidth": 3.35e12, "bf16": 989e12, "fp8": 1979e12,
             "name": "NVIDIA H100 SXM5"},
    # 141 GB as the vendor quotes it, kept as 141 GiB like every HBM capacity (docs/catalogue.md §3.1).
    "H200": {"memory": 141 * GiB, "memory_bandwidth": 4.8e12, "bf16": 989e12, "fp8": 1979e12,
             "name": "NVIDIA H200 SXM"},
    "B200": {"memory": 192 * GiB, "memory_bandwidth": 8e12, "bf16": 2250e12, "fp8": 4500e12,
             "name": "NVIDIA B200"},
    "MI300X": {"memory": 192 * GiB, "memory_bandwidth": 5.3e12, "bf16": 1307e12, "fp8": 2614e12,
               "name": "AMD Instinct MI300X"},
    "A100": {"memory": 80 * GiB, "memory_bandwidth": 2039e9, "bf16": 312e12, "fp8": None,
             "name": "NVIDIA A100 SXM4 80 GB"},
    # Spec, "Catalogue additions", table 3 (new entry for kipply's anchor): 40 GiB, 1555 GB/s, bf16 312.
    "A100_40GB": {"memory": 40 * GiB, "memory_bandwidth": 1555e9, "bf16": 312e12, "fp8": None,
                  "name": "NVIDIA A100 SXM4 40 GB"},
}

# Workloads: parameters, layers, kv_heads, head_dim (spec table; OPT_13B from "Catalogue additions"). A mixture
# of experts adds its active parameters and its routed experts E and top-k: Mixtral 8x7B 46.7e9 / 12.9e9,
# 8 experts top-2 (Mistral AI 2023; Jiang et al. 2024); DeepSeek-V3 671e9 / 37e9, 256 routed experts top-8,
# multi-head latent attention caching kv_lora_rank 512 + qk_rope_head_dim 64 values per layer (DeepSeek-AI
# 2024, arXiv 2412.19437, Sec. 2.1 and 4.2).
WORKLOADS = {
    "Llama3_8B": {"parameters": 8.03e9, "layers": 32, "kv_heads": 8, "head_dim": 128},
    "Llama3_70B": {"parameters": 70.6e9, "layers": 80, "kv_heads": 8, "head_dim": 128},
    "Llama3_405B": {"parameters": 405e9, "layers": 126, "kv_heads": 8, "head_dim": 128},
    "Mixtral_8x7B": {"parameters": 46.7e9, "active": 12.9e9, "experts": 8, "top_k": 2, "layers": 32,
                     "kv_heads": 8, "head_dim": 128},
    "DeepSeek_V3": {"parameters": 671e9, "active": 37e9, "experts": 256, "top_k": 8, "layers": 61,
                    "mla_values": 512 + 64},
}

# Precision entries: bytes (spec: bf16 2 byte, fp8 1 byte).
PRECISION_BYTES = {"bf16": 2.0, "fp8": 1.0}
# Prelude: inference_flops_per_param_token = 2 FLOP.
INFERENCE_FLOPS_PER_PARAM_TOKEN = 2.0


def parameters_read(w, tokens):
    """Parameters a step of `tokens` tokens reads. Each MoE layer's experts are E slots of which a token fills
    k distinct ones at random; the chance one expert is missed by all tokens is (1 - k/E)^tokens, so
    E (1 - (1 - k/E)^tokens) are touched. Summed over the layers one expert holds (P - A)/(E - k)."""
    P = w["parameters"]
    if "experts" not in w:
        return P
    E, k, A = w["experts"], w["top_k"], w["active"]
    touched = E * (1 - (1 - k / E) ** tokens)
    return P - (P - A) / (E - k) * (E - touched)


def crossover_batch(w, weight_bytes, compute, bandwidth):
    """The batch b at which reading parameters_read(b) weights takes as long as 2 FLOP x A x b: found by
    bisection on the difference, which changes sign once (read time is concave and bounded, compute linear)."""
    A = w.get("active", w["parameters"])

    def gap(b):
        return parameters_read(w, b) * weight_bytes / bandwidth - INFERENCE_FLOPS_PER_PARAM_TOKEN * A * b / compute

    lo, hi = 0.0, 1.0
    while gap(hi) > 0:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if gap(mid) > 0 else (lo, mid)
    return (lo + hi) / 2


def bound(memory, compute):
    return "memory_bound" if memory >= compute else "compute_bound"


def decode_roofline(workload="Llama3_8B", hardware="H100", precision="bf16", devices=1, batch=16,
                    prompt=2048, context=4096, kv_bytes=2.0, bandwidth_efficiency=0.8,
                    compute_efficiency=0.6):
    """DecodeRoofline's outputs in SI units (kv_bytes in byte)."""
    w = WORKLOADS[workload]
    hw = HARDWARE[hardware]
    P = w["parameters"]
    A = w.get("active", P)
    weight_bytes = PRECISION_BYTES[precision]
    peak = hw[precision]
    if peak is None:
        raise KeyError(f"Hardware {hardware} has no field flops.{precision}")
    bandwidth = devices * hw["memory_bandwidth"] * bandwidth_efficiency
    compute = devices * peak * compute_efficiency
    weights = P * weight_bytes
    values_per_layer = w["mla_values"] if "mla_values" in w else 2 * w["kv_heads"] * w["head_dim"]
    kv_per_token = w["layers"] * values_per_layer * kv_bytes
    memory_needed = weights + batch * max(prompt, context) * kv_per_token
    memory_available = devices * hw["memory"]
    if not memory_needed <= memory_available:
        raise ValueError("the weights and the batch's KV cache do not fit on the devices")
    weights_read = parameters_read(w, batch) * weight_bytes
    ridge = peak / hw["memory_bandwidth"]
    decode_bytes = weights_read + batch * context * kv_per_token
    decode_flops = INFERENCE_FLOPS_PER_PARAM_TOKEN * A * batch
    decode_memory_time = decode_bytes / bandwidth
    decode_compute_time = decode_flops / compute
    decode_step = max(decode_memory_time, decode_compute_time)
    prefill_flops = INFERENCE_FLOPS_PER_PARAM_TOKEN * A * batch * prompt
    prefill_bytes = parameters_read(w, batch * prompt) * weight_bytes + batch * prompt * kv_per_token
    return {
        "weights": weights,
        "weights_read": weights_read,
        "kv_per_token": kv_per_token,
        "memory_needed": memory_needed,
        "memory_available": memory_available,
        "fits": True,
        "ridge": ridge,
        "decode_bytes": decode_bytes,
        "decode_flops": decode_flops,
        "decode_intensity": decode_flops / decode_bytes,
        "decode_memory_time": decode_memory_time,
        "decode_compute_time": decode_compute_time,
        "decode_step": decode_step,
        "decode_bound": bound(decode_memory_time, decode_compute_time),
        "tokens_per_second": batch / decode_step,
        "compute_bound_batch": crossover_batch(w, weight_bytes, compute, bandwidth),
        "prefill_flops": prefill_flops,
        "prefill_bytes": prefill_bytes,
        "prefill_time": max(prefill_flops / compute, prefill_bytes / bandwidth),
        "prefill_bound": bound(prefill_bytes / bandwidth, prefill_flops / compute),
    }


# Display unit of each output, as the factor that turns SI into it (None: not a number).
DISPLAY = {
    "weights": GB, "weights_read": GB, "memory_needed": GB, "memory_available": GB, "fits": None,
    "kv_per_token": KiB, "ridge": 1.0, "decode_bytes": GB, "decode_flops": TFLOP,
    "decode_intensity": 1.0, "decode_memory_time": MS, "decode_compute_time": MS, "decode_step": MS,
    "decode_bound": None, "tokens_per_second": 1.0, "compute_bound_batch": 1.0, "prefill_flops": PFLOP,
    "prefill_bytes": GB, "prefill_time": MS, "prefill_bound": None,
}


CONFIGS = {
    # The defaults: Llama-3.1-8B on one H100 in BF16; decode memory-bound, prefill compute-bound.
    "llama3_8b_h100_defaults": {},
    # The spec's worked example: Llama-3.1-70B on two H200s, FP8 cache values.
    "llama3_70b_h200_worked_example": dict(workload="Llama3_70B", hardware="H200", precision="bf16",
                                           devices=2, batch=8, prompt=1024, context=3000, kv_bytes=1.0,
                                           bandwidth_efficiency=0.85, compute_efficiency=0.5),
    # FP8 on H100 at a large batch with an empty cache: decode compute-bound (batch 512 > 221.418).
    "llama3_8b_h100_fp8_compute_bound": dict(precision="fp8", batch=512, prompt=128, context=0),
    # One sequence of one prompt token on the 80 GB A100: both phases memory-bound; ridge 153.016.
    "llama3_8b_a100_single_token": dict(hardware="A100", batch=1, prompt=1, context=0),
    # kipply's anchor: the 40 GB A100 at full efficiency in BF16 (needs the A100_40GB entry).
    "kipply_a100_40gb": dict(hardware="A100_40GB", precision="bf16", batch=1, prompt=1, context=0,
                             bandwidth_efficiency=1.0, compute_efficiency=1.0),
    # Llama-3.1-405B in FP8 over 8 H200s, long cache.
    "llama3_405b_h200x8_fp8": dict(workload="Llama3_405B", hardware="H200", precision="fp8", devices=8,
                                   batch=64, prompt=4096, context=16384.5),
    # Mixtral 8x7B at batch 1 on two H100s: one token reads the 12.9e9 active parameters, not all 46.7e9.
    "mixtral_h100x2_batch1": dict(workload="Mixtral_8x7B", devices=2, batch=1, prompt=512, context=1024),
    # Mixtral at batch 8: 8 (1 - 0.75^8) = 7.20 of the 8 experts touched per layer.
    "mixtral_h100x2_batch8": dict(workload="Mixtral_8x7B", devices=2, batch=8, prompt=512, context=1024),
    # DeepSeek-V3 in FP8 on eight H200s at batch 32 (an MLA cache): 256 (1 - (31/32)^32) = 163.4 experts.
    "deepseek_v3_h200x8_fp8": dict(workload="DeepSeek_V3", hardware="H200", precision="fp8", devices=8,
                                   batch=32, prompt=1024, context=2048),
}

EXPECTED = {name: displayed(decode_roofline(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {
    "weights": 141.2, "kv_per_token": 160, "ridge": 206.042, "decode_bytes": 145.132,
    "decode_flops": 1.1296, "decode_intensity": 7.78325, "decode_memory_time": 17.7858,
    "decode_compute_time": 1.14216, "decode_step": 17.7858, "decode_bound": "memory_bound",
    "tokens_per_second": 449.797, "compute_bound_batch": 121.201, "prefill_flops": 1.15671,
    "prefill_bytes": 142.542, "prefill_time": 1169.58, "prefill_bound": "compute_bound",
}


check_worked(EXPECTED["llama3_70b_h200_worked_example"], WORKED_EXAMPLE)

# kipply's anchor: ridge = 312e12 / 1555e9 = 200.643 FLOP/byte against kipply's 312 / 1.5 = 208 (3.54 % off).
KIPPLY_RIDGE = 208.0
# Mixtral's published counts: a batch-1 decode step reads the 12.9e9 active parameters (25.8 GB in BF16),
# and 46.7 / 12.9 = 3.62 is how much slower reading every weight would make it.
assert abs(EXPECTED["mixtral_h100x2_batch1"]["weights_read"] - 25.8) < 1e-9
assert abs(EXPECTED["kipply_a100_40gb"]["ridge"] - KIPPLY_RIDGE) / KIPPLY_RIDGE < 0.04


if __name__ == "__main__":
    print_table(EXPECTED, 24, python_bools=True)
