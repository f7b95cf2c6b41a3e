"""Expected values of scenarios/systems/image_loader.mls (ImageLoader), computed from the formulas of
the systems pack's specification (inference-scenarios.md), section "ImageLoader", and the catalogue
values quoted in its "Catalogue values these scenarios rely on" table. Python standard library only; no
mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes (the
bottleneck as its case name).
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GB, KB, MINUTE, check_worked, displayed, print_table  # noqa: E402

# --- Catalogue values ---------------------------------------------------------------------------------
TRAIN_EXAMPLES = {"ImageNet": 1281167, "CIFAR10": 50000}


def image_loader(dataset="ImageNet", gpus=8, gpu_rate=3000.0, cpu_cores=112, reserved_cores=8,
                 core_rate=180.0, image_size=110 * KB, storage_bandwidth=4 * GB, decoder="cpu",
                 gpu_decode_rate=4000.0):
    """ImageLoader's outputs in SI units (1/s, s, byte/s)."""
    assert reserved_cores < cpu_cores
    demand = gpus * gpu_rate
    storage_supply = storage_bandwidth / image_size
    decode_supply = (cpu_cores - reserved_cores) * core_rate if decoder == "cpu" else gpus * gpu_decode_rate
    achieved = min(demand, storage_supply, decode_supply)
    if achieved == demand:
        bottleneck = "gpu"
    elif achieved == storage_supply:
        bottleneck = "storage"
    else:
        bottleneck = "decode"
    return {
        "demand": demand,
        "storage_supply": storage_supply,
        "decode_supply": decode_supply,
        "achieved": achieved,
        "bottleneck": bottleneck,
        "gpu_busy": achieved / demand,
        "epoch_time": TRAIN_EXAMPLES[dataset] / achieved,
        "cores_needed": float(math.ceil(demand / core_rate) + reserved_cores),
        "bandwidth_needed": demand * image_size,
    }


# Display unit of each output, as the factor that turns SI into it (None: not a number).
DISPLAY = {"demand": 1.0, "storage_supply": 1.0, "decode_supply": 1.0, "achieved": 1.0, "bottleneck": None,
           "gpu_busy": 1.0, "epoch_time": MINUTE, "cores_needed": 1.0, "bandwidth_needed": GB}


CONFIGS = {
    # The defaults: eight GPUs at 3000 images/s, 104 decoding cores: CPU decoding is the limit.
    "imagenet_cpu_defaults": {},
    # The spec's worked example: eight GPUs at 2000 images/s, 60 decoding cores: decode-bound.
    "imagenet_cpu_worked_example": dict(dataset="ImageNet", gpus=8, gpu_rate=2000.0, cpu_cores=64,
                                        reserved_cores=4, core_rate=200.0, image_size=120 * KB,
                                        storage_bandwidth=3 * GB, decoder="cpu"),
    # GPU decoding at 4000 images/s per GPU, more than the GPUs consume: the GPUs are the limit.
    "imagenet_gpu_decode_gpu_bound": dict(decoder="gpu"),
    # GPU decoding over 1 GB/s of storage: storage-bound. The images are the published archive's mean,
    # about 108 kB (138 GB / 1281167 images), so an epoch reads about 138 GB.
    "imagenet_archive_storage_bound": dict(decoder="gpu", image_size=108 * KB, storage_bandwidth=1 * GB),
    # Ties: decode equals demand (gpu named), then storage equals decode below demand (storage named).
    "cifar10_gpu_decode_tie": dict(dataset="CIFAR10", gpu_rate=4000.0, decoder="gpu", gpu_decode_rate=4000.0),
    "cifar10_storage_decode_tie": dict(dataset="CIFAR10", cpu_cores=108, reserved_cores=8, core_rate=200.0,
                                       image_size=100 * KB, storage_bandwidth=2 * GB),
}

EXPECTED = {name: displayed(image_loader(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"demand": 16000, "storage_supply": 25000, "decode_supply": 12000, "achieved": 12000,
                  "bottleneck": "decode", "gpu_busy": 0.75, "epoch_time": 1.7794, "cores_needed": 84,
                  "bandwidth_needed": 1.92}


check_worked(EXPECTED["imagenet_cpu_worked_example"], WORKED_EXAMPLE)

# Every case of `bottleneck` and both decoders are taken, and the ties are exact in doubles.
assert {e["bottleneck"] for e in EXPECTED.values()} == {"gpu", "storage", "decode"}
assert EXPECTED["cifar10_gpu_decode_tie"]["decode_supply"] == EXPECTED["cifar10_gpu_decode_tie"]["demand"]
tie = EXPECTED["cifar10_storage_decode_tie"]
assert tie["storage_supply"] == tie["decode_supply"] < tie["demand"] and tie["bottleneck"] == "storage"
# Anchor: the 138 GB archive over 1 GB/s takes 138 s = 2.3 min; 1281167 images of 108 kB take 138.366 s,
# within the rounding of 138 GB to whole gigabytes (0.5 / 138 = 0.362 %).
archive = EXPECTED["imagenet_archive_storage_bound"]["epoch_time"]
assert abs(archive - 2.3) <= 0.5 / 138 * 2.3, archive
assert abs(138e9 / 1281167 - 108e3) <= 0.5e3  # the mean image, about 108 kB


if __name__ == "__main__":
    print_table(EXPECTED, 18)
