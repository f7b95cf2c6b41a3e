"""docs/python.md's example of sweeps in threads ("Sessions and threads"): 16 threads, each making its
first sweep at the same moment, in a fresh interpreter (the module imported there for the first time).
Before the module found NumPy's C API when imported, two threads deadlocked inside pybind11's first
use of it; the example runs in a subprocess so that a regression fails the test instead of hanging it."""
import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

MARKER = "<!-- python/tests/test_threads.py runs this block"


def _documented_example() -> str:
    text = (ROOT / "docs/python.md").read_text()
    at = text.index(MARKER)
    match = re.compile(r"```python\n(.*?)^```", re.S | re.M).search(text, at)
    assert match, "docs/python.md: no ```python block after the marker"
    return match.group(1)


def test_the_documented_threaded_sweep_runs():
    example = _documented_example()
    assert "range(1, 17)" in example, "the example starts 16 threads"
    # The example's results, as plain numbers on standard output.
    report = example + (
        "\nimport json\n"
        "print(json.dumps({b: {'seq_len': r['seq_len'].tolist(), 'full': r['full'].tolist()}"
        " for b, r in results.items()}))\n"
    )
    try:
        done = subprocess.run([sys.executable, "-c", report], capture_output=True, text=True, cwd=ROOT,
                              env=os.environ, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("the documented threaded sweep did not finish in 300 s: the threads deadlocked")
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert sorted(int(b) for b in results) == list(range(1, 17))
    # Korthikanti et al. (2022), Sec. 4: full recomputation keeps each layer's input, s·b·h values of
    # 2 bytes, for L layers; GPT-3 (Brown et al. 2020, Table 2.1) has L = 96 and h = 12288.
    seq_lens = list(range(1024, 8193, 1024))
    for b, r in results.items():
        assert r["seq_len"] == [float(s) for s in seq_lens]
        assert r["full"] == [float(96 * s * int(b) * 12288 * 2) for s in seq_lens], f"thread of microbatch {b}"
