"""Protocol-level test of the bounds of `mlsi mcp` on one call (ctest `mcp_bounds`, issue #39, items 6 and
7): `check` of a text with thousands of errors answers with 1000 of them and the count of the rest (it once
answered 38.7 MB for 2 MB of source), and a `sweep` whose `where` builds a list at each of 10,000 points
stops at --max-total-steps with the evaluator's message (it once ran 25 minutes, answering nothing);
the server goes on answering. A `catalog_text` is bounded as a --catalog file is (--max-file-size). Python standard library only.

Usage: test_mcp_bounds.py MLSI SOURCE_DIR

3000 lines `let a = 1`: the first declares `a`, the 2999 others are errors; 1000 are kept, 1999 counted.
Each point of the sweep makes `range(1000 + x)`, more than 1000 steps (one per entry made; a list that does
not depend on x would be folded to a constant once): 10,000 points are more than 10^7 steps, past the 10^6
given.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lsp"))
from lsp_client import Checks, Client  # noqa: E402

MLSI, SOURCE = sys.argv[1], sys.argv[2]
check = Checks()


def main():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "light.mls")
        with open(path, "w") as f:
            f.write("scenario Light {\n  input x: Count = 1\n  output y = x * 2\n}\n")
        c = Client([MLSI, "mcp", "--max-total-steps", "1000000", path], cwd=SOURCE, framing="newline")
        c.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}})
        c.notify("notifications/initialized")

        r = c.request("tools/call", {"name": "check", "arguments": {"source": "let a = 1\n" * 3000}})
        found = r["structuredContent"]["diagnostics"]
        check("diagnostics kept", len(found), 1001)
        check("the 1000th", found[999]["message"], "`a` is already defined")
        check("the last counts the rest", (found[-1]["severity"], found[-1]["message"]),
              ("error", "1999 more diagnostics not kept (at most 1000 are kept)"))
        check("the text says it", "error: 1999 more diagnostics not kept (at most 1000 are kept)\n" in r["content"][0]["text"], True)
        check("the answer is bounded", len(r["content"][0]["text"]) < 100_000, True)

        r = c.request("tools/call", {"name": "sweep", "arguments": {"scenario": "Light", "vary": ["x=1..10000 step 1"],
                                                                     "where": "len(range(1000 + x)) > 0"}}, timeout=120)
        check("the sweep stops", r["isError"], True)
        check("with the evaluator's message", "error: evaluation stopped after 1000000 steps in all" in r["content"][0]["text"], True)
        check("and how to raise it", "raise the limit with --max-total-steps N" in r["content"][0]["text"], True)
        # 20000 bytes of TOML against --max-file-size 10000 (given to the server, so to every call).
        c.close()
        c = Client([MLSI, "mcp", "--max-file-size", "10000", path], cwd=SOURCE, framing="newline")
        c.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}})
        c.notify("notifications/initialized")
        big = "# " + "x" * 19997 + "\n"
        r = c.request("tools/call", {"name": "run", "arguments": {"scenario": "Light", "catalog_text": big}})
        check("a catalog_text is bounded", (r["isError"], r["content"][0]["text"]),
              (True, "error: catalogue text `<catalog_text>` is 20000 bytes, more than the limit of 10000\n"))
        r = c.request("tools/call", {"name": "check", "arguments": {"catalog_text": big}})
        check("check says so too", [d["message"] for d in r["structuredContent"]["diagnostics"]],
              ["catalogue text `<catalog_text>` is 20000 bytes, more than the limit of 10000"])
        check("still answers", c.request("ping"), {})
        check("exit status", c.close(), 0)
    return check.report()


if __name__ == "__main__":
    sys.exit(main())
