"""A sweep's points as NumPy columns, made in C++ without a Python call per point."""
from __future__ import annotations

import math
from typing import Any, Dict, List, Tuple

from ._values import value_of


class SweepResult:
    """The points of mlsi.sweep (those that pass ``where``), one NumPy array per column: the varied
    inputs, then every output. Numbers are in SI (bytes, seconds, FLOP: ``units`` says which, per
    column), Bools a bool array, other values (lists, records, texts) a list of their text.

    ``result["total"]`` is an array; ``columns`` maps every name to its array; ``units`` gives each
    number column's SI unit (``""`` for a Count), ``display_units`` the unit ``mlsi sweep`` shows it in
    and ``factors`` the SI value of one display unit; ``dimensions`` each column's dimension. ``index``
    is each row's number in the product (the last varied input fastest); ``errors`` lists
    (row, message) for the points that failed, whose output numbers are NaN. ``values(name)`` gives a
    column of lists, records or entries as Python values (a list output as a list of Quantities)."""

    def __init__(self, raw: dict, scenario: str):
        self.scenario = scenario
        self.total: int = raw["total"]
        self.index = raw["index"]
        self.errors: List[Tuple[int, str]] = [tuple(e) for e in raw["errors"]]
        self.columns: Dict[str, Any] = {}
        self.units: Dict[str, str] = {}
        self.display_units: Dict[str, str] = {}
        self.factors: Dict[str, float] = {}
        self.dimensions: Dict[str, str] = {}
        self.varied: List[str] = []
        self._data: Dict[str, list] = {}
        for c in raw["columns"]:
            name = c["name"]
            self.columns[name] = c["values"]
            if c["kind"] == "text":
                self._data[name] = c["data"]
            if c["kind"] == "number":
                self.units[name] = c["si_unit"]
                self.display_units[name] = c["unit"]
                self.factors[name] = c["factor"]
            self.dimensions[name] = c["dimension"] or ("Bool" if c["kind"] == "bool" else "")
            if c["varied"]:
                self.varied.append(name)

    def __getitem__(self, name: str) -> Any:
        try:
            return self.columns[name]
        except KeyError:
            raise KeyError(f"the sweep of {self.scenario} has no column {name!r}; it has {', '.join(self.columns)}") from None

    def __len__(self) -> int:
        return len(self.index)

    def __repr__(self) -> str:
        return f"<mlsi.SweepResult {self.scenario}: {len(self)} of {self.total} points, columns {', '.join(self.columns)}>"

    def in_display_units(self, name: str) -> Any:
        """Column ``name`` in the unit ``mlsi sweep`` shows it in (``display_units[name]``)."""
        factor = self.factors.get(name, 1.0)
        values = self[name]
        return values if factor == 1 else values / factor

    def values(self, name: str) -> List[Any]:
        """Column ``name`` as Python values: a list output as a list (of Quantities, entry names, ...),
        a record as a Record, an entry as an EntryName; None at a point that failed. A column of
        numbers or Bools is its array."""
        if name not in self._data:
            return self[name]
        return [value_of(t) if not (t[0] == "t" and t[1] == "") else None for t in self._data[name]]

    def to_pandas(self, units: str = "display") -> Any:
        """A pandas DataFrame of the columns, indexed by the point's number (``point``).

        ``units="display"`` (the default): each quantity column in the unit ``mlsi sweep`` shows it
        in, named with it (``full [GiB]``); ``units="si"``: in SI, named with the SI unit (``full
        [byte]``). A Count column is named alone and holds integers where every value is whole (pandas'
        nullable ``Int64`` when a failed point leaves a gap); a list output holds Python lists (a list of
        quantities: its numbers in the column's unit, named with it), an entry or a case its name.
        ``attrs["units"]`` maps each column to its unit (``""``: a Count), ``attrs["names"]`` to the
        output or input it holds; ``attrs["dimensions"]`` too.

        ``units="plain"`` is the frame of earlier versions: bare names, SI numbers, every text as shown,
        and ``attrs`` ``units`` (SI), ``display_units``, ``factors`` and ``dimensions`` by name."""
        import pandas as pd
        index = pd.Index(self.index, name="point")
        if units == "plain":
            frame = pd.DataFrame({name: values for name, values in self.columns.items()}, index=index)
            frame.attrs["scenario"] = self.scenario
            frame.attrs["units"] = dict(self.units)
            frame.attrs["display_units"] = dict(self.display_units)
            frame.attrs["factors"] = dict(self.factors)
            frame.attrs["dimensions"] = dict(self.dimensions)
            return frame
        if units not in ("display", "si"):
            raise ValueError(f'units is "display", "si" or "plain"; given {units!r}')
        data: Dict[str, Any] = {}
        column_units: Dict[str, str] = {}
        names: Dict[str, str] = {}
        dimensions: Dict[str, str] = {}
        for name, values in self.columns.items():
            unit = ""
            if name in self.units:
                unit = self.display_units[name] if units == "display" else self.units[name]
                values = self.in_display_units(name) if units == "display" else values
                if self.dimensions[name] == "Count":
                    values = _counts(pd, values)
            elif name in self._data:
                values, unit = _python_values(self.values(name), units)
            label = f"{name} [{unit}]" if unit else name
            data[label] = values
            column_units[label] = unit
            names[label] = name
            dimensions[label] = self.dimensions[name]
        frame = pd.DataFrame(data, index=index)
        frame.attrs["scenario"] = self.scenario
        frame.attrs["units"] = column_units
        frame.attrs["names"] = names
        frame.attrs["dimensions"] = dimensions
        return frame

    def plot(self, x: str, y: Any, ax: Any = None, by: Any = None, **kwargs: Any) -> Any:
        """Plots column(s) ``y`` against ``x`` with matplotlib, each in its display unit, the axes
        labelled with the name and unit; ``by`` draws a line per value of another varied input.
        Returns the Axes."""
        import matplotlib.pyplot as plt
        import numpy as np
        if ax is None:
            _, ax = plt.subplots()
        ys = [y] if isinstance(y, str) else list(y)
        xs = self.in_display_units(x)
        groups = [(None, np.ones(len(self), dtype=bool))]
        if by is not None:
            # A text column (an entry or a case: `by="hardware"`) is a list; compare it as an array too.
            values = np.asarray(self[by], dtype=object if isinstance(self[by], list) else None)
            groups = [(v, values == v) for v in dict.fromkeys(values.tolist())]
        for name in ys:
            ys_values = self.in_display_units(name)
            for value, mask in groups:
                label = name if value is None else f"{name}, {by} = {value:g}" if isinstance(value, float) else f"{name}, {by} = {value}"
                ax.plot(xs[mask], ys_values[mask], marker="o", label=label, **kwargs)
        ax.set_xlabel(_label(x, self.display_units.get(x, "")))
        units = {self.display_units.get(n, "") for n in ys}
        ax.set_ylabel(_label(ys[0] if len(ys) == 1 else "", units.pop() if len(units) == 1 else ""))
        if len(ys) > 1 or by is not None:
            ax.legend()
        ax.set_title(self.scenario)
        return ax


def _counts(pd: Any, values: Any) -> Any:
    """A Count column as integers when every value is whole (nullable Int64 when some are NaN)."""
    finite = values[~(values != values)]
    if len(finite) == 0 or any(not float(x).is_integer() or abs(x) > 2**53 for x in finite):
        return values
    if len(finite) == len(values):
        return values.astype("int64")
    return pd.array([None if x != x else int(x) for x in values], dtype="Int64")


def _python_values(values: List[Any], units: str) -> Tuple[List[Any], str]:
    """A column of Python values for a DataFrame, and the unit of its numbers: lists of quantities as
    lists of numbers in one unit (the first list's, or SI), entry names and cases as str."""
    from ._quantity import Quantity
    unit = None
    for v in values:
        if isinstance(v, list) and v and all(isinstance(x, Quantity) for x in v):
            unit = v[0].unit if units == "display" else None
            break
    if unit is None and units == "si":
        for v in values:
            if isinstance(v, list) and v and all(isinstance(x, Quantity) for x in v):
                return [[x.si for x in v] if isinstance(v, list) else v for v in values], _si_unit(v[0].dimension)
    if unit is None:
        return [list(v) if isinstance(v, list) else (str(v) if isinstance(v, str) else v) for v in values], ""
    out = []
    for v in values:
        if isinstance(v, list) and all(isinstance(x, Quantity) for x in v):
            out.append([x.value if x.unit == unit else x.to(unit).value for x in v])
        else:
            out.append(v)
    return out, unit


def _si_unit(dimension: str) -> str:
    """The SI unit of a dimension as the sweep's columns name it (``byte``, ``byte / s``)."""
    from . import _errors
    from ._pint import _si_text
    try:
        return _si_text(dimension).replace("**", "^")
    except _errors.Error:
        return ""


def _label(name: str, unit: str) -> str:
    return f"{name} [{unit}]" if unit else name
