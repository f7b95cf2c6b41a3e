"""Expected values of scenarios/serving/serving_fit.mls (ServingFit), computed from the formulas of
the serving pack's specification (inference-scenarios.md), section "ServingFit", and the catalogue values quoted in its
"Catalogue values these scenarios rely on" table (OPT_13B and A100_40GB from "Catalogue additions",
table 3). Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GiB, KiB, close, displayed, print_table  # noqa: E402

# --- Catalogue values (spec tables; SI units) -------------------------------------------------------
# Hardware memory (byte).
HARDWARE_MEMORY = {
    "H100": 80 * GiB,
    "H200": 141 * GiB,
    "B200": 192 * GiB,
    "A100": 80 * GiB,
    "A100_40GB": 40 * GiB,  # "Catalogue additions", table 3
}

# Workloads. MLA entries give kv_lora_rank + qk_rope_head_dim, the others kv_heads + head_dim.
WORKLOADS = {
    "Llama3_70B": dict(parameters=70.6e9, layers=80, attention="gqa", kv_heads=8, head_dim=128,
                       longest=131072),  # max_seq_len
    "Llama2_70B": dict(parameters=70e9, layers=80, attention="gqa", kv_heads=8, head_dim=128,
                       longest=4096),  # no max_seq_len: seq_len
    # Spec's worked example: Mixtral is GQA, 32 layers, 8 KV heads of 128; seq_len 32768, no max_seq_len.
    "Mixtral_8x7B": dict(parameters=46.7e9, layers=32, attention="gqa", kv_heads=8, head_dim=128,
                         longest=32768),
    "DeepSeek_V3": dict(parameters=671e9, layers=61, attention="mla", kv_lora_rank=512,
                        qk_rope_head_dim=64, longest=131072),
    # "Catalogue additions", table 3: MHA, 40 layers, 40 KV heads of 128 (5120 / 40), seq_len 2048.
    "OPT_13B": dict(parameters=13e9, layers=40, attention="mha", kv_heads=40, head_dim=128, longest=2048),
}

# Precision bytes (spec: bf16 2 byte, fp8 1 byte; stdlib: fp16 2 byte).
PRECISION_BYTES = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0}


def serving_fit(workload="Llama3_70B", hardware="H100", tp=4, weight_precision="fp8",
                kv_precision="bf16", batch=32, context=8192, reserve=0.10):
    """ServingFit's outputs in SI units (byte)."""
    w = WORKLOADS[workload]
    assert context == math.floor(context) and 1 <= context <= w["longest"]
    if w["attention"] == "mla":
        kv_values_per_layer = w["kv_lora_rank"] + w["qk_rope_head_dim"]
    else:
        kv_values_per_layer = 2 * w["kv_heads"] * w["head_dim"]
    weights = w["parameters"] * PRECISION_BYTES[weight_precision]
    kv_per_token = w["layers"] * kv_values_per_layer * PRECISION_BYTES[kv_precision]
    kv_total = kv_per_token * batch * context
    usable = tp * HARDWARE_MEMORY[hardware] * (1 - reserve)
    needed = weights + kv_total
    if not weights < usable:
        raise ValueError("the weights alone do not fit in the usable memory; raise tp")
    return {
        "weights": weights,
        "kv_per_token": kv_per_token,
        "kv_total": kv_total,
        "usable": usable,
        "needed": needed,
        "fits": needed <= usable,
        "max_batch": float(math.floor((usable - weights) / (kv_per_token * context))),
        "headroom": usable - needed,
        "per_device": needed / tp,
    }


DISPLAY = {"weights": GiB, "kv_per_token": KiB, "kv_total": GiB, "usable": GiB, "needed": GiB,
           "fits": None, "max_batch": 1.0, "headroom": GiB, "per_device": GiB}


CONFIGS = {
    # The defaults: Llama-3.1-70B with FP8 weights and a BF16 cache on four H100s.
    "llama3_70b_h100x4_defaults": {},
    # The spec's worked example: Mixtral on two B200s, FP8 weights and cache.
    "mixtral_b200x2_worked_example": dict(workload="Mixtral_8x7B", hardware="B200", tp=2,
                                          weight_precision="fp8", kv_precision="fp8", batch=24,
                                          context=16384, reserve=0.08),
    # MLA: DeepSeek-V3 on eight H200s, FP8 cache, at its longest context (131072).
    "deepseek_v3_mla_h200x8": dict(workload="DeepSeek_V3", hardware="H200", tp=8, weight_precision="fp8",
                                   kv_precision="fp8", batch=32, context=131072),
    # Does not fit: Llama-2-70B (no max_seq_len, so its seq_len 4096 bounds `context`) in BF16 on two H100s.
    "llama2_70b_h100x2_too_big_batch": dict(workload="Llama2_70B", hardware="H100", tp=2,
                                            weight_precision="bf16", kv_precision="bf16", batch=256,
                                            context=4096, reserve=0),
    # PagedAttention's OPT-13B on one 40 GB A100: one 2048-token request (needs OPT_13B and A100_40GB).
    "opt_13b_paged_attention": dict(workload="OPT_13B", hardware="A100_40GB", tp=1,
                                    weight_precision="fp16", kv_precision="bf16", batch=1, context=2048),
}

EXPECTED = {name: displayed(serving_fit(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"weights": 43.4928, "kv_per_token": 64, "kv_total": 24, "usable": 353.28,
                  "needed": 67.4928, "fits": True, "max_batch": 309, "headroom": 285.787,
                  "per_device": 33.7464}


def check_worked_example():
    got = EXPECTED["mixtral_b200x2_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        if isinstance(v, bool):
            assert got[k] is v, (k, got[k], v)
        else:
            assert close(got[k], v), (k, got[k], v)
    # The spec's line: max_batch = floor((353.28 GiB - 46.7e9 B) / (65536 B * 16384)) = floor(309.787)
    ratio = (353.28 * GiB - 46.7e9) / (65536 * 16384)
    assert abs(ratio - 309.787) < 5e-4, ratio


check_worked_example()

# Anchors. PagedAttention (Kwon et al. 2023, Sec. 3): 2 x 5120 x 40 x 2 byte = 819200 B = 800 KiB per
# token; a 2048-token request 1.5625 GiB ("1.6 GB", rounded).
assert EXPECTED["opt_13b_paged_attention"]["kv_per_token"] == 800.0
assert EXPECTED["opt_13b_paged_attention"]["kv_total"] == 1.5625
# DeepSeek-V2/V3: (d_c + d_h^R) * l = (512 + 64) * 61 = 35136 values per token; at 1 byte, 34.3125 KiB.
assert WORKLOADS["DeepSeek_V3"]["layers"] * (512 + 64) == 35136
assert EXPECTED["deepseek_v3_mla_h200x8"]["kv_per_token"] == 35136 / 1024


if __name__ == "__main__":
    print_table(EXPECTED, 16, python_bools=True)
