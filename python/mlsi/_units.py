"""Units read as the language reads them: the SI value of one unit and its dimension, found once per
unit text by evaluating ``1 UNIT`` in the built-in library, then kept."""
from __future__ import annotations

import threading
from typing import Dict, NoReturn, Tuple

from . import _errors

_cache: Dict[str, Tuple[float, str]] = {"": (1.0, "Count")}
_lock = threading.Lock()


def _session():
    from ._session import default_session
    return default_session()._native


def resolve(unit: str) -> Tuple[float, str]:
    """(SI value of one ``unit``, its dimension); raises mlsi.Error when mlsi has no such unit."""
    found = _cache.get(unit)
    if found is not None:
        return found
    if not isinstance(unit, str):
        raise TypeError(f"a unit is a string such as 'GiB' or 'byte/s', not {unit!r}")
    result = _session().evaluate(f"1 {unit}")
    if not result["ok"]:
        raise _errors.error_of(result["diagnostics"])
    value = result["value"]
    if value[0] != "q":
        raise _errors.DimensionError(f"`{unit}` is not a unit: `1 {unit}` is {result['type']}")
    with _lock:
        _cache[unit] = (value[3], value[4])
    return value[3], value[4]


def conversion_error(q, unit: str) -> NoReturn:
    """Raises the language's own error for converting ``q`` to ``unit`` (another dimension)."""
    text = f"{q.value!r} {q.unit} -> {unit}" if q.unit else f"{q.value!r} -> {unit}"
    result = _session().evaluate(text)
    if not result["ok"]:
        raise _errors.error_of(result["diagnostics"])
    raise _errors.DimensionError(f"{q} is {q.dimension}; `{unit}` is {resolve(unit)[1]}")
