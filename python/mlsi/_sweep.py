"""A sweep's points as NumPy columns, made in C++ without a Python call per point."""
from __future__ import annotations

from typing import Any, Dict, List, Tuple


class SweepResult:
    """The points of mlsi.sweep (those that pass ``where``), one NumPy array per column: the varied
    inputs, then every output. Numbers are in SI (bytes, seconds, FLOP: ``units`` says which, per
    column), Bools a bool array, other values (lists, records, texts) a list of their text.

    ``result["total"]`` is an array; ``columns`` maps every name to its array; ``units`` gives each
    number column's SI unit (``""`` for a Count), ``display_units`` the unit ``mlsi sweep`` shows it in
    and ``factors`` the SI value of one display unit; ``dimensions`` each column's dimension. ``index``
    is each row's number in the product (the last varied input fastest); ``errors`` lists
    (row, message) for the points that failed, whose output numbers are NaN."""

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
        for c in raw["columns"]:
            name = c["name"]
            self.columns[name] = c["values"]
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

    def to_pandas(self) -> Any:
        """A pandas DataFrame of the columns (SI numbers), indexed by the point's number; its ``attrs``
        hold ``units`` (SI), ``display_units``, ``factors`` and ``dimensions`` of the columns."""
        import pandas as pd
        frame = pd.DataFrame({name: values for name, values in self.columns.items()}, index=pd.Index(self.index, name="point"))
        frame.attrs["scenario"] = self.scenario
        frame.attrs["units"] = dict(self.units)
        frame.attrs["display_units"] = dict(self.display_units)
        frame.attrs["factors"] = dict(self.factors)
        frame.attrs["dimensions"] = dict(self.dimensions)
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


def _label(name: str, unit: str) -> str:
    return f"{name} [{unit}]" if unit else name
