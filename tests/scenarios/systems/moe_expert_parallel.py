"""Expected values of scenarios/systems/moe_expert_parallel.mls (MoeExpertParallel), computed from the
formulas of the systems pack's specification (inference-scenarios.md), section "MoeExpertParallel", and
the catalogue values quoted in its "Catalogue values these scenarios rely on" table. Python standard
library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GB, MB, MS, TFLOP, close, displayed, print_table  # noqa: E402

# --- Catalogue values (spec, "Catalogue values these scenarios rely on") ---------------------------------
# None: the field is absent on purpose (Mixtral has no expert_ffn_dim and no shared_experts).
WORKLOADS = {
    "Mixtral_8x7B": dict(parameters=46.7e9, active_parameters=12.9e9, layers=32, hidden_dim=4096,
                         ffn_dim=14336, experts=8, active_experts=2, expert_ffn_dim=None,
                         shared_experts=None),
    # ffn_dim (18432, the dense layers' width) is not read: expert_ffn_dim is there.
    "DeepSeek_V3": dict(parameters=671e9, active_parameters=37e9, layers=61, hidden_dim=7168,
                        ffn_dim=18432, experts=256, active_experts=8, expert_ffn_dim=2048,
                        shared_experts=1),
}
# Fabric bandwidths, per direction (byte/s): 400 and 200 Gbps.
INFINIBAND_NDR = 400e9 / 8
INFINIBAND_HDR = 200e9 / 8


def moe_expert_parallel(workload="Mixtral_8x7B", ep=8, bytes_per_value=2.0, tokens_per_device=8192,
                        capacity_factor=1.25, link_bandwidth=INFINIBAND_NDR, dense_layers=0,
                        pass_="training"):
    """MoeExpertParallel's outputs in SI units (byte, s, FLOP); bytes_per_value in byte."""
    w = WORKLOADS[workload]
    assert ep >= 1 and tokens_per_device >= 1 and capacity_factor >= 1 and 0 <= dense_layers < w["layers"]
    P = w["parameters"]
    ffn = w["expert_ffn_dim"] if w["expert_ffn_dim"] is not None else w["ffn_dim"]
    shared = w["shared_experts"] if w["shared_experts"] is not None else 0
    per_expert = 3 * w["hidden_dim"] * ffn
    moe_layers = w["layers"] - dense_layers
    all_to_alls_per_layer = {"forward": 2, "training": 4}[pass_]
    expert_params = moe_layers * w["experts"] * per_expert
    dense_params = P - expert_params
    if not (w["experts"] / ep).is_integer():
        raise ValueError("ep must divide the number of experts")
    if not dense_params > 0:
        raise ValueError("the experts hold more than `parameters`: set dense_layers")
    all_to_all_bytes = (tokens_per_device * w["active_experts"] * capacity_factor * w["hidden_dim"]
                        * bytes_per_value * (ep - 1) / ep)
    step_bytes = all_to_all_bytes * all_to_alls_per_layer * moe_layers
    return {
        "expert_params": expert_params,
        "shared_params": moe_layers * shared * per_expert,
        "dense_params": dense_params,
        "expert_share": expert_params / P,
        "total_weights": P * bytes_per_value,
        "weights_per_device": (dense_params + expert_params / ep) * bytes_per_value,
        "active_params": w["active_parameters"],
        "all_to_all_bytes": all_to_all_bytes,
        "step_bytes": step_bytes,
        "step_comm_time": step_bytes / link_bandwidth,
        "step_flops": {"forward": 2, "training": 6}[pass_] * w["active_parameters"] * tokens_per_device,
    }


DISPLAY = {"expert_params": 1.0, "shared_params": 1.0, "dense_params": 1.0, "expert_share": 1.0,
           "total_weights": GB, "weights_per_device": GB, "active_params": 1.0, "all_to_all_bytes": MB,
           "step_bytes": GB, "step_comm_time": MS, "step_flops": TFLOP}


CONFIGS = {
    # The defaults: Mixtral 8x7B training, one expert per device over 8 devices, BF16, InfiniBand NDR.
    "mixtral_ep8_defaults": {},
    # The spec's worked example: Mixtral training on two devices, FP8 dispatch over InfiniBand HDR.
    "mixtral_ep2_worked_example": dict(ep=2, tokens_per_device=2048, capacity_factor=1.5,
                                       link_bandwidth=INFINIBAND_HDR, bytes_per_value=1.0, dense_layers=0,
                                       pass_="training"),
    # Mixtral's published totals at 1 byte per value on one device, forward only: nothing leaves the device.
    "mixtral_single_device_forward": dict(ep=1, bytes_per_value=1.0, tokens_per_device=4096,
                                          pass_="forward"),
    # DeepSeek-V3 with its three dense layers over 64 devices (4 routed experts each), FP8 values.
    "deepseek_v3_ep64_fp8": dict(workload="DeepSeek_V3", ep=64, dense_layers=3, bytes_per_value=1.0,
                                 tokens_per_device=4096, capacity_factor=1.0, pass_="training"),
}

EXPECTED = {name: displayed(moe_expert_parallel(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"total_weights": 46.7, "weights_per_device": 24.1514, "all_to_all_bytes": 12.5829,
                  "step_bytes": 1.61061, "step_comm_time": 64.4245, "step_flops": 158.515}


def check_worked_example():
    got = EXPECTED["mixtral_ep2_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)
    # The spec's intermediate figure: 2048 · 2 · 1.5 · 4096 · 1 byte · 1/2 = 12582912 B.
    assert got["all_to_all_bytes"] * MB == 12582912


check_worked_example()

# The published totals are the catalogue's: 46.7B and 12.9B (Mixtral), 671B and 37B (DeepSeek-V3).
assert EXPECTED["mixtral_single_device_forward"]["total_weights"] == 46.7
assert EXPECTED["deepseek_v3_ep64_fp8"]["total_weights"] == 671


if __name__ == "__main__":
    print_table(EXPECTED, 20)
