#!/usr/bin/env python3
"""The web playground's figures for bench/RESULTS.md (issue #25): transfer size, time to the first
result, and one run in the browser against the native command line.

usage: /usr/bin/python3 bench/web_bench.py [MLSI [DIST]]     (defaults build/mlsi, web/dist; bash web/build.sh first)

- transfer size: each file of web/dist as served, gzip -9 and brotli (quality 11) compressed; the total of
  what the playground page loads (index.html, playground.css, playground.js, editor.js, mlsi.wasm) and of the widget
  (mlsi-widget.js, mlsi.wasm);
- time to the first result: headless Chromium (Debian's, through chromedriver) loads index.html from a
  static server on 127.0.0.1 with its cache off, 7 times; the page records performance.now() (ms since
  the navigation started) when the first run's results are on the page (window.mlsiReadyAt);
- one run: in the page, mlsi.run({scenario: "ActivationMemory", inputs: {microbatch: "4"}}) timed with
  performance.now(), opening its session, checking, running and writing the JSON as `mlsi run` does, and
  with the session of the call before (web/wasm/mlsi_wasm.cpp keeps it); natively, the process `mlsi run ActivationMemory --set microbatch=4 --format json`, timed from
  Python (start-up included, about 2.5 ms of it). Medians.
"""
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import time

import brotli
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLSI = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build/mlsi"))
DIST = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "web/dist"))

print("## Transfer size (web/dist, bytes)\n")
print("| file | raw | gzip -9 | brotli 11 |\n|---|---:|---:|---:|")
sizes = {}
for name in sorted(os.listdir(DIST)):
    data = open(os.path.join(DIST, name), "rb").read()
    sizes[name] = (len(data), len(gzip.compress(data, 9)), len(brotli.compress(data, quality=11)))
    print(f"| {name} | {sizes[name][0]:,} | {sizes[name][1]:,} | {sizes[name][2]:,} |")
for label, files in [("the playground page", ["index.html", "playground.css", "playground.js", "editor.js", "mlsi.wasm"]), ("the widget", ["mlsi-widget.js", "mlsi.wasm"])]:
    total = [sum(sizes[f][i] for f in files) for i in range(3)]
    print(f"| **{label}** ({' + '.join(files)}) | {total[0]:,} | {total[1]:,} | {total[2]:,} |")


sys.path.insert(0, os.path.join(ROOT, "web/tests"))
from served_page import ServedPage  # noqa: E402  (web/tests: the browser test opens the page the same way)

page = ServedPage(DIST, shutil.which("chromium"), "/usr/bin/chromedriver")
driver, base = page.driver, page.base
try:
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    ready = []
    marks = []  # the page's marks on the way to the first result (src/playground.js), ms from the navigation's start
    for _ in range(7):
        driver.get("about:blank")
        driver.get(base + "index.html")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        ready.append(driver.execute_script("return window.mlsiReadyAt"))
        marks.append(driver.execute_script(
            "return Object.fromEntries(performance.getEntriesByType('mark').filter(m => m.name.startsWith('mlsi:')).map(m => [m.name, m.startTime]))"))
    # Each run with a session of its own (other limits each time: the module keeps the session of the last
    # call only for the same text and limits), as the native process opens one, and with the session of the
    # call before, as the page's calls after an edit mostly are.
    runs, reused = driver.execute_script("""
        const m = window.mlsiPlayground.mlsi, own = [], reused = [];
        for (let i = 0; i < 60; ++i) {
          const t = performance.now();
          const r = m.run({scenario: "ActivationMemory", inputs: {microbatch: "4"}, limits: {maxSteps: 50000001 + Math.floor(i / 2)}});
          (i % 2 ? reused : own).push(performance.now() - t);
          if (!r.ok) throw new Error("the run failed");
        }
        return [own, reused];""")
    version = driver.capabilities.get("browserVersion", "?")
finally:
    page.close()

native = []
for _ in range(30):
    t = time.perf_counter()
    subprocess.run([MLSI, "run", "ActivationMemory", "--set", "microbatch=4", "--format", "json"], check=True, capture_output=True)
    native.append((time.perf_counter() - t) * 1000)

print(f"\n## Time (Chromium {version}, headless, served from 127.0.0.1)\n")
print("| what | median | min | max |\n|---|---:|---:|---:|")
print(f"| first result after load (7 loads, cache off) | {statistics.median(ready):.0f} ms | {min(ready):.0f} ms | {max(ready):.0f} ms |")
# Where the first result's time goes: each step's median, from the mark before it.
steps = [("mlsi:script", "the page's script fetched, parsed and started (the module's glue and the page; src/index.html has started fetching and compiling mlsi.wasm)"),
         ("mlsi:module", "mlsi.wasm compiled and instantiated"),
         ("mlsi:first-result", "the scenario's text read and its first run on the page (the module's code compiled as first used)"),
         ("mlsi:editor", "after the first result: the editor made (editor.js, CodeMirror, fetched meanwhile, then run)")]
previous = None
for name, what in steps:
    times = [m[name] - (m[previous] if previous else 0) for m in marks]
    print(f"| - {what} | {statistics.median(times):.0f} ms | {min(times):.0f} ms | {max(times):.0f} ms |")
    previous = name
print(f"| one `run` in the page, opening its session (30 calls) | {statistics.median(runs):.1f} ms | {min(runs):.1f} ms | {max(runs):.1f} ms |")
print(f"| one `run` in the page, the session of the call before reused (30 calls) | {statistics.median(reused):.1f} ms | {min(reused):.1f} ms | {max(reused):.1f} ms |")
print(f"| one `mlsi run` process, native (30 runs) | {statistics.median(native):.1f} ms | {min(native):.1f} ms | {max(native):.1f} ms |")
print(f"\nThe page's run takes {statistics.median(runs) / statistics.median(native):.1f} times the native process's.")
