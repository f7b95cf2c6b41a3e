#!/usr/bin/env python3
"""The inference and planner packs' expected values, computed independently of mlsi, against their `expect`s
(and those of tests/examples/prelude_formulas.mls, the prelude's formula functions: OTHERS).

Each scenarios/PACK/NAME.mls (PACK: inference, plan) has a module tests/scenarios/PACK/NAME.py (Python standard library
only) that computes, from the formulas of the pack's specification and the catalogue values it quotes,
EXPECTED = {config: {output: value}}: a number in the display unit the `expect` writes, a bool, or a str.
This script reads every `expect` of every config and checks that it agrees with the module's value within
the expect's own tolerance (`within P%`; a published anchor's rounding), and that neither side has an
entry the other lacks. mlsi is never run here: `mlsi test` checks the interpreter against the same
expects. Exit status 0 when everything agrees, 1 otherwise.

    python3 tests/scenarios/inference_expected.py [ROOT]
"""
import importlib.util
import math
import pathlib
import re
import sys

CONFIG = re.compile(r"^\s*config\s+(\w+)\s+for\s+(\w+)\s*\{")
EXPECT = re.compile(r"^\s*expect\s+(\w+)\s*==\s*(.*?)(?:\s+within\s+([0-9.eE+-]+)\s*%)?(?:\s+source\s+\".*\")?\s*$")
NUMBER = re.compile(r"^([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(%?)")


def expects_of(path):
    """{config: {output: [(literal text, tolerance as a fraction or None, line number), ...]}} of one file: an
    output may have several expects (the formula's value and a published anchor's rounding)."""
    out, config = {}, None
    for n, line in enumerate(path.read_text().splitlines(), 1):
        m = CONFIG.match(line)
        if m:
            config = m.group(1)
            out.setdefault(config, {})
            continue
        m = EXPECT.match(line)
        if m and config is not None:
            tolerance = float(m.group(3)) / 100 if m.group(3) else None
            out[config].setdefault(m.group(1), []).append((m.group(2).strip(), tolerance, n))
        if line.startswith("}"):
            config = None
    return {c: e for c, e in out.items() if e}


def agrees(literal, tolerance, value):
    """Whether an expect's literal (`1.5 GiB`, `true`, `"text"`, `12 %`, `[1, 2] ms`) states `value`."""
    if isinstance(value, (list, tuple)):
        m = re.match(r"^\[(.*)\]\s*(%?)", literal)
        if not m:
            return False
        items = [i.strip() for i in m.group(1).split(",")] if m.group(1).strip() else []
        percent = m.group(2)
        return len(items) == len(value) and all(agrees(i + percent, tolerance, v) for i, v in zip(items, value))
    if isinstance(value, bool):
        return literal == ("true" if value else "false")
    if isinstance(value, str):
        return literal in (f'"{value}"', value)
    m = NUMBER.match(literal)
    if not m:
        return False
    stated = float(m.group(1)) / (100 if m.group(2) else 1)
    if tolerance is None:
        return stated == value or math.isclose(stated, value, rel_tol=1e-12, abs_tol=0)
    return abs(stated - value) <= tolerance * abs(value) + 1e-300


# The packs whose every scenario file has an expected-value module: the inference pack and the planner.
PACKS = ("inference", "plan")
# Other scenario files checked the same way, each with its module: the prelude's formula functions.
OTHERS = (("tests/examples/prelude_formulas.mls", "tests/scenarios/prelude/prelude_formulas.py"),)


def module_of(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(root):
    problems, checked = [], 0
    files = []
    for name in PACKS:
        pack = root / "scenarios" / name
        found = sorted(pack.glob("*.mls"))
        if not found:
            problems.append(f"{pack}: no scenario files")
        files += [(mls, root / "tests" / "scenarios" / name / (mls.stem + ".py")) for mls in found]
    files += [(root / mls, root / script) for mls, script in OTHERS]
    for mls, script in files:
        if not script.exists():
            problems.append(f"{mls.name}: no expected-value module {script.relative_to(root)}")
            continue
        expected = module_of(script).EXPECTED
        stated = expects_of(mls)
        for config in sorted(set(stated) | set(expected)):
            if config not in expected:
                problems.append(f"{mls.name}: config `{config}` has expects but {script.name} computes none")
                continue
            if config not in stated:
                problems.append(f"{script.name}: config `{config}` is computed but {mls.name} has no such config with expects")
                continue
            for output in sorted(set(stated[config]) | set(expected[config])):
                if output not in expected[config]:
                    problems.append(f"{mls.name}:{stated[config][output][0][2]}: `{config}.{output}` is not computed by {script.name}")
                elif output not in stated[config]:
                    problems.append(f"{mls.name}: config `{config}` has no expect for `{output}` ({script.name} computes {expected[config][output]!r})")
                else:
                    for literal, tolerance, line in stated[config][output]:
                        checked += 1
                        if not agrees(literal, tolerance, expected[config][output]):
                            problems.append(f"{mls.name}:{line}: `{config}.{output}` expects {literal}, "
                                            f"computed {expected[config][output]!r}")
    for p in problems:
        print(p)
    print(f"{checked} expects of {len(files)} files agree" if not problems else f"{len(problems)} problems")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])))
