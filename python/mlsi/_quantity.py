"""Quantity: a number with its unit and dimension, as mlsi computes and shows it."""
from __future__ import annotations

import fractions
import math
import numbers
from typing import Any, Optional

from . import _arithmetic, _units


class Quantity:
    """A physical quantity: ``value`` in ``unit`` (``1026`` ``"GiB"``), its ``si`` value (in SI base
    units: bytes, seconds, FLOP, ...) and its ``dimension`` (``"Information"``; ``"Count"`` for a plain
    number, whose unit is ``""``).

    ``Quantity(4, "GiB")`` reads the unit as mlsi does (any unit of the language: ``"byte/s"``,
    ``"TFLOP/s"``, ``"USD/h"``), so it can be given as an input: ``mlsi.run(..., memory=Quantity(80, "GB"))``.
    ``q.to("GB")`` converts; ``float(q)`` is allowed only for a dimensionless value (a Count).
    Arithmetic (``+ - * /``, ``**`` by an int, a Fraction or a float, unary ``-``, ``abs``, comparisons,
    and NumPy's ufuncs) follows the language's rules: ``2 GiB + 512 MiB`` is ``2.5 GiB``, ``2 GiB + 3 s``
    raises mlsi.DimensionError with the language's message. A Python number is a Count.
    As in the language, a value is finite: one that is not, or overflows in its unit or in SI
    (``Quantity(1e308, "YB")``, ``Quantity(1e300, "year").to("as")``), raises mlsi.EvaluationError."""

    __slots__ = ("_value", "_unit", "_si", "_dimension", "_shown")

    def __init__(self, value: float, unit: str = ""):
        factor, dimension = _units.resolve(unit)
        self._value = float(value)
        self._unit = unit
        self._si = self._value * factor
        self._dimension = dimension
        self._shown = None
        if not math.isfinite(self._si):
            _units.not_finite(self._value, unit)

    def __reduce__(self):
        return _quantity_of, (self._value, self._unit, self._si, self._dimension, self._shown)

    @classmethod
    def _of(cls, value: float, unit: str, si: float, dimension: str, shown: Optional[str] = None) -> "Quantity":
        q = cls.__new__(cls)
        q._value, q._unit, q._si, q._dimension, q._shown = value, unit, si, dimension, shown
        return q

    @property
    def value(self) -> float:
        """The number in ``unit``."""
        return self._value

    @property
    def unit(self) -> str:
        """The unit as the language writes it (``"GiB"``, ``"byte/s"``); ``""`` for a Count."""
        return self._unit

    @property
    def si(self) -> float:
        """The value in SI base units (exact: what mlsi computed)."""
        return self._si

    @property
    def dimension(self) -> str:
        """The dimension: ``"Information"``, ``"Information / Time"``, ``"Count"``."""
        return self._dimension

    def to(self, unit: str) -> "Quantity":
        """The same quantity in ``unit``; a unit of another dimension raises mlsi.DimensionError."""
        factor, dimension = _units.resolve(unit)
        if dimension != self._dimension:
            _units.conversion_error(self, unit)
        value = self._si if factor == 1 else self._si / factor
        if not math.isfinite(value):  # 1e300 year -> as: an error in the language too
            _units.conversion_error(self, unit)
        return Quantity._of(value, unit, self._si, self._dimension)

    def __float__(self) -> float:
        if self._dimension != "Count":
            raise TypeError(f"{self} is a quantity of {self._dimension}, not a plain number: "
                            f"use .value (in {self._unit}), .si or .to(unit).value")
        return self._si

    def __repr__(self) -> str:
        return f"Quantity({_number(self._value)}, {self._unit!r})"

    def __str__(self) -> str:
        if self._shown is not None:
            return self._shown
        return _shown_number(self._value) + (" " + self._unit if self._unit else "")

    def __eq__(self, other: Any) -> bool:
        # Quantities of two dimensions are unequal here (a dict or a set may hold both), where the
        # language refuses to compare them.
        other = _operand(other)
        if other is NotImplemented:
            return NotImplemented
        return self._dimension == other._dimension and self._si == other._si

    def __hash__(self) -> int:
        return hash((self._dimension, self._si))

    def _compare(self, other: Any, symbol: str) -> Any:
        """``other`` as a Quantity of this one's dimension; the language's error for another dimension."""
        other = _operand(other)
        if other is NotImplemented:
            return NotImplemented
        if other._dimension != self._dimension:
            _arithmetic.compare_error(self, symbol, other)
        return other

    def __lt__(self, other: Any) -> bool:
        o = self._compare(other, "<")
        return o if o is NotImplemented else self._si < o._si

    def __le__(self, other: Any) -> bool:
        o = self._compare(other, "<=")
        return o if o is NotImplemented else self._si <= o._si

    def __gt__(self, other: Any) -> bool:
        o = self._compare(other, ">")
        return o if o is NotImplemented else self._si > o._si

    def __ge__(self, other: Any) -> bool:
        o = self._compare(other, ">=")
        return o if o is NotImplemented else self._si >= o._si

    # Arithmetic, by the language's rules (_arithmetic.py).
    def _binary(self, op: str, other: Any, reflected: bool = False) -> Any:
        other = _operand(other)
        if other is NotImplemented:
            return NotImplemented
        return _arithmetic.binary(op, other, self) if reflected else _arithmetic.binary(op, self, other)

    def __add__(self, other: Any) -> "Quantity":
        return self._binary("add", other)

    def __radd__(self, other: Any) -> "Quantity":
        return self._binary("add", other, True)

    def __sub__(self, other: Any) -> "Quantity":
        return self._binary("sub", other)

    def __rsub__(self, other: Any) -> "Quantity":
        return self._binary("sub", other, True)

    def __mul__(self, other: Any) -> "Quantity":
        return self._binary("mul", other)

    def __rmul__(self, other: Any) -> "Quantity":
        return self._binary("mul", other, True)

    def __truediv__(self, other: Any) -> "Quantity":
        return self._binary("div", other)

    def __rtruediv__(self, other: Any) -> "Quantity":
        return self._binary("div", other, True)

    def __pow__(self, exponent: Any) -> "Quantity":
        if hasattr(exponent, "__array_ufunc__") and not isinstance(exponent, Quantity):
            return NotImplemented
        return _arithmetic.power(self, exponent)

    def __rpow__(self, base: Any) -> "Quantity":
        base = _operand(base)
        if base is NotImplemented:
            return NotImplemented
        return _arithmetic.power(base, self)

    def __neg__(self) -> "Quantity":
        return Quantity._of(-self._value, self._unit, -self._si, self._dimension)

    def __pos__(self) -> "Quantity":
        return self

    def __abs__(self) -> "Quantity":
        return Quantity._of(abs(self._value), self._unit, abs(self._si), self._dimension)

    def sqrt(self) -> "Quantity":
        """The square root, as ``q ** Fraction(1, 2)`` (``sqrt(4 GB^2)`` is ``2 GB``); NumPy's
        ``np.sqrt`` of a Quantity, or of an array of them, calls it."""
        return _arithmetic.power(self, fractions.Fraction(1, 2))

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        from ._ufuncs import apply
        return apply(ufunc, method, inputs, kwargs)

    def _repr_html_(self) -> str:
        from ._display import quantity_html
        return quantity_html(self)

    def _repr_markdown_(self) -> str:
        return f"`{self}`"

    # Interop with pint (https://pint.readthedocs.io), which mlsysim's users hold their numbers in.
    def to_pint(self, registry: Any = None) -> Any:
        """This quantity as a pint Quantity of ``registry`` (pint's application registry by default).
        The unit is pint's name for it when pint knows it (``GiB``, ``second``); otherwise the SI value
        in pint's units for the SI unit, units pint lacks (``FLOP``, ``USD``) defined in the registry."""
        from ._pint import to_pint
        return to_pint(self, registry)

    @classmethod
    def from_pint(cls, quantity: Any) -> "Quantity":
        """A pint Quantity as an mlsi Quantity, in the same unit where mlsi has it, else in SI."""
        from ._pint import from_pint
        return from_pint(quantity)


def _operand(x: Any) -> Any:
    """An operand of arithmetic as a Quantity: a Quantity, a pint quantity, or a Python or NumPy number
    (a Count); NotImplemented for anything else (a NumPy array then applies the operation per entry)."""
    if isinstance(x, Quantity):
        return x
    if isinstance(x, numbers.Real) and not isinstance(x, bool):
        value = float(x)
        if not math.isfinite(value):
            _units.not_finite(value, "")
        return Quantity._of(value, "", value, "Count")
    if hasattr(x, "magnitude") and hasattr(x, "units") and hasattr(x, "to_base_units"):
        return Quantity.from_pint(x)
    return NotImplemented


def _quantity_of(value: float, unit: str, si: float, dimension: str, shown: Optional[str]) -> Quantity:
    """A Quantity as pickled: its parts as they were, not its unit read again."""
    return Quantity._of(value, unit, si, dimension, shown)


def _shown_number(x: float) -> str:
    """As mlsi shows a number: whole numbers below 10^7 in full, others to six significant digits."""
    if x == 0:
        return "0"
    if abs(x) < 1e7 and x == math.floor(x):
        return f"{x:.0f}"
    return f"{x:.6g}"


def _number(x: float) -> str:
    if math.isfinite(x) and x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return repr(x)
