"""mlsi in Python: run, sweep, solve and explain .mls scenarios of machine-learning systems with
physical units checked, on mlsi's C++ library (no subprocess, no parsing of printed text).

    >>> import mlsi
    >>> r = mlsi.run("ActivationMemory", microbatch=4)
    >>> r.outputs["full"]
    Quantity(18, 'GiB')

The functions below use a default Session of the built-in library (prelude, catalogue and scenarios);
make a Session for your own .mls files and catalogues."""
from __future__ import annotations

from typing import Any, List, Mapping, Optional, Tuple

from . import _mlsi
from ._catalogue import Catalogue, Entry
from ._errors import (CheckFailed, Diagnostic, DimensionError, Error, EvaluationError, InputError, Location, Note,
                      ParseError, diagnostics_of)
from ._quantity import Quantity
from ._result import Explanation, Result, SolveResult
from ._session import Session, default_session
from ._sweep import SweepResult
from ._values import EntryName, Record

__version__ = _mlsi.version()

__all__ = [
    "run", "explain", "sweep", "solve", "eval", "check", "scenarios", "source", "catalogue", "Session", "Quantity", "Result",
    "Explanation", "SolveResult", "SweepResult", "Catalogue", "Entry", "EntryName", "Record", "Diagnostic", "Location",
    "Note", "Error", "ParseError", "DimensionError", "InputError", "CheckFailed", "EvaluationError",
]


def run(target: str, inputs: Optional[Mapping[str, Any]] = None, *, scenario: Optional[str] = None,
        config: Optional[str] = None, **kwargs: Any) -> Result:
    """Runs a scenario of the built-in library or a .mls file: ``run("ActivationMemory", microbatch=4)``,
    ``run("model.mls", scenario="Fit", config="long_context")``. See Session.run."""
    return default_session()._run(target, inputs, scenario, config, kwargs)


def explain(target: str, inputs: Optional[Mapping[str, Any]] = None, *, scenario: Optional[str] = None,
            config: Optional[str] = None, **kwargs: Any) -> Explanation:
    """How each output is derived, as ``mlsi run --explain``. See Session.explain."""
    return default_session().explain(target, inputs, scenario=scenario, config=config, **kwargs)


def sweep(target: str, vary: Mapping[str, Any], where: str = "", inputs: Optional[Mapping[str, Any]] = None, *,
          scenario: Optional[str] = None, config: Optional[str] = None, jobs: Optional[int] = None,
          shard: Optional[Tuple[int, int]] = None, **kwargs: Any) -> SweepResult:
    """Every point of a grid into NumPy columns: ``sweep("ActivationMemory", vary={"microbatch": [1, 2, 4, 8]})``,
    on ``jobs`` threads (every core by default), or shard ``(k, n)`` of it. See Session.sweep."""
    return default_session().sweep(target, vary, where, inputs, scenario=scenario, config=config, jobs=jobs, shard=shard, **kwargs)


def solve(target: str, **kwargs: Any) -> SolveResult:
    """The largest or smallest input for which conditions hold, or the best point of a grid:
    ``solve("ActivationMemory", max="microbatch", such_that="full <= 80 GB")``. See Session.solve."""
    return default_session().solve(target, **kwargs)


def eval(expression: str) -> Any:  # noqa: A001 - the language's own word (mlsi eval)
    """The value of one .mls expression: ``eval("989 TFLOP/s * 0.4 * 30 day -> EFLOP")``."""
    return default_session().eval(expression)


def check(path: str, catalogues: Optional[List[str]] = None) -> List[Diagnostic]:
    """Parses and checks a .mls file (with its imports) without running it, as ``mlsi check``: the
    list of its problems (errors and warnings), empty when there are none."""
    native = _mlsi.Session(list(catalogues or []), [str(path)], {})
    return diagnostics_of(native.diagnostics)


def scenarios() -> List[str]:
    """The names of the built-in scenarios."""
    return default_session().scenarios()


def source(scenario: str) -> str:
    """The text of the built-in pack file that declares ``scenario``: ``source("ActivationMemory")``.
    See Session.source."""
    return default_session().source(scenario)


class _DefaultCatalogue(Catalogue):
    """The built-in catalogue, read the first time it is used."""

    def __init__(self) -> None:  # filled on first use: importing mlsi reads no catalogue
        self._loaded = False

    def _load(self) -> None:
        if not self._loaded:
            Catalogue.__init__(self, default_session()._native.catalogue())
            self._loaded = True

    def __getitem__(self, name: str) -> Entry:
        self._load()
        return Catalogue.__getitem__(self, name)

    def __iter__(self):
        self._load()
        return Catalogue.__iter__(self)

    def __len__(self) -> int:
        self._load()
        return Catalogue.__len__(self)

    def __contains__(self, name: object) -> bool:
        self._load()
        return Catalogue.__contains__(self, name)

    def kinds(self) -> List[str]:
        self._load()
        return Catalogue.kinds(self)

    def of_kind(self, kind: str) -> List[Entry]:
        self._load()
        return Catalogue.of_kind(self, kind)

    def __repr__(self) -> str:
        self._load()
        return Catalogue.__repr__(self)


catalogue: Catalogue = _DefaultCatalogue()
