"""Expected values of scenarios/serving/serving_fleet.mls (ServingFleet), computed from the formulas of
the serving pack's specification (inference-scenarios.md), section "ServingFleet", with DecodeRoofline's formulas from
decode_roofline.py beside this file (BF16 and its other defaults). Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import HOUR, close, print_table  # noqa: E402
from decode_roofline import decode_roofline  # noqa: E402

MONTH = 30 * 24 * HOUR  # prelude: month = 30 days
# The default price is the device's catalogue hour_price (issue #38: one source of device-hour prices, the
# one CostPerToken reads): H100 4 USD/h.
HOUR_PRICE = {"H100": 4.0, "B200": 4.5}  # USD/h


def serving_fleet(workload="Llama3_8B", hardware="H100", devices=1, batch=32, request_rate=40.0,
                  prompt_tokens=1500.0, output_tokens=400.0, price=None):
    """ServingFleet's outputs; request_rate in 1/s, token counts in tok, price in USD/h."""
    prompt, out = prompt_tokens, output_tokens
    if price is None:
        price = HOUR_PRICE[hardware]
    r = decode_roofline(workload=workload, hardware=hardware, devices=devices, batch=batch, prompt=prompt,
                        context=prompt + out / 2)
    request_latency = r["prefill_time"] + out * r["decode_step"]  # s
    replica_rate = batch / request_latency
    replicas = math.ceil(request_rate / replica_rate)
    gpus = replicas * devices
    in_flight = request_rate * request_latency
    if not in_flight <= replicas * batch:
        raise ValueError("more requests in flight than batch slots")
    if not r["weights"] + batch * (prompt + out) * r["kv_per_token"] <= r["memory_available"]:
        raise ValueError("the weights and the cache of whole requests do not fit")
    price_per_s = price / HOUR
    return {
        "request_latency": request_latency,
        "replica_rate": replica_rate,
        "replicas": float(replicas),
        "gpus": float(gpus),
        "in_flight": in_flight,
        "token_rate": request_rate * (prompt_tokens + output_tokens) / 1e3,  # ktok/s
        "monthly_cost": gpus * price_per_s * MONTH,  # USD
        "usd_per_million_output": gpus * price_per_s / (request_rate * output_tokens) * 1e6,  # USD
    }


CONFIGS = {
    # The defaults: Llama-3.1-8B on H100s, 40 requests/s of 1500 + 400 tokens at H100.hour_price, 4 USD/h.
    "llama3_8b_h100_defaults": {},
    # The spec's worked example: Llama-3.1-8B on B200s, 120 requests/s of 800 + 200 tokens at 4.5 USD/h.
    "llama3_8b_b200_worked_example": dict(workload="Llama3_8B", hardware="B200", devices=1, batch=64,
                                          request_rate=120.0, prompt_tokens=800.0, output_tokens=200.0,
                                          price=4.5),
    # Llama-3.1-70B on replicas of two H100s: 5 requests/s of 2 ktok + 500 tok at 4 USD/h.
    "llama3_70b_h100x2": dict(workload="Llama3_70B", hardware="H100", devices=2, batch=16, request_rate=5.0,
                              prompt_tokens=2000.0, output_tokens=500.0, price=4.0),
}

EXPECTED = {name: serving_fleet(**kw) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"request_latency": 1.34689, "replica_rate": 47.5167, "replicas": 3, "gpus": 3,
                  "in_flight": 161.627, "token_rate": 120, "monthly_cost": 9720,
                  "usd_per_million_output": 0.15625}


def check_worked_example():
    got = EXPECTED["llama3_8b_b200_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)
    r = decode_roofline(workload="Llama3_8B", hardware="B200", batch=64, prompt=800, context=900)
    assert abs(r["decode_step"] / 1e-3 - 3.68902) < 5e-6 * 3.68902 and r["decode_bound"] == "memory_bound"
    assert abs(r["prefill_time"] - 0.60909) < 5e-6 and r["prefill_bound"] == "compute_bound"


check_worked_example()

# Little's law (Little 1961): in_flight = request_rate * request_latency.
for _name, _kw in CONFIGS.items():
    _rate = _kw.get("request_rate", 40.0)
    assert EXPECTED[_name]["in_flight"] == _rate * EXPECTED[_name]["request_latency"]


if __name__ == "__main__":
    print_table(EXPECTED, 24)
