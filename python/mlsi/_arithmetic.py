"""Arithmetic on Quantities by the language's rules: each operation is evaluated by the library as the
expression it is (``(2 GiB) + (512 MiB)``, each operand's number written exactly), so the dimensions it
takes, the unit of its result (``2.5 GiB``, ``1023 MiB``, ``1 TB`` as the language scales it) and its
error messages are the language's. Comparisons of one dimension compare the SI values here."""
from __future__ import annotations

import fractions
import math
import numbers
from typing import Any, NoReturn

from . import _errors

# Python's operators as the language writes them.
_SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/"}


def _number_text(x: float) -> str:
    """A finite float as the language reads it back exactly (the shortest repr)."""
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return repr(float(x))


def _text(q: Any) -> str:
    number = _number_text(q.value)
    return f"({number} {q.unit})" if q.unit else f"({number})"


def exponent_text(exponent: Any) -> str:
    """An exponent as the language reads it: ``2``, ``(1/2)``, ``0.5``, a Quantity as its text."""
    from ._quantity import Quantity
    if isinstance(exponent, Quantity):
        return _text(exponent)
    if isinstance(exponent, bool):
        raise TypeError(f"an exponent is a number, not {exponent!r}")
    if isinstance(exponent, numbers.Integral):
        return str(int(exponent))
    if isinstance(exponent, fractions.Fraction):
        return f"({exponent.numerator}/{exponent.denominator})"
    if isinstance(exponent, numbers.Real) and math.isfinite(float(exponent)):
        return f"({_number_text(float(exponent))})"
    raise TypeError(f"an exponent is an int, a Fraction, a finite float or a Count, not {exponent!r}")


def _evaluate(text: str) -> Any:
    """The Quantity the language makes of ``text``; its error, raised, when it refuses it."""
    from ._units import _session
    from ._values import value_of
    result = _session().evaluate(text)
    if not result["ok"]:
        raise _errors.error_of(result["diagnostics"])
    return value_of(result["value"])


def binary(op: str, a: Any, b: Any) -> Any:
    """``a OP b`` for two Quantities (op: add, sub, mul, div)."""
    return _evaluate(f"{_text(a)} {_SYMBOL[op]} {_text(b)}")


def power(a: Any, exponent: Any) -> Any:
    """``a ** exponent``, the exponent an int, a Fraction, a float or a Count."""
    return _evaluate(f"{_text(a)}^{exponent_text(exponent)}")


def compare_error(a: Any, symbol: str, b: Any) -> NoReturn:
    """The language's error for comparing quantities of two dimensions."""
    _evaluate(f"{_text(a)} {symbol} {_text(b)}")
    raise _errors.DimensionError(f"cannot compare {a.dimension} and {b.dimension}")  # not reached: the language refuses
