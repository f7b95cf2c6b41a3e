"""What a run, an explanation and a solve give back."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from . import _display
from ._values import value_of


class Result:
    """A scenario's run: ``inputs`` and ``outputs`` map each name (in declaration order) to its value
    (a Quantity, a bool, a str, an EntryName, a list or a Record); ``types`` to its type as the language
    writes it (``Information``, ``List[Time]``). ``result["none"]`` looks in the outputs, then the inputs.
    An input that nothing read and that cannot be evaluated is None (``mlsi run`` shows ``(not used)``).
    ``str(result)`` is the table ``mlsi run`` prints; notebooks show it as a table too."""

    __slots__ = ("_raw", "_items", "_inputs", "_outputs")

    def __init__(self, raw: Any):
        # `raw` is the extension's RunResult (or a dict of the same keys), read only as far as needed.
        self._raw = raw
        self._items: Dict[str, list] = {}
        self._inputs: Optional[Dict[str, Any]] = None
        self._outputs: Optional[Dict[str, Any]] = None

    @property
    def scenario(self) -> str:
        return self._raw["scenario"]

    @property
    def config(self) -> str:
        return self._raw["config"]

    def _part(self, part: str) -> list:
        items = self._items.get(part)
        if items is None:
            items = self._items[part] = self._raw[part]
        return items

    @property
    def inputs(self) -> Dict[str, Any]:
        """Each input's value by name, in declaration order (None: not used)."""
        if self._inputs is None:
            self._inputs = {n: (value_of(v) if v is not None else None) for n, _t, _a, v in self._part("inputs")}
        return self._inputs

    @property
    def outputs(self) -> Dict[str, Any]:
        """Each output's value by name, in declaration order."""
        if self._outputs is None:
            self._outputs = {n: value_of(v) for n, _t, _a, v in self._part("outputs")}
        return self._outputs

    @property
    def types(self) -> Dict[str, str]:
        """Each input's and output's type as the language writes it."""
        return {n: t for n, t, _a, _v in self._part("inputs") + self._part("outputs")}

    @property
    def notes(self) -> List[str]:
        """What the run says beside its values: one line per catalogue entry whose calibration defaults it
        read (docs/catalogue.md section 2.14), as ``mlsi run`` prints them after the outputs; empty for a run
        that read none. ``str(result)`` ends with them."""
        return [d["message"] for d in self._raw["diagnostics"]["list"] if d["severity"] == "note"]

    def __getitem__(self, name: str) -> Any:
        if name in self.outputs:
            return self.outputs[name]
        if name in self.inputs:
            return self.inputs[name]
        raise KeyError(f"{self.scenario} has no input or output {name!r}")

    def si(self) -> Dict[str, Any]:
        """Every input and output as plain Python values, quantities as their SI numbers (floats):
        what ``mlsi run --format json`` writes as ``si``."""
        def plain(v: Any) -> Any:
            if hasattr(v, "si"):
                return v.si
            if isinstance(v, list):
                return [plain(x) for x in v]
            if hasattr(v, "items"):
                return {k: plain(x) for k, x in v.items()}
            return v
        return {n: plain(v) for n, v in {**self.inputs, **self.outputs}.items()}

    def _sections(self):
        title = self.scenario + (f" (config {self.config})" if self.config else "")
        return title, [("inputs", _display.rows_of(self._part("inputs"))), ("outputs", _display.rows_of(self._part("outputs")))]

    def __str__(self) -> str:
        notes = "".join(f"note: {n}\n" for n in self.notes)
        return _display.text_table(*self._sections()) + ("\n" + notes if notes else "")

    def __repr__(self) -> str:
        outputs = ", ".join(f"{n}={v}" for n, v in self.outputs.items())
        return f"<mlsi.Result {self.scenario}: {outputs}>"

    def _repr_html_(self) -> str:
        return _display.html_table(*self._sections())

    def _repr_markdown_(self) -> str:
        return _display.markdown_table(*self._sections())


class Explanation:
    """How each output of a run was derived, as ``mlsi run --explain`` shows it: ``text`` is exactly
    what it prints, ``json`` the tree of ``--explain --format json`` (parsed), ``outputs`` its outputs."""

    def __init__(self, raw: dict):
        self.scenario: str = raw["scenario"]
        self.config: str = raw["config"]
        self.text: str = raw["text"]
        self.json: Dict[str, Any] = json.loads(raw["json"])

    @property
    def outputs(self) -> List[Dict[str, Any]]:
        return self.json.get("outputs", [])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<mlsi.Explanation {self.scenario}>"

    def _repr_html_(self) -> str:
        import html
        return f'<pre class="mlsi">{html.escape(self.text)}</pre>'

    def _repr_markdown_(self) -> str:
        return "```text\n" + self.text + ("" if self.text.endswith("\n") else "\n") + "```\n"


class SolveResult:
    """The answer of mlsi.solve. ``kind`` is ``"solved"``, ``"infeasible"`` or ``"unbounded"`` (a
    one-input solve; a grid solve is solved or infeasible). ``value`` is the answer (the input's value,
    or for a grid the objective at the best point) as a Quantity, ``result`` the scenario's run there
    (a Result; None unless solved), ``boundary`` the first value tried past the answer and the
    condition it fails there (``boundary["fails"]``), ``evaluated`` the number of evaluations, ``best``
    the best points of a grid (each a dict of its varied inputs and its ``objective``)."""

    def __init__(self, raw: dict, input: str):
        self.kind: str = raw["kind"]
        self.input = input
        self.evaluated: int = raw["evaluated"]
        self.whole: bool = raw["whole"]
        self.tolerance: float = raw["tolerance"]
        self.points: int = raw["points"]
        self.feasible: int = raw["feasible"]
        self.result: Optional[Result] = Result(raw["run"]) if raw["run"]["ok"] else None
        self.boundary: Optional[Dict[str, Any]] = None
        if raw["boundary"] is not None:
            b = raw["boundary"]
            self.boundary = {"si": b["si"], "fails": b["fails"], "point": _point(b["point"]) if b["point"] else None}
        self.best: List[Dict[str, Any]] = [_point(p) for p in raw["best"]]
        self._si: float = raw["si"]

    @property
    def si(self) -> float:
        """The answer in SI (the end of the domain when unbounded)."""
        return self._si

    @property
    def value(self) -> Any:
        if self.best:
            return self.best[0]["objective"]
        if self.result is not None and self.input in self.result.inputs:
            return self.result.inputs[self.input]
        return self._si

    def __repr__(self) -> str:
        fails = f"; past it {self.boundary['fails']}" if self.boundary else ""
        return f"<mlsi.SolveResult {self.kind}: {self.input or 'objective'} = {self.value}{fails}>"

    def __str__(self) -> str:
        head = f"{self.kind}: {self.input or 'objective'} = {self.value}"
        if self.boundary:
            head += f"\nbinding: {self.boundary['fails']}"
        return head + ("\n\n" + str(self.result) if self.result is not None else "\n")

    def _repr_html_(self) -> str:
        import html
        head = f"<p><b>{html.escape(self.kind)}</b>: <code>{html.escape(self.input or 'objective')}</code> = {html.escape(str(self.value))}"
        if self.boundary:
            head += f"<br>binding: {html.escape(self.boundary['fails'])}"
        return head + "</p>" + (self.result._repr_html_() if self.result is not None else "")

    def _repr_markdown_(self) -> str:
        head = f"**{self.kind}**: `{self.input or 'objective'}` = {self.value}\n"
        if self.boundary:
            head += f"\nbinding: {self.boundary['fails']}\n"
        return head + ("\n" + self.result._repr_markdown_() if self.result is not None else "")


def _point(p: dict) -> Dict[str, Any]:
    out: Dict[str, Any] = {n: value_of(v) for n, _t, _a, v in p["inputs"]}
    out["objective"] = value_of(p["objective"])
    out["index"] = p["index"]
    return out
