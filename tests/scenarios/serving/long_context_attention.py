"""Expected values of scenarios/serving/long_context_attention.mls (LongContextAttention), computed from
the formulas of the serving pack's specification (inference-scenarios.md), section
"LongContextAttention", and the catalogue values quoted in its "Catalogue values these scenarios rely on"
table. Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GiB, KiB, MiB, PFLOP, TiB, close, displayed, print_table  # noqa: E402

# --- Catalogue values ---------------------------------------------------------------------------------
WORKLOADS = {
    "Llama3_8B": {"parameters": 8.03e9, "layers": 32, "heads": 32, "kv_heads": 8, "head_dim": 128},
    "Llama3_70B": {"parameters": 70.6e9, "layers": 80, "heads": 64, "kv_heads": 8, "head_dim": 128},
    "Llama3_405B": {"parameters": 405e9, "layers": 126, "heads": 128, "kv_heads": 8, "head_dim": 128},
}
HARDWARE_MEMORY = {"H100": 80 * GiB, "H200": 141 * GiB, "B200": 192 * GiB, "A100": 80 * GiB}
LLAMA31_MAX_SEQ_LEN = 131072  # Llama 3.1 model card: 128K context (the catalogue's max_seq_len)

# --- Prelude ------------------------------------------------------------------------------------------
INFERENCE_FLOPS_PER_PARAM_TOKEN = 2.0  # FLOP
LSE_BYTES = 4.0  # FP32 log-sum-exp


def long_context_attention(workload="Llama3_8B", context=131072, batch=1, bytes_per_value=2.0, causal=True,
                           hardware="H100"):
    """LongContextAttention's outputs in SI units (byte, FLOP)."""
    w = WORKLOADS[workload]
    a, d, L = w["heads"], w["head_dim"], w["layers"]
    naive_scores_per_layer = batch * a * context**2 * bytes_per_value
    flash_stats_per_layer = batch * a * context * LSE_BYTES
    score_flops = (0.5 if causal else 1.0) * 4 * context**2 * d * a * L * batch
    linear_flops = INFERENCE_FLOPS_PER_PARAM_TOKEN * w["parameters"] * context * batch
    return {
        "naive_scores_per_layer": naive_scores_per_layer,
        "naive_scores_all_layers": naive_scores_per_layer * L,
        "flash_stats_per_layer": flash_stats_per_layer,
        "reduction": naive_scores_per_layer / flash_stats_per_layer,
        "kv_cache": 2 * L * w["kv_heads"] * d * context * batch * bytes_per_value,
        "naive_max_context": float(math.floor(math.sqrt(HARDWARE_MEMORY[hardware] / (batch * a * bytes_per_value)))),
        "score_flops": score_flops,
        "linear_flops": linear_flops,
        "attention_share": score_flops / (score_flops + linear_flops),
    }


# Display unit of each output, as the factor that turns SI into it.
DISPLAY = {"naive_scores_per_layer": GiB, "naive_scores_all_layers": TiB, "flash_stats_per_layer": MiB,
           "reduction": 1.0, "kv_cache": GiB, "naive_max_context": 1.0, "score_flops": PFLOP,
           "linear_flops": PFLOP, "attention_share": 1.0}


CONFIGS = {
    # The defaults: Llama-3.1-8B at its 128K context (131072 tokens), causal, BF16, on an H100.
    "llama3_8b_128k_defaults": {},
    # The spec's worked example: Llama-3.1-405B at 48K on a B200.
    "llama3_405b_b200_worked_example": dict(workload="Llama3_405B", context=49152, batch=1, bytes_per_value=2.0,
                                            causal=True, hardware="B200"),
    # Bidirectional attention: Llama-3.1-70B, four sequences of 32K, FP32 scores, on an H200.
    "llama3_70b_bidirectional_fp32": dict(workload="Llama3_70B", context=32768, batch=4, bytes_per_value=4.0,
                                          causal=False, hardware="H200"),
    # A short context in 1-byte values on an A100: attention a small share of the FLOPs.
    "llama3_8b_short_fp8_a100": dict(context=2048, batch=16, bytes_per_value=1.0, hardware="A100"),
    # Llama-3.1-405B at its longest context (the catalogue's max_seq_len) with FP32 scores, as wide as the
    # logsumexp, so that `reduction` is the context itself.
    "llama3_405b_max_seq_len_fp32": dict(workload="Llama3_405B", context=LLAMA31_MAX_SEQ_LEN, bytes_per_value=4.0,
                                         hardware="B200"),
}

EXPECTED = {name: displayed(long_context_attention(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"naive_scores_per_layer": 576, "naive_scores_all_layers": 70.875, "flash_stats_per_layer": 24,
                  "reduction": 24576, "kv_cache": 23.625, "naive_max_context": 28377, "score_flops": 9.97477,
                  "linear_flops": 39.8131, "attention_share": 0.200345}


def check_worked_example():
    got = EXPECTED["llama3_405b_b200_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)
    # The spec's lines: naive = 618475290624 B, flash = 25165824 B.
    si = long_context_attention(**CONFIGS["llama3_405b_b200_worked_example"])
    assert si["naive_scores_per_layer"] == 618475290624 and si["flash_stats_per_layer"] == 25165824


check_worked_example()

# Anchor (Dao 2023, FlashAttention-2, Sec. 3.1.1: one FP32 logsumexp per row): reduction is
# context * bytes_per_value / 4 byte, whatever the model, batch or causality.
for name, kw in CONFIGS.items():
    context = kw.get("context", 131072)
    width = kw.get("bytes_per_value", 2.0)
    assert EXPECTED[name]["reduction"] == context * width / LSE_BYTES, name
# The default context is Llama 3.1's 128K; at 4-byte scores the reduction is that context.
assert long_context_attention.__defaults__[1] == LLAMA31_MAX_SEQ_LEN
assert EXPECTED["llama3_405b_max_seq_len_fp32"]["reduction"] == LLAMA31_MAX_SEQ_LEN


if __name__ == "__main__":
    print_table(EXPECTED, 24)
