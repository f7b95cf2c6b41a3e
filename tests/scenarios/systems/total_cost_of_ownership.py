"""Expected values of scenarios/systems/total_cost_of_ownership.mls (TotalCostOfOwnership), computed from
the scenario's formulas (capital once, operating cost over the life: Barroso, Hölzle & Ranganathan 2018,
ch. 6; mlsysim physics/economics.py, calc_fleet_tco, which is the case pue = 1, host_overhead = 0,
utilization = 1, no maintenance and no other opex) and the catalogue and prelude values it reads. Python
standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import HOUR  # noqa: E402

YEAR = 365 * 24 * HOUR  # mlsi's `year` is 365 days (pint's, which mlsysim uses, is 365.25)
KWH = 3.6e6  # J
MW, MWH = 1e6, 1e6 * HOUR

# Catalogue and prelude values (stdlib/catalogue, stdlib/prelude/constants.mls).
H100 = dict(price=30000.0, tdp=700.0)  # USD, W
DGX_H100 = dict(price=350000.0, accelerators_per_node=8)
DEFAULT_PUE = 1.12
DEFAULT_ELECTRICITY = 0.12 / KWH  # USD/J
ONPREM_ELECTRICITY = 0.07 / KWH
ONPREM_MAINTENANCE = 0.05 / YEAR  # 1/s
IDLE, DYNAMIC = 0.3, 0.7  # device_power: tdp x (0.3 + 0.7 x utilization)


def tco(accelerators=1024, unit_price=H100["price"], tdp=H100["tdp"], infrastructure=1.0, life=3 * YEAR,
        utilization=1.0, host_overhead=0.0, pue=DEFAULT_PUE, electricity_price=DEFAULT_ELECTRICITY,
        maintenance_rate=0.0, other_opex=0.0):
    capex = accelerators * unit_price * infrastructure
    power = accelerators * tdp * (IDLE + DYNAMIC * utilization) * (1 + host_overhead) * pue  # W
    energy = power * life  # J
    energy_cost = energy * electricity_price
    maintenance = capex * maintenance_rate * life
    opex = energy_cost + maintenance + other_opex * life
    total = capex + opex
    return {
        "capex": capex,
        "facility_power": power / MW,
        "energy": energy / MWH,
        "energy_cost": energy_cost,
        "maintenance": maintenance,
        "opex": opex,
        "total": total,
        "cost_per_year": total / (life / YEAR),
        "cost_per_accelerator_hour": total / (accelerators * life / HOUR),
        "opex_share": opex / total,
    }


def mlsysim_fleet_tco(unit_cost, power_w, quantity, years, kwh_price):
    """mlsysim's calc_fleet_tco (capital plus energy at the given draw, no PUE), with a 365-day year."""
    return unit_cost * quantity + power_w * quantity * years * YEAR / KWH * kwh_price


CONFIGS = {
    # The defaults, the textbook lab's figures: 1024 H100, PUE 1.12, 0.12 USD/kWh, 3 years.
    "h100_textbook_defaults": {},
    # mlsysim's calc_fleet_tco exactly: no PUE.
    "mlsysim_fleet_tco": dict(pue=1.0),
    # 32 DGX H100 nodes bought at the node's price for 4 years, at 40 % utilization, hosts adding half the
    # accelerators' power, on-premises electricity and maintenance, 250000 USD/year of other opex.
    "dgx_h100_on_premises": dict(accelerators=256, unit_price=DGX_H100["price"] / DGX_H100["accelerators_per_node"],
                                 life=4 * YEAR, utilization=0.4, host_overhead=0.5,
                                 electricity_price=ONPREM_ELECTRICITY, maintenance_rate=ONPREM_MAINTENANCE,
                                 other_opex=250000.0 / YEAR),
}

EXPECTED = {name: tco(**kw) for name, kw in CONFIGS.items()}

# The case pue = 1 is mlsysim's calc_fleet_tco (at mlsi's 365-day year).
assert abs(EXPECTED["mlsysim_fleet_tco"]["total"] - mlsysim_fleet_tco(30000, 700, 1024, 3, 0.12)) < 1e-6

if __name__ == "__main__":
    for config, outputs in EXPECTED.items():
        print(config)
        for k, v in outputs.items():
            print(f"  {k:26} {v:.9g}")
