"""Expected values of scenarios/systems/fp8_training_memory.mls (Fp8TrainingMemory), computed from the
formulas of the systems pack's specification (inference-scenarios.md), section "Fp8TrainingMemory", and
the catalogue values quoted in its "Catalogue values these scenarios rely on" table. Python standard
library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes (the
automatic unit of `per_param`, `per_param_all` and `per_param_zero1` is the byte).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GiB, close, displayed, print_table  # noqa: E402

# --- Catalogue values (spec, "Catalogue values these scenarios rely on") ---------------------------------
WORKLOADS = {
    "Llama3_8B": dict(parameters=8.03e9, layers=32, hidden_dim=4096),
    "Llama3_70B": dict(parameters=70.6e9, layers=80, hidden_dim=8192),
    "Llama3_405B": dict(parameters=405e9, layers=126, hidden_dim=16384),
}
HARDWARE_MEMORY = {"H100": 80 * GiB, "B200": 192 * GiB, "MI300X": 192 * GiB}

# The spec's table of recipes: weights, fp8_copy, grads, master, moments (byte per parameter).
RECIPES = {
    "bf16_mixed": dict(weights=2, fp8_copy=0, grads=2, master=4, moments=8),
    "fp8_gemm": dict(weights=2, fp8_copy=1, grads=2, master=4, moments=8),
    "fp8_lm": dict(weights=1, fp8_copy=0, grads=1, master=2, moments=3),
}


def per_param_of(recipe):
    r = RECIPES[recipe]
    return r["weights"] + r["fp8_copy"] + r["grads"] + r["master"] + r["moments"]


def fp8_training_memory(workload="Llama3_70B", recipe="fp8_gemm", hardware="H100", dp=64, tp=8, pp=4,
                        microbatch=1, seq_len=8192, in_flight=None):
    """Fp8TrainingMemory's outputs in SI units (byte)."""
    if in_flight is None:
        in_flight = pp
    assert min(dp, tp, pp, microbatch, seq_len, in_flight) >= 1
    w = WORKLOADS[workload]
    r = RECIPES[recipe]
    sbh = seq_len * microbatch * w["hidden_dim"]
    fp8_acts = recipe != "bf16_mixed"
    P_dev = w["parameters"] / (tp * pp)
    per_param_zero1 = r["weights"] + r["fp8_copy"] + r["grads"] + (r["master"] + r["moments"]) / dp
    state = P_dev * per_param_zero1
    act_per_sbh = 34 - 14 / 2 if fp8_acts else 34
    act_per_layer = sbh * act_per_sbh * 1 / tp
    activations = act_per_layer * w["layers"] / pp * in_flight
    total = state + activations
    return {
        "per_param": per_param_of(recipe),
        "per_param_all": [per_param_of(k) for k in ("bf16_mixed", "fp8_gemm", "fp8_lm")],
        "per_param_zero1": per_param_zero1,
        "state": state,
        "act_per_sbh": act_per_sbh,
        "act_per_layer": act_per_layer,
        "activations": activations,
        "total": total,
        "fits": total <= HARDWARE_MEMORY[hardware],
    }


DISPLAY = {"per_param": 1.0, "per_param_all": 1.0, "per_param_zero1": 1.0, "state": GiB, "act_per_sbh": 1.0,
           "act_per_layer": GiB, "activations": GiB, "total": GiB, "fits": None}


CONFIGS = {
    # The defaults: Llama-3.1-70B, FP8 GEMMs, H100, dp 64, tp 8, pp 4, in_flight = pp.
    "llama3_70b_fp8_gemm_defaults": {},
    # The spec's worked example: Llama-3.1-405B on B200s with FP8 GEMMs.
    "llama3_405b_b200_worked_example": dict(workload="Llama3_405B", recipe="fp8_gemm", hardware="B200", dp=32,
                                            tp=8, pp=8, microbatch=3, seq_len=4096, in_flight=4),
    # ZeRO's BF16 mixed precision at its N_d = 64; Llama-3.1-70B's 80 layers over 3 stages (uneven,
    # averaged), tp 4, two 8192-token sequences: it does not fit on an H100.
    "llama3_70b_bf16_mixed_zero": dict(recipe="bf16_mixed", dp=64, tp=4, pp=3, microbatch=2),
    # FP8-LM's recipe: Llama-3.1-8B on MI300Xs, each holding a whole replica (no tp, no pp), dp 16,
    # 1.5 microbatches in flight on average.
    "llama3_8b_fp8_lm_single_stage": dict(workload="Llama3_8B", recipe="fp8_lm", hardware="MI300X", dp=16,
                                          tp=1, pp=1, microbatch=4, seq_len=4096, in_flight=1.5),
}

EXPECTED = {name: displayed(fp8_training_memory(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits; 0.6328125 exact).
WORKED_EXAMPLE = {"per_param": 17, "per_param_all": [16, 17, 7], "per_param_zero1": 5.375, "state": 31.6777,
                  "act_per_sbh": 27, "act_per_layer": 0.6328125, "activations": 39.8672, "total": 71.5449,
                  "fits": True}


def check_worked_example():
    got = EXPECTED["llama3_405b_b200_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        if isinstance(v, bool):
            assert got[k] is v, (k, got[k], v)
        elif isinstance(v, list):
            assert got[k] == [float(x) for x in v], (k, got[k], v)
        else:
            assert close(got[k], v), (k, got[k], v)


check_worked_example()

# ZeRO, Sec. 3.1 and Fig. 1 (psi = 7.5B, K = 12, N_d = 64): 16 bytes per parameter (120 GB) unsharded,
# 4 psi + K psi / N_d with stage 1, shown as 31.4 GB.
ZERO_PSI = 7.5e9
assert per_param_of("bf16_mixed") * ZERO_PSI == 120e9
assert round(EXPECTED["llama3_70b_bf16_mixed_zero"]["per_param_zero1"] * ZERO_PSI / 1e9, 1) == 31.4
# FP8-LM, Sec. 2.2: gradients and optimizer state 6 bytes per parameter (from 16); plus 1-byte weights: 7.
r = RECIPES["fp8_lm"]
assert r["grads"] + r["master"] + r["moments"] == 6 and per_param_of("fp8_lm") == 7


if __name__ == "__main__":
    print_table(EXPECTED, 16)
