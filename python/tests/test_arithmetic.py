"""Quantity arithmetic by the language's rules (issue 44 item 7): the results worked out by hand in SI
(1 GiB = 2^30 byte, 1 MiB = 2^20 byte, 1 GB = 10^9 byte), the errors compared with `mlsi -e` on the
same expression."""
from fractions import Fraction

import pytest

import mlsi
from conftest import mlsi_cli

Q = mlsi.Quantity
GiB, MiB = 2**30, 2**20


def test_add_and_subtract_in_the_unit_the_language_shows():
    s = Q(2, "GiB") + Q(512, "MiB")  # 2 * 2^30 + 512 * 2^20 = 2684354560 byte = 2.5 GiB
    assert (s.value, s.unit, s.si, s.dimension) == (2.5, "GiB", 2 * GiB + 512 * MiB, "Information")
    d = Q(2, "GiB") - Q(512, "MiB")  # 1.5 GiB
    assert (d.value, d.unit, d.si) == (1.5, "GiB", 2 * GiB - 512 * MiB)
    # In the larger of the two units, as `mlsi -e "1 GB + 1 GiB"` shows it: (10^9 + 2^30) / 2^30 GiB.
    mixed = Q(1, "GB") + Q(1, "GiB")
    assert (mixed.value, mixed.unit, mixed.si) == ((10**9 + GiB) / GiB, "GiB", 10**9 + GiB)
    # Scaled as the language scales a result: 1000 GB is 1 TB, 1 GiB - 1 MiB is 1023 MiB.
    assert repr(Q(1000, "GB") * 1) == "Quantity(1, 'TB')" and repr(Q(1, "GiB") - Q(1, "MiB")) == "Quantity(1023, 'MiB')"
    assert str(Q(1, "GB") + Q(1, "GiB")) == "1.93132 GiB"


def test_multiply_and_divide_compose_dimensions():
    rate = Q(3, "GB") / Q(2, "s")
    assert (rate.value, rate.unit, rate.si, rate.dimension) == (1.5, "GB/s", 1.5e9, "Information / Time")
    ratio = Q(8, "GiB") / Q(2, "GiB")
    assert (ratio.value, ratio.unit, ratio.dimension) == (4, "", "Count") and float(ratio) == 4.0
    moved = Q(2, "GB/s") * Q(3, "s")
    assert (moved.si, moved.dimension) == (6e9, "Information")
    assert moved.to("GB").value == 6


def test_python_numbers_are_counts():
    assert (2 * Q(3, "GB")).si == 6e9 and (Q(3, "GB") * 2).unit == "GB"
    assert (Q(3, "GB") / 4).si == 0.75e9
    inverse = 1 / Q(4, "s")
    assert (inverse.si, inverse.dimension) == (0.25, "1 / Time")
    assert 1 + Q(0.5) == 1.5 and Q(0.5) + 1 == Q(1.5)
    assert -Q(3, "GB") == Q(-3, "GB") and (-Q(3, "GB")).unit == "GB"
    assert abs(Q(-3, "GB")) == Q(3, "GB") and +Q(3, "GB") == Q(3, "GB")


def test_powers_by_integers_and_rationals():
    square = Q(2, "s") ** 2
    assert (square.si, square.dimension) == (4, "Time^2")
    root = Q(4, "GiB") ** Fraction(1, 2)  # sqrt(4 * 2^30) = 2^16
    assert (root.si, root.dimension) == (2**16, "Information^(1/2)")
    assert (Q(2, "GiB") ** Q(2)).si == (2 * GiB) ** 2
    assert (Q(9) ** 0.5).si == 3 and 2 ** Q(3) == 8
    with pytest.raises(mlsi.Error, match="an exponent must be a Count, found Information"):
        2 ** Q(3, "GB")


def test_comparisons_across_units_and_the_languages_error():
    assert Q(80, "GiB") > Q(80, "GB") and Q(1, "GB") < Q(1, "GiB") and Q(1024, "MiB") == Q(1, "GiB")
    assert Q(0.5) < 1 and Q(2) >= 2
    assert Q(1, "GiB") != Q(1, "s")  # unequal, as values of two dimensions in one dict may be
    with pytest.raises(mlsi.DimensionError) as raised:
        Q(1, "GiB") < Q(3, "s")
    assert raised.value.message == "cannot compare Information and Time"


@pytest.mark.parametrize("compute, expression", [
    (lambda: Q(2, "GiB") + Q(3, "s"), "(2 GiB) + (3 s)"),
    (lambda: Q(1, "GB") - 1, "(1 GB) - (1)"),
    (lambda: Q(2, "GiB") < Q(3, "s"), "(2 GiB) < (3 s)"),
    (lambda: Q(1, "GB") / Q(0, "s"), "(1 GB) / (0 s)"),
])
def test_a_mistake_raises_what_the_language_says(compute, expression):
    with pytest.raises(mlsi.Error) as raised:
        compute()
    cli = mlsi_cli("-e", expression, check=False)
    assert cli.returncode != 0
    assert str(raised.value) + "\n" in cli.stderr


def test_add_needs_one_dimension():
    with pytest.raises(mlsi.DimensionError) as raised:
        Q(2, "GiB") + Q(3, "s")
    assert raised.value.message == "cannot add Information and Time"


def test_numpy_ufuncs():
    np = pytest.importorskip("numpy")
    root = np.sqrt(Q(4, "GB") * Q(4, "GB"))  # sqrt(16 * 10^18 byte^2) = 4 * 10^9 byte
    assert (root.si, root.dimension) == (4e9, "Information")
    assert Q(9, "s").sqrt().si == 3
    assert np.add(Q(1, "GiB"), Q(512, "MiB")) == Q(1.5, "GiB")
    assert np.maximum(Q(1, "GiB"), Q(1, "GB")) == Q(1, "GiB")
    assert np.exp(Q(0)) == 1.0 and np.log10(Q(1000)) == 3.0
    with pytest.raises(TypeError, match="not a plain number"):
        np.exp(Q(1, "GB"))
    scaled = Q(2, "GiB") * np.array([1, 2, 4])
    assert scaled.dtype == object and list(scaled) == [Q(2, "GiB"), Q(4, "GiB"), Q(8, "GiB")]
    assert list(np.array([1, 2]) * Q(2, "GiB")) == [Q(2, "GiB"), Q(4, "GiB")]
    roots = np.sqrt(np.array([Q(4, "s") ** 2, Q(9, "s") ** 2], dtype=object))
    assert [r.si for r in roots] == [4, 9]


def test_arithmetic_with_pint():
    pint = pytest.importorskip("pint")
    ureg = pint.UnitRegistry()
    total = Q(2, "GiB") + 512 * ureg.MiB
    assert (total.value, total.unit, total.si) == (2.5, "GiB", 2 * GiB + 512 * MiB)
    back = total.to_pint(ureg)
    assert back.magnitude == 2.5 and str(back.units) == "gibibyte"
    assert mlsi.Quantity.from_pint(back) == total
