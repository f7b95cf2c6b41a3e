#!/usr/bin/env python3
"""The playground and the widget in a real browser (ctest web_browser; web/README.md).

Serves web/dist on 127.0.0.1, opens it in Debian's Chromium through chromedriver (python3-selenium).
At 1280x900 and at 420x900: the results are above the fold and nothing is wider than the page. Then
runs a built-in scenario, changes an input, and checks the values shown against `mlsi run --format
json`; checks that underscores are drawn; gives an input a value outside its `where` and one that does
not parse, and checks the interpreter's messages (and that none names a command-line option); chooses
an entry of a catalogue-kind input from its list; adds a line with a dimension error to the editor and
checks its marker and message against `mlsi check`; plots a sweep and checks its points against `mlsi
sweep`, its ticks (round values, then with a log scale) and a categorical input as its axis; evaluates
expressions as `mlsi -e` does; pastes a catalogue entry and runs with it as `mlsi run --catalog` does;
reloads the share link; runs the widget. Saves screenshots into OUT_DIR (playground-1280.png and
playground-420.png: the first view; playground.png: the dimension error; playground-sweep.png and
playground-sweep-log.png: the plot; playground-categorical.png; playground-catalogue.png: a pasted entry
in use; widget.png).

usage: browser_test.py MLSI DIST_DIR OUT_DIR      exit 77 (skipped) without chromium, chromedriver or selenium
"""
import functools
import http.server
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SKIP = 77


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
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


# --- a static server on 127.0.0.1 (any free port), serving .wasm as application/wasm
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=DIST))
threading.Thread(target=server.serve_forever, daemon=True).start()
BASE = f"http://127.0.0.1:{server.server_address[1]}/"

profile = tempfile.mkdtemp(prefix="mlsi-chromium-")
options = webdriver.ChromeOptions()
options.binary_location = CHROMIUM
for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", "--window-size=1400,1000"]:
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
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


try:
    started = time.time()
    driver.get(BASE + "index.html#scenario=ActivationMemory")
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    check(True, f"the playground loaded and ran ActivationMemory in {time.time() - started:.2f} s")
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    check(all(r.startswith(BASE) for r in resources), f"every resource comes from the page's own server: {resources}")

    # 0. The answer first: at 1280x900 and at 420x900 the results' table ends above the fold, and nothing
    # is wider than the page, with the plot drawn and with each tab below open.
    for width in (1280, 420):
        viewport(width, 900)
        wait_ready(BASE + "index.html#scenario=ActivationMemory")
        bottom = driver.execute_script("return document.querySelector('table.values.outputs').getBoundingClientRect().bottom")
        check(bottom < 900, f"{width}x900: the results end at {bottom:.0f} px, above the fold")
        no_horizontal_scroll(f"{width}x900")
        marks = driver.execute_script("return performance.getEntriesByType('mark').map(m => m.name)")
        check(marks.index("mlsi:first-result") < marks.index("mlsi:editor"), f"{width}x900: the first result comes before the editor: {marks}")
        driver.save_screenshot(os.path.join(OUT, f"playground-{width}.png"))
        print(f"screenshot: {os.path.join(OUT, f'playground-{width}.png')}")
        driver.find_element(By.ID, "sweep-run").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sweep-plot circle"))
        no_horizontal_scroll(f"{width}x900 with the plot")
        for tab in driver.find_elements(By.CSS_SELECTOR, ".tabs [role=tab]"):
            tab.click()
            panel = driver.find_element(By.ID, tab.get_attribute("aria-controls"))
            check(panel.is_displayed(), f"{width}x900: the tab {tab.text!r} shows its panel")
            no_horizontal_scroll(f"{width}x900, tab {tab.text!r}")
            # Nor is anything in the panel read by scrolling sideways: the text wraps.
            boxes = driver.execute_script("""return [...arguments[0].querySelectorAll('.cm-scroller, pre, textarea')]
                .map(e => [e.id || e.className, e.scrollWidth, e.clientWidth])""", panel)
            check(all(sw <= cw for _, sw, cw in boxes), f"{width}x900, tab {tab.text!r}: no sideways scrolling inside: {boxes}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    wait_ready(BASE + "index.html#scenario=ActivationMemory")

    # 1. The built-in scenario with its defaults, then microbatch = 4.
    compare_outputs(mlsi_json("run", "ActivationMemory"), "ActivationMemory")
    expected = mlsi_json("run", "ActivationMemory", "--set", "microbatch=4")
    set_field("microbatch", "4")
    wait_for_value("none", str(expected["outputs"]["none"]["value"]))
    compare_outputs(expected, "ActivationMemory, microbatch=4")
    labels = driver.execute_script("return [...document.querySelectorAll('#input-fields label')].map(l => l.textContent)")
    check(labels == ["workload", "microbatch", "seq_len", "bytes_per_value"], f"the inputs are labelled by their names, underscores and all: {labels}")
    underscore_drawn("label[for=input-seq_len]", "textContent", "the label seq_len")
    underscore_drawn("#input-seq_len", "placeholder", "the field of seq_len (its default)")
    underscore_drawn("table.values.outputs tr[data-name=none_per_layer] td", "textContent", "the output none_per_layer")

    # 2. A value outside the input's `where`: the interpreter's message beside the field, a marker in the text.
    set_field("microbatch", "0")
    wait.until(lambda d: "invalid" in d.find_element(By.CSS_SELECTOR, ".field[data-input=microbatch]").get_attribute("class"))
    cli = mlsi("run", "ActivationMemory", "--set", "microbatch=0")
    message = cli.stderr.splitlines()[0].split(": error: ", 1)[1]
    shown = driver.find_element(By.CSS_SELECTOR, ".field[data-input=microbatch] .problem").text
    check(shown == message, f"microbatch=0: the field says {message!r} (shown {shown!r})")
    check(len(driver.find_elements(By.CSS_SELECTOR, ".cm-lintRange-error")) >= 1, "microbatch=0: its `where` is marked in the editor")
    no_flag_in_messages("microbatch=0")
    notes = driver.execute_script("return window.mlsiPlayground.mlsi.run({scenario: 'ActivationMemory', inputs: {microbatch: '0'}}).diagnostics[0].notes.map(n => n.message)")
    check(notes == ["`microbatch` was given by microbatch="], f"microbatch=0: the note names the page's input, not --set: {notes}")
    # An input that does not parse: the message places it in the input's text, named as the page names it.
    set_field("microbatch", "4 +")
    wait.until(lambda d: "syntax error" in d.find_element(By.ID, "errors").text)
    cli = mlsi("run", "ActivationMemory", "--set", "microbatch=4 +")
    panel = driver.find_element(By.ID, "errors").text
    check(cli.returncode != 0 and panel == cli.stderr.rstrip("\n").replace("--set:", "microbatch=:"),
          f"microbatch=4 +: mlsi run's message, at microbatch= instead of --set:\n{panel}")
    no_flag_in_messages("microbatch=4 +")
    set_field("microbatch", "4")
    wait_for_value("none", str(expected["outputs"]["none"]["value"]))

    # 2b. An input of a catalogue kind is a searchable choice of the catalogue's entries of that kind.
    field = driver.find_element(By.ID, "input-workload")
    choices = driver.execute_script("return [...arguments[0].list.options].map(o => o.value)", field)
    workloads = [e["key"] for e in mlsi_json("list", "Workload")]
    check(field.aria_role == "combobox" and choices == workloads,
          f"workload is a combobox listing the {len(workloads)} workloads of mlsi list Workload (role {field.aria_role}, {len(choices)} listed)")
    set_field("workload", "GPT2")
    gpt2 = mlsi_json("run", "ActivationMemory", "--set", "microbatch=4", "--set", "workload=GPT2")
    wait_for_value("none", str(gpt2["outputs"]["none"]["value"]))
    compare_outputs(gpt2, "workload GPT2 chosen")
    set_field("workload", "")
    wait_for_value("none", str(expected["outputs"]["none"]["value"]))

    # 3. A dimension error typed into the editor: `full` (Information) + `seq_len` (a Count).
    # A new line after the scenario's output `full` (the editor indents it as the line above).
    line = "output broken = full + seq_len"
    # The editor draws only the lines in view: the cursor is put at the end of that line, scrolled into
    # view, and the rest is typed.
    driver.execute_script("""
        const view = window.mlsiPlayground.view, doc = view.state.doc;
        for (let n = 1; n <= doc.lines; ++n)
          if (doc.line(n).text.trim().startsWith("output full")) {
            view.dispatch({selection: {anchor: doc.line(n).to}, scrollIntoView: true});
            break;
          }
        view.focus();""")
    webdriver.ActionChains(driver).send_keys(Keys.END).send_keys(Keys.ENTER).send_keys(line).perform()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cm-lintRange-error"))
    text = driver.execute_script("return window.mlsiPlayground.view.state.doc.toString()")
    check(line in text, "the line was typed into the editor")
    folder = tempfile.mkdtemp(prefix="mlsi-web-")
    with open(os.path.join(folder, "activation_memory.mls"), "w") as f:
        f.write(text)
    cli = mlsi("check", "activation_memory.mls", cwd=folder)
    check(cli.returncode == 3 and "cannot add Information and Count" in cli.stderr, f"mlsi check says: {cli.stderr.splitlines()[0] if cli.stderr else ''}")
    panel = "\n".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, "#errors pre"))
    check(panel == cli.stderr.rstrip("\n"), f"the page shows mlsi check's diagnostic:\n{panel}")
    marked = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".cm-lintRange-error")]
    check("+" in marked, f"the `+` is marked as the error (marked: {marked})")
    check(len(driver.find_elements(By.CSS_SELECTOR, ".cm-lint-marker-error")) == 1, "one error marker in the gutter")
    driver.save_screenshot(os.path.join(OUT, "playground.png"))
    print(f"screenshot: {os.path.join(OUT, 'playground.png')}")

    # 4. Back to the built-in text; a sweep of microbatch plotted.
    driver.find_element(By.ID, "reset-source").click()
    wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".cm-lintRange-error"))
    wait_for_value("none", str(expected["outputs"]["none"]["value"]))
    Select(driver.find_element(By.ID, "sweep-input")).select_by_value("microbatch")
    values = driver.find_element(By.ID, "sweep-values")
    values.clear()
    values.send_keys("1..8 step 1")
    Select(driver.find_element(By.ID, "sweep-output")).select_by_value("full")
    driver.find_element(By.ID, "sweep-run").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sweep-plot circle"))
    sweep = mlsi_json("sweep", "ActivationMemory", "--vary", "microbatch=1..8 step 1")
    dots = [(float(c.get_attribute("data-x")), float(c.get_attribute("data-y"))) for c in driver.find_elements(By.CSS_SELECTOR, "#sweep-plot circle")]
    check(dots == [(r["microbatch"]["value"], r["full"]["value"]) for r in sweep["rows"]], f"the plot's points are mlsi sweep's: {dots}")
    panel = driver.find_element(By.ID, "sweep")
    driver.execute_script("arguments[0].scrollIntoView()", panel)
    panel.screenshot(os.path.join(OUT, "playground-sweep.png"))
    print(f"screenshot: {os.path.join(OUT, 'playground-sweep.png')}")
    # The axes' ticks: round values, each labelled as the table writes numbers; a log scale puts them at
    # powers of ten (and 2 and 5 times them).
    labels = [(float(t.get_attribute("data-value")), t.text) for t in driver.find_elements(By.CSS_SELECTOR, "#sweep-plot text.tick")]
    check(all(text == format_number(v) for v, text in labels), f"every tick is labelled with its value: {labels}")
    linear_x, linear_y = ticks("x"), ticks("y")
    check(round_linear(linear_x) and linear_x[0] <= 1 and linear_x[-1] >= 8, f"x ticks at round values covering 1..8: {linear_x}")
    full = [r["full"]["value"] for r in sweep["rows"]]
    check(round_linear(linear_y) and linear_y[0] <= 0 and linear_y[-1] >= max(full), f"y ticks at round values covering 0..{max(full)}: {linear_y}")
    driver.find_element(By.ID, "log-y").click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#sweep-plot svg").get_attribute("data-log-y") == "true")
    log_y = ticks("y")
    check(log_y != linear_y and round_log(log_y) and log_y[0] <= min(full) and log_y[-1] >= max(full), f"log y: ticks at 1, 2, 5 x 10^k covering {min(full)}..{max(full)}: {log_y}")
    driver.find_element(By.ID, "log-x").click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#sweep-plot svg").get_attribute("data-log-x") == "true")
    log_x = ticks("x")
    check(log_x != linear_x and round_log(log_x) and log_x[0] <= 1 and log_x[-1] >= 8, f"log x: ticks at 1, 2, 5 x 10^k covering 1..8: {log_x}")
    dots_log = [(float(c.get_attribute("data-x")), float(c.get_attribute("data-y"))) for c in driver.find_elements(By.CSS_SELECTOR, "#sweep-plot circle")]
    check(dots_log == dots, "the log scale plots the same points")
    panel.screenshot(os.path.join(OUT, "playground-sweep-log.png"))
    print(f"screenshot: {os.path.join(OUT, 'playground-sweep-log.png')}")
    for box in ("log-x", "log-y"):
        driver.find_element(By.ID, box).click()
    # A categorical input on the axis: workload, one bar per entry, as mlsi sweep computes them.
    Select(driver.find_element(By.ID, "sweep-input")).select_by_value("workload")
    values = driver.find_element(By.ID, "sweep-values")
    suggested = values.get_attribute("value").split(",")
    check(suggested[0] == "GPT3" and all(k in workloads for k in suggested), f"varying workload suggests entries of the catalogue, GPT3 first: {suggested}")
    values.clear()
    values.send_keys("GPT3,GPT2,Llama2_70B")
    driver.find_element(By.ID, "sweep-run").click()
    wait.until(lambda d: [c.get_attribute("data-x") for c in d.find_elements(By.CSS_SELECTOR, "#sweep-plot circle")] == ["GPT3", "GPT2", "Llama2_70B"])
    by_workload = mlsi_json("sweep", "ActivationMemory", "--vary", "workload=GPT3,GPT2,Llama2_70B", "--set", "microbatch=4")
    bars = [(c.get_attribute("data-x"), float(c.get_attribute("data-y"))) for c in driver.find_elements(By.CSS_SELECTOR, "#sweep-plot circle")]
    check(bars == [(r["workload"]["entry"], r["full"]["value"]) for r in by_workload["rows"]], f"the categorical plot's points are mlsi sweep's: {bars}")
    check([t.text for t in driver.find_elements(By.CSS_SELECTOR, "#sweep-plot text.tick.x")] == ["GPT3", "GPT2", "Llama2_70B"], "each category is labelled on the axis")
    panel.screenshot(os.path.join(OUT, "playground-categorical.png"))
    print(f"screenshot: {os.path.join(OUT, 'playground-categorical.png')}")
    # A sweep whose values do not read: the message names the page's `vary`, not --vary.
    values.clear()
    values.send_keys("GPT3,NoSuchModel")
    driver.find_element(By.ID, "sweep-run").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sweep-plot pre"))
    no_flag_in_messages("a sweep over an unknown entry")
    values.clear()
    Select(driver.find_element(By.ID, "sweep-input")).select_by_value("microbatch")
    values.clear()
    values.send_keys("1..8 step 1")
    driver.find_element(By.ID, "sweep-run").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#sweep-plot circle")) == 8)

    # 4b. The expression box evaluates as `mlsi -e` does, and shows what it prints (or its message).
    box = driver.find_element(By.ID, "expression-input")
    for expression in ["989 TFLOP/s * 0.4 * 30 day -> EFLOP", "1 GiB -> MB", "1 GiB + 1 s"]:
        box.clear()
        box.send_keys(expression)
        cli = mlsi("-e", expression)
        printed = cli.stdout if cli.returncode == 0 else cli.stderr
        shown = ""
        try:
            wait.until(lambda d: d.execute_script("return document.getElementById('expression-result').textContent") == printed)
        except TimeoutException:
            shown = driver.execute_script("return document.getElementById('expression-result').textContent")
        check(shown == "", f"the expression box shows what mlsi -e {expression!r} prints: {printed!r}" + (f" (shown {shown!r})" if shown else ""))
    no_flag_in_messages("1 GiB + 1 s")
    box.clear()
    box.send_keys("1 GiB -> MB")

    # 5. The share link: a fresh page on it shows the same file, inputs and results.
    link = driver.current_url
    check("scenario=ActivationMemory" in link and "in.microbatch=4" in link, f"the link holds the scenario and the input: {link}")
    driver.get("about:blank")
    driver.get(link)
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    check(driver.find_element(By.ID, "input-microbatch").get_attribute("value") == "4", "the link restores microbatch = 4")
    compare_outputs(expected, "the shared link")

    # 6. The planner: BestLayout from a GPU count, as `mlsi run BestLayout` answers it.
    driver.get("about:blank")
    driver.get(BASE + "index.html#scenario=BestLayout&in.gpus=64&in.global_batch=64")
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    best = mlsi_json("run", "BestLayout", "--set", "gpus=64", "--set", "global_batch=64")
    wait_for_value("step_time", str(best["outputs"]["step_time"]["value"]))
    compare_outputs(best, "BestLayout of 64 GPUs")
    set_field("gpus", "128")
    more = mlsi_json("run", "BestLayout", "--set", "gpus=128", "--set", "global_batch=64")
    wait_for_value("step_time", str(more["outputs"]["step_time"]["value"]))
    compare_outputs(more, "BestLayout of 128 GPUs")

    # 6b. A catalogue entry pasted into the page (a fictional accelerator, the test's own text),
    # chosen by an input of its kind and used by the run, as `mlsi run --catalog FILE` uses it.
    card = """[Hardware.Pasted_Card]
name = "a pasted 40 GiB card (fictional)"
year = 2024
tier = "workstation"
peak_flops = "200 TFLOP/s"
peak_precision = "bf16"
memory = "40 GiB"
memory_bandwidth = "1500 GB/s"
source = "a fictional card for the playground's test"
"""
    wait_ready(BASE + "index.html#scenario=TrainingStateFit")
    driver.find_element(By.ID, "tab-catalogue").click()
    pasted = driver.find_element(By.ID, "catalogue-text")
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", pasted, card)
    wait.until(lambda d: "Pasted_Card" in d.execute_script("return [...document.getElementById('input-hardware').list.options].map(o => o.value)"))
    check(True, "the pasted entry is among the choices of the hardware input")
    set_field("hardware", "Pasted_Card")
    folder = tempfile.mkdtemp(prefix="mlsi-web-")
    with open(os.path.join(folder, "card.toml"), "w") as f:
        f.write(card)
    with_card = json.loads(mlsi("run", "TrainingStateFit", "--catalog", os.path.join(folder, "card.toml"), "--set", "hardware=Pasted_Card", "--format", "json").stdout)
    wait_for_value("capacity", "40")  # the pasted entry's memory, 40 GiB
    compare_outputs(with_card, "TrainingStateFit on the pasted card")
    check("cat=" in driver.current_url, "the share link holds the pasted entries")
    driver.save_screenshot(os.path.join(OUT, "playground-catalogue.png"))
    print(f"screenshot: {os.path.join(OUT, 'playground-catalogue.png')}")
    # An entry with an error: the catalogue's message, at its place in the pasted text.
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", pasted, card.replace('year = 2024\n', ''))
    wait.until(lambda d: "catalogue.toml:1:1: error:" in d.find_element(By.ID, "errors").text)
    no_flag_in_messages("a pasted entry without its year")

    # 7. The widget: one script, one element.
    driver.get(BASE + "widget.html")
    wait.until(lambda d: d.execute_script("const w = document.getElementById('activation'); return w.shadowRoot && w.shadowRoot.querySelectorAll('td.value').length > 0"))
    widget = driver.find_element(By.ID, "activation").shadow_root
    cells = {c.get_attribute("data-value") for c in widget.find_elements(By.CSS_SELECTOR, "td.value")}
    check(str(expected["outputs"]["full"]["value"]) in cells and str(expected["outputs"]["none"]["value"]) in cells, "the widget shows microbatch=4's outputs")
    field = widget.find_element(By.CSS_SELECTOR, "input[data-input=microbatch]")
    field.clear()
    field.send_keys("8")
    eight = mlsi_json("run", "ActivationMemory", "--set", "microbatch=8")
    wait.until(lambda d: str(eight["outputs"]["full"]["value"]) in {c.get_attribute("data-value") for c in widget.find_elements(By.CSS_SELECTOR, "td.value")})
    check(True, f"the widget follows its input: full = {eight['outputs']['full']['value']} GiB at microbatch 8")
    zero = driver.find_element(By.ID, "zero").shadow_root
    wait.until(lambda d: zero.find_elements(By.CSS_SELECTOR, "tr"))
    check([r.get_attribute("data-name") for r in zero.find_elements(By.CSS_SELECTOR, "tr")] == ["per_device", "fits"], "outputs= limits the widget's outputs")
    driver.save_screenshot(os.path.join(OUT, "widget.png"))
    print(f"screenshot: {os.path.join(OUT, 'widget.png')}")
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not logs, f"no error in the browser's console: {logs}")
finally:
    driver.quit()
    server.shutdown()
    shutil.rmtree(profile, ignore_errors=True)

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
