#!/usr/bin/env python3
"""The serving, systems and planner packs' expected values, computed independently of mlsi, against their `expect`s
(and those of tests/examples/prelude_formulas.mls, the prelude's formula functions: OTHERS).

Each scenarios/PACK/NAME.mls (PACK: serving, systems, plan) has a module tests/scenarios/PACK/NAME.py (Python standard library
only) that computes, from the formulas of the pack's specification and the catalogue values it quotes,
EXPECTED = {config: {output: value}}: a number in the display unit the `expect` writes, a bool, or a str.
This script reads every `expect` of every config and checks that it agrees with the module's value within
the expect's own tolerance (`within P%`; a published anchor's rounding), and that neither side has an
entry the other lacks. mlsi is never run here: `mlsi test` checks the interpreter against the same
expects. Exit status 0 when everything agrees, 1 otherwise.

    python3 tests/scenarios/packs_expected.py [ROOT]
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from expected import agrees, expects_of, load  # noqa: E402


# The packs whose every scenario file has an expected-value module: serving, systems and the planner.
PACKS = ("serving", "systems", "plan")
# Other scenario files checked the same way, each with its module: the prelude's formula functions.
OTHERS = (("tests/examples/prelude_formulas.mls", "tests/scenarios/prelude/prelude_formulas.py"),)


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
        expected = load(script).EXPECTED
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
