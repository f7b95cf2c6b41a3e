"""Expected values of scenarios/serving/cost_per_token.mls (CostPerToken), computed from the formulas of
the serving pack's specification (inference-scenarios.md), section "CostPerToken", with DecodeRoofline's formulas from
decode_roofline.py beside this file (its other inputs at their defaults). Python standard library only;
no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes (lists
entry by entry).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import HOUR, check_worked, print_table  # noqa: E402
from decode_roofline import HARDWARE, MS, decode_roofline  # noqa: E402

# The default price of an option is its device's catalogue hour_price (issue #38: one source of device-hour
# prices): H100 4 USD/h (the spec's Cloud2024.gpu_hour estimate), MI300X 3.5 USD/h (the spec's literal).
HOUR_PRICE = {"H100": 4.0, "MI300X": 3.5}  # USD/h


def cost_per_token(workload="Llama3_70B", batch=64, context=4096, precision="fp8", utilization=0.7,
                   devices=("H100", "MI300X"), replica_size=(2, 1), hourly_price=None):
    """CostPerToken's outputs; prices in USD/h, rates in 1/s, times in s."""
    if hourly_price is None:
        hourly_price = [HOUR_PRICE[d] for d in devices]
    n = len(devices)
    if not (len(replica_size) == n and len(hourly_price) == n):
        raise ValueError("one replica size and one price per device")
    runs = [decode_roofline(workload=workload, hardware=devices[i], precision=precision,
                            devices=replica_size[i], batch=batch, context=context) for i in range(n)]
    tokens_per_second = [r["tokens_per_second"] for r in runs]
    replica_price = [hourly_price[i] * replica_size[i] for i in range(n)]  # USD/h
    # replica_price[i] / (tokens_per_second[i] * utilization) * 1e6, with USD/h turned into USD/s.
    usd_per_million = [replica_price[i] / HOUR / (tokens_per_second[i] * utilization) * 1e6 for i in range(n)]
    lowest = min(usd_per_million)
    first = next(i for i in range(n) if usd_per_million[i] == lowest)
    return {
        "tokens_per_second": tokens_per_second,
        "replica_price": replica_price,
        "usd_per_million": usd_per_million,
        "cheapest": HARDWARE[devices[first]]["name"],
        "inter_token_latency": [r["decode_step"] / MS for r in runs],
    }


CONFIGS = {
    # The defaults: Llama-3.1-70B in FP8 on two H100s (4 USD/h each) or one MI300X (3.5 USD/h).
    "llama3_70b_fp8_defaults": {},
    # The spec's worked example: Llama-3.1-8B in BF16 on one H100 or one H200, half-time use.
    "llama3_8b_bf16_worked_example": dict(workload="Llama3_8B", batch=32, context=8192, precision="bf16",
                                          utilization=0.5, devices=("H100", "H200"), replica_size=(1, 1),
                                          hourly_price=(3.0, 3.8)),
    # Three options, BF16, the first (one B200) cheapest; the A100 serves BF16.
    "llama3_8b_bf16_three_options": dict(workload="Llama3_8B", batch=128, context=2048, precision="bf16",
                                         utilization=1.0, devices=("B200", "A100", "H100"),
                                         replica_size=(1, 1, 1), hourly_price=(5.0, 1.8, 2.5)),
}

EXPECTED = {name: cost_per_token(**kw) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"tokens_per_second": [1700.92, 2437.14], "replica_price": [3, 3.8],
                  "usd_per_million": [0.979861, 0.866225], "cheapest": "NVIDIA H200 SXM",
                  "inter_token_latency": [18.8133, 13.1301]}


check_worked(EXPECTED["llama3_8b_bf16_worked_example"], WORKED_EXAMPLE)


if __name__ == "__main__":
    print_table(EXPECTED, 20)
