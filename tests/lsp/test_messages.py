"""Protocol-level test of what `mlsi lsp` and `mlsi mcp` do with hostile or unusual messages (ctest
`server_messages`): raw bytes are written to the server process, and its exact answers are checked, then
that it still answers. Python standard library only.

Usage: test_messages.py MLSI SOURCE_DIR

- Nesting (docs/security.md): a message nests at most 200 levels of objects and arrays, the message itself
  being the first. Deeper is answered -32600 while it is parsed, with the request's id when it came before
  the deep part and null when the id itself is the deep part; 70,000 levels once crashed both servers.
- Headers (LSP framing): Content-Length is decimal digits, at most 2^64 - 1, given once; after a header that
  is not one, the server answers -32700 and reads on from the next `Content-Length:` (a length of -1 once
  made the server skip the rest of the stream).
- `"params": null` is the same as no params, for every method (Eglot sends it with `shutdown`).
- Document versions are 64-bit: a change without a version after 2^63 - 1 keeps 2^63 - 1. Versions and
  positions are whole numbers.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Checks, Client  # noqa: E402

MLSI, SOURCE = sys.argv[1], sys.argv[2]
check = Checks()


def error(rid, code, message):
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


def result(rid, value):
    return {"jsonrpc": "2.0", "id": rid, "result": value}


def nested(levels):
    """`levels` arrays, one inside the next."""
    return "[" * levels + "]" * levels


def frame(text):
    body = text.encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def deep_messages(c, wrap, method):
    """The nesting checks, on either server; `wrap` frames a message text, `method` takes no params."""
    # The message is level 1, `params` level 2, so 198 arrays inside `params.x` make 200 levels: accepted.
    c.send_raw(wrap('{"jsonrpc":"2.0","id":1,"method":"%s","params":{"x":%s}}' % (method, nested(198))))
    yield "200 levels are read", 1
    c.send_raw(wrap('{"jsonrpc":"2.0","id":2,"method":"%s","params":{"x":%s}}' % (method, nested(199))))
    yield "201 levels are not", error(2, -32600, "objects and arrays nested deeper than 200 levels")
    # 70,000 levels (140 kB) in params, in the id, and in a notification.
    c.send_raw(wrap('{"jsonrpc":"2.0","id":3,"method":"%s","params":%s}' % (method, nested(70000))))
    yield "70,000 levels in params", error(3, -32600, "objects and arrays nested deeper than 200 levels")
    c.send_raw(wrap('{"jsonrpc":"2.0","id":%s,"method":"%s"}' % (nested(70000), method)))
    yield "70,000 levels in the id", error(None, -32600, "objects and arrays nested deeper than 200 levels")
    c.send_raw(wrap('{"jsonrpc":"2.0","method":"%s","params":{"a":%s}}' % (method, nested(70000))))
    yield "70,000 levels in a notification", error(None, -32600, "objects and arrays nested deeper than 200 levels")
    # The id after the deep part is not read.
    c.send_raw(wrap('{"jsonrpc":"2.0","params":%s,"id":4,"method":"%s"}' % (nested(70000), method)))
    yield "the id after the deep part", error(None, -32600, "objects and arrays nested deeper than 200 levels")
    c.send_raw(wrap(nested(70000)))
    yield "70,000 levels alone", error(None, -32600, "objects and arrays nested deeper than 200 levels")


def lsp_nesting():
    c = Client([MLSI, "lsp"])
    c.request("initialize", {"capabilities": {}})
    wrap = lambda text: frame(text)  # noqa: E731
    for name, expected in deep_messages(c, wrap, "shutdown"):
        if expected == 1:
            check("lsp: " + name, c.wait_response(1), result(1, None))
            continue
        check("lsp: " + name, c.wait_response(expected["id"]), expected)
    c.notify("exit")
    check("lsp: exit status after the deep messages", c.proc.wait(30), 0)


def mcp_nesting():
    c = Client([MLSI, "mcp"], framing="newline")
    c.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}})
    wrap = lambda text: text.encode("utf-8") + b"\n"  # noqa: E731
    for name, expected in deep_messages(c, wrap, "ping"):
        if expected == 1:
            check("mcp: " + name, c.wait_response(1), result(1, {}))
            continue
        check("mcp: " + name, c.wait_response(expected["id"]), expected)
    check("mcp: still answers after the deep messages", c.request("ping"), {})
    check("mcp: exit status", c.close(), 0)


def lsp_headers():
    c = Client([MLSI, "lsp"])
    c.request("initialize", {"capabilities": {}})
    body = '{"jsonrpc":"2.0","id":99,"method":"shutdown"}'
    probe = 100

    def after(name, raw, *errors):
        """`raw`, then a request: the errors answered, then the request answered (nothing lost)."""
        nonlocal probe
        probe += 1
        c.send_raw(raw + frame('{"jsonrpc":"2.0","id":%d,"method":"x/y"}' % probe))
        answers = [c.wait_response(None) for _ in errors] + [c.wait_response(probe)]
        check("header: " + name, answers, [error(None, -32700, e) for e in errors] + [error(probe, -32601, "unknown method `x/y`")])

    # strtoull read -1 as 2^64 - 1; 2^64 overflows; neither is a length, and the body after them is skipped.
    after("Content-Length: -1", b"Content-Length: -1\r\n\r\n" + body.encode(), "Content-Length `-1` is not a length in decimal digits")
    after("Content-Length: 2^64", b"Content-Length: 18446744073709551616\r\n\r\n" + body.encode(),
          "Content-Length `18446744073709551616` is larger than 2^64 - 1")
    for value in ["+45", "45x", "0x2d", "4 5", "", "4.5e1"]:
        after("Content-Length: " + value, b"Content-Length: " + value.encode() + b"\r\n\r\n" + body.encode(),
              "Content-Length `%s` is not a length in decimal digits" % value)
    after("two Content-Length fields", b"Content-Length: 45\r\ncontent-length: 45\r\n\r\n" + body.encode(),
          "a message header with two Content-Length fields")
    after("no Content-Length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + body.encode(),
          "a message header without Content-Length")
    # Too short a length: the part read is not JSON, and the rest is not a header.
    after("a length too short", b"Content-Length: 10\r\n\r\n" + body.encode(),
          "the message is not JSON", "bytes that are not a message header (`Name: value` lines, then a blank line)")
    # Leading zeros, blanks around the value, another field, any case: a length. 45 = len(body).
    check("the body's length", len(body), 45)
    c.send_raw(b"content-LENGTH:\t 0045 \r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body.encode())
    check("header: a valid length in another form", c.wait_response(99), result(99, None))
    c.notify("exit")
    check("header: exit status", c.proc.wait(30), 0)

    # A header that never ends is cut at 65536 bytes.
    c = Client([MLSI, "lsp"])
    c.send_raw(b"X-Padding: " + b"a" * 70000 + b"\r\n" + frame('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'))
    check("header: over 65536 bytes", c.wait_response(None), error(None, -32700, "a message header longer than 65536 bytes"))
    check("header: the next message is read", "capabilities" in c.wait_response(1)["result"], True)
    check("header: exit status without shutdown", c.close(), 1)


def lsp_null_params():
    c = Client([MLSI, "lsp"])
    c.send_raw(frame('{"jsonrpc":"2.0","id":1,"method":"initialize","params":null}'))
    check("null params: initialize", "capabilities" in c.wait_response(1)["result"], True)
    for method in ["initialized", "$/cancelRequest", "$/setTrace", "textDocument/didSave", "workspace/didChangeConfiguration",
                   "workspace/didChangeWatchedFiles", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]:
        c.send_raw(frame('{"jsonrpc":"2.0","method":"%s","params":null}' % method))
    # Requests that take params: invalid params, not an invalid request.
    rid = 10
    for method, member in [("textDocument/hover", "textDocument"), ("textDocument/completion", "textDocument"),
                           ("textDocument/definition", "textDocument"), ("textDocument/references", "textDocument"),
                           ("textDocument/documentHighlight", "textDocument"), ("textDocument/documentSymbol", "textDocument"),
                           ("textDocument/formatting", "textDocument"), ("textDocument/inlayHint", "textDocument"),
                           ("textDocument/codeLens", "textDocument"), ("textDocument/codeAction", "textDocument"),
                           ("workspace/textDocumentContent", "uri")]:
        rid += 1
        c.send_raw(frame('{"jsonrpc":"2.0","id":%d,"method":"%s","params":null}' % (rid, method)))
        check("null params: " + method, c.wait_response(rid), error(rid, -32602, "missing `%s` in params" % member))
    c.send_raw(frame('{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}'))
    check("null params: shutdown", c.wait_response(2), result(2, None))
    c.send_raw(frame('{"jsonrpc":"2.0","method":"exit","params":null}'))
    check("null params: exit status after shutdown", c.proc.wait(30), 0)
    check("null params: the notifications that need params said so",
          sorted(c.read_stderr().decode().splitlines()),
          ["mlsi lsp: textDocument/didChange: missing `textDocument` in params",
           "mlsi lsp: textDocument/didClose: missing `textDocument` in params",
           "mlsi lsp: textDocument/didOpen: missing `textDocument` in params"])
    # No params at all: the same.
    c = Client([MLSI, "lsp"])
    c.send_raw(frame('{"jsonrpc":"2.0","id":1,"method":"initialize"}'))
    c.wait_response(1)
    c.send_raw(frame('{"jsonrpc":"2.0","id":2,"method":"shutdown"}'))
    check("no params: shutdown", c.wait_response(2), result(2, None))
    c.send_raw(frame('{"jsonrpc":"2.0","method":"exit"}'))
    check("no params: exit status after shutdown", c.proc.wait(30), 0)


def mcp_null_params():
    c = Client([MLSI, "mcp"], framing="newline")

    def ask(rid, method):
        c.send_raw(b'{"jsonrpc":"2.0","id":%d,"method":"%s","params":null}\n' % (rid, method.encode()))
        return c.wait_response(rid)

    check("mcp null params: initialize", ask(1, "initialize")["result"]["protocolVersion"], "2025-06-18")
    c.send_raw(b'{"jsonrpc":"2.0","method":"notifications/initialized","params":null}\n')
    check("mcp null params: ping", ask(2, "ping"), result(2, {}))
    check("mcp null params: tools/list", [t["name"] for t in ask(3, "tools/list")["result"]["tools"]],
          ["run", "explain", "sweep", "solve", "check", "list", "show"])  # tools.cpp's order
    check("mcp null params: resources/list", "mlsi://catalogue" in [r["uri"] for r in ask(4, "resources/list")["result"]["resources"]], True)
    check("mcp null params: resources/templates/list", ask(5, "resources/templates/list"), result(5, {"resourceTemplates": []}))
    check("mcp null params: tools/call", ask(6, "tools/call"), error(6, -32602, "missing `name` in params"))
    check("mcp null params: resources/read", ask(7, "resources/read"), error(7, -32602, "missing `uri` in params"))
    check("mcp null params: exit status", c.close(), 0)


def lsp_versions():
    c = Client([MLSI, "lsp"])
    c.request("initialize", {"capabilities": {}})
    uri = "untitled:versions"
    top = 2**63 - 1
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "mls", "version": top, "text": "let a = 1\n"}})
    check("version 2^63 - 1", c.wait_notification("textDocument/publishDiagnostics")["version"], top)
    # A change without a version: the next one, but there is none after 2^63 - 1 (it overflowed).
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri}, "contentChanges": [{"text": "let b = 1\n"}]})
    check("a change after 2^63 - 1 keeps it", c.wait_notification("textDocument/publishDiagnostics")["version"], top)
    # A version that is not a 64-bit whole number: the change is refused (and said on standard error).
    for bad in ["9223372036854775808", "1e300", "1.5", "\"2\""]:
        c.send_raw(frame('{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"%s","version":%s},'
                         '"contentChanges":[{"text":"let c = 1\\n"}]}}' % (uri, bad)))
    symbols = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    check("refused changes leave the text", [s["name"] for s in symbols], ["b"])
    # Positions are whole numbers too (1e300 made into an integer is undefined behaviour).
    for method in ["textDocument/completion", "textDocument/hover"]:
        r = c.request_raw(method, {"textDocument": {"uri": uri}, "position": {"line": 1e300, "character": 0}})
        check(method + " at line 1e300", r["error"], {"code": -32602, "message": "`line` in a position has the wrong type"})
    r = c.request_raw("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0.5},
                                                                                          "end": {"line": 9, "character": 0}}})
    check("inlay hints from character 0.5", r["error"], {"code": -32602, "message": "`character` in a position has the wrong type"})
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": -5}, "contentChanges": [{"text": "let d = 1\n"}]})
    check("a negative version is one", c.wait_notification("textDocument/publishDiagnostics")["version"], -5)
    c.request("shutdown")
    c.notify("exit")
    check("versions: exit status", c.proc.wait(30), 0)
    check("versions: the refused changes", c.read_stderr().decode().splitlines(),
          ["mlsi lsp: textDocument/didChange: `version` in textDocument must be a whole number below 2^63"] * 4)


def main():
    lsp_nesting()
    mcp_nesting()
    lsp_headers()
    lsp_null_params()
    mcp_null_params()
    lsp_versions()
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
