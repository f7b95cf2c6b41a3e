"""Expected values of scenarios/systems/run_footprint.mls (RunFootprint), computed from the formulas of
the systems pack's specification (inference-scenarios.md), section "RunFootprint", and the catalogue
values and prelude constants quoted in its "Catalogue values these scenarios rely on" table (V100's tdp
from the catalogue's hardware table, GPT3's training_energy from its workload notes). Python standard
library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import DAY, HOUR, close, displayed, print_table  # noqa: E402

KWH = 1000 * HOUR  # J
MWH = 1000 * KWH
TONNE = 1000.0  # kg
LITRE = 1e-3  # m3

# --- Catalogue values (SI: W, kg; None = absent field) ------------------------------------------------
HARDWARE = {
    "H100": {"tdp": 700.0, "embodied_carbon": 164.0},
    "H200": {"tdp": 700.0, "embodied_carbon": None},
    "B200": {"tdp": 1000.0, "embodied_carbon": None},
    "A100": {"tdp": 400.0, "embodied_carbon": 150.0},
    "V100": {"tdp": 300.0, "embodied_carbon": None},  # stdlib: 300 W, no embodied_carbon
}
# Datacenters: pue, wue (m3 per J), grid carbon intensity (kg per J).
DATACENTERS = {
    "US_Hyperscale": {"pue": 1.12, "wue": 1.8 * LITRE / KWH, "carbon": 0.429 / KWH},
    "France_Nuclear": {"pue": 1.12, "wue": 1.8 * LITRE / KWH, "carbon": 0.050 / KWH},
    "Norway_Hydro": {"pue": 1.06, "wue": 0.0, "carbon": 0.010 / KWH},
    "Poland_Coal": {"pue": 1.58, "wue": 1.8 * LITRE / KWH, "carbon": 0.820 / KWH},
}
CLOUD2024_ELECTRICITY = 0.12 / KWH  # USD per J
GPT3_TRAINING_ENERGY = 1287 * MWH  # Patterson et al. 2021, the catalogue's GPT3.training_energy

# --- Prelude ------------------------------------------------------------------------------------------
CARBON_TAX = 100.0 / TONNE  # USD per kg
CAPEX_AMORTIZATION = 3 * 365 * DAY  # 3 year


def device_power(tdp, mfu):
    return tdp * (0.3 + 0.7 * mfu)


def run_footprint(hardware="H100", gpus=4096, duration=30 * DAY, utilization=0.4, host_overhead=0.5,
                  site="US_Hyperscale", electricity_price=CLOUD2024_ELECTRICITY, carbon_price=CARBON_TAX,
                  embodied_per_gpu=None):
    """RunFootprint's outputs in SI units (W, J, USD, kg, m3, kg/s)."""
    hw, dc = HARDWARE[hardware], DATACENTERS[site]
    if embodied_per_gpu is None:
        embodied_per_gpu = hw["embodied_carbon"]
        if embodied_per_gpu is None:
            raise KeyError(f"Hardware {hardware} has no field embodied_carbon")
    accelerator_power = device_power(hw["tdp"], utilization)
    it_power = gpus * accelerator_power * (1 + host_overhead)
    it_energy = it_power * duration
    facility_energy = it_energy * dc["pue"]
    operational = facility_energy * dc["carbon"]
    embodied = gpus * embodied_per_gpu * duration / CAPEX_AMORTIZATION
    return {
        "per_gpu_power": accelerator_power,
        "it_power": it_power,
        "it_energy": it_energy,
        "facility_energy": facility_energy,
        "electricity_cost": facility_energy * electricity_price,
        "operational_emissions": operational,
        "water": facility_energy * dc["wue"],
        "embodied_emissions": embodied,
        "total_emissions": operational + embodied,
        "carbon_cost": operational * carbon_price,
        "per_gpu_hour": operational / (gpus * duration),
    }


# Display unit of each output, as the factor that turns SI into it.
DISPLAY = {"per_gpu_power": 1.0, "it_power": 1e6, "it_energy": MWH, "facility_energy": MWH,
           "electricity_cost": 1.0, "operational_emissions": TONNE, "water": 1.0,
           "embodied_emissions": TONNE, "total_emissions": TONNE, "carbon_cost": 1.0,
           "per_gpu_hour": 1.0 / HOUR}


# Patterson et al. 2021 (Table 4): GPT-3 ran on V100s drawing 330 W per processor, hosts included; here
# 10000 V100s at full utilization (300 W) with 10 % host overhead, for the time at which US_Hyperscale's
# facility energy is the published 1287 MWh.
PATTERSON_GPUS = 10000
PATTERSON_DURATION = GPT3_TRAINING_ENERGY / (PATTERSON_GPUS * 330.0 * DATACENTERS["US_Hyperscale"]["pue"])

CONFIGS = {
    # The defaults: 4096 H100s at 40 % for 30 days at the US hyperscale site.
    "h100_us_hyperscale_defaults": {},
    # The spec's worked example: 512 H200s (no embodied_carbon in the catalogue: 180 kg given) in France.
    "h200_france_worked_example": dict(hardware="H200", embodied_per_gpu=180.0, gpus=512, duration=10 * DAY,
                                       utilization=0.55, host_overhead=0.3, site="France_Nuclear",
                                       electricity_price=0.09 / KWH, carbon_price=CARBON_TAX),
    # Patterson et al.'s GPT-3 figure: facility energy 1287 MWh on the US average grid, embodied not counted.
    "gpt3_patterson_us_grid": dict(hardware="V100", gpus=PATTERSON_GPUS, duration=PATTERSON_DURATION,
                                   utilization=1.0, host_overhead=0.1, site="US_Hyperscale",
                                   embodied_per_gpu=0.0),
    # Norway's hydro site uses no water (WUE 0); B200 with a given embodied figure, idle accelerators.
    "b200_norway_idle": dict(hardware="B200", embodied_per_gpu=250.0, gpus=1024, duration=7 * DAY,
                             utilization=0.0, host_overhead=0.0, site="Norway_Hydro",
                             electricity_price=0.05 / KWH, carbon_price=50.0 / TONNE),
    # A coal site at full utilization: A100's catalogue embodied_carbon, a 6-hour run.
    "a100_poland_full_load": dict(hardware="A100", gpus=64, duration=6 * HOUR, utilization=1.0,
                                  host_overhead=0.25, site="Poland_Coal"),
}

EXPECTED = {name: displayed(run_footprint(**kw), DISPLAY) for name, kw in CONFIGS.items()}

# The worked example's table (spec, 6 significant digits).
WORKED_EXAMPLE = {"per_gpu_power": 479.5, "it_power": 0.319155, "it_energy": 76.5972,
                  "facility_energy": 85.7889, "electricity_cost": 7721, "operational_emissions": 4.28945,
                  "water": 154.42, "embodied_emissions": 0.841644, "total_emissions": 5.13109,
                  "carbon_cost": 428.945, "per_gpu_hour": 0.0349076}


def check_worked_example():
    got = EXPECTED["h200_france_worked_example"]
    for k, v in WORKED_EXAMPLE.items():
        assert close(got[k], v), (k, got[k], v)


check_worked_example()

# Anchor: 1287 MWh x 0.429 t/MWh = 552.123 t, Patterson's 552 tCO2e to the tonne.
assert abs(EXPECTED["gpt3_patterson_us_grid"]["facility_energy"] - 1287) < 1e-9
assert abs(EXPECTED["gpt3_patterson_us_grid"]["operational_emissions"] - 1287 * 0.429) < 1e-9
assert abs(1287 * 0.429 - 552) <= 0.5
# The idle Norway run: no water at all, and the idle floor of 30 % of tdp.
assert EXPECTED["b200_norway_idle"]["water"] == 0.0
assert EXPECTED["b200_norway_idle"]["per_gpu_power"] == 300.0


if __name__ == "__main__":
    print_table(EXPECTED, 22)
