"""A small Language Server Protocol client for the tests of `mlsi lsp` (Python standard library only).

It starts the server, frames JSON-RPC messages with Content-Length headers, reads the server's messages on
a thread (so that every wait has a timeout: a server that stops answering fails the test instead of
hanging it), and keeps the notifications apart from the responses.

With MLSI_RECORD_PROTOCOL=DIR, what each client sends after its `initialize` is also written to a file of
DIR, a seed of the fuzz target fuzz_servers (tests/fuzz/server_seeds/, whose README says how): its first
line names the server, and the source folder in the messages reads /src.
"""
import itertools
import json
import os
import queue
import subprocess
import sys
import threading

_recorded = itertools.count(1)


class ServerDied(Exception):
    pass


class Client:
    def __init__(self, argv, cwd=None, framing="content-length"):
        self.framing = framing
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self.messages = queue.Queue()
        self.notifications = []
        self.responses = {}
        self.next_id = 1
        self.stderr = b""
        self.record = None
        if os.environ.get("MLSI_RECORD_PROTOCOL"):
            script = os.path.splitext(os.path.basename(sys.argv[0]))[0]
            name = "%s_%02d.txt" % (script, next(_recorded))
            self.record = open(os.path.join(os.environ["MLSI_RECORD_PROTOCOL"], name), "wb")
            self.server_line = b"mcp\n" if framing == "newline" else b"lsp\n"
            self.initialized = False
        threading.Thread(target=self._read, daemon=True).start()
        self.stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_reader.start()

    def _read_stderr(self):
        self.stderr = self.proc.stderr.read()

    def _read(self):
        out = self.proc.stdout
        try:
            while True:
                if self.framing == "newline":
                    line = out.readline()
                    if not line:
                        break
                    self.messages.put(json.loads(line))
                    continue
                length = None
                while True:
                    line = out.readline()
                    if not line:
                        self.messages.put(None)
                        return
                    line = line.decode("ascii").rstrip("\r\n")
                    if line == "":
                        break
                    name, _, value = line.partition(":")
                    if name.lower() == "content-length":
                        length = int(value.strip())
                body = out.read(length)
                self.messages.put(json.loads(body))
        finally:
            self.messages.put(None)

    def frame(self, message):
        body = json.dumps(message).encode("utf-8")
        if self.framing == "newline":
            return body + b"\n"
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, message):
        data = self.frame(message)
        if self.record:
            # The fuzz target sends its own `initialize`; the rest, with paths that are not this machine's.
            if message.get("method") == "initialize" and not self.initialized:
                self.initialized = True
                encodings = (message.get("params") or {}).get("capabilities", {}).get("general", {}).get("positionEncodings", [])
                if self.framing != "newline" and "utf-8" in encodings:
                    self.server_line = b"lsp utf-8\n"
            else:
                root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
                self._record(self.frame(json.loads(json.dumps(message).replace(root, "/src"))))
        self._write(data)

    def send_raw(self, data):
        if self.record:
            self._record(data)
        self._write(data)

    def _record(self, data):
        if self.server_line:
            self.record.write(self.server_line)
            self.server_line = None
        self.record.write(data)
        self.record.flush()

    def _write(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise ServerDied("the server closed its input; stderr: %s" % self.stderr.decode(errors="replace"))

    def _pump(self, timeout):
        try:
            m = self.messages.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError("no message from the server within %s s" % timeout)
        if m is None:
            raise ServerDied("the server ended (status %s); stderr: %s" % (self.proc.poll(), self.stderr.decode(errors="replace")))
        if "id" in m and "method" not in m:
            self.responses[m["id"]] = m
        else:
            self.notifications.append(m)

    def request_raw(self, method, params=None, timeout=30):
        rid = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.wait_response(rid, timeout)

    def wait_response(self, rid, timeout=30):
        while rid not in self.responses:
            self._pump(timeout)
        return self.responses.pop(rid)

    def request(self, method, params=None, timeout=30):
        r = self.request_raw(method, params, timeout)
        if "error" in r:
            raise AssertionError("%s answered an error: %s" % (method, r["error"]))
        return r["result"]

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def wait_notification(self, method, predicate=lambda p: True, timeout=30):
        while True:
            for i, n in enumerate(self.notifications):
                if n.get("method") == method and predicate(n.get("params")):
                    return self.notifications.pop(i)["params"]
            self._pump(timeout)

    def diagnostics(self, uri, version=None, timeout=30):
        return self.wait_notification("textDocument/publishDiagnostics",
                                      lambda p: p["uri"] == uri and (version is None or p.get("version") == version), timeout)["diagnostics"]

    def read_stderr(self, timeout=30):
        """All the server wrote on standard error, once it has ended."""
        self.proc.wait(timeout)
        self.stderr_reader.join(timeout)
        return self.stderr

    def close(self, timeout=30):
        self.proc.stdin.close()
        return self.proc.wait(timeout)


class Checks:
    """Exact comparisons, each counted: check(name, actual, expected); report() prints the failures and the
    counts and gives the exit status."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def __call__(self, name, actual, expected):
        if actual == expected:
            self.passed += 1
        else:
            self.failures.append("%s:\n  expected %r\n  actual   %r" % (name, expected, actual))

    def report(self):
        for f in self.failures:
            print("FAIL " + f)
        print("%d passed, %d failed" % (self.passed, len(self.failures)))
        return 1 if self.failures else 0


def file_uri(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))
