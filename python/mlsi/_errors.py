"""mlsi's problems as Python objects: a Diagnostic per problem, and the exceptions that carry them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence


@dataclass(frozen=True)
class Location:
    """A place in a source text: ``file`` as mlsi names it, 1-based ``line`` and ``column`` (in bytes),
    and where the span ends (``end_line``, ``end_column``: just past its last byte). ``line`` is 0 for a
    problem that is in no source, such as a file that cannot be read."""

    file: str
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.line else self.file


@dataclass(frozen=True)
class Note:
    """A note of a diagnostic: a second span marked in the source (``location`` known) or text alone."""

    message: str
    location: Optional[Location] = None


@dataclass(frozen=True)
class Diagnostic:
    """One problem mlsi found, as ``mlsi`` reports it.

    ``severity`` is ``"error"``, ``"warning"`` or ``"note"``; ``category`` says what kind of problem an
    error is: ``"syntax"``, ``"source"`` (a name, type or dimension that does not check, a file that
    cannot be read), ``"input"``, ``"check"`` (a scenario's ``check`` fails), ``"evaluation"``
    (a division by zero, an overflow, a limit) or ``"usage"`` (an unknown scenario or config).
    ``rendered`` is the text ``mlsi`` prints for it: ``file:line:col``, the source line, the caret."""

    severity: str
    category: str
    message: str
    location: Optional[Location]
    notes: Sequence[Note] = field(default_factory=tuple)
    rendered: str = ""

    def __str__(self) -> str:
        return self.rendered or self.message


def _location(t) -> Optional[Location]:
    return None if t is None else Location(*t)


def diagnostics_of(d: dict) -> list:
    """The extension's dict of diagnostics as a list of Diagnostic."""
    return [
        Diagnostic(e["severity"], e["category"], e["message"], _location(e["location"]),
                   tuple(Note(m, _location(l)) for m, l in e["notes"]), e["rendered"])
        for e in d["list"]
    ]


class Error(Exception):
    """A problem mlsi reports. ``str(error)`` is the rendered diagnostics (file:line:col, the source
    line and a caret under the span), as the command line prints them; ``diagnostics`` holds them as
    Diagnostic objects (the first error first), ``diagnostic`` the first error."""

    def __init__(self, rendered: str, diagnostics: Sequence[Diagnostic] = ()):
        super().__init__(rendered.rstrip("\n"))
        self.rendered = rendered
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        self.diagnostic: Optional[Diagnostic] = errors[0] if errors else None

    @property
    def message(self) -> str:
        """The first error's message alone."""
        return self.diagnostic.message if self.diagnostic else str(self)


class ParseError(Error):
    """A text that does not parse: a file, an input's value, an expression."""


class DimensionError(Error):
    """A source that does not check: a dimension, a type or a name (mlsi checks them before running)."""


class InputError(Error):
    """An input's value: an unknown input, a value of the wrong type or dimension, one its ``where``
    does not allow; also an unknown scenario or config."""


class CheckFailed(Error):
    """A ``check`` of the scenario fails for these inputs."""


class EvaluationError(Error):
    """Evaluating failed otherwise: a division by zero, a value that overflows, an exhausted limit."""


# A traceback names them as the package exports them: mlsi.DimensionError, not mlsi._errors.DimensionError.
for _cls in (Error, ParseError, DimensionError, InputError, CheckFailed, EvaluationError):
    _cls.__module__ = "mlsi"

_CLASSES = {
    "syntax": ParseError,
    "source": DimensionError,
    "input": InputError,
    "usage": InputError,
    "check": CheckFailed,
    "evaluation": EvaluationError,
}


def error_of(d: dict) -> Error:
    """The exception for the extension's dict of diagnostics: the class of its first error."""
    diagnostics = diagnostics_of(d)
    first = next((x for x in diagnostics if x.severity == "error"), None)
    cls = _CLASSES.get(first.category, Error) if first else Error
    # A file that cannot be read is a source problem in no source: not a dimension error.
    if cls is DimensionError and first is not None and (first.location is None or not first.location.line):
        cls = Error
    return cls(d["rendered"], diagnostics)


def raise_if_failed(result: dict) -> dict:
    if not result["ok"]:
        raise error_of(result["diagnostics"])
    return result
