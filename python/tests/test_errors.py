"""Errors raise mlsi.Error subclasses whose message is the rendered diagnostic (file:line:col, the
source line, the caret) and whose attributes hold the structured diagnostics."""
import pytest

import mlsi
from conftest import mlsi_cli


def test_unknown_input_is_an_input_error_with_a_suggestion():
    with pytest.raises(mlsi.InputError) as raised:
        mlsi.run("ActivationMemory", microbatchh=4)
    e = raised.value
    d = e.diagnostic
    assert d.message == "scenario `ActivationMemory` has no input `microbatchh`"
    assert d.category == "input" and d.severity == "error"
    # The location names the keyword that gave the value, not the command line's --set.
    assert (d.location.file, d.location.line, d.location.column, d.location.end_column) == ("microbatchh=", 1, 1, 12)
    assert [n.message for n in d.notes][0] == "did you mean `microbatch`?"
    # The message is what the command line prints for the same mistake, but for that name.
    cli = mlsi_cli("run", "ActivationMemory", "--set", "microbatchh=4", check=False)
    assert cli.returncode != 0
    assert str(e).replace("microbatchh=:1:1:", "--set:1:1:", 1) + "\n" in cli.stderr
    assert str(e).startswith("microbatchh=:1:1: error: scenario `ActivationMemory` has no input `microbatchh`\n 1 | microbatchh=4\n   | ^~~~~~~~~~~")


def test_locations_name_the_keywords_never_the_command_line():
    """An input's value, vary=, where= and such_that= are named as Python gives them (issue 44 item 9)."""
    cases = [
        (lambda: mlsi.run("ActivationMemory", microbatch="4 GB"), mlsi.InputError,
         "microbatch=:1:12: error: input `microbatch` expects Count, found Information\n 1 | microbatch=4 GB\n   |            ^~~~"),
        (lambda: mlsi.run("ActivationMemory", inputs={"microbatch": mlsi.Quantity(4, "GB")}), mlsi.InputError,
         "microbatch=:1:12: error: input `microbatch` expects Count, found Information"),
        (lambda: mlsi.sweep("ActivationMemory", vary={"microbatch": "1 GB,2 GB"}), mlsi.InputError,
         "vary:1:12: error: vary microbatch needs values of Count, found Information\n 1 | microbatch=1 GB,2 GB\n   |            ^~~~"),
        (lambda: mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2]}, seq_len="4 s"), mlsi.InputError,
         "seq_len=:1:9: error: input `seq_len` expects Count, found Time"),
        (lambda: mlsi.sweep("ActivationMemory", vary={"microbatch": [1, 2]}, where="full <= 3"), mlsi.DimensionError,
         "where:1:6: error: cannot compare Information and Count\n 1 | full <= 3\n   | ~~~~ ^~ ~"),
        (lambda: mlsi.solve("ActivationMemory", max="microbatch", such_that="full <= 3"), mlsi.DimensionError,
         "such_that:1:6: error: cannot compare Information and Count"),
        (lambda: mlsi.solve("ActivationMemory", vary={"microbatch": [1, "2 s"]}, minimize="full", such_that="full <= 80 GB"),
         mlsi.InputError, "vary:1:14: error: vary microbatch needs values of Count, found Time"),
    ]
    for call, cls, start in cases:
        with pytest.raises(cls) as raised:
            call()
        assert str(raised.value).startswith(start), str(raised.value)
        assert "--set" not in str(raised.value) and "--vary" not in str(raised.value) and "--where" not in str(raised.value)
        assert "--such-that" not in str(raised.value)
    # The command line words the same mistakes with its options, as before.
    cli = mlsi_cli("run", "ActivationMemory", "--set", "microbatch=4 GB", check=False).stderr
    assert cli.startswith("--set:1:12: error: input `microbatch` expects Count, found Information\n")
    cli = mlsi_cli("sweep", "ActivationMemory", "--vary", "microbatch=1 GB,2 GB", check=False).stderr
    assert cli.startswith("--vary:1:12: error: --vary microbatch needs values of Count, found Information\n")


def test_a_value_outside_its_where_is_an_input_error():
    with pytest.raises(mlsi.InputError) as raised:
        mlsi.run("ActivationMemory", microbatch=0)
    assert "does not satisfy" in raised.value.message and raised.value.diagnostic.category == "input"
    assert "^" in str(raised.value)


def test_a_value_of_the_wrong_dimension_is_an_input_error():
    with pytest.raises(mlsi.InputError) as raised:
        mlsi.run("ActivationMemory", bytes_per_value=mlsi.Quantity(2, "s"))
    assert raised.value.message == "input `bytes_per_value` expects Information, found Time"


def test_syntax_and_dimension_errors_of_an_expression():
    with pytest.raises(mlsi.ParseError) as parse:
        mlsi.eval("1 +")
    assert parse.value.diagnostic.category == "syntax" and str(parse.value).startswith("<eval>:1:")
    with pytest.raises(mlsi.DimensionError) as dim:
        mlsi.eval("1 GiB + 1 s")
    assert dim.value.diagnostic.category == "source" and "^" in str(dim.value)


def test_a_failed_check_raises_check_failed(tmp_path):
    f = tmp_path / "checked.mls"
    f.write_text("scenario Checked {\n  input x: Count = 1\n  output y: Count = 2 * x\n  check y < 10 else \"y is too large\"\n}\n")
    assert mlsi.run(f, x=4).outputs["y"].si == 8
    with pytest.raises(mlsi.CheckFailed) as raised:
        mlsi.run(f, x=5)
    assert raised.value.message == "check failed: y is too large"
    assert f"{f}:4:" in str(raised.value)


def test_evaluation_errors(tmp_path):
    f = tmp_path / "divide.mls"
    f.write_text("scenario Divide {\n  input x: Count = 0\n  output y: Count = 1 / x\n}\n")
    with pytest.raises(mlsi.EvaluationError) as raised:
        mlsi.run(f)
    assert raised.value.diagnostic.category == "evaluation"


def test_a_file_that_does_not_parse(tmp_path):
    f = tmp_path / "broken.mls"
    f.write_text("scenario Broken {\n  input x: Count = \n}\n")
    with pytest.raises(mlsi.ParseError) as raised:
        mlsi.run(f)
    assert f"{f}:3:1: error: syntax error" in str(raised.value)
    with pytest.raises(mlsi.ParseError):
        mlsi.Session(files=[f])


def test_unknown_scenario_and_config():
    with pytest.raises(mlsi.InputError, match="ActivationMemroy"):
        mlsi.run("ActivationMemroy")
    with pytest.raises(mlsi.InputError, match="no config"):
        mlsi.run("ActivationMemory", config="nonesuch")


def test_every_error_is_an_mlsi_error():
    for cls in (mlsi.ParseError, mlsi.DimensionError, mlsi.InputError, mlsi.CheckFailed, mlsi.EvaluationError):
        assert issubclass(cls, mlsi.Error) and issubclass(cls, Exception)
    with pytest.raises(TypeError):
        mlsi.run("ActivationMemory", microbatch=object())
