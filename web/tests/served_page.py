"""A folder served on 127.0.0.1 (any free port, .wasm as application/wasm) and a headless Chromium driven
through chromedriver (python3-selenium): what the browser test (browser_harness.py) and the web bench
(bench/web_bench.py) both open. `ServedPage(dist, chromium, chromedriver)`; `.driver`, `.base` (the
folder's URL), `.close()` stops the browser and the server and removes the browser's profile."""
import functools
import http.server
import shutil
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


class ServedPage:
    def __init__(self, dist, chromium, chromedriver):
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=dist))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.profile = tempfile.mkdtemp(prefix="mlsi-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run", f"--user-data-dir={self.profile}", "--window-size=1400,1000"]:
            options.add_argument(flag)
        try:
            self.driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        except BaseException:
            self.server.shutdown()
            shutil.rmtree(self.profile, ignore_errors=True)
            raise

    def close(self):
        self.driver.quit()
        self.server.shutdown()
        shutil.rmtree(self.profile, ignore_errors=True)
