"""Session(workload_config=...): a Hugging Face config.json as `mlsi run --workload FILE.json` takes it (issue #44
item 3). tests/hf/llama-3.2-1b.json is Llama 3.2 1B's published config.

Expected values from the config's own numbers and tests/hf/expected.toml, whose parameter count
tests/hf/parameters.py makes independently of mlsi (every weight tensor of the modeling code, the tied
embedding table once): 1235814400. TrainingStateFit's weights are parameters x bytes_per_value (4 byte by
default): 1235814400 * 4 byte = 4943257600 byte.
"""
import pathlib
import tomllib

import pytest

import mlsi

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tests" / "hf" / "llama-3.2-1b.json"
PARAMETERS = tomllib.loads((ROOT / "tests" / "hf" / "expected.toml").read_text())["llama-3.2-1b"]["total"]


def test_the_config_is_the_workload_of_every_run():
    s = mlsi.Session(workload_config=CONFIG, workload_key="Llama32_1B")
    r = s.run("TrainingStateFit")
    assert r.inputs["workload"] == "Llama32_1B"
    assert PARAMETERS == 1235814400
    assert r.outputs["weights"].si == PARAMETERS * 4
    assert s.catalogue["Llama32_1B"]["layers"] == 16  # num_hidden_layers


def test_a_sweep_and_a_solve_take_it_too():
    s = mlsi.Session(workload_config=str(CONFIG), workload_key="Llama32_1B")
    swept = s.sweep("TrainingStateFit", vary={"bytes_per_value": ["2 byte", "4 byte"]})
    assert list(swept.to_pandas(units="plain")["weights"]) == pytest.approx([PARAMETERS * 2, PARAMETERS * 4], rel=1e-12)
    # total = (2 + optimizer_slots) * 1235814400 * 4 byte <= 80e9 byte: optimizer_slots <= 80e9 / 4943257600 - 2
    # = 14.18, a whole number: 14.
    assert 80e9 / (PARAMETERS * 4) - 2 == pytest.approx(14.1837, abs=1e-4)
    assert s.solve("TrainingStateFit", max="optimizer_slots", such_that="total <= 80 GB").value == 14


def test_the_key_is_made_from_the_config_without_workload_key():
    s = mlsi.Session(workload_config=CONFIG)
    key = s.run("TrainingStateFit").inputs["workload"]
    assert s.catalogue[key]["layers"] == 16


def test_a_scenario_without_a_workload_input_says_so():
    s = mlsi.Session(workload_config=CONFIG)
    with pytest.raises(mlsi.Error) as caught:
        s.run("PipelineSchedule")
    assert str(caught.value) == "error: scenario `PipelineSchedule` has no input of kind Workload for workload_config to set"


def test_the_workload_input_given_too_is_an_error():
    s = mlsi.Session(workload_config=CONFIG, workload_key="Llama32_1B")
    with pytest.raises(mlsi.Error) as caught:
        s.run("TrainingStateFit", workload="GPT2")
    assert str(caught.value) == "error: workload_config and workload= both give `workload`: give one of them"


def test_a_config_that_cannot_be_read_raises_at_once():
    with pytest.raises(mlsi.Error) as caught:
        mlsi.Session(workload_config=ROOT / "tests" / "hf" / "no-such.json")
    assert "cannot find config file" in str(caught.value)


def test_workload_key_needs_workload_config():
    with pytest.raises(ValueError):
        mlsi.Session(workload_key="Llama32_1B")
