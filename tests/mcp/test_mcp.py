"""Protocol-level test of `mlsi mcp` (ctest `mcp`): initialize, list the tools and their schemas, call `run`
and `explain` (their results are the JSON of `mlsi run ... --format json` and `--explain --format json`),
`check` a text with a dimension error, `list`, `show` (and a scenario's source), a bounded `sweep`, `solve`, read a resource, and
answer bad arguments with JSON-RPC errors. Python standard library only.

Usage: test_mcp.py MLSI SOURCE_DIR

Catalogue entries given with a call (`catalog_text`): Four_H100 is a test node of 4 H100 per node, so a fleet
of 3 has 3 * 4 = 12 accelerators, and TrainingRun's peak_time = training_flops / (accelerators * peak_flops)
= 1e21 / (12 * 989e12) s (989 TFLOP/s: the H100 datasheet's dense BF16 figure, the catalogue's peak_flops).
With `accelerator = "H1000"` (line 3, column 15 of the text) the entry is refused at that place.

Values computed here: the KvCache of tests/examples/kv_cache.mls at batch 2 (Llama2_70B: 80 layers, 8 KV heads,
head_dim 8192 / 64 = 128): 2 * 80 * 8 * 128 * 2 byte = 320 KiB per token, 320 KiB * 2 * 4096 = 2.5 GiB.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lsp"))
from lsp_client import Checks, Client  # noqa: E402

MLSI, SOURCE = sys.argv[1], sys.argv[2]
FOUR_H100 = """[Node.Four_H100]
name = "four H100 on one baseboard"
accelerator = "H100"
accelerators_per_node = 4
intra_node_bandwidth = "900 GB/s"
intra_node_bidirectional = true
source = "a test fixture"
"""
BAD_NODE = FOUR_H100.replace('"H100"', '"H1000"')
FLEET = "{node: Four_H100, nodes: 3, fabric: InfiniBand_NDR}"
EXAMPLE = os.path.join(SOURCE, "tests", "examples", "kv_cache.mls")
check = Checks()


def cli(*args):
    return subprocess.run([MLSI, *args], capture_output=True, text=True, cwd=SOURCE).stdout


def main():
    c = Client([MLSI, "mcp", EXAMPLE], cwd=SOURCE, framing="newline")
    init = c.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}})
    check("protocol version", init["protocolVersion"], "2025-06-18")
    check("capabilities", sorted(init["capabilities"].keys()), ["resources", "tools"])
    c.notify("notifications/initialized")
    check("ping", c.request("ping"), {})

    tools = c.request("tools/list")["tools"]
    check("tool names", sorted(t["name"] for t in tools), ["check", "explain", "list", "run", "show", "solve", "sweep"])
    run = [t for t in tools if t["name"] == "run"][0]
    check("run's schema", (run["inputSchema"]["type"], run["inputSchema"]["required"], sorted(run["inputSchema"]["properties"])),
          ("object", ["scenario"], ["catalog_text", "config", "scenario", "set"]))
    check("every tool takes catalog_text", sorted(t["name"] for t in tools if "catalog_text" in t["inputSchema"]["properties"]),
          ["check", "explain", "list", "run", "show", "solve", "sweep"])

    # Catalogue entries given with the call: the run is `mlsi run ... --catalog-text TEXT`'s.
    args = {"scenario": "TrainingRun", "set": {"fleet": FLEET, "training_flops": "1e21 FLOP"}, "catalog_text": FOUR_H100}
    r = c.request("tools/call", {"name": "run", "arguments": args})
    check("a run with catalog_text", r["isError"], False)
    check("its text is the command line's JSON", r["content"][0]["text"],
          cli("run", "TrainingRun", "--set", "fleet=" + FLEET, "--set", "training_flops=1e21 FLOP", "--catalog-text", FOUR_H100, "--format", "json"))
    peak = r["structuredContent"]["outputs"]["peak_time"]["si"]
    check("peak_time of 12 H100", abs(peak / (1e21 / (12 * 989e12)) - 1) < 1e-12, True)
    r = c.request("tools/call", {"name": "run", "arguments": dict(args, catalog_text=BAD_NODE)})
    check("an entry with an error is a tool error at its place", (r["isError"], r["content"][0]["text"].splitlines()[0]),
          (True, "<catalog_text>:3:15: error: Node `Four_H100`: `accelerator` names `H1000`, which is not in the catalogue"))
    r = c.request("tools/call", {"name": "check", "arguments": {"catalog_text": BAD_NODE}})
    check("check reports it", (r["structuredContent"]["ok"], [(d["file"], d["line"], d["column"], d["message"]) for d in r["structuredContent"]["diagnostics"]]),
          (False, [("<catalog_text>", 3, 15, "Node `Four_H100`: `accelerator` names `H1000`, which is not in the catalogue")]))
    r = c.request("tools/call", {"name": "show", "arguments": {"name": "Four_H100", "catalog_text": FOUR_H100}})
    check("show takes it", r["content"][0]["text"], cli("show", "Four_H100", "--catalog-text", FOUR_H100, "--format", "json"))
    r = c.request("tools/call", {"name": "list", "arguments": {"kind": "nodes", "where": "accelerators_per_node == 4", "catalog_text": FOUR_H100}})
    check("list takes it", [e["key"] for e in json.loads(r["content"][0]["text"])], ["Four_H100", "Kempner_H100_4GPU"])
    r = c.request("tools/call", {"name": "run", "arguments": {"scenario": "TrainingRun", "set": {"fleet": FLEET}}})
    check("the entries were the call's alone", (r["isError"], "error: there is no Node `Four_H100` in the catalogue" in r["content"][0]["text"]), (True, True))

    # run: the JSON of `mlsi run FILE --scenario KvCache --set batch=2 --format json`.
    r = c.request("tools/call", {"name": "run", "arguments": {"scenario": "KvCache", "set": {"batch": 2}}})
    check("run is not an error", r["isError"], False)
    expected = cli("run", EXAMPLE, "--scenario", "KvCache", "--set", "batch=2", "--format", "json")
    check("run's text is the command line's JSON", r["content"][0]["text"], expected)
    total = r["structuredContent"]["outputs"]["total"]
    check("total at batch 2", (total["value"], total["unit"], total["si"]), (2.5, "GiB", 2.5 * 2**30))

    # A built-in scenario, and its explanation.
    r = c.request("tools/call", {"name": "explain", "arguments": {"scenario": "ActivationMemory", "set": {"microbatch": "4"}}})
    # The value's origin is the tool's argument, `set`, where the command line's is its option.
    check("explain is the command line's JSON", r["content"][0]["text"],
          cli("run", "ActivationMemory", "--set", "microbatch=4", "--explain", "--format", "json").replace('"origin": "--set"', '"origin": "set"'))
    check("explain has structured content", "outputs" in r["structuredContent"], True)

    # An unknown input: the command's own error, as a tool error.
    r = c.request("tools/call", {"name": "run", "arguments": {"scenario": "KvCache", "set": {"batchh": 2}}})
    check("a tool error", r["isError"], True)
    check("its message", "has no input `batchh`" in r["content"][0]["text"] and "did you mean `batch`?" in r["content"][0]["text"], True)
    check("its text is named by the argument", r["content"][0]["text"].startswith("set:1:1: error: scenario `KvCache` has no input `batchh`"), True)

    # Bad arguments: JSON-RPC errors (invalid params).
    for name, args, message in [
        ("run", {}, "invalid arguments of `run`: arguments needs `scenario`"),
        ("run", {"scenario": 7}, "invalid arguments of `run`: arguments.scenario must be string, not number"),
        ("run", {"scenario": "/etc/passwd"}, "invalid arguments of `run`: arguments.scenario `/etc/passwd` is not a name (^[A-Za-z_][A-Za-z0-9_]*$)"),
        ("run", {"scenario": "KvCach"}, "no scenario `KvCach`; did you mean `KvCache`?"),
        ("show", {"name": "--catalog=/etc/passwd"}, "invalid arguments of `show`: arguments.name `--catalog=/etc/passwd` is not a name (^[A-Za-z0-9_][A-Za-z0-9_.]*$)"),
        ("nothing", {}, "unknown tool `nothing`"),
        ("run", {"scenario": "KvCache", "catalog_text": 7}, "invalid arguments of `run`: arguments.catalog_text must be string, not number"),
    ]:
        r = c.request_raw("tools/call", {"name": name, "arguments": args})
        check("bad arguments %s %s" % (name, args), (r.get("error", {}).get("code"), r.get("error", {}).get("message")), (-32602, message))

    # check: a text with a dimension error, with the session's file.
    r = c.request("tools/call", {"name": "check", "arguments": {"source": "let x = 1 GB + 1 s\n"}})
    sc = r["structuredContent"]
    check("check finds the error", (sc["ok"], [(d["severity"], d["message"], d["file"], d["line"]) for d in sc["diagnostics"]]),
          (False, [("error", "cannot add Information and Time", "<source>", 1)]))
    r = c.request("tools/call", {"name": "check", "arguments": {}})
    check("check of the session's files", (r["structuredContent"]["ok"], r["content"][0]["text"]), (True, EXAMPLE + ": ok\n"))

    r = c.request("tools/call", {"name": "list", "arguments": {"kind": "hardware"}})
    check("list is the command line's JSON", r["content"][0]["text"], cli("list", "hardware", "--format", "json"))
    # An option of the verb table is a tool's property with no code of the server's own: `top` (`--top K`).
    list_tool = next(t for t in tools if t["name"] == "list")
    check("list's top from the option table", list_tool["inputSchema"]["properties"]["top"]["type"], "integer")
    r = c.request("tools/call", {"name": "list", "arguments": {"kind": "hardware", "sort": "-memory", "top": 2}})
    check("list with top", [e["key"] for e in json.loads(r["content"][0]["text"])], ["GB200_NVL72", "MI325X"])
    r = c.request("tools/call", {"name": "list", "arguments": {"kind": "scenarios", "top": 2}})
    check("top refused in the tool's words", r["content"][0]["text"].splitlines()[0],
          "error: `top` applies to the entries of a catalogue kind, not to scenarios")
    # `inference`, the pack serving and systems were split from, still names both: 8 + 8 scenarios.
    r = c.request("tools/call", {"name": "list", "arguments": {"kind": "scenarios", "where": 'pack == "inference"'}})
    check("the old pack name", sorted({e["pack"] for e in json.loads(r["content"][0]["text"])}) + [len(json.loads(r["content"][0]["text"]))],
          ["serving", "systems", 16])
    r = c.request("tools/call", {"name": "show", "arguments": {"name": "H100"}})
    check("show is the command line's JSON", r["content"][0]["text"], cli("show", "H100", "--format", "json"))

    # show with source: the file that declares the scenario, byte for byte, a built-in one or the session's.
    r = c.request("tools/call", {"name": "show", "arguments": {"name": "ActivationMemory", "source": True}})
    with open(os.path.join(SOURCE, "scenarios", "training", "activation_memory.mls"), encoding="utf-8") as f:
        builtin_text = f.read()
    check("a built-in scenario's source", (r["isError"], r["structuredContent"]),
          (False, {"scenario": "ActivationMemory", "file": "<builtin>/scenarios/training/activation_memory.mls", "source": builtin_text}))
    check("its text is the command line's JSON", r["content"][0]["text"], cli("show", "ActivationMemory", "--source", "--format", "json"))
    r = c.request("tools/call", {"name": "show", "arguments": {"name": "KvCache", "source": True}})
    with open(EXAMPLE, encoding="utf-8") as f:
        check("a session file's scenario's source", (r["isError"], r["structuredContent"]["file"], r["structuredContent"]["source"]),
              (False, EXAMPLE, f.read()))
    r = c.request("tools/call", {"name": "show", "arguments": {"name": "GPT3", "source": True}})
    check("no scenario, no source", (r["isError"], r["content"][0]["text"]),
          (True, "error: --source: no scenario named `GPT3`\n"))

    r = c.request("tools/call", {"name": "sweep", "arguments": {"scenario": "KvCache", "vary": ["batch=1,2,4"]}})
    check("sweep is the command line's JSON", r["content"][0]["text"],
          cli("sweep", EXAMPLE, "--scenario", "KvCache", "--vary", "batch=1,2,4", "--format", "json"))
    r = c.request("tools/call", {"name": "sweep", "arguments": {"scenario": "KvCache", "vary": ["batch=1..100000 step 1"]}})
    check("a sweep is bounded", (r["isError"], "more than" in r["content"][0]["text"]), (True, True))

    r = c.request("tools/call", {"name": "solve", "arguments": {"scenario": "ActivationMemory", "max": "microbatch", "such_that": ["full <= 80 GB"]}})
    # full = 96 layers * (2048 * b * 12288) values * 2 byte = 4831838208 * b byte <= 80e9 byte: b <= 16.56, so 16.
    check("solve", r["structuredContent"]["solve"]["value"]["si"] if not r["isError"] else r["content"], 16)
    # The verb's advice names the tool's arguments, where the command line names its flags.
    r = c.request("tools/call", {"name": "solve", "arguments": {"scenario": "ActivationMemory", "vary": ["microbatch=1..4"], "such_that": ["full <= 80 GB"]}})
    check("solve's advice in the tool's words", (r["isError"], r["content"][0]["text"].splitlines()[0]),
          (True, "error: a grid solve (vary) needs one of minimize EXPR and maximize EXPR"))

    resources = c.request("resources/list")["resources"]
    uris = [x["uri"] for x in resources]
    check("resources", ("mlsi://catalogue" in uris, "mlsi://scenario/TrainingRun" in uris), (True, True))
    text = c.request("resources/read", {"uri": "mlsi://scenario/TrainingRun"})["contents"][0]["text"]
    check("a scenario's page is `mlsi doc`'s", text, cli("doc", "TrainingRun"))
    r = c.request_raw("resources/read", {"uri": "file:///etc/passwd"})
    check("no other resource", r["error"]["code"], -32002)
    r = c.request_raw("no/method", {})
    check("unknown method", r["error"]["code"], -32601)
    c.send_raw(b"{broken\n")
    check("not JSON", c.wait_response(None)["error"]["code"], -32700)
    check("still answers", c.request("ping"), {})
    check("exit status", c.close(), 0)

    return check.report()


if __name__ == "__main__":
    sys.exit(main())
