"""The Python sessions in the docs (```python blocks with >>> prompts in README.md and docs/python.md)
run as doctests: each block in order, in one namespace per file, the output exactly as written."""
import doctest
import re

import pytest

from conftest import ROOT

FILES = ["README.md", "docs/python.md"]


def _blocks(path):
    text = (ROOT / path).read_text()
    for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
        if ">>>" in match.group(1):
            yield text[: match.start()].count("\n") + 2, match.group(1)


@pytest.mark.parametrize("path", FILES)
def test_the_sessions_of_a_page_run(path):
    blocks = list(_blocks(path))
    assert blocks, f"{path} has no Python session"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs = {}
    for line, source in blocks:
        test = parser.get_doctest(source, globs, f"{path}:{line}", str(ROOT / path), line - 1)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # DocTest copies its namespace: the next block sees this one's names
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {path} failed (above)"
