// The JavaScript API (src/mlsi.js) over the WebAssembly module gives the command line's documents byte
// for byte: each call is compared with `mlsi` (the native build) run on the same request. Also what a
// page needs of it: diagnostics with their spans, the interpreter's message for an input outside its
// `where`, the bounds of a call. Run by ctest web_api: MLSI (the native mlsi) and MLSI_WASM_DIR (the
// folder of mlsi.js and mlsi.wasm) are set.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

import { loadMlsi, PAGE_LIMITS } from "../src/mlsi.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const mlsiBin = process.env.MLSI ?? path.join(root, "build/mlsi");
const wasmDir = process.env.MLSI_WASM_DIR ?? path.join(root, "build-wasm/web/wasm");
const require = createRequire(import.meta.url);
const mlsi = await loadMlsi({ factory: require(path.join(wasmDir, "mlsi.js")), wasmBinary: fs.readFileSync(path.join(wasmDir, "mlsi.wasm")) });

// `mlsi ARGS` in `cwd`: {status, stdout, stderr}.
function cli(args, cwd = root) {
  const r = spawnSync(mlsiBin, args, { cwd, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// A folder holding `name` with `text`, as the playground's file is held.
function fileIn(name, text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mlsi-web-"));
  fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

test("run gives mlsi run --format json, byte for byte", () => {
  const cases = [
    [{ scenario: "ActivationMemory", inputs: { microbatch: "4" } }, ["run", "ActivationMemory", "--set", "microbatch=4"]],
    [{ scenario: "TrainingStateFit", inputs: [["workload", "Llama2_70B"]] }, ["run", "TrainingStateFit", "--set", "workload=Llama2_70B"]],
    [{ scenario: "ZeroSharding", inputs: { n_devices: "8" } }, ["run", "ZeroSharding", "--set", "n_devices=8"]],
    [{ scenario: "ActivationMemory", config: "gpt2_b8" }, ["run", "ActivationMemory", "--config", "gpt2_b8"]],
    [{ scenario: "ParallelLayout", inputs: { dp: "1024/(tp*pp)", tp: "8" } }, ["run", "ParallelLayout", "--set", "dp=1024/(tp*pp)", "--set", "tp=8"]],
  ];
  for (const [request, args] of cases) {
    const ours = mlsi.run(request);
    const theirs = cli([...args, "--format", "json"]);
    assert.equal(theirs.status, 0, theirs.stderr);
    assert.ok(ours.ok, JSON.stringify(ours.diagnostics));
    assert.equal(ours.text, theirs.stdout, args.join(" "));
    assert.deepEqual(ours.diagnostics, []);
    const table = mlsi.run({ ...request, format: "table" });
    assert.equal(table.text, cli(args).stdout, `${args.join(" ")} (table)`);
  }
});

test("the numbers of ActivationMemory at microbatch 4 are docs/api.md's, computed by hand there", () => {
  const out = mlsi.run({ scenario: "ActivationMemory", inputs: { microbatch: "4" } }).document.outputs;
  // 96 layers * 2048 * 4 * 12288 values * (34 + 80) * 2 byte / 2 = 1101659111424 B = 1026 GiB; 34 -> 306 GiB; 2 -> 18 GiB.
  assert.deepEqual(out.none, { value: 1026, unit: "GiB", si: 1101659111424, dimension: "Information" });
  assert.equal(out.selective.value, 306);
  assert.equal(out.full.value, 18);
  assert.equal(out.none_per_layer.value, 10.6875);
  assert.equal(out.selective_savings.si, 40 / 57);
});

test("explain, sweep, eval, list and show give their commands' documents", () => {
  const pairs = [
    [mlsi.explain({ scenario: "ActivationMemory", inputs: { microbatch: "2" } }), ["run", "ActivationMemory", "--set", "microbatch=2", "--explain", "--format", "json"]],
    [mlsi.explain({ scenario: "ActivationMemory", format: "table" }), ["run", "ActivationMemory", "--explain"]],
    [mlsi.sweep({ scenario: "ActivationMemory", vary: ["microbatch=1..16 step 3"], inputs: { seq_len: "4096" } }),
     ["sweep", "ActivationMemory", "--vary", "microbatch=1..16 step 3", "--set", "seq_len=4096", "--format", "json"]],
    [mlsi.sweep({ scenario: "ZeroSharding", vary: ["n_devices=8,64", "workload=GPT3,Llama2_70B"], where: "fits[3]" }),
     ["sweep", "ZeroSharding", "--vary", "n_devices=8,64", "--vary", "workload=GPT3,Llama2_70B", "--where", "fits[3]", "--format", "json"]],
    [mlsi.eval(["989 TFLOP/s * 0.4 * 30 day -> EFLOP", "let hbm = 80 GiB", "hbm / 2"]),
     ["eval", "989 TFLOP/s * 0.4 * 30 day -> EFLOP", "let hbm = 80 GiB", "hbm / 2", "--format", "json"]],
    [mlsi.list("scenarios"), ["list", "scenarios", "--format", "json"]],
    [mlsi.list("hardware"), ["list", "hardware", "--format", "json"]],
    [mlsi.show("ActivationMemory"), ["show", "ActivationMemory", "--format", "json"]],
    [mlsi.show("ActivationMemory", { format: "table" }), ["show", "ActivationMemory"]],
    [mlsi.show("H100"), ["show", "H100", "--format", "json"]],
  ];
  for (const [ours, args] of pairs) {
    const theirs = cli(args);
    assert.equal(theirs.status, 0, theirs.stderr);
    assert.ok(ours.ok, `${args.join(" ")}: ${JSON.stringify(ours.diagnostics)}`);
    // An input the page gave is explained as given by `NAME=` (web/README.md), where the command line's is `--set`.
    assert.equal(ours.text, theirs.stdout.replace('"origin": "--set"', '"origin": "microbatch="'), args.join(" "));
  }
});

test("a where that an input fails: the interpreter's message, its span, and the command line's text", () => {
  const r = mlsi.run({ scenario: "ActivationMemory", inputs: { microbatch: "0" } });
  assert.equal(r.ok, false);
  assert.equal(r.diagnostics.length, 1);
  const d = r.diagnostics[0];
  assert.equal(d.severity, "error");
  assert.equal(d.category, "input");
  assert.equal(d.message, "input `microbatch` = 0 does not satisfy `is_whole(microbatch) and microbatch >= 1`");
  // scenarios/training/activation_memory.mls line 17: `  input microbatch: Count = 1 where is_whole(...) and microbatch >= 1`
  const line = fs.readFileSync(path.join(root, "scenarios/training/activation_memory.mls"), "utf8").split("\n")[16];
  assert.equal(d.file, "<builtin>/scenarios/training/activation_memory.mls");
  assert.equal(d.line, 17);
  assert.equal(d.column, line.indexOf("is_whole") + 1);
  assert.equal(d.end_column, line.length + 1);
  // The value is named as the page gave it (`microbatch=`, as the Python module names a keyword's), not
  // by the command line's option.
  assert.deepEqual(d.notes.map((n) => n.message), ["`microbatch` was given by microbatch="]);
  const theirs = cli(["run", "ActivationMemory", "--set", "microbatch=0"]);
  assert.equal(theirs.status, 1);
  assert.equal(d.rendered, theirs.stderr.replace("given by --set", "given by microbatch="));
});

test("messages name what the page passed: NAME=, vary and where, never a command-line option", () => {
  const bad = mlsi.run({ scenario: "ActivationMemory", inputs: { microbatch: "4 +" } });
  const theirs = cli(["run", "ActivationMemory", "--set", "microbatch=4 +"]);
  assert.equal(bad.ok, false);
  assert.equal(bad.diagnostics[0].file, "microbatch=");
  assert.equal(bad.diagnostics.map((d) => d.rendered).join(""), theirs.stderr.replaceAll("--set:", "microbatch=:"));
  const vary = mlsi.sweep({ scenario: "ActivationMemory", vary: ["microbatch=1..x"] });
  assert.equal(vary.diagnostics[0].file, "vary");
  assert.equal(vary.diagnostics[0].message, "unknown name `x`");
  const where = mlsi.sweep({ scenario: "ActivationMemory", vary: ["microbatch=1,2"], where: "nothing > 1" });
  assert.equal(where.diagnostics[0].file, "where");
  for (const r of [bad, vary, where]) assert.doesNotMatch(r.diagnostics.map((d) => d.rendered).join(""), /--[a-z]/);
});

test("eval with format table is what mlsi -e prints", () => {
  for (const expression of ["1 GiB -> MB", "989 TFLOP/s * 0.4 * 30 day -> EFLOP", "let hbm = 80 GiB"]) {
    const ours = mlsi.eval(expression, { format: "table" });
    const theirs = cli(["-e", expression]);
    assert.equal(theirs.status, 0, theirs.stderr);
    assert.ok(ours.ok);
    assert.equal(ours.text, theirs.stdout, expression);
  }
  // 1 GiB = 2^30 B = 1073.741824 MB, shown with six significant digits.
  assert.equal(mlsi.eval("1 GiB -> MB", { format: "table" }).text, "= 1073.74 MB  [Information]\n");
  const wrong = mlsi.eval("1 GiB + 1 s", { format: "table" });
  assert.equal(wrong.ok, false);
  assert.equal(wrong.diagnostics.map((d) => d.rendered).join(""), cli(["-e", "1 GiB + 1 s"]).stderr);
});

test("catalogue entries given as text serve a run as a --catalog file does", () => {
  // A fictional card (pasted_card.toml, which the browser's test pastes too): its memory, 40 GiB, is
  // TrainingStateFit's capacity.
  const card = fs.readFileSync(new URL("pasted_card.toml", import.meta.url), "utf8");
  const dir = fileIn("card.toml", card);
  const request = { scenario: "TrainingStateFit", inputs: { hardware: "Pasted_Card" }, catalogue: card, catalogueName: "card.toml" };
  const ours = mlsi.run(request);
  const theirs = cli(["run", "TrainingStateFit", "--catalog", "card.toml", "--set", "hardware=Pasted_Card", "--format", "json"], dir);
  assert.equal(theirs.status, 0, theirs.stderr);
  assert.equal(ours.text, theirs.stdout);
  assert.equal(ours.document.outputs.capacity.value, 40);
  assert.ok(mlsi.list("Hardware", { catalogue: card }).document.some((e) => e.key === "Pasted_Card"));
  assert.equal(mlsi.eval("Pasted_Card.memory", { catalogue: card, format: "table" }).text, cli(["-e", "Pasted_Card.memory", "--catalog", "card.toml"], dir).stdout);
  // An entry with an error: the catalogue's message at its place in the text, under the name given.
  const broken = mlsi.run({ ...request, catalogue: card.replace("year = 2024\n", "") });
  assert.equal(broken.ok, false);
  fs.writeFileSync(path.join(dir, "card.toml"), card.replace("year = 2024\n", ""));
  assert.equal(broken.diagnostics.map((d) => d.rendered).join(""), cli(["run", "TrainingStateFit", "--catalog", "card.toml", "--set", "hardware=Pasted_Card"], dir).stderr);
  // Without it, the name is unknown again: the text belongs to the calls that pass it.
  assert.equal(mlsi.run({ scenario: "TrainingStateFit", inputs: { hardware: "Pasted_Card" } }).ok, false);
});

test("check marks a dimension error in the editor's text where mlsi check does", () => {
  const text = "scenario Mixed {\n  input memory: Information = 80 GB\n  input time: Time = 2 s\n  output total = memory + time\n}\n";
  const r = mlsi.check(text, { sourceName: "mixed.mls" });
  assert.equal(r.ok, false);
  const theirs = cli(["check", "mixed.mls"], fileIn("mixed.mls", text));
  assert.equal(theirs.status, 3);
  assert.equal(r.diagnostics.map((d) => d.rendered).join(""), theirs.stderr);
  const d = r.diagnostics[0];
  assert.equal(d.file, "mixed.mls");
  assert.equal(d.line, 4);
  // In `  output total = memory + time` the `+` is column 25, `memory` columns 18-23, `time` 27-30.
  assert.equal(d.message, "cannot add Information and Time");
  assert.deepEqual([d.column, d.end_line, d.end_column], [25, 4, 26]);
  assert.deepEqual(d.notes.map((n) => [n.message, n.line, n.column, n.end_column]), [["Information", 4, 18, 24], ["Time", 4, 27, 31]]);
  // A text that checks: no diagnostics, and its scenario among the session's.
  const fixed = mlsi.check(text.replace("memory + time", "memory / time"), { sourceName: "mixed.mls" });
  assert.equal(fixed.ok, true);
  assert.deepEqual(fixed.diagnostics, []);
  assert.equal(fixed.scenarios[0], "Mixed");
});

test("a scenario of the editor's text runs by name, as mlsi run FILE does", () => {
  const text = "scenario Bandwidth {\n  input size: Information = 10 GB\n  input rate: Information / Time = 2 GB/s\n  output time = size / rate -> s\n}\n";
  const ours = mlsi.run({ source: text, sourceName: "bw.mls", scenario: "Bandwidth", inputs: { size: "3 GB" } });
  const theirs = cli(["run", "bw.mls", "--set", "size=3 GB", "--format", "json"], fileIn("bw.mls", text));
  assert.equal(ours.text, theirs.stdout);
  assert.equal(ours.document.outputs.time.value, 1.5);  // 3 GB / (2 GB/s)
  // A copy of a built-in scenario's file, edited, runs in place of the built-in one.
  const source = mlsi.source("ActivationMemory");
  assert.equal(source.name, "<builtin>/scenarios/training/activation_memory.mls");
  assert.equal(source.text, fs.readFileSync(path.join(root, "scenarios/training/activation_memory.mls"), "utf8"));
  const edited = source.text.replace("input microbatch: Count = 1", "input microbatch: Count = 2");
  const r = mlsi.run({ source: edited, sourceName: "activation_memory.mls", scenario: "ActivationMemory" });
  assert.equal(r.document.inputs.microbatch.value, 2);
  assert.equal(r.document.outputs.full.value, 9);  // 18 GiB at microbatch 4 (docs/api.md), halved
  // Its interface is the edited one's, and no built-in file of that name is read beside it.
  const shown = mlsi.show("ActivationMemory", { source: edited, sourceName: "activation_memory.mls" });
  assert.deepEqual(shown.diagnostics, []);
  assert.equal(shown.document.inputs.find((i) => i.name === "microbatch").default, "2");
  assert.equal(mlsi.source("NoSuchScenario"), null);
});

test("a call is bounded: a sweep of too many points and a runaway evaluation stop with the interpreter's message", () => {
  const big = mlsi.sweep({ scenario: "ActivationMemory", vary: ["microbatch=1..20000 step 1"] });
  assert.equal(big.ok, false);
  assert.match(big.diagnostics[0].message, /20000 points/);
  const theirs = cli(["sweep", "ActivationMemory", "--vary", "microbatch=1..20000 step 1", "--max-points", "10000"]);
  // The same message, but its advice names the page's limit, not the command line's option.
  assert.equal(big.diagnostics.map((d) => d.rendered).join(""),
               theirs.stderr.replace("run `mlsi --help` for usage\n", "").replace("with --max-points N", "with limits: {maxPoints: N}"));
  const runaway = mlsi.eval("sum([x * x for x in range(900000)])", { limits: { maxSteps: 1000000 } });
  assert.equal(runaway.ok, false);
  assert.equal(runaway.diagnostics[0].message, "evaluation stopped after 1000000 steps");
  assert.deepEqual(runaway.diagnostics[0].notes.map((n) => n.message), ["raise the limit with limits: {maxSteps: N}"]);
  // 10,000 nested brackets: the checker's nesting limit, not a crash of the page.
  const deep = mlsi.eval("(".repeat(10000) + "1" + ")".repeat(10000));
  assert.equal(deep.ok, false);
  assert.match(deep.diagnostics[0].message, /nest/);
  assert.equal(mlsi.eval("1 + 1").document[0].result.value, 2);  // and the module still works
});

test("a whole call is bounded: a sweep whose where makes a list at each point stops at maxTotalSteps", () => {
  // Each point makes range(100000 + microbatch): more than 10^5 steps, 10,000 points more than 10^9 in
  // all; the page's call stops after 50 million (PAGE_LIMITS.maxTotalSteps), as `mlsi sweep` does.
  const request = { scenario: "ActivationMemory", vary: ["microbatch=1..10000 step 1"], where: "len(range(100000 + microbatch)) > 0" };
  const r = mlsi.sweep(request);
  assert.equal(r.ok, false);
  assert.equal(r.diagnostics.at(-1).message, "evaluation stopped after 50000000 steps in all");
  // One thread, as the page has: with several, which point's evaluation meets the spent budget first (and so
  // the span the message marks) depends on how the threads interleave.
  const theirs = cli(["sweep", "ActivationMemory", "--vary", request.vary[0], "--where", request.where, "--max-total-steps", "50000000",
                      "--max-steps", "50000000", "--max-list", "1000000", "--format", "json", "--jobs", "1"]);
  assert.equal(theirs.status, 1);
  assert.ok(theirs.stderr.endsWith(r.diagnostics.at(-1).rendered.replace("limits: {maxTotalSteps: N}", "--max-total-steps N")), theirs.stderr);
  assert.match(r.diagnostics.at(-1).rendered, /raise the limit with limits: \{maxTotalSteps: N\}\n$/);
});

test("a request of the wrong shape or with a limit the command line refuses is a usage error, not an exception", () => {
  const wrong = [
    [{ source: 5 }, "`source` must be a string, not number"],
    [{ source: "let x = 1\n", sourceName: {} }, "`sourceName` must be a string, not object"],
    [{ scenario: "ActivationMemory", vary: [1] }, "`vary[0]` must be a string, not number"],
    [{ scenario: "ActivationMemory", vary: "microbatch=1,2" }, "`vary` must be an array of strings, not string"],
  ];
  for (const [request, message] of wrong) {
    const r = mlsi.module.sweep({ ...request, limits: PAGE_LIMITS });
    assert.equal(r.ok, false);
    const d = JSON.parse(r.diagnostics);
    assert.equal(d.length, 1);
    assert.equal(d[0].message, message);
    assert.equal(d[0].category, "usage");
    assert.equal(d[0].rendered, `error: ${message}\n`);
  }
  // A limit is read as the command line reads its option: whole numbers from 1 to the option's largest.
  for (const [value, shown] of [[Infinity, "Infinity"], [NaN, "NaN"], [-1, "-1"], [1.5, "1.5"], [0, "0"]]) {
    const r = mlsi.eval("1 + 1", { limits: { maxSteps: value } });
    assert.equal(r.ok, false);
    assert.equal(r.diagnostics[0].message, `limits.maxSteps needs a positive whole number, given \`${shown}\``);
    assert.equal(cli(["eval", "-e", "1 + 1", "--max-steps", shown]).stderr.split("\n")[0],
                 `error: --max-steps needs a positive whole number, given \`${shown}\``);
  }
  const huge = mlsi.eval("1 + 1", { limits: { maxSteps: 1e30 } });
  assert.equal(huge.diagnostics[0].message, "limits.maxSteps is at most 1000000000000000000, given `1000000000000000019884624838656`");
  const points = mlsi.eval("1 + 1", { limits: { maxPoints: "10" } });
  assert.equal(points.diagnostics[0].message, "limits.maxPoints must be a number, not string");
  assert.equal(mlsi.eval("1 + 1").document[0].result.value, 2);  // and the module still works
});

test("diagnostics kept are bounded: a text of thousands of errors gives 1000 and the count of the rest", () => {
  const r = mlsi.check("let a = 1\n".repeat(3000));
  assert.equal(r.ok, false);
  assert.equal(r.diagnostics.length, 1001);
  assert.equal(r.diagnostics[999].message, "`a` is already defined");
  assert.equal(r.diagnostics[1000].message, "1999 more diagnostics not kept (at most 1000 are kept)");
  assert.equal(r.diagnostics[1000].severity, "error");
});

// Last: it leaves the module's heap at its 2 GiB maximum, as a page keeps it until reloaded.
test("running out of the module's memory is an error, as on the command line, and the module goes on", () => {
  // Six lists of ten million entries, at about 40 bytes an entry (docs/security.md): 2.4 GB, more than
  // the heap's 2 GiB maximum.
  const lists = Array.from({ length: 6 }, (_, i) => `range(${10000000 + i})`).join(", ");
  const r = mlsi.eval(`[${lists}]`, { limits: { maxList: 100000000, maxSteps: 1e9, maxTotalSteps: 1e9 } });
  assert.equal(r.ok, false);
  assert.equal(r.diagnostics.length, 1);
  assert.match(r.diagnostics[0].message, /^out of memory while /);
  assert.equal(r.diagnostics[0].category, "evaluation");
  assert.equal(mlsi.eval("1 + 1").document[0].result.value, 2);
});
