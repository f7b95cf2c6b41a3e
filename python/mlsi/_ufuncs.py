"""NumPy's ufuncs on Quantities (``np.sqrt(q)``, ``np.add(q, r)``, ``q * np.array([1, 2])``): those of
arithmetic and comparison by the language's rules (as the operators), the others (``np.exp``,
``np.log``) on a dimensionless value only, as plain numbers. An array among the operands is applied
entry by entry, giving an array of Quantities (dtype object)."""
from __future__ import annotations

import fractions
import operator
from typing import Any, Callable, Dict, Mapping, Tuple

# The ufuncs with a meaning for quantities of any dimension.
_BY_NAME: Dict[str, Callable[..., Any]] = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "true_divide": operator.truediv,
    "divide": operator.truediv,
    "power": operator.pow,
    "negative": operator.neg,
    "positive": operator.pos,
    "absolute": abs,
    "sqrt": lambda q: q ** fractions.Fraction(1, 2),
    "square": lambda q: q ** 2,
    "reciprocal": lambda q: 1 / q,
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "maximum": lambda a, b: b if b > a else a,
    "minimum": lambda a, b: b if b < a else a,
}


def _plain(x: Any) -> Any:
    """A dimensionless Quantity as its number (float() refuses any other dimension, in its words)."""
    from ._quantity import Quantity
    return float(x) if isinstance(x, Quantity) else x


def _object_array(np: Any, x: Any) -> Any:
    if isinstance(x, np.ndarray):
        return x.astype(object)
    held = np.empty((), dtype=object)
    held[()] = x
    return held


def apply(ufunc: Any, method: str, inputs: Tuple[Any, ...], kwargs: Mapping[str, Any]) -> Any:
    import numpy as np
    if method != "__call__" or kwargs:  # reductions, out=, where=: not for quantities
        return NotImplemented
    if any(isinstance(x, np.ndarray) for x in inputs):
        # Every operand an array of objects, so that the per-entry ufunc does not come back here.
        per_entry = np.frompyfunc(lambda *xs: ufunc(*xs), len(inputs), 1)
        return per_entry(*[_object_array(np, x) for x in inputs])
    operation = _BY_NAME.get(ufunc.__name__)
    if operation is not None:
        return operation(*inputs)
    return ufunc(*[_plain(x) for x in inputs])
