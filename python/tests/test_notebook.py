"""docs/notebooks/quickstart.ipynb runs headless (nbclient and ipykernel, Debian's python3-nbclient and
python3-ipykernel) without a cell error, and its outputs hold the values worked out by hand in test_run.py:
full recomputation at microbatch 4 is 18 GiB = 19.327352832 GB; the largest microbatch within 80 GB is 16."""
import copy
import os
import pathlib

import nbformat
import pytest
from nbclient import NotebookClient

from conftest import ROOT

NOTEBOOK = ROOT / "docs" / "notebooks" / "quickstart.ipynb"


@pytest.fixture(scope="module")
def executed():
    # The kernel draws plots inline, as in a notebook, whatever backend the tests' own process uses.
    saved = os.environ.pop("MPLBACKEND", None)
    try:
        return _execute()
    finally:
        if saved is not None:
            os.environ["MPLBACKEND"] = saved


def _execute():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(copy.deepcopy(nb), timeout=120, kernel_name="python3", allow_errors=False,
                            resources={"metadata": {"path": str(ROOT)}})
    return client.execute()


def _text(cell):
    parts = []
    for out in cell.get("outputs", []):
        if out["output_type"] == "stream":
            parts.append(out["text"])
        elif "data" in out:
            parts.append(out["data"].get("text/plain", ""))
            parts.append(out["data"].get("text/html", ""))
    return "\n".join(p for p in parts if p)


def _plain(cell):
    # A DataFrame's text/plain form, without its HTML one.
    return "\n".join(out["data"]["text/plain"] for out in cell.get("outputs", []) if "text/plain" in out.get("data", {}))


def _cell(nb, source_start):
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith(source_start):
            return cell
    raise AssertionError(f"no cell starts with {source_start!r}")


def test_the_committed_notebook_has_no_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def test_every_cell_ran(executed):
    assert all(c.get("execution_count") for c in executed.cells if c.cell_type == "code")


def test_the_fit_check(executed):
    table = _cell(executed, "r = mlsi.run")
    html = next(o["data"]["text/html"] for o in table.outputs if "data" in o)
    assert '<td><code>full</code></td><td style="text-align:right;font-variant-numeric:tabular-nums">18</td>' in html
    assert _text(_cell(executed, "full = ")) == "18 GiB = 19.3274 GB fits in 80 GB: True\n"
    solve = _text(_cell(executed, "s = mlsi.solve"))
    assert solve.startswith("largest microbatch: 16\nbinding: `full <= 80 GB` fails")


def test_the_sweep_and_its_plot(executed):
    frame = _text(_cell(executed, "sweep = mlsi.sweep"))
    # full at microbatch 16, seq_len 4096: 96 * 4096 * 16 * 12288 * 2 B = 154618822656 B = 144 GiB
    last = next(line.split() for line in frame.splitlines() if line.startswith("9 "))
    # Counts as integers, full in GiB (its display unit), named with it.
    assert last == ["9", "16", "4096", "144.0"], frame
    assert "full [GiB]" in frame
    assert _text(_cell(executed, "df.attrs")).strip() == "('GiB', 'full')"
    plot = _cell(executed, "ax = sweep.plot")
    assert any("image/png" in o.get("data", {}) for o in plot.outputs)


def test_the_explanation_and_the_error(executed):
    assert _text(_cell(executed, "print(mlsi.explain")).startswith("ActivationMemory")
    error = _text(_cell(executed, "try:"))
    assert "microbatchh=:1:1: error: scenario `ActivationMemory` has no input `microbatchh`" in error
    assert "did you mean `microbatch`?" in error
    assert error.rstrip().endswith("microbatchh=:1:1 input")


def test_the_cheapest_accelerator(executed):
    # On an L4 (300 GB/s, 0.85 of it for decode reads: catalogue), one decode step of Llama 3.1 8B in BF16
    # reads its 16.06e9 bytes of weights in 16.06e9 / 255e9 s = 63 ms, past the 50 ms target at any batch:
    # infeasible, the inter-token latency binding.
    rows = _plain(_cell(executed, "capacity = mlsi.sweep"))
    l4 = next(line.split() for line in rows.splitlines() if " L4 " in f" {line} ")
    assert l4[2:4] == ["False", "inter_token_latency"], rows
    cheapest = _plain(_cell(executed, "feasible = frame"))
    assert " L4 " not in cheapest and len(cheapest.strip().splitlines()) == 2 + 6, cheapest
    plot = _cell(executed, "ax = capacity.plot")
    assert any("image/png" in o.get("data", {}) for o in plot.outputs)

