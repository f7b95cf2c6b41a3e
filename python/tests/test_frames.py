"""Sweep DataFrames with units (issue 44 item 8): columns named with the unit they are shown in, counts
as integers, list outputs as lists. ActivationMemory of GPT-3 (96 layers, hidden 12288, 2 bytes a value)
at seq_len 2048 with full recomputation keeps 96 * 2048 * 12288 * 2 = 4831838208 byte = 4.5 GiB per
microbatch (docs/python.md's 18 GiB at microbatch 4)."""
import pytest

import mlsi

pd = pytest.importorskip("pandas")


def test_columns_carry_their_display_unit_and_counts_are_integers():
    frame = mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2]}).to_pandas()
    assert list(frame.columns) == ["microbatch", "none [GiB]", "selective [GiB]", "full [GiB]", "none_per_layer [GiB]",
                                   "selective_savings", "full_savings"]
    assert frame["full [GiB]"].tolist() == [4.5, 9.0]
    assert str(frame["microbatch"].dtype) == "int64" and frame["microbatch"].tolist() == [1, 2]
    assert str(frame["full_savings"].dtype) == "float64"  # 56/57: not whole
    assert frame.attrs["units"]["full [GiB]"] == "GiB" and frame.attrs["units"]["microbatch"] == ""
    assert frame.attrs["names"]["full [GiB]"] == "full" and frame.attrs["dimensions"]["full [GiB]"] == "Information"


def test_si_columns():
    frame = mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2]}).to_pandas(units="si")
    assert frame["full [byte]"].tolist() == [4831838208, 2 * 4831838208]
    assert frame.attrs["units"]["full [byte]"] == "byte"


def test_the_plain_frame_of_earlier_versions():
    r = mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2]})
    frame = r.to_pandas(units="plain")
    assert list(frame.columns) == list(r.columns) and frame.index.name == "point"
    assert frame["full"].tolist() == [4831838208, 2 * 4831838208]
    assert frame.attrs["units"]["full"] == "byte" and frame.attrs["display_units"]["full"] == "GiB"
    with pytest.raises(ValueError, match='units is "display", "si" or "plain"'):
        r.to_pandas(units="GiB")


def test_list_outputs_are_lists(tmp_path):
    f = tmp_path / "shards.mls"
    f.write_text("scenario Shards {\n  input n: Count = 2\n  input size: Information = 1 GiB\n"
                 "  output parts: List[Information] = [size / n, size / n * 3] -> MiB\n}\n")
    s = mlsi.sweep(f, vary={"n": [1, 2, 4]})
    # 1 GiB = 1024 MiB: n = 1 gives [1024, 3072] MiB, n = 2 [512, 1536], n = 4 [256, 768].
    assert s.values("parts")[1] == [mlsi.Quantity(512, "MiB"), mlsi.Quantity(1536, "MiB")]
    frame = s.to_pandas()
    assert frame["parts [MiB]"].tolist() == [[1024, 3072], [512, 1536], [256, 768]]
    assert all(type(v) is list for v in frame["parts [MiB]"])
    si = s.to_pandas(units="si")
    assert si["parts [byte]"].tolist()[2] == [2**28, 3 * 2**28]
    assert s.columns["parts"][0] == "[1024, 3072] MiB"  # the column itself keeps the text mlsi sweep shows


def test_entries_stay_names_and_the_units_show():
    capacity = mlsi.sweep("ServingCapacity", vary={"hardware": ["H100", "L4"], "request_rate": ["1 Hz", "10 Hz"]},
                          workload="Llama3_8B", tp=1, weight_precision="bf16", kv_precision="bf16", prompt_len=1024,
                          output_len=256, ttft_target="1 s", itl_target="50 ms")
    frame = capacity.to_pandas()
    assert frame["hardware"].tolist() == ["H100", "H100", "L4", "L4"]
    assert frame["request_rate [Hz]"].tolist() == [1, 10, 1, 10]
    assert str(frame["replicas"].dtype) == "int64" and "monthly_cost [USD]" in frame.columns
