"""mlsi.run, mlsi.eval, Quantity and the catalogue, with values worked out by hand.

ActivationMemory (scenarios/training/activation_memory.mls) on the catalogue's GPT3 (96 layers, hidden
12288, 96 heads, seq_len 2048), bytes_per_value 2 byte, as docs/api.md's example works it out:
  s*b*h = 2048 * b * 12288 values per layer input; attention term 5*a*s/h = 5*96*2048/12288 = 80
  none = 96 * s*b*h * (34 + 80) * 2 B / 2;  selective = 96 * s*b*h * 34 B;  full = 96 * s*b*h * 2 B
  microbatch 4: none = 1101659111424 B = 1026 GiB, selective = 306 GiB, full = 18 GiB
"""
import math
import threading

import pytest

import mlsi
from conftest import ROOT, mlsi_cli

GiB = 2**30


def full_bytes(b, s=2048, h=12288, layers=96):
    return layers * s * b * h * 2


def test_run_with_a_number():
    r = mlsi.run("ActivationMemory", microbatch=4)
    assert r.scenario == "ActivationMemory" and r.config == ""
    none = r.outputs["none"]
    assert isinstance(none, mlsi.Quantity)
    assert (none.value, none.unit, none.si, none.dimension) == (1026, "GiB", 1101659111424, "Information")
    assert r.outputs["selective"].si == 306 * GiB
    assert r.outputs["full"].si == 18 * GiB == full_bytes(4)
    assert r["full"] is r.outputs["full"]
    assert r.inputs["microbatch"].si == 4 and r.inputs["microbatch"].dimension == "Count"
    assert r.inputs["workload"] == "GPT3" and r.inputs["workload"].kind == "Workload"
    assert math.isclose(float(r.outputs["selective_savings"]), 40 / 57, rel_tol=1e-15)
    assert r.types["none"] == "Information" and r.types["workload"] == "Workload"


def test_inputs_as_text_quantity_and_catalogue_name():
    as_text = mlsi.run("ActivationMemory", microbatch=4, bytes_per_value="1 byte")
    as_quantity = mlsi.run("ActivationMemory", microbatch=4, bytes_per_value=mlsi.Quantity(1, "byte"))
    assert as_text.outputs["full"].si == as_quantity.outputs["full"].si == full_bytes(4) / 2
    # GPT2 of the catalogue: 48 layers, hidden 1600, 25 heads, seq_len 1024.
    gpt2 = mlsi.run("ActivationMemory", workload="GPT2", microbatch=1)
    assert gpt2.outputs["full"].si == 48 * 1024 * 1 * 1600 * 2
    assert gpt2.inputs["seq_len"].si == 1024


def test_numbers_agree_with_their_text_bit_for_bit():
    # A number goes by its value, a text is read by the language: the same double either way.
    for b in (1, 3, 7.5e-3, 1 / 3):
        by_number = mlsi.run("ActivationMemory", bytes_per_value=mlsi.Quantity(b, "GiB"))
        by_text = mlsi.run("ActivationMemory", bytes_per_value=f"{b!r} GiB")
        assert by_number.si() == by_text.si()


def test_run_gives_what_the_command_line_prints():
    r = mlsi.run("ActivationMemory", microbatch=4)
    assert str(r) == mlsi_cli("run", "ActivationMemory", "--set", "microbatch=4").stdout


def test_config_and_file():
    r = mlsi.run("ActivationMemory", config="gpt2_b8")
    assert r.config == "gpt2_b8"
    assert r.inputs["microbatch"].si == 8
    f = mlsi.run("tests/examples/kv_cache.mls")
    cli = mlsi_cli("run", "tests/examples/kv_cache.mls", "--format", "json").stdout
    assert f.scenario in cli


def test_eval():
    # 989e12 FLOP/s * 0.4 * 30 * 86400 s = 1.0253952e21 FLOP = 1025.3952 EFLOP
    v = mlsi.eval("989 TFLOP/s * 0.4 * 30 day -> EFLOP")
    assert v.unit == "EFLOP" and v.dimension == "Compute"
    assert math.isclose(v.si, 989e12 * 0.4 * 30 * 86400, rel_tol=1e-15)
    assert str(v) == "1025.4 EFLOP"
    assert mlsi.eval("1 + 1") == 2
    assert mlsi.eval("2 > 1") is True
    assert [q.si for q in mlsi.eval("[1, 2] GiB")] == [GiB, 2 * GiB]


def test_quantity():
    q = mlsi.Quantity(18, "GiB")
    assert (q.value, q.unit, q.si, q.dimension) == (18, "GiB", 18 * GiB, "Information")
    gb = q.to("GB")
    assert gb.unit == "GB" and gb.value == 18 * GiB / 1e9 and gb.si == q.si
    assert mlsi.Quantity(1, "byte/s").dimension == "Information / Time"
    assert q == mlsi.Quantity(18 * GiB, "byte") and q > mlsi.Quantity(1, "GB")
    assert float(mlsi.Quantity(0.5)) == 0.5
    with pytest.raises(TypeError, match="not a plain number"):
        float(q)
    with pytest.raises(mlsi.DimensionError) as raised:
        q.to("s")
    assert "GiB" in str(raised.value) and "^" in str(raised.value)
    with pytest.raises(mlsi.Error):
        mlsi.Quantity(1, "furlong")
    assert repr(q) == "Quantity(18, 'GiB')" and str(q) == "18 GiB"


def test_catalogue():
    h100 = mlsi.catalogue["H100"]
    assert h100.kind == "Hardware" and h100.name == "H100"
    # stdlib/catalogue: H100 SXM5, 80 GiB, 3.35 TB/s, 700 W, 989 TFLOP/s (fp16 dense)
    assert h100["memory"].si == 80 * GiB and h100["memory"].unit == "GiB"
    assert h100["memory_bandwidth"].si == 3.35e12 and h100["tdp"].si == 700
    assert h100.peak_flops.si == 989e12 and h100["peak_flops"].dimension == "Compute / Time"
    assert "H100" in mlsi.catalogue and "Hardware" in mlsi.catalogue.kinds()
    assert all(e.kind == "Workload" for e in mlsi.catalogue.of_kind("Workload"))
    with pytest.raises(KeyError, match="H100"):
        mlsi.catalogue["H10O"]
    assert "<table" in h100._repr_html_() and "80" in h100._repr_markdown_()


def test_scenarios():
    names = mlsi.scenarios()
    # The 57 of the training pack, the 8 of the serving pack, the 8 of the systems pack and the planner's 4.
    assert "ActivationMemory" in names and "TrainingStep" in names and len(names) == len(set(names)) == 77


def test_session_with_a_file(tmp_path):
    f = tmp_path / "mine.mls"
    f.write_text("scenario Double {\n  input x: Information = 1 GiB\n  output y: Information = 2 * x\n}\n")
    s = mlsi.Session(files=[f])
    assert "Double" in s.scenarios()
    assert s.run("Double", x="3 GiB").outputs["y"].si == 6 * GiB
    # A file changed on disk is read again.
    f.write_text("scenario Double {\n  input x: Information = 1 GiB\n  output y: Information = 10 * x\n}\n")
    assert mlsi.Session(files=[f]).run("Double").outputs["y"].si == 10 * GiB
    assert s.run("Double").outputs["y"].si == 10 * GiB


def test_check(tmp_path):
    f = tmp_path / "bad.mls"
    f.write_text("scenario Bad {\n  input x: Information = 1 GiB\n  output y: Time = x\n}\n")
    problems = mlsi.check(f)
    assert len(problems) == 1
    d = problems[0]
    assert d.severity == "error" and d.category == "source"
    assert d.location.line == 3 and d.location.file == str(f)
    assert f"{f}:3:" in d.rendered and "^" in d.rendered
    good = tmp_path / "good.mls"
    good.write_text("scenario Good {\n  input x: Information = 1 GiB\n  output y: Information = x\n}\n")
    assert mlsi.check(good) == []


def test_explain():
    x = mlsi.explain("ActivationMemory", microbatch=4)
    # As the command line's, but for the origin of the value given: the keyword, not --set.
    cli = mlsi_cli("run", "ActivationMemory", "--set", "microbatch=4", "--explain").stdout
    assert "microbatch = 4                      microbatch=\n" in x.text
    assert x.text == cli.replace("microbatch = 4                      --set\n", "microbatch = 4                      microbatch=\n")
    assert [o["name"] for o in x.outputs][:3] == ["none", "selective", "full"]
    assert "<pre" in x._repr_html_() and x._repr_markdown_().startswith("```")


def test_solve_largest_microbatch():
    # full = 96 * 2048 * b * 12288 * 2 B = 4831838208 * b bytes <= 80e9 B  =>  b <= 16.56: 16; 17 fails
    s = mlsi.solve("ActivationMemory", max="microbatch", such_that="full <= 80 GB")
    assert s.kind == "solved" and s.value.si == 16 and s.si == 16
    assert s.boundary["si"] == 17 and "full <= 80 GB" in s.boundary["fails"]
    assert s.result.outputs["full"].si == full_bytes(16)
    never = mlsi.solve("ActivationMemory", max="microbatch", such_that="full <= 1 GB")
    assert never.kind == "infeasible" and never.result is None


def test_solve_grid():
    # docs/api.md: the fastest layout of 1,024 GPUs within 80 GB per device with dp >= 16.
    g = mlsi.solve("ParallelLayout", vary={"tp": [1, 2, 4, 8], "pp": [1, 2, 4, 8, 16]}, minimize="step_time",
                   such_that=["state_per_device <= 80 GB", "dp >= 16"], dp="1024/(tp*pp)")
    assert g.kind == "solved"
    assert (g.best[0]["tp"].si, g.best[0]["pp"].si) == (8, 8)
    assert (g.boundary["point"]["tp"].si, g.boundary["point"]["pp"].si) == (8, 16)


def test_a_session_from_two_threads():
    expected = {b: full_bytes(b) for b in range(1, 41)}
    errors = []

    def work(offset):
        try:
            for k in range(200):
                b = (k + offset) % 40 + 1
                got = mlsi.run("ActivationMemory", microbatch=b).outputs["full"].si
                if got != expected[b]:
                    errors.append((b, got))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i * 7,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_session_with_a_catalogue():
    # tests/catalogue/my_chips.toml: the fictional Hypothetica_X1 has 256 GiB and 10 TB/s.
    s = mlsi.Session(catalogues=["tests/catalogue/my_chips.toml"])
    x1 = s.catalogue["Hypothetica_X1"]
    assert x1.kind == "Hardware" and x1.builtin is False
    assert x1["memory"].si == 256 * GiB and x1["memory_bandwidth"].si == 10e12
    assert "Hypothetica_X1" not in mlsi.catalogue
    assert s.eval("Hypothetica_X1.memory -> GiB").si == 256 * GiB
    with pytest.raises(mlsi.Error):
        mlsi.eval("Hypothetica_X1.memory")


def test_session_with_a_file_and_a_catalogue():
    # tests/catalogue/custom_chip.mls: 70e9 * 2 B = 140 GB; 140e9 B / 10e12 B/s = 14 ms on the X1.
    s = mlsi.Session(files=["tests/catalogue/custom_chip.mls"], catalogues=["tests/catalogue/my_chips.toml"])
    r = s.run("WeightStream", config="fictional")
    assert r.inputs["hardware"] == "Hypothetica_X1"
    assert r.outputs["weights"].si == 140e9
    assert math.isclose(r.outputs["time"].si, 14e-3, rel_tol=1e-15) and r.outputs["time"].unit == "ms"
    assert r.outputs["fits"] is True


def test_numpy_values_as_inputs():
    np = pytest.importorskip("numpy")
    r = mlsi.run("ActivationMemory", microbatch=np.int64(4), seq_len=np.float64(1024))
    assert r.outputs["full"].si == full_bytes(4, s=1024)
    s = mlsi.sweep("ActivationMemory", vary={"microbatch": np.arange(1, 4)})
    assert list(s["full"]) == [full_bytes(b) for b in (1, 2, 3)]


def test_a_run_that_reads_calibration_defaults_says_so():
    # tests/golden/commands/show/calibration/: PlainGPU gives datasheet figures only, MeasuredGPU its calibration
    # (gemm_efficiency.bf16 = 0.8). The default share is 0.7 (docs/catalogue.md section 2.14); the note is
    # the one `mlsi run` prints, and str(result) ends with it as the command's table does.
    golden = ROOT / "tests" / "golden" / "commands"
    calibration = golden / "show" / "calibration"
    session = mlsi.Session(catalogues=[calibration / "uncalibrated.toml", calibration / "calibrated.toml"],
                           files=[golden / "run" / "calibration_partial_map_note.mls"])
    plain = session.run("PartialShares", hw="PlainGPU")
    assert plain["bf16_share"].si == 0.7
    assert plain.notes == ["PlainGPU has no calibration of gemm_efficiency; using defaults derived from its datasheet "
                           "(docs/catalogue.md §2.14)"]
    cli = mlsi_cli("run", "tests/golden/commands/run/calibration_partial_map_note.mls", "--set", "hw=PlainGPU",
                   "--catalog", "tests/golden/commands/show/calibration/uncalibrated.toml",
                   "--catalog", "tests/golden/commands/show/calibration/calibrated.toml")
    assert str(plain) == cli.stdout
    measured = session.run("PartialShares", hw="MeasuredGPU")
    assert measured["bf16_share"].si == 0.8
    assert measured.notes == ["MeasuredGPU has no calibration of gemm_efficiency.fp8; using defaults derived from its datasheet "
                              "(docs/catalogue.md §2.14)"]
