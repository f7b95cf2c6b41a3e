"""Quantities to pint and back (Debian's python3-pint): the same SI value, the unit's name where both
libraries agree on it, SI where they do not (mlsi's month is 30 days, pint's 30.44)."""
import pytest

import mlsi

pint = pytest.importorskip("pint")


@pytest.fixture()
def ureg():
    return pint.UnitRegistry()


def test_to_pint_by_name(ureg):
    q = mlsi.run("ActivationMemory", microbatch=4).outputs["full"]
    p = q.to_pint(ureg)
    assert p.magnitude == 18 and str(p.units) == "gibibyte"
    assert p.to("byte").magnitude == 18 * 2**30


def test_to_pint_through_si(ureg):
    flops = mlsi.catalogue["H100"]["peak_flops"]  # 989 TFLOP/s: pint has no FLOP, it is defined
    p = flops.to_pint(ureg)
    assert p.to("FLOP/s").magnitude == pytest.approx(989e12, rel=1e-15)
    month = mlsi.Quantity(1, "month")  # 30 days in mlsi
    assert month.to_pint(ureg).to("s").magnitude == 30 * 86400


def test_from_pint(ureg):
    q = mlsi.Quantity.from_pint(3 * ureg.GiB)
    assert q.unit == "GiB" and q.si == 3 * 2**30 and q.dimension == "Information"
    t = mlsi.Quantity.from_pint(ureg.Quantity(1.5, "hour"))
    assert t.si == 5400 and t.dimension == "Time"
    assert mlsi.Quantity.from_pint(ureg.Quantity(0.25)).si == 0.25


def test_pint_quantities_as_inputs(ureg):
    r = mlsi.run("ActivationMemory", microbatch=4, bytes_per_value=1 * ureg.byte)
    assert r.outputs["full"].si == 9 * 2**30


def test_round_trip(ureg):
    for text in ("2 byte", "3.35 TB/s", "700 W", "30000 USD", "1 month"):
        q = mlsi.eval(text)
        back = mlsi.Quantity.from_pint(q.to_pint(ureg))
        assert back.si == pytest.approx(q.si, rel=1e-15) and back.dimension == q.dimension, text
