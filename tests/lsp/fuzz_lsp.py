"""Random edits against `mlsi lsp` (ctest `lsp_fuzz`): the server must never crash and must answer every
request, whatever state the text is in. Seeded and bounded: EDITS edits of a real scenario (pieces of .mls,
non-ASCII text, deletions, positions past the ends of lines and of the text), each followed by a request
at a random position. Python standard library only.

Usage: fuzz_lsp.py MLSI SOURCE_DIR [SEED] [EDITS]
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, file_uri  # noqa: E402

MLSI, SOURCE = sys.argv[1], sys.argv[2]
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 24
EDITS = int(sys.argv[4]) if len(sys.argv) > 4 else 300

PIECES = ["scenario ", "input ", "output ", "let ", "config c for KvCache {", "expect ", "}", "{", "(", ")", "[", "]", ".", "->",
          " GiB", " byte", " * ", " / ", " + ", " == ", "workload", "batch", "total", "Llama2_70B", "H100", "match ", " => ", "\n",
          "\n  ", "#", "## ", "\"", "😀", "é", "—", "1e308", "0", "-", "where ", "fn f(x: Count) = x", "import \"x.mls\"", "\t",
          "within 1%", "if ", " then ", " else ", "one of a | b", "List[", "sum(", "range(1000000000)", ":", "=", "_", "\r\n"]
REQUESTS = ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
            "textDocument/documentHighlight", "textDocument/documentSymbol", "textDocument/inlayHint", "textDocument/codeLens",
            "textDocument/formatting"]


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


def main():
    rnd = random.Random(SEED)
    path = os.path.join(SOURCE, "tests", "examples", "kv_cache.mls")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    c = Client([MLSI, "lsp", "--max-steps", "1000000"], cwd=SOURCE)
    c.request("initialize", {"capabilities": {}})
    c.notify("initialized", {})
    uri = file_uri(os.path.join(SOURCE, "tests", "lsp", "fuzzed.mls"))
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mls", "version": 1, "text": text}})
    answered = 0
    for version in range(2, EDITS + 2):
        lines = text.split("\n")
        # A range within the text (sometimes past a line's end, which the server clamps), in UTF-16 units.
        def pos():
            line = rnd.randrange(len(lines))
            return {"line": line, "character": rnd.randrange(utf16_len(lines[line]) + 3)}
        a, b = pos(), pos()
        if (b["line"], b["character"]) < (a["line"], a["character"]):
            a, b = b, a
        if rnd.random() < 0.15:
            b = a  # an insertion
        new = "".join(rnd.choice(PIECES) for _ in range(rnd.randrange(0, 4)))
        if rnd.random() < 0.02:
            new, a, b = text, None, None  # the whole text again
        change = {"text": new} if a is None else {"range": {"start": a, "end": b}, "text": new}
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        # The client's own copy of the text, edited as the server edits it (columns clamped to the line).
        if a is None:
            text = new
        else:
            def offset(p):
                line = min(p["line"], len(lines) - 1)
                start = sum(len(l) + 1 for l in lines[:line])
                units, chars = 0, 0
                for ch in lines[line]:
                    if units >= p["character"]:
                        break
                    units += utf16_len(ch)
                    chars += 1
                return start + chars
            text = text[:offset(a)] + new + text[offset(b):]
        if rnd.random() < 0.6:
            method = rnd.choice(REQUESTS)
            params = {"textDocument": {"uri": uri}}
            if method not in ("textDocument/documentSymbol", "textDocument/codeLens", "textDocument/formatting", "textDocument/inlayHint"):
                params["position"] = pos()
            if method == "textDocument/references":
                params["context"] = {"includeDeclaration": True}
            if method == "textDocument/inlayHint":
                params["range"] = {"start": {"line": 0, "character": 0}, "end": {"line": 10000, "character": 0}}
            if method == "textDocument/formatting":
                params["options"] = {"tabSize": 2, "insertSpaces": True}
            r = c.request_raw(method, params, timeout=60)
            # Formatting a text that does not parse is the one error expected.
            ok = "result" in r or (method == "textDocument/formatting" and r["error"]["code"] == -32803)
            if not ok:
                print("FAIL %s answered %s after edit %d" % (method, r.get("error"), version))
                return 1
            answered += 1
    # The server's text and the client's agree: a full check of the final text.
    symbols = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    c.request("shutdown")
    c.notify("exit")
    status = c.proc.wait(30)
    if status != 0:
        print("FAIL exit status %d; stderr: %s" % (status, c.stderr.decode(errors="replace")))
        return 1
    print("%d edits, %d requests answered, %d symbols at the end" % (EDITS, answered + 1, len(symbols)))
    print("%d passed, 0 failed" % (answered + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
