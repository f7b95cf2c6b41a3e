"""Protocol-level test of `mlsi lsp` (ctest `lsp`): starts the server, opens, edits and asks about the files
of tests/lsp/files, and checks the exact diagnostics, hovers, completions, definitions, references, inlay
hints, code lenses, quick fixes and formatting edits. Python standard library only.

Usage: test_lsp.py MLSI SOURCE_DIR

The values expected are computed here, not read back from mlsi: GPT3 has 175e9 parameters
(stdlib/catalogue/workloads/language.toml), so at 2 bytes its weights are 175e9 * 2 = 350e9 byte = 350 GB,
over 8 devices 350 / 8 = 43.75 GB each, and at 4 bytes 700 GB. Halves: 350 GB / 2 = 175 GB, 16.6667% more
than the 150 GB expected ((175 - 150) / 150 = 1/6).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Checks, Client, file_uri  # noqa: E402

MLSI, SOURCE = sys.argv[1], sys.argv[2]
FILES = os.path.join(SOURCE, "tests", "lsp", "files")
check = Checks()


def utf16_col(line, byte_col):
    """The UTF-16 column of a byte offset into a line (computed here, independently of the server)."""
    return len(line.encode("utf-8")[:byte_col].decode("utf-8").encode("utf-16-le")) // 2


def position(text, needle, nth=0, delta=0, encoding="utf-16"):
    at = -1
    data = text.encode("utf-8")
    for _ in range(nth + 1):
        at = data.find(needle.encode("utf-8"), at + 1)
    assert at >= 0, needle
    at += delta
    line = data[:at].count(b"\n")
    start = data.rfind(b"\n", 0, at) + 1
    line_text = data[start:data.find(b"\n", start)].decode("utf-8")
    col = at - start if encoding == "utf-8" else utf16_col(line_text, at - start)
    return {"line": line, "character": col}


def rng(text, needle, nth=0, length=None):
    start = position(text, needle, nth)
    end = position(text, needle, nth, len(needle.encode("utf-8")) if length is None else length)
    return {"start": start, "end": end}


def read(name):
    with open(os.path.join(FILES, name), encoding="utf-8") as f:
        return f.read()


def start(encodings=None):
    c = Client([MLSI, "lsp"], cwd=FILES)
    caps = {"textDocument": {"hover": {"contentFormat": ["markdown"]}}}
    if encodings:
        caps["general"] = {"positionEncodings": encodings}
    init = c.request("initialize", {"processId": os.getpid(), "rootUri": file_uri(FILES), "capabilities": caps})
    c.notify("initialized", {})
    return c, init


def open_doc(c, name, text=None):
    uri = file_uri(os.path.join(FILES, name))
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mls", "version": 1, "text": text if text is not None else read(name)}})
    return uri


def main():
    # Before `initialize`: the LSP's ServerNotInitialized.
    c = Client([MLSI, "lsp"], cwd=FILES)
    r = c.request_raw("textDocument/hover", {"textDocument": {"uri": "file:///x.mls"}, "position": {"line": 0, "character": 0}})
    check("a request before initialize", r["error"]["code"], -32002)
    c.request("initialize", {"capabilities": {}})
    c.request("shutdown")
    c.notify("exit")
    check("exit status after shutdown", c.proc.wait(30), 0)

    # UTF-8 when offered.
    c, init = start(["utf-8", "utf-16"])
    check("positionEncoding utf-8", init["capabilities"]["positionEncoding"], "utf-8")
    text = read("correct.mls")
    uri = open_doc(c, "correct.mls")
    check("correct.mls diagnostics (utf-8)", c.diagnostics(uri), [])
    h = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position(text, "devices }", encoding="utf-8")})
    check("hover after non-ASCII text, utf-8 columns", h["range"], {"start": position(text, "devices }", encoding="utf-8"),
                                                                    "end": position(text, "devices }", delta=7, encoding="utf-8")})
    c.request("shutdown")
    c.notify("exit")
    c.proc.wait(30)

    c, init = start()
    caps = init["capabilities"]
    check("positionEncoding utf-16", caps["positionEncoding"], "utf-16")
    check("incremental sync", caps["textDocumentSync"]["change"], 2)
    check("server name", init["serverInfo"]["name"], "mlsi")

    # --- a correct scenario: no diagnostics; hovers, completions, definitions, hints, lenses.
    text = read("correct.mls")
    uri = open_doc(c, "correct.mls")
    check("correct.mls diagnostics", c.diagnostics(uri), [])

    def hover(needle, nth=0, delta=0):
        r = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position(text, needle, nth, delta)})
        return r["contents"]["value"] if r else None

    check("hover of an input", hover("workload: Workload"),
          "```mls\ninput workload: Workload = GPT3\n```\n\ninput of `WeightMemory`: Workload\n\nThe model whose weights are stored.\n\n"
          "at the defaults: `GPT3`\n")
    check("hover of an output", hover("weights =", delta=2),
          "```mls\noutput weights = workload.parameters * bytes_per_value -> GB\n```\n\noutput of `WeightMemory`: Information (SI unit `byte`)\n\n"
          "Every weight, once.\n\nat the defaults: `350 GB`\n")
    check("hover of an output in a config", hover("weights == 700"),
          "```mls\noutput weights = workload.parameters * bytes_per_value -> GB\n```\n\noutput of `WeightMemory`: Information (SI unit `byte`)\n\n"
          "Every weight, once.\n\nin config `fp32`: `700 GB`\n\nat the defaults: `350 GB`\n")
    # After "😀 é" on its line: UTF-16 columns count the emoji as two units.
    r = c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position(text, "devices }")})
    check("hover range after non-ASCII text", r["range"], rng(text, "devices }", length=7))
    check("hover of a catalogue entry names its source", "Brown et al. 2020" in hover("GPT3"), True)
    check("hover of a unit", hover("GB\n").splitlines()[:2], ["```mls", "unit GB: Information"])

    items = c.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": position(text, "parameters")})["items"]
    labels = [i["label"] for i in items]
    for field in ["parameters", "layers", "hidden_dim", "kv_heads", "source"]:
        check("completion after `workload.` has " + field, field in labels, True)
    check("completion after `workload.` has no scenario", "WeightMemory" in labels, False)
    par = ([i for i in items if i["label"] == "parameters"] or [{}])[0]
    check("completion item of a field", {k: par.get(k) for k in ("kind", "detail", "textEdit")},
          {"kind": 5, "detail": "Count", "textEdit": {"range": rng(text, "parameters"), "newText": "parameters"}})
    units = [i["label"] for i in c.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": position(text, "byte\n")})["items"]]
    check("units after a number of Information", all(u in units for u in ["byte", "B", "GB", "GiB", "TB", "bit"]), True)
    check("no unit of another dimension", [u for u in ["s", "W", "FLOP", "h"] if u in units], [])

    d = c.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": position(text, "workload.parameters")})
    check("definition of an input", d, {"uri": uri, "range": rng(text, "workload", 1)})
    d = c.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": position(text, "GB\n")})
    check("definition of a prelude unit is a built-in document", d["uri"].startswith("mlsi-builtin:/prelude/"), True)
    content = c.request("workspace/textDocumentContent", {"uri": d["uri"]})["text"]
    line = content.splitlines()[d["range"]["start"]["line"]]
    # GB is a prefixed form of the prelude's `B` (`@prefixes`): its definition is B's declaration.
    check("the built-in document holds the unit's declaration", line[d["range"]["start"]["character"]:d["range"]["end"]["character"]], "B")
    refs = c.request("textDocument/references", {"textDocument": {"uri": uri}, "position": position(text, "devices: Count"),
                                                 "context": {"includeDeclaration": True}})
    check("references of an input", [r["range"] for r in refs],
          [rng(text, "devices", 1), rng(text, "devices", 2), rng(text, "devices", 3), rng(text, "devices", 4)])

    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": uri},
                                                 "range": {"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}}})
    check("inlay hints", [(h["position"], h["label"]) for h in hints],
          [(position(text, "\n  output per_device"), "= 350 GB"),
           (position(text, "\n  output label"), "= 43.75 GB"),
           (position(text, "\n}\n\nconfig"), "= {tag: \"😀 é\", shards: 8}"),
           (position(text, "\n}\n", 1), "computed 700 GB ✓")])
    lenses = c.request("textDocument/codeLens", {"textDocument": {"uri": uri}})
    check("code lenses", [(l["command"]["title"], l["command"]["command"], l["command"]["arguments"]) for l in lenses],
          [("▶ run", "mlsi.run", [uri, "WeightMemory", ""]), ("▶ run", "mlsi.run", [uri, "WeightMemory", "fp32"]),
           ("✓ test: 1 passed", "mlsi.test", [uri, "WeightMemory", "fp32"])])
    symbols = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    check("document symbols", [(s["name"], s["kind"], [(k["name"], k["kind"]) for k in s.get("children", [])]) for s in symbols],
          [("WeightMemory", 5, [("workload", 8), ("bytes_per_value", 8), ("devices", 8), ("weights", 7), ("per_device", 7), ("label", 7)]),
           ("fp32", 19, [("bytes_per_value", 8), ("weights", 7)])])

    # An edit that misspells a field, then one that puts it back (incremental changes, UTF-16 ranges).
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                         "contentChanges": [{"range": rng(text, "parameters"), "text": "paramters"}]})
    diags = c.diagnostics(uri, 2)
    check("a misspelt field after an edit", [(d["range"], d["severity"], d["message"]) for d in diags],
          [({"start": position(text, "parameters"), "end": position(text, "parameters", delta=9)}, 1,
            "Workload has no field `paramters`\ndid you mean `parameters`?")])
    actions = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": diags[0]["range"], "context": {"diagnostics": diags}})
    check("quick fix", [(a["title"], a["kind"], a["edit"]) for a in actions],
          [("Replace with `parameters`", "quickfix", {"changes": {uri: [{"range": diags[0]["range"], "newText": "parameters"}]}})])
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                         "contentChanges": [{"range": {"start": position(text, "parameters"), "end": position(text, "parameters", delta=9)},
                                                             "text": "parameters"}]})
    check("fixed again", c.diagnostics(uri, 3), [])

    # --- a dimension error: the other side of the mismatch is related information.
    text = read("dimension_error.mls")
    uri = open_doc(c, "dimension_error.mls")
    check("dimension error", c.diagnostics(uri),
          [{"range": rng(text, "+"), "severity": 1, "source": "mlsi", "code": "source",
            "message": "cannot add Information and Time",
            "relatedInformation": [{"location": {"uri": uri, "range": rng(text, "size", 1)}, "message": "Information"},
                                   {"location": {"uri": uri, "range": rng(text, "time", 1)}, "message": "Time"}]}])

    # --- a misspelt field: the suggestion, as data for the quick fix.
    text = read("misspelt_field.mls")
    uri = open_doc(c, "misspelt_field.mls")
    check("misspelt field", c.diagnostics(uri),
          [{"range": rng(text, "layerz"), "severity": 1, "source": "mlsi", "code": "source",
            "message": "Workload has no field `layerz`\ndid you mean `layers`?", "data": {"replacement": "layers"}}])

    # --- a failing expectation: an error at the expectation, and the computed value beside it.
    text = read("failing_expect.mls")
    uri = open_doc(c, "failing_expect.mls")
    check("failing expect", c.diagnostics(uri),
          [{"range": rng(text, "expect half == 150 GB within 1%"), "severity": 1, "source": "mlsi", "code": "check",
            "message": "`half` expected 150 GB within 1%, computed 175 GB (relative error 16.6667%)\nin config `published` (`mlsi test` fails)"}])
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": uri},
                                                 "range": {"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}}})
    check("hints of a failing expect", [(h["position"], h["label"]) for h in hints],
          [(position(text, "\n}\n\nconfig"), "= 175 GB"), (position(text, " within 1%"), "computed 175 GB ✗")])

    # --- formatting: the edits make the text `mlsi fmt` writes.
    text = read("unformatted.mls")
    uri = open_doc(c, "unformatted.mls")
    c.diagnostics(uri)
    edits = c.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
    fmt = subprocess.run([MLSI, "fmt", os.path.join(FILES, "unformatted.mls")], capture_output=True, text=True).stdout
    check("formatting edits", edits, [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}},
                                       "newText": "\n".join(fmt.splitlines()[:3]) + "\n"}])

    # --- two files: an import, its unsaved text standing for the file, definitions across files and into the
    # prelude, a hover inside a built-in document.
    text = read("uses_shared.mls")
    uri = open_doc(c, "uses_shared.mls")
    check("a file that imports", c.diagnostics(uri), [])
    hints = c.request("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}})
    check("the imported value at the defaults", [h["label"] for h in hints], ["= 4 GB"])  # 2 GB * 2
    d = c.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": position(text, "shared\n")})
    shared = read("shared.mls")
    shared_uri = file_uri(os.path.join(FILES, "shared.mls"))
    check("definition in the imported file", d, {"uri": shared_uri, "range": rng(shared, "shared")})
    open_doc(c, "shared.mls")
    check("the imported file", c.diagnostics(shared_uri), [])
    # Opening it makes the importing file checked again, the open document standing for the file.
    check("the importing file checked again", c.diagnostics(uri), [])
    c.notify("textDocument/didChange", {"textDocument": {"uri": shared_uri, "version": 2}, "contentChanges": [{"range": rng(shared, "GB"), "text": "s"}]})
    check("the imported file after its edit", c.diagnostics(shared_uri, 2), [])
    check("the importing file sees the unsaved edit", [(d["range"], d["message"]) for d in c.diagnostics(uri)],
          [(rng(text, "shared", 1), "the default of input `x` expects Information, found Time")])
    c.notify("textDocument/didClose", {"textDocument": {"uri": shared_uri}})
    check("closed, the imported file is read from disk again", c.diagnostics(uri), [])
    d = c.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": position(text, "GB\n")})
    builtin = c.request("workspace/textDocumentContent", {"uri": d["uri"]})["text"]
    c.notify("textDocument/didOpen", {"textDocument": {"uri": d["uri"], "languageId": "mls", "version": 1, "text": builtin}})
    h = c.request("textDocument/hover", {"textDocument": {"uri": d["uri"]}, "position": d["range"]["start"]})
    check("hover in a built-in document", h["contents"]["value"].splitlines()[:2], ["```mls", "unit B: Information"])
    r = c.request_raw("workspace/textDocumentContent", {"uri": "mlsi-builtin:/prelude/nothing.mls"})
    check("no such built-in document", r["error"]["code"], -32602)

    # --- a built-in scenario called from a document: its hover links to its pack file, its definition opens
    # that file as a built-in document, whose text is the file in scenarios/ byte for byte.
    calls = "let kept = ActivationMemory(microbatch = 2).full\n"
    calls_uri = open_doc(c, "calls_builtin.mls", calls)
    check("a document calling a built-in scenario", c.diagnostics(calls_uri), [])
    pack_uri = "mlsi-builtin:/builtin/scenarios/training/activation_memory.mls"
    h = c.request("textDocument/hover", {"textDocument": {"uri": calls_uri}, "position": position(calls, "ActivationMemory")})
    check("hover of a built-in scenario links to its source",
          h["contents"]["value"].splitlines()[0] == "```mls" and
          h["contents"]["value"].endswith("\nsource: [`<builtin>/scenarios/training/activation_memory.mls`](%s)\n" % pack_uri), True)
    d = c.request("textDocument/definition", {"textDocument": {"uri": calls_uri}, "position": position(calls, "ActivationMemory")})
    check("definition of a built-in scenario is its pack file", d["uri"], pack_uri)
    with open(os.path.join(SOURCE, "scenarios", "training", "activation_memory.mls"), encoding="utf-8") as f:
        check("the pack file's text", c.request("workspace/textDocumentContent", {"uri": pack_uri})["text"], f.read())

    # --- a document that takes longer to read than the bound on reading and checking (2 s unless the client
    # sets initializationOptions.checkMilliseconds): said where it stopped, and the server answers again.
    # At 1 ms, 20,000 outputs (0.9 MB) always take longer.
    b = Client([MLSI, "lsp"], cwd=FILES)
    b.request("initialize", {"processId": os.getpid(), "rootUri": file_uri(FILES), "capabilities": {},
                             "initializationOptions": {"checkMilliseconds": 1}})
    b.notify("initialized", {})
    big = "scenario Big {\n  input a: Information = 2 byte\n" + "".join(
        "  output o%d = a * %d + a -> MiB\n" % (i, i) for i in range(20000)) + "}\n"
    big_uri = file_uri(os.path.join(FILES, "big.mls"))
    b.notify("textDocument/didOpen", {"textDocument": {"uri": big_uri, "languageId": "mls", "version": 1, "text": big}})
    check("a long document is read for 1 ms", [(d["severity"], d["message"]) for d in b.diagnostics(big_uri, timeout=120)],
          [(1, "reading stopped here: this document takes more than 1 ms to read and check, the editor's bound (`mlsi check` has none)")])
    check("and the server answers", b.request("textDocument/documentSymbol", {"textDocument": {"uri": big_uri}}), [])
    b.request("shutdown")
    b.notify("exit")
    check("exit status after a bounded check", b.proc.wait(30), 0)
    bad = Client([MLSI, "lsp"], cwd=FILES)
    r = bad.request_raw("initialize", {"processId": os.getpid(), "capabilities": {}, "initializationOptions": {"checkMilliseconds": -1}})
    check("a bound that is not a whole number", (r["error"]["code"], r["error"]["message"]),
          (-32602, "initializationOptions.checkMilliseconds must be a whole number of milliseconds"))
    bad.close()

    # --- errors of the protocol itself.
    r = c.request_raw("textDocument/hover", {"textDocument": {"uri": "file:///not/open.mls"}, "position": {"line": 0, "character": 0}})
    check("a document that is not open", r["error"]["code"], -32602)
    r = c.request_raw("no/such/method", {})
    check("an unknown method", r["error"]["code"], -32601)
    c.send_raw(b"Content-Length: 9\r\n\r\n{not json")
    err = c.wait_response(None)
    check("a message that is not JSON", err["error"]["code"], -32700)
    check("still answers", c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})[0]["name"], "UsesShared")

    c.request("shutdown")
    c.notify("exit")
    check("exit status", c.proc.wait(30), 0)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
