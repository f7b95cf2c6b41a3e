"""What the expected-value scripts of tests/scenarios share (README.md beside this file): the units their
values are written in, turning SI values into the display units of the `expect`s, printing a table of a
module's values or the config blocks of a scenario file, and reading the `expect`s of a .mls file and
checking a value against one. Python standard library only; no mlsi.

A script in a folder beside this file imports it after putting this folder on the path:

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    from expected import GiB, displayed, print_table  # noqa: E402
"""
import importlib.util
import math
import re

# The SI value (byte, s, FLOP) of one unit: binary and decimal bytes, FLOP, times.
KiB, MiB, GiB, TiB = 2.0**10, 2.0**20, 2.0**30, 2.0**40
KB, MB, GB, TB = 1e3, 1e6, 1e9, 1e12
TFLOP, PFLOP = 1e12, 1e15
US, MS = 1e-6, 1e-3
MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0


def ceil(x):
    """The ceiling of a count computed in floating point: a value within 1e-9 above a whole number (a ratio
    such as 3 * (1 + 1e-16)) is that number, as the exact arithmetic it stands for gives."""
    return math.ceil(x - 1e-9)


def displayed(si, display):
    """A module's outputs in the display units of their `expect`s: display[output] is the SI value of its
    unit, None for a value without one (a text, a bool); a list is divided entry by entry."""
    def one(value, unit):
        if unit is None:
            return value
        if isinstance(value, list):
            return [x / unit for x in value]
        return value / unit
    return {k: one(v, display[k]) for k, v in si.items()}


def close(got, want, rel=5e-6):
    """Whether a computed value (or list) agrees with a published one written to 6 significant figures."""
    if isinstance(want, list):
        return len(got) == len(want) and all(close(g, w, rel) for g, w in zip(got, want))
    return abs(got - want) <= rel * abs(want)


def check_worked(got, worked):
    """Each figure of a source's worked example against the script's value of the same output: texts
    exactly, numbers to close()'s tolerance."""
    for k, v in worked.items():
        if isinstance(v, str):
            assert got[k] == v, (k, got[k], v)
        else:
            assert close(got[k], v), (k, got[k], v)


def shown(value, python_bools=False):
    """A value as a table prints it: a number to 6 significant figures, a list of them in brackets, a text as
    it is, a bool as the language writes it (or as Python does, for the tables that always printed so)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value) if python_bools else ("true" if value else "false")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format(x, ".6g") for x in value) + "]"
    return format(value, ".6g")


def print_table(expected, width, python_bools=False):
    """Each config's name, then one line per output: its name padded to `width` and its value."""
    for config, outputs in expected.items():
        print(config)
        for k, v in outputs.items():
            print(f"  {k:{width}} {shown(v, python_bools)}")


def print_expect(output, value, unit="", exact=False):
    """One `expect` line of a config block: a number to 6 significant figures within 0.001 % (none when it is
    0 or `exact`), a bool or a text as written."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = value
    else:
        tolerance = "" if value == 0 or exact else " within 0.001%"
        text = f"{value:.6g}{' ' + unit if unit else ''}{tolerance}"
    print(f"  expect {output} == {text}")


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


def load(path, name=None):
    """The module of a script file, loaded by its path (a script beside another, or a pack's module)."""
    spec = importlib.util.spec_from_file_location(name or path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
