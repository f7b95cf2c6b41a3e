#!/usr/bin/env python3
"""The playground and the widget in a real browser (ctest web_browser; web/README.md).

Serves web/dist on 127.0.0.1, opens it in Debian's Chromium through chromedriver (python3-selenium),
runs a built-in scenario, changes an input, and checks the values shown against `mlsi run --format
json`; gives an input a value outside its `where` and checks the interpreter's message beside it; adds a
line with a dimension error to the editor and checks its marker and message against `mlsi check`; plots
a sweep and checks its points against `mlsi sweep`; reloads the share link; runs the widget. Saves
screenshots into OUT_DIR (playground.png: the dimension error; playground-sweep.png: the plot; widget.png).

usage: browser_test.py MLSI DIST_DIR OUT_DIR      exit 77 (skipped) without chromium, chromedriver or selenium
"""
import functools
import http.server
import json
import os
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
    field.send_keys(value)


def wait_for_value(name, value):
    wait.until(lambda d: shown_outputs().get(name, ("", None))[1] == value)


try:
    started = time.time()
    driver.get(BASE + "index.html#scenario=ActivationMemory")
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    check(True, f"the playground loaded and ran ActivationMemory in {time.time() - started:.2f} s")
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    check(all(r.startswith(BASE) for r in resources), f"every resource comes from the page's own server: {resources}")

    # 1. The built-in scenario with its defaults, then microbatch = 4.
    compare_outputs(mlsi_json("run", "ActivationMemory"), "ActivationMemory")
    expected = mlsi_json("run", "ActivationMemory", "--set", "microbatch=4")
    set_field("microbatch", "4")
    wait_for_value("none", str(expected["outputs"]["none"]["value"]))
    compare_outputs(expected, "ActivationMemory, microbatch=4")

    # 2. A value outside the input's `where`: the interpreter's message beside the field, a marker in the text.
    set_field("microbatch", "0")
    wait.until(lambda d: "invalid" in d.find_element(By.CSS_SELECTOR, ".field[data-input=microbatch]").get_attribute("class"))
    cli = mlsi("run", "ActivationMemory", "--set", "microbatch=0")
    message = cli.stderr.splitlines()[0].split(": error: ", 1)[1]
    shown = driver.find_element(By.CSS_SELECTOR, ".field[data-input=microbatch] .problem").text
    check(shown == message, f"microbatch=0: the field says {message!r} (shown {shown!r})")
    check(len(driver.find_elements(By.CSS_SELECTOR, ".cm-lintRange-error")) >= 1, "microbatch=0: its `where` is marked in the editor")
    set_field("microbatch", "4")
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
