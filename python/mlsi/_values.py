"""Values of a run as Python objects: quantities as Quantity, Bools as bool, texts and enumeration
cases as str, catalogue entries as EntryName, lists as list and records as Record (a mapping)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterator

from ._quantity import Quantity


class EntryName(str):
    """A catalogue entry named in a result (``GPT3``): a str, with the entry's ``kind`` (``Workload``).
    ``mlsi.catalogue[name]`` has its fields."""

    kind: str

    def __new__(cls, name: str, kind: str) -> "EntryName":
        s = super().__new__(cls, name)
        s.kind = kind
        return s

    def __reduce__(self):
        # str's own reduction would call EntryName(name) without its kind.
        return EntryName, (str(self), self.kind)

    def __repr__(self) -> str:
        return f"EntryName({str(self)!r}, kind={self.kind!r})"


class Record(Mapping):
    """A record value (``{memory: 80 GiB, tdp: 700 W}``): a read-only mapping of its fields, in
    declaration order; a field the value lacks is left out. ``kind`` names its type, if it has one."""

    __slots__ = ("kind", "_fields", "_shown")

    def __init__(self, kind: str, fields: dict, shown: str = ""):
        self.kind = kind
        self._fields = fields
        self._shown = shown

    def __getitem__(self, name: str) -> Any:
        return self._fields[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not a field; and _fields itself before it is set (pickle, copy)
            raise AttributeError(name)
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __reduce__(self):
        return Record, (self.kind, self._fields, self._shown)

    def __repr__(self) -> str:
        return f"Record({self.kind!r}, {self._fields!r})" if self.kind else f"Record({self._fields!r})"

    def __str__(self) -> str:
        return self._shown or repr(self)


def value_of(t: tuple) -> Any:
    """The Python value of the extension's value tuple (python/src/convert.hpp)."""
    kind = t[0]
    if kind == "q":
        return Quantity._of(t[1], t[2], t[3], t[4], t[5])
    if kind == "b" or kind == "t" or kind == "e":
        return t[1]
    if kind == "n":
        return EntryName(t[1], t[2])
    if kind == "l":
        return [value_of(item) for item in t[1]]
    if kind == "r":
        return Record(t[1], {name: value_of(v) for name, present, v in t[2] if present}, t[3])
    raise ValueError(f"unknown value kind {kind!r}")


def shown_of(t: tuple) -> str:
    """The value as ``mlsi run`` shows it."""
    kind = t[0]
    if kind == "q":
        return t[5]
    if kind == "b":
        return "true" if t[1] else "false"
    if kind in ("t", "e", "n"):
        return t[1]
    if kind == "l":
        return t[4]
    if kind == "r":
        return t[3]
    return str(t)
