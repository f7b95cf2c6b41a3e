"""Messages advise in Python's words: a limit by its key of `limits=`, an input by its keyword, a
scenario by `scenario=`; never a command-line flag (issue 43 item 2). The command line words the same
mistakes with its options (tests/golden)."""
import pytest

import mlsi
from conftest import mlsi_cli

TWO = """scenario First {
  input n: Count
  output twice: Count = 2 * n
}

scenario Second {
  input n: Count = 3
  output same: Count = n
}
"""

DEEP = """fn deep(k: Count) -> Count = if k <= 0 then 0 else 1 + deep(k - 1)

scenario Deep {
  input k: Count = 50
  output d: Count = deep(k)
  output xs: Count = len(range(k))
}
"""


def notes(error):
    return [n.message for n in error.diagnostic.notes]


def test_the_step_limit_names_the_key_of_limits():
    with pytest.raises(mlsi.EvaluationError) as raised:
        mlsi.Session(limits={"max_steps": 10}).run("ActivationMemory")
    assert raised.value.message == "evaluation stopped after 10 steps"
    assert notes(raised.value) == ['raise the limit with limits={"max_steps": N}']
    assert "--" not in str(raised.value)
    cli = mlsi_cli("run", "ActivationMemory", "--max-steps", "10", check=False)
    assert "= note: raise the limit with --max-steps N" in cli.stderr


def test_the_other_limits_name_their_keys(tmp_path):
    path = tmp_path / "deep.mls"
    path.write_text(DEEP)
    cases = [
        ({"max_call_depth": 10}, "calls nested deeper than 10 (a runaway recursion?)", 'raise the limit with limits={"max_call_depth": N}'),
        ({"max_list_length": 10}, "`range` of 50 entries is longer than the limit of 10", 'raise the limit with limits={"max_list_length": N}'),
    ]
    for limits, message, note in cases:
        with pytest.raises(mlsi.EvaluationError) as raised:
            mlsi.Session(files=[str(path)], limits=limits).run("Deep")
        assert raised.value.message == message
        assert notes(raised.value) == [note]
    with pytest.raises(mlsi.Error) as raised:
        mlsi.Session(limits={"max_sweep_points": 10}).sweep("ActivationMemory", vary={"microbatch": list(range(1, 20))})
    assert str(raised.value) == ('error: the sweep has 19 points, more than the limit of 10; vary fewer values, or raise the limit '
                                 'with limits={"max_sweep_points": N} (at most 9007199254740992)')


def test_a_missing_input_is_given_by_its_keyword(tmp_path):
    path = tmp_path / "two.mls"
    path.write_text(TWO)
    with pytest.raises(mlsi.InputError) as raised:
        mlsi.run(str(path), scenario="First")
    assert raised.value.message == "input `n` has no default and was not given"
    # No inputs file: Python has none (its inputs= is a mapping).
    assert notes(raised.value) == ["give it with n=VALUE or in a config"]
    cli = mlsi_cli("run", str(path), "--scenario", "First", check=False)
    assert "= note: give it with --set n=VALUE, in a config, or with --inputs FILE.toml" in cli.stderr


def test_a_file_of_several_scenarios_asks_for_scenario_keyword(tmp_path):
    path = tmp_path / "two.mls"
    path.write_text(TWO)
    with pytest.raises(mlsi.Error) as raised:
        mlsi.run(str(path))
    assert str(raised.value) == f'error: `{path}` declares several scenarios (First, Second); choose one with scenario="NAME"'


def test_an_unknown_entry_names_the_catalogues_keyword():
    with pytest.raises(mlsi.Error) as raised:
        mlsi.run("ServingFit", workload="Foo")
    assert raised.value.message == "there is no Workload `Foo` in the catalogue"
    assert notes(raised.value)[-1] == 'entries of a catalogue file of your own are read with `catalogues=["FILE.toml"]`'
    assert "--" not in str(raised.value)
