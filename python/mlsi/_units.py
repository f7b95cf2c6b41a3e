"""Units read as the language reads them: the SI value of one unit and its dimension, found once per
unit text by evaluating ``1 UNIT -> UNIT`` in the built-in library (the text after ``->`` must be a
unit, not any expression), then kept for the most recently used unit texts."""
from __future__ import annotations

import collections
import threading
from typing import NoReturn, Tuple

from . import _errors

# Unit texts are keys from callers (any str): at most this many are kept, the least recently used going.
_CACHE_SIZE = 1024
_cache: "collections.OrderedDict[str, Tuple[float, str]]" = collections.OrderedDict()
_lock = threading.Lock()


def _session():
    from ._session import default_session
    return default_session()._native


def resolve(unit: str) -> Tuple[float, str]:
    """(SI value of one ``unit``, its dimension); raises mlsi.Error when mlsi has no such unit."""
    if not isinstance(unit, str):
        raise TypeError(f"a unit is a string such as 'GiB' or 'byte/s', not {unit!r}")
    if unit == "":
        return 1.0, "Count"
    with _lock:
        found = _cache.get(unit)
        if found is not None:
            _cache.move_to_end(unit)
            return found
    result = _session().evaluate(f"1 {unit} -> {unit}")
    if not result["ok"]:
        # The language's own error when `1 UNIT` fails too (an unknown unit, with a suggestion); else the
        # text is an expression, not a unit (`GB + 1 GB`).
        alone = _session().evaluate(f"1 {unit}")
        if not alone["ok"]:
            raise _errors.error_of(alone["diagnostics"])
        raise _errors.ParseError(f"`{unit}` is not a unit: a unit is written with names of units, `*`, `/`, `^` and "
                                 f"parentheses (`GiB`, `byte/s`, `TFLOP/s`), as after `->`")
    value = result["value"]
    if value[0] != "q":
        raise _errors.DimensionError(f"`{unit}` is not a unit: `1 {unit}` is {result['type']}")
    with _lock:
        _cache[unit] = (value[3], value[4])
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return value[3], value[4]


def conversion_error(q, unit: str) -> NoReturn:
    """Raises the language's own error for converting ``q`` to ``unit`` (another dimension, or a value
    the unit cannot show finitely)."""
    text = f"{q.value!r} {q.unit} -> {unit}" if q.unit else f"{q.value!r} -> {unit}"
    result = _session().evaluate(text)
    if not result["ok"]:
        raise _errors.error_of(result["diagnostics"])
    if resolve(unit)[1] == q.dimension:
        raise _errors.EvaluationError(f"{q} in {unit} overflows to infinity")
    raise _errors.DimensionError(f"{q} is {q.dimension}; `{unit}` is {resolve(unit)[1]}")


def not_finite(value: float, unit: str) -> NoReturn:
    """Raises the error for a Quantity whose value is not finite, in its unit or in SI."""
    if value != value:
        raise _errors.EvaluationError(f"a Quantity's value is not a number (NaN): {value!r} {unit}".rstrip())
    shown = f"{value!r} {unit}".rstrip()
    result = _session().evaluate(shown) if value not in (float("inf"), float("-inf")) else None
    if result is not None and not result["ok"]:
        raise _errors.error_of(result["diagnostics"])  # the language's own words: `1e308 * YB` overflows
    raise _errors.EvaluationError(f"{shown} overflows to infinity")
