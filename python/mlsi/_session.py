"""Session: the built-in library plus a user's .mls files and catalogues, and every operation of the
module on it. The module's functions (mlsi.run, ...) use a default Session of the built-in library."""
from __future__ import annotations

import math
import os
import threading
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _errors, _mlsi
from ._catalogue import Catalogue
from ._catalogue_text import CatalogText, catalog_toml
from ._quantity import Quantity
from ._result import Explanation, Result, SolveResult
from ._sweep import SweepResult
from ._values import value_of

Setting = Tuple[Any, ...]


def _number_text(x: float) -> str:
    # The shortest text that reads back as the same double, as the C++ API writes numbers.
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    x = float(x)
    if not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return repr(x)


def _is_pint(value: Any) -> bool:
    return hasattr(value, "magnitude") and hasattr(value, "units") and hasattr(value, "to_base_units")


def _text(value: Any) -> str:
    """A Python value as .mls text: numbers, Quantities, Bools, strings (expressions), lists of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Quantity):
        return f"{_number_text(value.value)} {value.unit}" if value.unit else _number_text(value.value)
    if _is_pint(value):
        return _text(Quantity.from_pint(value))
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return _number_text(value)
    if hasattr(value, "tolist"):  # a NumPy scalar or array: its Python number or list
        return _text(value.tolist())
    if isinstance(value, (list, tuple, range)):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    raise TypeError(f"mlsi cannot give {value!r} ({type(value).__name__}) as an input's value: "
                    "give a number, a Quantity, a bool, a str holding an .mls expression, or a list of them")


def _setting(name: str, value: Any) -> Setting:
    """One input for the extension: (name, number, unit) for a number, else (name, text)."""
    if isinstance(value, Quantity):
        return (name, value.value, value.unit)
    if _is_pint(value):
        return _setting(name, Quantity.from_pint(value))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, int) and abs(value) > 2**53:
            return (name, str(value))
        return (name, float(value), "")
    return (name, _text(value))


_EXACT_INT = 2**53


def _settings(inputs: Optional[Mapping[str, Any]], kwargs: Mapping[str, Any]) -> List[Setting]:
    if inputs:
        merged: Mapping[str, Any] = dict(inputs)
        merged.update(kwargs)  # type: ignore[attr-defined]
    else:
        merged = kwargs
    out: List[Setting] = []
    for n, v in merged.items():
        # Plain numbers and texts first, without _setting's checks: a loop of runs gives mostly these.
        t = type(v)
        if t is float or (t is int and -_EXACT_INT <= v <= _EXACT_INT):
            out.append((n, v, ""))
        elif t is str:
            out.append((n, v))
        else:
            out.append(_setting(n, v))
    return out


def _vary_text(name: str, values: Any) -> str:
    if isinstance(values, str):
        return f"{name}={values}"
    if hasattr(values, "tolist"):
        values = values.tolist()
    values = list(values)
    if not values:
        raise ValueError(f"`{name}` is varied over no values")
    return f"{name}=" + ",".join(_text(v) for v in values)


def _jobs(jobs: Optional[int]) -> int:
    """Threads for the C++ side: 0 asks for every core the process may use."""
    if jobs is None:
        return 0
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 4096:
        raise ValueError(f"jobs is a number of threads from 1 to 4096, or None for every core; given {jobs!r}")
    return jobs


def _shard(shard: Optional[Tuple[int, int]]) -> Tuple[int, int]:
    """(k, n) of shard=, checked: the k-th of n parts, 1 <= k <= n."""
    if shard is None:
        return 1, 1
    try:
        k, n = shard
    except (TypeError, ValueError):
        raise ValueError(f"shard is a pair (k, n), the k-th of n parts with 1 <= k <= n; given {shard!r}") from None
    if any(isinstance(x, bool) or not isinstance(x, int) for x in (k, n)) or not 1 <= k <= n:
        raise ValueError(f"shard is a pair (k, n), the k-th of n parts with 1 <= k <= n; given {shard!r}")
    return k, n


def _target(target: str) -> Tuple[str, str]:
    """(file, scenario name) of a target: a path to a .mls file, or a scenario's name."""
    if not isinstance(target, (str, os.PathLike)):
        raise TypeError(f"a scenario is named by a str (a built-in or session scenario, or a .mls path), not {target!r}")
    text = os.fspath(target)
    if text.endswith(".mls") or os.sep in text or "/" in text:
        return text, ""
    return "", text


class Session:
    """mlsi's library with ``files`` (.mls files, with their imports, whose scenarios then run by name
    as the built-in ones do), ``catalogues`` (TOML files added to the built-in catalogue) and ``catalog_text``
    (entries given here: TOML text, or a dict ``{"Node": {"Four_H100": {"accelerator": "H100", ...}}}``,
    named ``<catalog_text>`` in messages); ``workload_config`` (a Hugging Face config.json: its Workload
    entry, as ``mlsi catalogue from-hf`` makes it and keyed ``workload_key`` when given, joins the catalogue
    and is the value of the one input of kind Workload of every run, sweep and solve, as ``mlsi run
    --workload FILE.json`` does); ``limits``
    sets any bound of the command line by name (``max_steps``, ``max_sweep_points``, ``max_list_length``,
    ...). Files that do not parse or check raise the error at once.

    A Session may be used from any number of threads at once. A scenario is read and checked the first
    time it is run; later runs of it evaluate only (a file changed on disk is read again)."""

    def __init__(self, files: Iterable[Union[str, os.PathLike]] = (), catalogues: Iterable[Union[str, os.PathLike]] = (),
                 limits: Optional[Mapping[str, int]] = None, catalog_text: Optional[CatalogText] = None,
                 workload_config: Optional[Union[str, os.PathLike]] = None, workload_key: Optional[str] = None):
        self.files = [os.fspath(f) for f in files]
        self.catalogues = [os.fspath(c) for c in catalogues]
        self.limits = dict(limits or {})
        texts = [] if catalog_text is None else [catalog_toml(catalog_text)]
        self.workload_config = None if workload_config is None else os.fspath(workload_config)
        if workload_key is not None and self.workload_config is None:
            raise ValueError("workload_key= is the key of the entry of workload_config=: give workload_config= too")
        self._native = _mlsi.Session(self.catalogues, self.files, self.limits, texts, self.workload_config or "", workload_key or "")
        if not self._native.ok:
            raise _errors.error_of(self._native.diagnostics)
        self._runners: Dict[Any, Any] = {}
        # Runners of built-in scenarios by (name, scenario, config): embedded sources never change, so
        # with no files of the session to watch a runner is found without looking at the file system.
        self._builtin_runners: Dict[Tuple[Any, Any, Any], Any] = {}
        self._watches_files = bool(self.files or self.catalogues or self.workload_config)
        self._lock = threading.Lock()
        self._catalogue: Optional[Catalogue] = None

    @property
    def warnings(self) -> List[_errors.Diagnostic]:
        """What reading the files warned about."""
        return _errors.diagnostics_of(self._native.diagnostics)

    def _files_key(self, file: str) -> Tuple[Any, ...]:
        def stamp(path: str) -> Tuple[Any, ...]:
            try:
                st = os.stat(path)
                return (os.path.abspath(path), st.st_mtime_ns, st.st_size)
            except OSError:
                return (os.path.abspath(path), None, None)
        return tuple(stamp(p) for p in ([file] if file else []) + self.files + self.catalogues + ([self.workload_config] if self.workload_config else []))

    def _runner(self, file: str, scenario: str, config: str) -> Any:
        key = (file, scenario, config, self._files_key(file))
        with self._lock:
            runner = self._runners.get(key)
        if runner is None:
            runner = self._native.runner(file, scenario, config, [])
            with self._lock:
                if len(self._runners) > 256:
                    self._runners.clear()
                self._runners[key] = runner
        return runner

    def run(self, target: str, inputs: Optional[Mapping[str, Any]] = None, *, scenario: Optional[str] = None,
            config: Optional[str] = None, **kwargs: Any) -> Result:
        """Runs a scenario: ``target`` is a built-in or session scenario's name (``"ActivationMemory"``)
        or a .mls file (``scenario=`` picks one when it declares several); ``config`` applies a config
        first; then the inputs, as keywords or in ``inputs`` (for names that clash with these
        parameters): numbers, Quantities, bools, strings holding .mls expressions (``"2 byte"``,
        ``"Llama2_70B"``, ``"1024/(tp*pp)"``), or lists of them. Raises an mlsi.Error subclass."""
        return self._run(target, inputs, scenario, config, kwargs)

    def _run(self, target: Any, inputs: Optional[Mapping[str, Any]], scenario: Optional[str], config: Optional[str],
             kwargs: Mapping[str, Any]) -> Result:
        key = (target, scenario, config)
        runner = self._builtin_runners.get(key) if type(target) is str else None
        if runner is None:
            file, name = _target(target)
            runner = self._runner(file, scenario or name, config or "")
            if not file and not self._watches_files:
                if len(self._builtin_runners) > 256:
                    self._builtin_runners.clear()
                self._builtin_runners[key] = runner
        raw = runner.run(_settings(inputs, kwargs))
        if not raw.ok:
            _errors.raise_if_failed(raw)
        return Result(raw)

    def explain(self, target: str, inputs: Optional[Mapping[str, Any]] = None, *, scenario: Optional[str] = None,
                config: Optional[str] = None, **kwargs: Any) -> Explanation:
        """How each output of the run is derived (``mlsi run --explain``); arguments as run()."""
        file, name = _target(target)
        raw = self._native.explain(file, scenario or name, config or "", _settings(inputs, kwargs))
        return Explanation(_errors.raise_if_failed(raw))

    def sweep(self, target: str, vary: Mapping[str, Any], where: str = "", inputs: Optional[Mapping[str, Any]] = None, *,
              scenario: Optional[str] = None, config: Optional[str] = None, jobs: Optional[int] = None,
              shard: Optional[Tuple[int, int]] = None, **kwargs: Any) -> SweepResult:
        """Evaluates the scenario at every point of the product of ``vary`` (each input's values: a list,
        a range, a NumPy array, or a ``--vary`` text such as ``"1024..65536 *2"``; the last input
        varies fastest), keeping the points where ``where`` (a Bool over the inputs and outputs) holds.
        The points are computed in C++ (the GIL released) straight into NumPy arrays, on ``jobs``
        threads (``None``: every core the process may use; the result is the same for any number).
        ``shard=(k, n)`` computes only the k-th of n contiguous blocks of the points (1 <= k <= n), as
        ``mlsi sweep --shard K/N``: the n shards' results, concatenated in k order, are the whole sweep."""
        file, name = _target(target)
        texts = [_vary_text(n, v) for n, v in vary.items()]
        shard_k, shard_n = _shard(shard)
        raw = self._native.sweep(file, scenario or name, config or "", _settings(inputs, kwargs), texts, where, _jobs(jobs), shard_k, shard_n)
        return SweepResult(_errors.raise_if_failed(raw), scenario or name or file)

    def solve(self, target: str, *, max: Optional[str] = None, min: Optional[str] = None,
              such_that: Union[str, Sequence[str]] = (), tol: float = 1e-9, vary: Optional[Mapping[str, Any]] = None,
              minimize: Optional[str] = None, maximize: Optional[str] = None, top: int = 5,
              inputs: Optional[Mapping[str, Any]] = None, scenario: Optional[str] = None, config: Optional[str] = None,
              jobs: Optional[int] = None, **kwargs: Any) -> SolveResult:
        """The inverse question (``mlsi solve``). Either one input: ``max="microbatch"`` (or ``min=``)
        such that every condition of ``such_that`` (Bool texts over the inputs and outputs) and every
        ``where`` and ``check`` of the scenario holds; or a grid: ``vary`` (as sweep()) with
        ``minimize=`` or ``maximize=`` an expression, keeping the ``top`` best feasible points.
        A grid is evaluated on ``jobs`` threads (``None``: every core the process may use).
        Infeasible and unbounded are answers (``result.kind``); what cannot be solved raises."""
        file, name = _target(target)
        conditions = [such_that] if isinstance(such_that, str) else list(such_that)
        if vary is not None:
            if (minimize is None) == (maximize is None):
                raise ValueError("a grid solve (vary=...) needs one of minimize= or maximize=")
            if max is not None or min is not None:
                raise ValueError("max=/min= solve for one input; with vary=, give minimize= or maximize=")
            texts = [_vary_text(n, v) for n, v in vary.items()]
            raw = self._native.solve(file, scenario or name, config or "", _settings(inputs, kwargs), "", maximize is not None,
                                     conditions, tol, texts, maximize if maximize is not None else minimize, top, _jobs(jobs))
            return SolveResult(_errors.raise_if_failed(raw), "")
        if (max is None) == (min is None):
            raise ValueError("give the input to solve for as max=NAME or min=NAME (or a grid with vary=)")
        if not conditions:
            raise ValueError("a solve needs at least one condition: such_that=\"full <= 80 GB\"")
        input_name = max if max is not None else min
        # As `--tol` is read: a number strictly between 0 and 1 (nan, 0 and 1 are refused).
        if isinstance(tol, bool) or not isinstance(tol, (int, float)) or not 0 < tol < 1:
            raise ValueError(f"tol needs a number between 0 and 1 (exclusive), such as 1e-6; given `{tol!r}`")
        raw = self._native.solve(file, scenario or name, config or "", _settings(inputs, kwargs), input_name, max is not None,
                                 conditions, tol, [], "", top, 1)
        return SolveResult(_errors.raise_if_failed(raw), input_name)

    def eval(self, expression: str) -> Any:
        """The value of one .mls expression: ``eval("989 TFLOP/s * 0.4 * 30 day -> EFLOP")``."""
        raw = self._native.evaluate(expression)
        return value_of(_errors.raise_if_failed(raw)["value"])

    def scenarios(self) -> List[str]:
        """The scenarios of the session's files, then the built-in ones."""
        return self._native.scenarios()

    def source(self, scenario: str) -> str:
        """The text of the .mls file that declares ``scenario``, byte for byte, as ``mlsi show NAME
        --source`` prints it: one of the session's files, or a built-in pack file
        (``source("ActivationMemory")`` is scenarios/training/activation_memory.mls). KeyError when no
        file declares it."""
        name, text = self._native.scenario_source(scenario)
        if not name:
            raise KeyError(f"no scenario {scenario!r} (Session.scenarios() lists them)")
        return text

    @property
    def catalogue(self) -> Catalogue:
        """Every catalogue entry, by name (``session.catalogue["H100"]``)."""
        if self._catalogue is None:
            self._catalogue = Catalogue(self._native.catalogue())
        return self._catalogue


_default: Optional[Session] = None
_default_lock = threading.Lock()


def default_session() -> Session:
    """The Session of the built-in library that the module's functions use."""
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Session()
    return _default
