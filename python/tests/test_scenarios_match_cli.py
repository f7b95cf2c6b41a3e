"""Every built-in scenario, with no config and with each of its configs, run through mlsi.run gives
the values `mlsi run --format json` gives: the same SI numbers (bit for bit), Bools, texts, entries,
lists and records; and a run the command line refuses raises in Python with the same message."""
import json
import math
import re

import pytest

import mlsi
from conftest import ROOT, mlsi_cli


def _cases():
    cases = []
    for path in sorted((ROOT / "scenarios").glob("*/*.mls")):
        text = path.read_text()
        for scenario in re.findall(r"^scenario\s+(\w+)", text, re.M):
            cases.append((scenario, None))
        for config, scenario in re.findall(r"^config\s+(\w+)\s+for\s+(\w+)", text, re.M):
            cases.append((scenario, config))
    return cases


CASES = _cases()


def test_the_cases_cover_every_builtin_scenario():
    assert {s for s, _ in CASES} == set(mlsi.scenarios())
    assert len({s for s, _ in CASES}) == 77  # the three packs
    assert sum(1 for _, c in CASES if c) >= 57  # every scenario ships configs


def _same(python, cli, where):
    """`python` (a module value) holds what `cli` (its JSON from `mlsi run`) says."""
    if isinstance(cli, dict) and "si" in cli:
        assert isinstance(python, mlsi.Quantity), where
        si = cli["si"]
        assert python.si == si or (math.isnan(python.si) and si is None), f"{where}: {python.si!r} != {si!r}"
        assert python.unit == cli["unit"], where
        assert python.dimension == cli["dimension"], where
        assert python.value == cli["value"], where
    elif isinstance(cli, dict) and set(cli) == {"value"}:  # a Bool, a text, an enumeration's case
        assert python == cli["value"] and type(python) is type(cli["value"]), f"{where}: {python!r} != {cli!r}"
    elif isinstance(cli, dict) and "entry" in cli:
        assert isinstance(python, mlsi.EntryName) and python == cli["entry"] and python.kind == cli["kind"], where
    elif isinstance(cli, dict) and "items" in cli:
        assert isinstance(python, list) and len(python) == len(cli["items"]), where
        for i, (p, c) in enumerate(zip(python, cli["items"])):
            _same(p, c, f"{where}[{i}]")
    elif isinstance(cli, dict) and "fields" in cli:
        assert isinstance(python, mlsi.Record), where
        present = {k: v for k, v in cli["fields"].items() if v is not None}
        assert set(python) == set(present), where
        for k, v in present.items():
            _same(python[k], v, f"{where}.{k}")
    elif isinstance(cli, list):
        assert isinstance(python, list) and len(python) == len(cli), where
        for i, (p, c) in enumerate(zip(python, cli)):
            _same(p, c, f"{where}[{i}]")
    elif isinstance(cli, dict):
        assert isinstance(python, (dict, mlsi.Record)), where
        for k, v in cli.items():
            if v is None:
                assert k not in python, f"{where}.{k}"
            else:
                _same(python[k], v, f"{where}.{k}")
    else:
        assert python == cli and type(python) is type(cli), f"{where}: {python!r} != {cli!r}"


@pytest.mark.parametrize("scenario,config", CASES, ids=[f"{s}-{c or 'defaults'}" for s, c in CASES])
def test_run_gives_the_command_lines_values(scenario, config):
    args = ["run", scenario, "--format", "json"] + (["--config", config] if config else [])
    done = mlsi_cli(*args, check=False)
    if done.returncode != 0:
        with pytest.raises(mlsi.Error) as raised:
            mlsi.run(scenario, config=config)
        assert raised.value.message in done.stderr
        return
    cli = json.loads(done.stdout)
    result = mlsi.run(scenario, config=config)
    assert result.scenario == cli["scenario"]
    assert (result.config or None) == cli["config"]
    for part in ("inputs", "outputs"):
        values = getattr(result, part)
        assert list(values) == list(cli[part]), part
        for name, value in cli[part].items():
            if value is None:
                assert values[name] is None, name
            else:
                _same(values[name], value, f"{scenario}.{name}")


def test_a_second_run_of_a_scenario_gives_the_same_values():
    first = mlsi.run("ZeroSharding", n_devices=32)
    again = mlsi.run("ZeroSharding", n_devices=32)
    assert first.si() == again.si()
