"""Expected values of scenarios/serving/speculative_decoding.mls (SpeculativeDecoding), computed from the
formulas of the serving pack's specification (inference-scenarios.md), section "SpeculativeDecoding".
No catalogue values are involved. Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import MS, close, displayed, print_table  # noqa: E402

def expected_tokens(a, g):
    """Leviathan et al. 2023, Eq. 1: (1 - a^(g+1)) / (1 - a)."""
    return (1 - a ** (g + 1)) / (1 - a)


def speedup_at(a, g, c):
    """Leviathan et al. 2023, Theorem 3.8: expected_tokens / (g c + 1)."""
    return expected_tokens(a, g) / (g * c + 1)


def speculative_decoding(acceptance=0.8, draft_len=4, draft_cost=0.05, target_step=30 * MS, max_draft=16):
    """SpeculativeDecoding's outputs in SI units (s, 1/s)."""
    assert 0 <= acceptance < 1 and draft_len >= 1 and draft_cost >= 0 and target_step > 0 and max_draft >= 1
    tokens_per_step = expected_tokens(acceptance, draft_len)
    step_time = (draft_len * draft_cost + 1) * target_step
    speedups = [speedup_at(acceptance, g, draft_cost) for g in range(1, max_draft + 1)]
    best_speedup = max(speedups)
    best_draft_len = next(g for g in range(1, max_draft + 1) if speedups[g - 1] == best_speedup)
    return {
        "tokens_per_step": tokens_per_step,
        "step_time": step_time,
        "speedup": speedup_at(acceptance, draft_len, draft_cost),
        "tokens_per_second": tokens_per_step / step_time,
        "baseline_tokens_per_second": 1 / target_step,
        "speedups": speedups,
        "best_speedup": best_speedup,
        "best_draft_len": float(best_draft_len),
        "wasted_draft_share": 1 - (tokens_per_step - 1) / draft_len,
    }


DISPLAY = {"tokens_per_step": 1.0, "step_time": MS, "speedup": 1.0, "tokens_per_second": 1.0,
           "baseline_tokens_per_second": 1.0, "speedups": 1.0, "best_speedup": 1.0, "best_draft_len": 1.0,
           "wasted_draft_share": 1.0}


CONFIGS = {
    # The defaults: alpha 0.8, four draft tokens at 5 % of a 30 ms target step.
    "alpha_0_8_defaults": {},
    # The spec's worked example.
    "alpha_0_7_worked_example": dict(acceptance=0.7, draft_len=3, draft_cost=0.1, target_step=20 * MS, max_draft=8),
    # A free draft (c = 0) of 40 tokens at alpha 0.6: tokens_per_step is within 1e-9 of 1 / (1 - alpha) = 2.5;
    # the speedup grows with the draft length, so the best is the longest searched.
    "long_free_draft_limit": dict(acceptance=0.6, draft_len=40, draft_cost=0, target_step=25 * MS, max_draft=12),
    # Nothing accepted and a free draft: every draft length gives exactly 1, and the tie goes to length 1.
    "nothing_accepted_tie": dict(acceptance=0, draft_len=5, draft_cost=0, target_step=10 * MS, max_draft=6),
}

EXPECTED = {name: displayed(speculative_decoding(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits; 2.533 and 0.489 are exact).
WORKED_EXAMPLE = {
    "tokens_per_step": 2.533, "step_time": 26, "speedup": 1.94846, "tokens_per_second": 97.4231,
    "baseline_tokens_per_second": 50,
    "speedups": [1.54545, 1.825, 1.94846, 1.98079, 1.96078, 1.91176, 1.84775, 1.77712],
    "best_speedup": 1.98079, "best_draft_len": 4, "wasted_draft_share": 0.489,
}


def check_worked_example():
    got = EXPECTED["alpha_0_7_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)


check_worked_example()

# Leviathan et al. 2023: as the draft grows, tokens per step tend to 1 / (1 - alpha).
LIMIT = 1 / (1 - 0.6)
assert abs(EXPECTED["long_free_draft_limit"]["tokens_per_step"] - LIMIT) <= 1e-8 * LIMIT
# A tie: every entry equal, so the first (length 1) is the best.
assert set(EXPECTED["nothing_accepted_tie"]["speedups"]) == {1.0}


if __name__ == "__main__":
    print_table(EXPECTED, 28)
