"""Expected values of scenarios/systems/sequence_parallel.mls (SequenceParallel), computed from the
formulas of the systems pack's specification (inference-scenarios.md), section "SequenceParallel"
(Korthikanti et al. 2022, Table 2), and the catalogue values quoted in its "Catalogue values these
scenarios rely on" table. Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes (lists
entry by entry).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GiB, close, displayed, print_table  # noqa: E402

# --- Catalogue values (spec, "Catalogue values these scenarios rely on") --------------------------------
WORKLOADS = {
    "GPT3": dict(hidden_dim=12288, heads=96, layers=96, seq_len=2048),
    "Llama3_8B": dict(hidden_dim=4096, heads=32, layers=32, seq_len=8192),
    "Llama3_70B": dict(hidden_dim=8192, heads=64, layers=80, seq_len=8192),
    "Llama3_405B": dict(hidden_dim=16384, heads=128, layers=126, seq_len=8192),
}

STRATEGIES = ("none", "tp_only", "tp_sp", "tp_selective", "tp_sp_selective", "full")


def coefficient(x, a, s, h, t):
    """Table 2's bytes per s·b·h of one layer at 16-bit values."""
    return {
        "none": 34 + 5 * a * s / h,
        "tp_only": 10 + 24 / t + 5 * a * s / (h * t),
        "tp_sp": 34 / t + 5 * a * s / (h * t),
        "tp_selective": 10 + 24 / t,
        "tp_sp_selective": 34 / t,
        "full": 2,
    }[x]


def sequence_parallel(workload="GPT3", seq_len=None, microbatch=1, tp=8, strategy="tp_sp"):
    """SequenceParallel's outputs in SI units (byte)."""
    w = WORKLOADS[workload]
    s = w["seq_len"] if seq_len is None else seq_len
    b, h, a, t = microbatch, w["hidden_dim"], w["heads"], tp
    assert s == int(s) and s >= 1 and b == int(b) and b >= 1 and t == int(t) and t >= 1
    per_sbh = coefficient(strategy, a, s, h, t)
    per_layer = s * b * h * per_sbh  # byte
    return {
        "per_sbh": per_sbh,
        "per_sbh_all": [coefficient(x, a, s, h, t) for x in STRATEGIES],
        "per_layer": per_layer,
        "per_device": per_layer * w["layers"],
        "saving_vs_tp": 1 - per_sbh / coefficient("tp_only", a, s, h, t),
    }


DISPLAY = {"per_sbh": 1.0, "per_sbh_all": 1.0, "per_layer": GiB, "per_device": GiB, "saving_vs_tp": 1.0}


CONFIGS = {
    # The defaults: GPT-3 at its 2048-token context, tp 8, sequence parallel (5as/h = 80).
    "gpt3_tp8_defaults": {},
    # The spec's worked example: Llama-3.1-70B at 6K over two ranks (5as/h = 240).
    "llama3_70b_worked_example": dict(workload="Llama3_70B", seq_len=6144, microbatch=1, tp=2, strategy="tp_sp"),
    # Korthikanti et al.'s GPT-3 figure: selective recomputation without parallelism saves 1 - 34/114.
    "korthikanti_gpt3_selective": dict(tp=1, strategy="tp_selective"),
    # No parallelism at all: Llama-3.1-8B at 8192 tokens (5as/h = 320).
    "llama3_8b_none": dict(workload="Llama3_8B", seq_len=8192, tp=1, strategy="none"),
    # Tensor parallelism alone: Llama-3.1-405B at 8192 tokens over eight ranks (saving 0).
    "llama3_405b_tp_only": dict(workload="Llama3_405B", seq_len=8192, tp=8, strategy="tp_only"),
    # Tensor and sequence parallelism with selective recomputation, two sequences per microbatch, tp 4.
    "llama3_70b_tp_sp_selective": dict(workload="Llama3_70B", seq_len=8192, microbatch=2, tp=4,
                                       strategy="tp_sp_selective"),
    # Full recomputation: 2 bytes per s·b·h whatever t; GPT-3, four sequences, three ranks.
    "gpt3_full": dict(microbatch=4, tp=3, strategy="full"),
}

EXPECTED = {name: displayed(sequence_parallel(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"per_sbh": 137, "per_sbh_all": [274, 142, 137, 22, 17, 2], "per_layer": 6.42188,
                  "per_device": 513.75, "saving_vs_tp": 0.0352113}


def check_worked_example():
    got = EXPECTED["llama3_70b_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)


check_worked_example()

# Korthikanti et al. 2022, Sec. 5: for GPT-3, 5as/h = 80 against 34, so selective recomputation saves
# "about 70 %" (1 - 34/114 = 0.701754), a whole percent: within 0.5 points of 70 %.
assert coefficient("none", 96, 2048, 12288, 1) == 114
assert abs(EXPECTED["korthikanti_gpt3_selective"]["saving_vs_tp"] - 0.70) <= 0.005


if __name__ == "__main__":
    print_table(EXPECTED, 14)
