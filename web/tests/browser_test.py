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
import json
import os
import sys
import tempfile
import time

from browser_harness import (BASE, OUT, By, Keys, Select, TimeoutException, check, webdriver, compare_outputs, driver, failures, format_number, mlsi,
                             mlsi_json, no_flag_in_messages, no_horizontal_scroll, page, round_linear, round_log, set_field,
                             ticks, underscore_drawn, viewport, wait, wait_for_value, wait_ready)

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

    # 6b. A catalogue entry pasted into the page (a fictional accelerator, pasted_card.toml, which the
    # API's test pastes too), chosen by an input of its kind and used by the run, as `mlsi run --catalog
    # FILE` uses it.
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pasted_card.toml")) as f:
        card = f.read()
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
    page.close()

print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
