"""What the browser test (browser_test.py) stands on: Chromium through chromedriver (python3-selenium) on
a static server of DIST_DIR, the command line MLSI to compare with, and the helpers that read the page.
Importing it starts the server and the browser (served_page.py), from browser_test.py's arguments MLSI DIST_DIR OUT_DIR;
it exits 77 (skipped) without chromium, chromedriver or selenium."""
import json
import math
import os
import re
import shutil
import subprocess
import sys

SKIP = 77


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.common.by import By
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
    from served_page import ServedPage
except ImportError:
    skip("no python3-selenium (bash .ci/install web installs it)")

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROMIUM or not CHROMEDRIVER:
    skip("no chromium or chromedriver (bash .ci/install web installs them)")

MLSI, DIST, OUT = (os.path.abspath(a) for a in sys.argv[1:4])
if not os.path.exists(os.path.join(DIST, "index.html")):
    print(f"FAIL: no {DIST}/index.html: bash web/build.sh builds it")
    sys.exit(1)
os.makedirs(OUT, exist_ok=True)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def mlsi(*args, cwd=ROOT):
    return subprocess.run([MLSI, *args], cwd=cwd, capture_output=True, text=True)


def mlsi_json(*args):
    r = mlsi(*args, "--format", "json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def format_number(x):
    """The table's number (docs/language.md section 12): whole below 10^7 in full, else %.6g."""
    if x == 0:
        return "0"
    if abs(x) < 1e7 and x == int(x):
        return str(int(x))
    return "%.6g" % x


# The served folder and the browser (served_page.py); browser_test.py closes them.
page = ServedPage(DIST, CHROMIUM, CHROMEDRIVER)
driver, BASE = page.driver, page.base
wait = WebDriverWait(driver, 30)


def shown_outputs():
    """name -> (text, data-value) of the outputs table."""
    # Read in one script: the table is replaced whole on every change.
    rows = driver.execute_script("""return [...document.querySelectorAll('table.values.outputs tr')].map(r =>
        [r.dataset.name, r.querySelector('td.value').textContent, r.querySelector('td.value').dataset.value ?? null])""")
    return {name: (text, value) for name, text, value in rows}


def compare_outputs(expected, label):
    shown = shown_outputs()
    check(list(shown) == list(expected["outputs"]), f"{label}: the outputs are {list(expected['outputs'])}")
    for name, v in expected["outputs"].items():
        if isinstance(v, dict) and isinstance(v.get("value"), (int, float)) and not isinstance(v.get("value"), bool):
            text, value = shown.get(name, ("", None))
            check(value is not None and float(value) == v["value"], f"{label}: {name} = {v['value']} exactly (shown data-value {value})")
            check(text == format_number(v["value"]), f"{label}: {name} shown as {format_number(v['value'])!r} (shown {text!r})")


def set_field(name, value):
    field = driver.find_element(By.ID, f"input-{name}")
    field.clear()
    # clear() fires no input event: an emptied field is emptied by keys.
    field.send_keys(value if value else "x" + Keys.BACKSPACE)


def wait_for_value(name, value):
    wait.until(lambda d: shown_outputs().get(name, ("", None))[1] == value)


def wait_ready(url):
    driver.get("about:blank")
    driver.get(url)
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))


def viewport(width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def no_horizontal_scroll(label):
    widths = driver.execute_script("const e = document.scrollingElement; return [e.scrollWidth, e.clientWidth]")
    check(widths[0] <= widths[1], f"{label}: nothing wider than the page (scrollWidth {widths[0]} <= clientWidth {widths[1]})")


FLAG = re.compile(r"(?<![\w-])--[a-z]")


def shown_messages():
    """Every message the page shows: the problems panel, beside the fields, under the plot, the expression's."""
    return driver.execute_script("""return [...document.querySelectorAll('#errors pre, .field .problem, #sweep-plot pre, #expression-result.failed')]
        .map(e => e.textContent).join('\\n')""")


def no_flag_in_messages(label):
    text = shown_messages()
    found = FLAG.findall(text)
    check(text.strip() != "" and not found, f"{label}: a message is shown and it names no command-line option (found {found}): {text!r}")


def underscore_drawn(selector, attribute, label):
    """The element drawn with its text as it is and with its underscores as spaces: they differ, so the
    underscores are drawn (not cut off below the line)."""
    e = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", e)
    original = driver.execute_script(f"return arguments[0].{attribute}", e)
    with_underscores = e.screenshot_as_png
    driver.execute_script(f"arguments[0].{attribute} = arguments[0].{attribute}.replaceAll('_', ' ')", e)
    with_spaces = e.screenshot_as_png
    driver.execute_script(f"arguments[0].{attribute} = arguments[1]", e, original)
    check("_" in original and with_underscores != with_spaces, f"{label}: the underscores of {original!r} are drawn")


def ticks(axis):
    return [float(t.get_attribute("data-value")) for t in driver.find_elements(By.CSS_SELECTOR, f"#sweep-plot text.tick.{axis}")]


def round_linear(values):
    """Ticks at every multiple of one step in their range, the step 1, 2 or 5 times a power of ten."""
    if len(values) < 3:
        return False
    step = values[1] - values[0]
    mantissa = step / 10 ** math.floor(math.log10(step))
    return (any(abs(mantissa - m) < 1e-9 for m in (1, 2, 5))
            and all(abs((b - a) - step) <= 1e-9 * step for a, b in zip(values, values[1:]))
            and all(abs(v / step - round(v / step)) < 1e-9 for v in values))


def round_log(values):
    """Ticks at 1, 2 or 5 times powers of ten, increasing, over at least a decade."""
    def is_round(v):
        mantissa = v / 10 ** math.floor(math.log10(v) + 1e-12)
        return any(abs(mantissa - m) < 1e-9 for m in (1, 2, 5))
    return len(values) >= 2 and all(v > 0 and is_round(v) for v in values) and values == sorted(values) and values[-1] / values[0] >= 10
