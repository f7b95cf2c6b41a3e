"""A scenario's source (`mlsi.source`, `Session.source`): the file that declares it, byte for byte, compared
with the file itself; and a built-in pack file named as a path that is not on disk."""
import pytest

import mlsi
from conftest import ROOT, cli_json


def test_a_builtin_scenarios_source_is_its_pack_file():
    expected = (ROOT / "scenarios" / "training" / "activation_memory.mls").read_text(encoding="utf-8")
    assert mlsi.source("ActivationMemory") == expected
    assert mlsi.Session().source("ServingFleet") == (ROOT / "scenarios" / "serving" / "serving_fleet.mls").read_text(encoding="utf-8")


def test_a_session_files_scenario_comes_first(tmp_path):
    # A file of the session declaring a scenario of a built-in one's name: its own text, not the pack file's.
    text = "scenario ActivationMemory {\n  output one = 1\n}\n"
    path = tmp_path / "mine.mls"
    path.write_text(text, encoding="utf-8")
    assert mlsi.Session(files=[path]).source("ActivationMemory") == text


def test_no_such_scenario():
    with pytest.raises(KeyError, match="no scenario 'ActivationMemori'"):
        mlsi.source("ActivationMemori")


def test_a_builtin_pack_file_by_its_name(tmp_path, monkeypatch):
    # From a folder without the file, as `mlsi run activation_memory.mls` there: the embedded file.
    monkeypatch.chdir(tmp_path)
    by_file = mlsi.run("activation_memory.mls", microbatch=2)
    # GPT3: 96 layers, hidden 12288, at 2048 tokens: full = 96 * 2048 * 2 * 12288 * 2 byte = 9 GiB.
    assert by_file.outputs["full"].si == 96 * 2048 * 2 * 12288 * 2 == 9 * 2**30
    by_name = cli_json("run", "ActivationMemory", "--set", "microbatch=2")["outputs"]["full"]
    assert (by_file.outputs["full"].value, by_file.outputs["full"].unit) == (by_name["value"], by_name["unit"])
