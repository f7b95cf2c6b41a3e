"""The bounds of issue #39 in Python: diagnostics kept (item 6), the whole call's steps (item 7), limits
and tolerances refused as the command line refuses them (item 11), Ctrl-C during a long call (item 12),
a Quantity is finite and its unit is a unit (item 10), and catalogue values pickle (item 12)."""
import copy
import math
import os
import pickle
import signal
import threading

import pytest

import mlsi
from conftest import mlsi_cli

HEAVY = """scenario Heavy {
  input x: Count = 1
  output n = len(range(1000 + x))
}
"""


def test_diagnostics_kept_are_bounded(tmp_path):
    # 3000 lines `let a = 1`: 2999 errors, 1000 kept, the last entry counting the other 1999.
    path = tmp_path / "dups.mls"
    path.write_text("let a = 1\n" * 3000)
    with pytest.raises(mlsi.Error) as raised:
        mlsi.Session(files=[str(path)])
    found = raised.value.diagnostics
    assert len(found) == 1001
    assert found[-1].message == "1999 more diagnostics not kept (at most 1000 are kept)"
    assert found[-1].severity == "error"
    assert "error: 1999 more diagnostics not kept (at most 1000 are kept)" in str(raised.value)


def test_a_sweep_is_bounded_as_a_whole(tmp_path):
    # 10,000 points of more than 1000 steps (one per entry of range(1000 + x)): past 10^6 steps in all.
    path = tmp_path / "heavy.mls"
    path.write_text(HEAVY)
    session = mlsi.Session(limits={"max_total_steps": 1_000_000})
    with pytest.raises(mlsi.EvaluationError) as raised:
        session.sweep(str(path), vary={"x": "1..10000 step 1"})
    assert raised.value.message == "evaluation stopped after 1000000 steps in all"
    assert [n.message for n in raised.value.diagnostic.notes][-1] == 'raise the limit with limits={"max_total_steps": N}'
    # The command line stops the same sweep with the same message.
    cli = mlsi_cli("sweep", str(path), "--vary", "x=1..10000 step 1", "--max-total-steps", "1000000", "--format", "csv", check=False)
    assert cli.returncode == 1 and "error: evaluation stopped after 1000000 steps in all" in cli.stderr


@pytest.mark.parametrize("name, value, message", [
    ("max_call_depth", 2**32 + 1, "max_call_depth is at most 100000, given `4294967297`"),
    ("max_call_depth", 2**31, "max_call_depth is at most 100000, given `2147483648`"),
    ("max_nesting", 2**32, "max_nesting is at most 10000, given `4294967296`"),
    ("max_steps", -1, "max_steps needs a positive whole number, given `-1`"),
    ("max_steps", 2**64, "max_steps is at most 1000000000000000000, given `18446744073709551616`"),
    ("max_steps", 0, "max_steps needs a positive whole number, given `0`"),
    ("max_steps", 1.5, "max_steps needs a positive whole number, given `1.5`"),
    ("max_steps", float("inf"), "max_steps needs a positive whole number, given `inf`"),
    ("max_steps", True, "max_steps needs a positive whole number, given `True`"),
])
def test_limits_are_refused_as_the_command_line_refuses_them(name, value, message):
    with pytest.raises(ValueError) as raised:
        mlsi.Session(limits={name: value})
    assert str(raised.value) == message


def test_limit_messages_are_the_command_lines():
    cli = mlsi_cli("run", "ActivationMemory", "--max-depth", str(2**32 + 1), check=False)
    assert cli.returncode == 2
    assert cli.stderr.splitlines()[0] == "error: --max-depth is at most 100000, given `4294967297`"
    with pytest.raises(KeyError):
        mlsi.Session(limits={"max_depth": 10})


@pytest.mark.parametrize("tol", [float("nan"), 0, 1, -1e-9, 2.0])
def test_a_tolerance_outside_zero_to_one_is_refused(tol):
    with pytest.raises(ValueError) as raised:
        mlsi.solve("ActivationMemory", max="microbatch", such_that="full <= 80 GB", tol=tol)
    assert str(raised.value) == f"tol needs a number between 0 and 1 (exclusive), such as 1e-6; given `{tol!r}`"
    cli = mlsi_cli("solve", "ActivationMemory", "--max", "microbatch", "--such-that", "full <= 80 GB", "--tol", "nan", check=False)
    assert "error: --tol needs a number between 0 and 1 (exclusive), such as 1e-6; given `nan`" in cli.stderr


def test_ctrl_c_stops_a_long_sweep(tmp_path):
    # A sweep that would take minutes (10^6 points of more than 1000 steps, no bound on the whole call
    # reached): SIGINT, sent from another thread once the sweep has begun, stops it with KeyboardInterrupt.
    path = tmp_path / "heavy.mls"
    path.write_text(HEAVY)
    session = mlsi.Session(limits={"max_total_steps": 10**18})
    started = threading.Event()
    timer = threading.Thread(target=lambda: (started.wait(), threading.Event().wait(0.5), os.kill(os.getpid(), signal.SIGINT)))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        started.set()
        session.sweep(str(path), vary={"x": "1..1000000 step 1"}, jobs=2)
    timer.join()
    # The session is usable after it.
    assert session.run(str(path), x=2).outputs["n"] == 1002  # len(range(1002))


def test_a_quantity_is_finite():
    # 1e300 years in attoseconds: 1e300 * 31536000 s / 1e-18 s is about 3e325, past the largest double.
    with pytest.raises(mlsi.EvaluationError):
        mlsi.Quantity(1e300, "year").to("as")
    with pytest.raises(mlsi.Error) as raised:
        mlsi.Quantity(1e308, "YB").si  # 1e308 * 1e24 byte
    # The language's own error for `1e+308 YB`.
    assert "too large for a double" in raised.value.message
    with pytest.raises(mlsi.EvaluationError):
        mlsi.Quantity(float("nan"), "GB")
    with pytest.raises(mlsi.EvaluationError):
        mlsi.Quantity(float("inf"))
    assert mlsi.Quantity(1, "year").to("s").value == 31536000  # 365 days of 86400 s


def test_a_huge_pint_quantity_is_an_error():
    pint = pytest.importorskip("pint")
    registry = pint.UnitRegistry()
    with pytest.raises(mlsi.Error) as raised:
        mlsi.Quantity.from_pint(registry.Quantity(1e308, "yottabyte"))
    assert "too large for a double" in raised.value.message


def test_a_unit_is_a_unit_not_an_expression():
    with pytest.raises(mlsi.ParseError) as raised:
        mlsi.Quantity(2, "GB + 1 GB")
    assert str(raised.value).startswith("`GB + 1 GB` is not a unit")
    with pytest.raises(mlsi.Error):
        mlsi.Quantity(1, "GBB")  # the language's own error, with its suggestion
    assert mlsi.Quantity(2, "byte/s").si == 2
    assert mlsi.Quantity(3, "GiB/s").si == 3 * 2**30


def test_the_unit_cache_is_bounded(monkeypatch):
    from mlsi import _units
    monkeypatch.setattr(_units, "_CACHE_SIZE", 8)
    monkeypatch.setattr(_units, "_cache", _units.collections.OrderedDict())
    for i in range(20):
        assert _units.resolve("GB" + " " * i) == (1e9, "Information")  # 20 distinct texts of one unit
    assert list(_units._cache) == ["GB" + " " * i for i in range(12, 20)]  # the 8 used last


def test_catalogue_entries_and_values_pickle():
    entry = mlsi.catalogue["H100"]
    again = pickle.loads(pickle.dumps(entry))
    assert (again.name, again.kind, dict(again)) == (entry.name, entry.kind, dict(entry))
    assert copy.deepcopy(entry).name == entry.name
    result = mlsi.run("ActivationMemory")
    for value in result.outputs.values():
        assert pickle.loads(pickle.dumps(value)) == value
    q = mlsi.Quantity(80, "GB")
    assert pickle.loads(pickle.dumps(q)) == q and str(pickle.loads(pickle.dumps(q))) == "80 GB"
    assert math.isfinite(q.si)
