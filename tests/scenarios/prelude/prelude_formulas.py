"""Expected values of tests/examples/prelude_formulas.mls (PreludeFormulas): the prelude's formula functions
(stdlib/prelude/functions.mls) computed from their published formulas, independently of mlsi. Python
standard library only. Where the formula's source prints a worked example, check_worked_examples() asserts
that this computation reproduces it.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import DAY, GB, HOUR, KiB, MB, MS, print_table  # noqa: E402

# Catalogue values the scenario reads (stdlib/catalogue): H100 peak and memory bandwidth, Llama 3 8B's
# shape, the prelude's gpu_mttf.
H100_PEAK, H100_BANDWIDTH = 989e12, 3.35e12  # FLOP/s, byte/s
LLAMA3_8B = dict(layers=32, kv_heads=8, head_dim=4096 // 32)
GPU_MTTF = 50000 * HOUR


def roofline_time(work, traffic, peak, bandwidth):  # Williams, Waterman & Patterson 2009
    return max(work / peak, traffic / bandwidth)


def amdahl(p, s):  # Amdahl 1967
    return 1 / ((1 - p) + p / s)


def gustafson(p, n):  # Gustafson 1988
    return (1 - p) + p * n


def usl(n, sigma, kappa):  # Gunther 1993
    return n / (1 + sigma * (n - 1) + kappa * n * (n - 1))


def ring_allreduce(m, n, beta, alpha):  # Patarasuk & Yuan 2009
    return 2 * (n - 1) / n * m / beta + 2 * (n - 1) * alpha


def tree_allreduce(m, n, beta, alpha):  # binomial reduce + broadcast, Thakur et al. 2005
    return 2 * math.ceil(math.log2(n)) * (alpha + m / beta)


def all_gather(m, n, beta, alpha):  # ring, Thakur et al. 2005
    return (n - 1) / n * m / beta + (n - 1) * alpha


def hierarchical(m, nodes, g, beta_in, alpha_in, beta_out, alpha_out):
    return 2 * all_gather(m, g, beta_in, alpha_in) + ring_allreduce(m / g, nodes, beta_out, alpha_out)


def kv_cache(layers, kv_heads, head_dim, tokens, b):  # keys and values of every layer and KV head
    return 2 * layers * kv_heads * head_dim * tokens * b


EXPECTED = {
    "worked_examples": {
        "roofline": roofline_time(2 * 8e9, 16 * GB, H100_PEAK, H100_BANDWIDTH) / MS,
        "ridge": H100_PEAK / H100_BANDWIDTH,
        "amdahl": amdahl(0.9, 10),
        "gustafson": gustafson(0.9, 64),
        "strong_scaling": 8 / (1 + 7 * 0.1),
        "usl": usl(32, 0.05, 0.001),
        "usl_peak": math.sqrt(0.95 / 0.001),
        "duration": 3.14e23 / (1024 * 312e12 * 0.5) / DAY,
        "mfu": 6 * 540.35e9 * 238.3e3 / (6144 * 275e12),
        "decode_work": 2 * 8e9 / 1e9,
        "bubble": 7 / (32 + 7),
        "bubble_interleaved": 7 / (4 * 32 + 7),
        "p2p": (5e-6 + GB / 50e9) / MS,
        "ring": ring_allreduce(GB, 8, 50e9, 500e-9) / MS,
        "tree": tree_allreduce(GB, 8, 50e9, 500e-9) / MS,
        "tree_six": tree_allreduce(GB, 6, 50e9, 500e-9) / MS,
        "ring_one": ring_allreduce(GB, 1, 50e9, 500e-9) / MS,
        "all_gather": all_gather(GB, 8, 50e9, 500e-9) / MS,
        "reduce_scatter": all_gather(GB, 8, 50e9, 500e-9) / MS,
        "all_to_all": all_gather(GB, 8, 50e9, 500e-9) / MS,
        "hierarchical": hierarchical(GB, 4, 8, 450e9, 500e-9, 50e9, 5e-6) / MS,
        "in_system": 8 * 1.5,
        "kv_token": kv_cache(LLAMA3_8B["layers"], LLAMA3_8B["kv_heads"], LLAMA3_8B["head_dim"], 1, 2) / KiB,
        "kv_cache": kv_cache(32, 8, 128, 4096, 2) / MB,
        "young": math.sqrt(2 * 24.5 * 4 * HOUR),
        "cluster_mtbf": GPU_MTTF / 1000 / HOUR,
        "failure": 1 - math.exp(-(14 * DAY) / (50 * HOUR)),
        "availability": 1 - (1 - 0.99) ** 3,
    }
}


def check_worked_examples():
    got = EXPECTED["worked_examples"]
    # mlsysim physics/performance.py, calc_bottleneck: memory 16e9 / 3.35e12 = 4.78 ms.
    assert round(got["roofline"], 2) == 4.78, got["roofline"]
    # mlsysim physics/communication.py, calc_ring_allreduce_time: 35 ms + 7 us.
    assert math.isclose(got["ring"], 35.007, rel_tol=1e-12), got["ring"]
    # mlsysim physics/memory.py, calc_kv_cache_size: "536 MB" (2 x 32 x 8 x 128 x 4096 x 2 byte).
    assert int(got["kv_cache"]) == 536, got["kv_cache"]
    # mlsysim physics/reliability.py, calc_failure_probability: 1 - e^(-6.72) = 0.9988.
    assert round(got["failure"], 4) == 0.9988, got["failure"]
    # scenarios/systems/checkpoint_write.mls, gpt3_young_optimum: sqrt(2 x 24.5 s x 14400 s) = 840 s.
    assert math.isclose(got["young"], 840, rel_tol=1e-12), got["young"]
    # Chowdhery et al. 2022, Table 3: 46.2 % MFU for PaLM 540B with attention FLOPs; 6 P alone is below.
    assert 0.45 < got["mfu"] < 0.462, got["mfu"]


check_worked_examples()

if __name__ == "__main__":
    print_table(EXPECTED, 20)
