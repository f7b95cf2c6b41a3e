"""Expected values of scenarios/systems/checkpoint_write.mls (CheckpointWrite), computed from the formulas
of the systems pack's specification (inference-scenarios.md), section "CheckpointWrite", and the
catalogue values and prelude constants quoted in its "Catalogue values these scenarios rely on" table.
Python standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GB, HOUR, MINUTE, TB, check_worked, displayed, print_table  # noqa: E402

GBPS = 1e9 / 8  # byte/s

# --- Catalogue values and prelude constants (spec, "Catalogue values these scenarios rely on") -----------
PARAMETERS = {"Llama3_8B": 8.03e9, "Llama3_70B": 70.6e9, "Llama3_405B": 405e9, "GPT3": 175e9}
CHECKPOINT_BYTES_ADAM = 14.0  # byte
CHECKPOINT_BYTES_SGD = 4.0  # byte
FILESYSTEM_BANDWIDTH_CAP = 500 * GB  # byte/s
NODE_MTTF = 1000 * HOUR


def checkpoint_write(workload="Llama3_405B", bytes_per_param=CHECKPOINT_BYTES_ADAM, nodes=2048,
                     node_write_bandwidth=200 * GBPS, filesystem_bandwidth=FILESYSTEM_BANDWIDTH_CAP,
                     interval=15 * MINUTE, node_mttf=NODE_MTTF):
    """CheckpointWrite's outputs in SI units (byte, byte/s, s)."""
    assert bytes_per_param > 0 and nodes >= 1 and node_write_bandwidth > 0 and filesystem_bandwidth > 0
    assert interval > 0 and node_mttf > 0
    size = PARAMETERS[workload] * bytes_per_param
    client_bandwidth = nodes * node_write_bandwidth
    write_bandwidth = min(client_bandwidth, filesystem_bandwidth)
    write_time = size / write_bandwidth
    job_mttf = node_mttf / nodes
    if not interval < job_mttf:
        raise ValueError("interval is longer than the mean time between failures; the first-order model does not hold")
    write_share = write_time / interval
    optimal_interval = math.sqrt(2 * write_time * job_mttf)
    return {
        "size": size,
        "client_bandwidth": client_bandwidth,
        "write_bandwidth": write_bandwidth,
        "bottleneck": "clients" if client_bandwidth <= filesystem_bandwidth else "filesystem",
        "write_time": write_time,
        "job_mttf": job_mttf,
        "write_share": write_share,
        "waste": write_share + interval / (2 * job_mttf),
        "optimal_interval": optimal_interval,
        "optimal_waste": write_time / optimal_interval + optimal_interval / (2 * job_mttf),
    }


DISPLAY = {"size": TB, "client_bandwidth": GB, "write_bandwidth": GB, "bottleneck": None, "write_time": 1.0,
           "job_mttf": MINUTE, "write_share": 1.0, "waste": 1.0, "optimal_interval": MINUTE,
           "optimal_waste": 1.0}


CONFIGS = {
    # The defaults: Llama-3.1-405B from 2048 nodes of 200 Gbps, the filesystem caps the write.
    "llama3_405b_2048_nodes_defaults": {},
    # The spec's worked example: Llama-3.1-8B from 64 nodes with 100 Gbps clients, 2000 h node MTTF.
    "llama3_8b_64_nodes_worked_example": dict(workload="Llama3_8B", bytes_per_param=CHECKPOINT_BYTES_ADAM,
                                              nodes=64, node_write_bandwidth=100 * GBPS,
                                              filesystem_bandwidth=FILESYSTEM_BANDWIDTH_CAP,
                                              interval=30 * MINUTE, node_mttf=2000 * HOUR),
    # Young's optimum by hand: GPT-3 (175e9 x 14 byte = 2.45 TB) from 8 nodes of 100 Gbps (100 GB/s, the
    # clients limit): delta = 24.5 s; node MTTF 32 h over 8 nodes: M = 4 h = 14400 s;
    # sqrt(2 x 24.5 x 14400) = 840 s = 14 min; at interval = 14 min both loss terms are 24.5/840 = 7/240.
    "gpt3_young_optimum": dict(workload="GPT3", nodes=8, node_write_bandwidth=100 * GBPS,
                               node_mttf=32 * HOUR, interval=14 * MINUTE),
    # A tie: 20 nodes x 25 GB/s = 500 GB/s = the cap, which counts as the clients' limit; 4-byte checkpoints.
    "llama3_70b_tie_counts_as_clients": dict(workload="Llama3_70B", bytes_per_param=CHECKPOINT_BYTES_SGD,
                                             nodes=20, interval=30 * MINUTE),
}

EXPECTED = {name: displayed(checkpoint_write(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"size": 0.11242, "client_bandwidth": 800, "write_bandwidth": 500, "bottleneck": "filesystem",
                  "write_time": 0.22484, "job_mttf": 1875, "write_share": 0.000124911, "waste": 0.00812491,
                  "optimal_interval": 3.74867, "optimal_waste": 0.00199929}


check_worked(EXPECTED["llama3_8b_64_nodes_worked_example"], WORKED_EXAMPLE)

# Young 1974: the optimum is sqrt(2 delta M), and there the two loss terms are equal, so the waste is twice
# write_time / optimal_interval; with the hand-picked figures, 14 min and 2 x 24.5 / 840 = 7/120.
young = checkpoint_write(**CONFIGS["gpt3_young_optimum"])
assert young["write_time"] == 24.5 and young["job_mttf"] == 4 * HOUR
assert abs(young["optimal_interval"] - 840) <= 1e-9 * 840
assert abs(young["optimal_waste"] - 7 / 120) <= 1e-12
assert abs(young["waste"] - young["optimal_waste"]) <= 1e-12
assert EXPECTED["llama3_70b_tie_counts_as_clients"]["bottleneck"] == "clients"
assert EXPECTED["llama3_70b_tie_counts_as_clients"]["client_bandwidth"] == 500


if __name__ == "__main__":
    print_table(EXPECTED, 18)
