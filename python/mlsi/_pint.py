"""Interop with pint (mlsysim's users hold their numbers in pint quantities): mlsi Quantities to pint's
and back. A unit goes by its name where both libraries know it and agree on its size (checked through
SI: mlsi's `month` is 30 days, pint's 30.44), else through the SI unit of its dimension."""
from __future__ import annotations

import math
import re
from typing import Any

from . import _errors, _units
from ._quantity import Quantity

# The SI unit of each of the language's base dimensions (stdlib/prelude/units.mls), and of Power.
_SI = {"Information": "byte", "Compute": "FLOP", "Time": "s", "Energy": "J", "Money": "USD", "Mass": "kg",
       "Volume": "m**3", "Power": "W", "Count": ""}
# Units mlsi has that pint lacks, defined in a registry when first needed.
_MISSING = {"FLOP": "FLOP = [compute]", "USD": "USD = [currency]", "tok": "tok = []"}


def _si_text(dimension: str) -> str:
    def unit(match: "re.Match[str]") -> str:
        name = match.group(0)
        if name not in _SI:
            raise _errors.DimensionError(f"pint has no unit for mlsi's dimension `{name}`")
        return _SI[name] or "1"
    text = re.sub(r"[A-Za-z_][A-Za-z0-9_]*", unit, dimension).replace("^", "**")
    return "" if text in ("", "1") else text


def _registry(registry: Any) -> Any:
    import pint
    registry = registry if registry is not None else pint.get_application_registry()
    for name, definition in _MISSING.items():
        if name not in registry:
            registry.define(definition)
    return registry


def _close(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-12)


def to_pint(q: Quantity, registry: Any = None) -> Any:
    registry = _registry(registry)
    si_text = _si_text(q.dimension)
    si_unit = registry.parse_units(si_text) if si_text else None
    if q.unit:
        try:
            named = registry.Quantity(q.value, registry.parse_units(q.unit.replace("^", "**")))
            if _close(named.to(si_unit).magnitude if si_unit is not None else named.to("").magnitude, q.si):
                return named
        except Exception:  # pint does not know the unit, or reads it as another dimension
            pass
    return registry.Quantity(q.si, si_unit) if si_unit is not None else registry.Quantity(q.si)


def from_pint(quantity: Any) -> Quantity:
    magnitude = float(quantity.magnitude)
    if quantity.dimensionless and str(quantity.units) in ("dimensionless", ""):
        return Quantity(magnitude)
    registry = _registry(quantity._REGISTRY)
    for text in (format(quantity.units, "~"), str(quantity.units)):
        text = text.replace(" ", "").replace("**", "^")
        try:
            factor, dimension = _units.resolve(text)
        except _errors.Error:
            continue
        si_text = _si_text(dimension)
        try:
            si = quantity.to(registry.parse_units(si_text)).magnitude if si_text else quantity.to("").magnitude
        except Exception:  # the same name, another dimension
            continue
        if _close(magnitude * factor, float(si)):
            return Quantity(magnitude, text)
        if not (math.isfinite(float(si)) and math.isfinite(float(si) / factor)):
            _units.not_finite(magnitude, text)
        return Quantity._of(float(si) / factor, text, float(si), dimension)
    raise _errors.DimensionError(f"mlsi has no unit for pint's `{quantity.units}`")
