"""The catalogue: hardware, workloads, clusters, datasets, ... as read-only mappings."""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any, Dict, Iterator, List

from . import _display, _values
from ._values import value_of


class Entry(Mapping):
    """One catalogue entry: a read-only mapping of its fields (quantities in the unit the catalogue
    wrote them in, references to other entries by name), with its ``name``, ``kind`` (``Hardware``)
    and ``aliases``. A field the entry does not have is left out."""

    def __init__(self, name: str, kind: str, aliases: List[str], builtin: bool, value: tuple):
        self.name = name
        self.kind = kind
        self.aliases = list(aliases)
        self.builtin = builtin
        self._value = value
        self._fields: Dict[str, Any] = {f: value_of(v) for f, present, v in value[2] if present}

    def __getitem__(self, field: str) -> Any:
        try:
            return self._fields[field]
        except KeyError:
            raise KeyError(f"{self.kind} {self.name} has no field {field!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __getattr__(self, field: str) -> Any:
        if field.startswith("_"):
            raise AttributeError(field)
        try:
            return self._fields[field]
        except KeyError:
            raise AttributeError(f"{self.kind} {self.name} has no field {field!r}") from None

    def __reduce__(self):
        # Made again from what the extension gave: its fields are plain values (pickle, copy, multiprocessing).
        return Entry, (self.name, self.kind, self.aliases, self.builtin, self._value)

    def __repr__(self) -> str:
        return f"<mlsi.Entry {self.kind} {self.name}>"

    def _sections(self):
        # Numbers right-aligned with their units after them; texts (names, references) after the numbers.
        rows = [(f, *(_display.split_shown(v) if v[0] in ("q", "l") else ("", _values.shown_of(v))))
                for f, present, v in self._value[2] if present]
        return f"{self.name} ({self.kind})", [("", rows)]

    def __str__(self) -> str:
        return _display.text_table(*self._sections())

    def _repr_html_(self) -> str:
        return _display.html_table(*self._sections())

    def _repr_markdown_(self) -> str:
        return _display.markdown_table(*self._sections())


class Catalogue(Mapping):
    """Every entry by name or alias: ``catalogue["H100"]``. ``kinds()`` lists the kinds,
    ``of_kind("Hardware")`` the entries of one."""

    def __init__(self, items: list):
        self._entries: Dict[str, Entry] = {}
        self._names: Dict[str, str] = {}
        for name, kind, aliases, builtin, value in items:
            self._entries[name] = Entry(name, kind, aliases, builtin, value)
            self._names[name] = name
            for alias in aliases:
                self._names.setdefault(alias, name)

    def __getitem__(self, name: str) -> Entry:
        key = self._names.get(name)
        if key is None:
            close = difflib.get_close_matches(name, self._names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise KeyError(f"the catalogue has no entry {name!r}{hint}")
        return self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def kinds(self) -> List[str]:
        return sorted({e.kind for e in self._entries.values()})

    def of_kind(self, kind: str) -> List[Entry]:
        return [e for e in self._entries.values() if e.kind == kind]

    def __repr__(self) -> str:
        return f"<mlsi.Catalogue: {len(self)} entries of {len(self.kinds())} kinds>"
