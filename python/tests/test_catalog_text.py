"""Session(catalog_text=...): catalogue entries given as TOML text or as a dict (issue #44 item 3).

Four_H100 is a test node of 4 H100 per node: a fleet of 3 of them has 3 * 4 = 12 accelerators; TrainingRun's
peak_time is training_flops / (accelerators * peak_flops), so with the H100's 989 TFLOP/s (its datasheet's
dense BF16 figure, the catalogue's peak_flops) and 1e21 FLOP: 1e21 / (12 * 989e12) s.
"""
import pytest

import mlsi

NODE = {
    "name": "four H100 on one baseboard",
    "accelerator": "H100",
    "accelerators_per_node": 4,
    "intra_node_bandwidth": "900 GB/s",
    "intra_node_bidirectional": True,
    "source": "a test fixture",
}

TOML = """[Node.Four_H100]
name = "four H100 on one baseboard"
accelerator = "H100"
accelerators_per_node = 4
intra_node_bandwidth = "900 GB/s"
intra_node_bidirectional = true
source = "a test fixture"
"""

FLEET = "{node: Four_H100, nodes: 3, fabric: InfiniBand_NDR}"


@pytest.mark.parametrize("entries", [TOML, {"Node": {"Four_H100": NODE}}], ids=["toml", "dict"])
def test_entries_given_in_python_serve_a_run(entries):
    session = mlsi.Session(catalog_text=entries)
    r = session.run("TrainingRun", fleet=FLEET, training_flops="1e21 FLOP")
    assert r.outputs["peak_time"].si == pytest.approx(1e21 / (12 * 989e12), rel=1e-12)


def test_an_entry_with_an_error_is_reported_with_its_place():
    with pytest.raises(mlsi.Error) as caught:
        mlsi.Session(catalog_text={"Node": {"Four_H100": dict(NODE, accelerator="H1000")}})
    assert "<catalog_text>:3:15" in str(caught.value)
    assert "`accelerator` names `H1000`, which is not in the catalogue" in str(caught.value)


def test_catalog_text_is_toml_or_a_dict():
    with pytest.raises(TypeError):
        mlsi.Session(catalog_text=42)
