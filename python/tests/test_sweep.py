"""mlsi.sweep into NumPy columns, checked against the formula worked by hand in NumPy (test_run.py's
docstring: full = 96 * s * b * 12288 * 2 B, selective = 17 * full, none = 57 * full with GPT3's 96
heads at s = 2048; the attention term 5*a*s/h grows with s), and the GIL released while it runs."""
import threading
import time

import numpy as np
import pytest

import mlsi

GiB = 2**30


def test_sweep_columns_are_si_numbers():
    b = [1, 2, 4, 8]
    s = list(range(1024, 16385, 1024))
    r = mlsi.sweep("ActivationMemory", vary={"microbatch": b, "seq_len": range(1024, 16385, 1024)})
    assert len(r) == r.total == 64
    assert list(r.columns)[:2] == ["microbatch", "seq_len"] and r.varied == ["microbatch", "seq_len"]
    grid_b, grid_s = np.meshgrid(b, s, indexing="ij")  # the last varied input fastest
    assert np.array_equal(r["microbatch"], grid_b.ravel().astype(float))
    assert np.array_equal(r["seq_len"], grid_s.ravel().astype(float))
    full = 96 * r["seq_len"] * r["microbatch"] * 12288 * 2
    assert r["full"].dtype == np.float64 and np.array_equal(r["full"], full)
    assert np.array_equal(r["selective"], 17 * full)
    attention = 5 * 96 * r["seq_len"] / 12288  # 5*a*s/h per s*b*h
    assert np.allclose(r["none"], 96 * r["seq_len"] * r["microbatch"] * 12288 * (34 + attention), rtol=1e-15)
    assert r.units["full"] == "byte" and r.display_units["full"] == "GiB" and r.factors["full"] == GiB
    assert r.dimensions["full"] == "Information" and r.units["selective_savings"] == ""
    assert np.array_equal(r.in_display_units("full"), full / GiB)
    assert np.array_equal(r.index, np.arange(64))
    assert r.errors == []


def test_where_keeps_the_points_that_pass():
    r = mlsi.sweep("ActivationMemory", vary={"microbatch": range(1, 101)}, where="full <= 80 GB")
    # 4831838208 * b <= 80e9  =>  b <= 16
    assert r.total == 100 and len(r) == 16
    assert list(r["microbatch"]) == list(range(1, 17)) and list(r.index) == list(range(16))


def test_a_spec_text_quantities_and_fixed_inputs():
    r = mlsi.sweep("ActivationMemory", vary={"seq_len": "1024..8192 *2", "bytes_per_value": [mlsi.Quantity(1, "byte"), "2 byte"]},
                   microbatch=2)
    assert list(r["seq_len"]) == [1024.0, 1024.0, 2048.0, 2048.0, 4096.0, 4096.0, 8192.0, 8192.0]
    assert list(r["bytes_per_value"]) == [1.0, 2.0] * 4
    assert np.array_equal(r["full"], 96 * r["seq_len"] * 2 * 12288 * r["bytes_per_value"])


def test_bool_and_list_columns():
    r = mlsi.sweep("ZeroSharding", vary={"n_devices": [8, 64, 512]})
    fits = r["fits"]
    assert isinstance(fits, list) and len(fits) == 3 and all(isinstance(x, str) for x in fits)


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    r = mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2]})
    frame = r.to_pandas(units="plain")  # test_frames.py: the default, with units in the names
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == list(r.columns) and frame.index.name == "point"
    assert frame["full"].tolist() == [96 * 2048 * 12288 * 2, 96 * 2048 * 12288 * 4]
    assert frame.attrs["units"]["full"] == "byte" and frame.attrs["display_units"]["full"] == "GiB"


def test_plot(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    r = mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2, 4, 8], "seq_len": [1024, 2048]})
    ax = r.plot(x="microbatch", y="full", by="seq_len")
    assert ax.get_xlabel() == "microbatch" and ax.get_ylabel() == "full [GiB]"
    lines = ax.get_lines()
    assert len(lines) == 2
    assert list(lines[0].get_ydata()) == [96 * 1024 * b * 12288 * 2 / GiB for b in (1, 2, 4, 8)]
    ax.figure.savefig(tmp_path / "plot.png")
    assert (tmp_path / "plot.png").stat().st_size > 1000


def test_plot_by_an_entry():
    # A line per catalogue entry: the `by` column holds text. TrainingStateFit's `capacity` is the
    # accelerator's memory: 80 GiB for H100 and 141 GiB for H200 (their datasheets' 80 and 141 GB of HBM,
    # which the catalogue keeps as GiB), whatever the bytes per value.
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    r = mlsi.sweep("TrainingStateFit", vary={"bytes_per_value": ["2 byte", "4 byte"], "hardware": ["H100", "H200"]})
    ax = r.plot(x="bytes_per_value", y="capacity", by="hardware")
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["capacity, hardware = H100", "capacity, hardware = H200"]
    assert [list(line.get_ydata()) for line in lines] == [[80, 80], [141, 141]]


def test_sweep_errors_raise():
    with pytest.raises(mlsi.InputError):
        mlsi.sweep("ActivationMemory", vary={"microbatchh": [1, 2]})
    with pytest.raises(mlsi.DimensionError) as raised:
        mlsi.sweep("ActivationMemory", vary={"microbatch": [1]}, where="full <= 80")
    assert str(raised.value).startswith("where:1:")


def test_the_gil_is_released_while_a_sweep_runs():
    # About 8 million points. A thread that held the GIL for the whole call would stop the main thread
    # until the call returned: the main thread would take no step between the worker's entering the
    # call and its leaving it. No duration is asserted (a loaded machine may be slow or fast).
    inside = threading.Event()
    done = threading.Event()

    def sweep():
        inside.set()
        mlsi.sweep("ActivationMemory", vary={"microbatch": range(1, 4001), "seq_len": range(1, 2001)}, where="full < 0 GB")
        done.set()

    worker = threading.Thread(target=sweep)
    worker.start()
    inside.wait()
    steps = 0
    while not done.is_set():
        steps += 1
        time.sleep(0.0005)
    worker.join()
    assert steps >= 5, f"the main thread took {steps} steps while the sweep ran"