// The playground (web/README.md): an editor holding a scenario's .mls text, the scenario's inputs as
// fields, and its results, explanation and a one-input sweep, all from the interpreter's documents
// (src/mlsi.js). The file and the inputs live in the URL's fragment, which is the share link.
import createMlsiModule from "mlsi-wasm";

import { loadMlsi } from "./mlsi.js";
import { sweepPlot } from "./plot.js";
import { valueTable, valueText } from "./values.js";

const $ = (id) => document.getElementById(id);
const state = { scenario: "ActivationMemory", builtin: null, sourceName: "", inputs: {}, interface: "", numeric: [], outputs: [] };
let mlsi;
// The editor's module (src/editor.js) and the editor: null until its bundle has loaded, which the first
// result does not wait for; until then state.text holds the text the editor will show.
let editor = null;
let view = null;

// --- the URL fragment: #scenario=NAME&in.INPUT=EXPR...&src=BASE64URL(UTF-8 text, when edited)
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const inputs = {};
  for (const [k, v] of params) if (k.startsWith("in.")) inputs[k.slice(3)] = v;
  let source = null;
  try {
    if (params.get("src")) source = fromBase64Url(params.get("src"));
  } catch {
    source = null;
  }
  return { scenario: params.get("scenario"), inputs, source };
}
function writeFragment(text, edited) {
  const params = new URLSearchParams();
  params.set("scenario", state.scenario);
  for (const [k, v] of Object.entries(state.inputs)) if (v.trim() !== "") params.set(`in.${k}`, v);
  if (edited) params.set("src", toBase64Url(text));
  history.replaceState(null, "", `#${params}`);
}

// --- what the editor holds
function current() {
  const text = view ? view.state.doc.toString() : state.text;
  const edited = text !== state.builtin.text;
  return { text, edited, base: edited ? { source: text, sourceName: state.sourceName } : {}, fileName: edited ? state.sourceName : state.builtin.name };
}

function showProblems(diagnostics) {
  const box = $("errors");
  box.replaceChildren();
  for (const d of diagnostics) {
    const pre = document.createElement("pre");
    pre.className = `diagnostic ${d.severity}`;
    pre.textContent = d.rendered || `${d.severity}: ${d.message}`;
    box.append(pre);
  }
}

// --- the inputs, from `mlsi show SCENARIO --format json`
function buildFields(shown) {
  const text = JSON.stringify(shown.inputs);
  if (text === state.interface) return;
  state.interface = text;
  const box = $("input-fields");
  box.replaceChildren();
  for (const input of shown.inputs) {
    const row = document.createElement("div");
    row.className = "field";
    row.dataset.input = input.name;
    const label = document.createElement("label");
    label.textContent = input.name;
    label.htmlFor = `input-${input.name}`;
    label.title = input.doc;
    const field = document.createElement("input");
    field.id = `input-${input.name}`;
    field.name = input.name;
    field.placeholder = input.default;
    field.value = state.inputs[input.name] ?? "";
    field.title = `${input.type}${input.where ? `, where ${input.where}` : ""}. ${input.doc}`;
    field.addEventListener("input", () => {
      state.inputs[input.name] = field.value;
      schedule(120);
    });
    const hint = document.createElement("span");
    hint.className = "unit-hint";
    hint.textContent = input.type;
    const problem = document.createElement("div");
    problem.className = "problem";
    row.append(label, field, hint, problem);
    box.append(row);
  }
}

// An input's value as the run shows it (`= 2 byte`), and the interpreter's message about it.
function annotateFields(doc, diagnostics) {
  for (const row of document.querySelectorAll("#input-fields .field")) {
    const name = row.dataset.input;
    const type = (state.interface ? JSON.parse(state.interface) : []).find((i) => i.name === name)?.type ?? "";
    row.querySelector(".unit-hint").textContent = doc && name in doc.inputs ? `${type} = ${valueText(doc.inputs[name])}` : type;
    const mine = diagnostics.filter((d) => d.category === "input" && [d.message, ...d.notes.map((n) => n.message)].some((m) => m.includes(`\`${name}\``)));
    row.classList.toggle("invalid", mine.length > 0);
    row.querySelector(".problem").textContent = mine.map((d) => d.message).join("\n");
  }
}

// --- one refresh: check, run (the results first), then the interface and the explanation
function refresh() {
  const c = current();
  let scenario = state.scenario;
  let diagnostics = [];
  $("file-name").textContent = c.edited ? `${state.sourceName} (edited)` : c.fileName;
  if (c.edited) {
    const checked = mlsi.check(c.text, { sourceName: state.sourceName });
    diagnostics = checked.diagnostics;
    const declared = [...c.text.matchAll(/^scenario\s+([A-Za-z_][A-Za-z0-9_]*)/gm)].map((m) => m[1]);
    if (declared.length && !declared.includes(scenario)) scenario = declared[0];
    if (!checked.ok) {
      finish(c, diagnostics, null);
      state.described?.();
      return;
    }
  }
  const known = state.interface ? new Set(JSON.parse(state.interface).map((i) => i.name)) : null;
  const inputs = Object.entries(state.inputs).filter(([k, v]) => (!known || known.has(k)) && v.trim() !== "");
  const request = { ...c.base, scenario, inputs };
  const run = mlsi.run(request);
  diagnostics = diagnostics.concat(run.diagnostics);
  finish(c, diagnostics, run.ok ? run.document : null, request);
  // What does not change the numbers comes after they are on the page.
  clearTimeout(state.describing);
  state.describing = setTimeout(() => {
    const shown = mlsi.show(scenario, c.base);
    if (shown.ok && shown.document.scenario) {
      buildFields(shown.document);
      $("doc-text").textContent = mlsi.show(scenario, { ...c.base, format: "table" }).text;
    }
    annotateFields(run.ok ? run.document : null, diagnostics);
    $("explain-text").textContent = run.ok ? mlsi.explain({ ...request, format: "table" }).text : "";
    state.described?.();
  }, 0);
}

function finish(c, diagnostics, doc, request) {
  state.marked = { diagnostics, fileName: c.fileName };
  if (view) editor.markDiagnostics(view, diagnostics, c.fileName);
  showProblems(diagnostics);
  annotateFields(doc, diagnostics);
  const tables = $("result-tables");
  tables.replaceChildren();
  $("results").classList.toggle("failed", !doc);
  if (doc) {
    tables.append(valueTable(doc, "outputs", "outputs"), valueTable(doc, "inputs", "inputs"));
    updateSweepChoices(doc);
    state.lastRequest = request;
    if (state.plotted) plot();
  }
  writeFragment(c.text, c.edited);
  $("status").textContent = doc ? "ok" : "error";
}

// --- the sweep of one input
function updateSweepChoices(doc) {
  const numeric = Object.entries(doc.inputs).filter(([, v]) => v && typeof v.value === "number").map(([k]) => k);
  const outputs = Object.entries(doc.outputs).filter(([, v]) => v && typeof v.value === "number").map(([k]) => k);
  const fill = (select, names) => {
    const keep = select.value;
    if (JSON.stringify(names) === select.dataset.names) return;
    select.dataset.names = JSON.stringify(names);
    select.replaceChildren(...names.map((n) => new Option(n, n)));
    if (names.includes(keep)) select.value = keep;
  };
  fill($("sweep-input"), numeric);
  fill($("sweep-output"), outputs);
  state.inputValues = doc.inputs;
  if (!$("sweep-values").value) suggestValues();
}

function suggestValues() {
  const v = state.inputValues?.[$("sweep-input").value];
  if (!v) return;
  const unit = v.unit ? ` ${v.unit}` : "";
  const whole = v.dimension === "Count" && Number.isInteger(v.value) && v.value >= 1;
  $("sweep-values").value = whole ? `1..${Math.max(16, 2 * v.value)} step 1` : `${v.value / 4}${unit}..${v.value * 4}${unit}`;
}

function plot() {
  const input = $("sweep-input").value;
  const output = $("sweep-output").value;
  if (!input || !output || !state.lastRequest) return;
  state.plotted = true;
  const inputs = state.lastRequest.inputs.filter(([k]) => k !== input);
  const r = mlsi.sweep({ ...state.lastRequest, inputs, vary: [`${input}=${$("sweep-values").value}`], limits: { maxPoints: 1000 } });
  const box = $("sweep-plot");
  box.replaceChildren();
  if (!r.ok) {
    const pre = document.createElement("pre");
    pre.className = "diagnostic error";
    pre.textContent = r.diagnostics.map((d) => d.rendered).join("");
    box.append(pre);
    return;
  }
  box.append(sweepPlot(r.document, input, output));
}

// --- scenarios
function selectScenario(name, { inputs = {}, source = null } = {}) {
  const builtin = mlsi.source(name);
  if (!builtin) return false;
  state.scenario = name;
  state.builtin = builtin;
  state.sourceName = builtin.name.split("/").pop();
  state.inputs = { ...inputs };
  state.interface = "";
  state.plotted = false;
  $("sweep-values").value = "";
  $("sweep-plot").replaceChildren();
  $("scenario-picker").value = name;
  // Refreshed here, at once: the annotation keeps the editor's listener from refreshing again 250 ms
  // later (and a refresh due for an earlier edit is dropped), which could refill the sweep's values
  // while they are being typed.
  clearTimeout(timer);
  state.text = source ?? builtin.text;
  if (view) editor.replaceText(view, state.text);
  refresh();
  return true;
}

let timer = null;
function schedule(ms) {
  clearTimeout(timer);
  timer = setTimeout(refresh, ms);
}

async function main() {
  const started = performance.now();
  // Marks of the way to the first result, which bench/web_bench.py reads.
  performance.mark("mlsi:script");
  // The editor's bundle (web/build.sh: most of the page's JavaScript, beside this one) is fetched while the
  // interpreter starts and computes the first result, which does not wait for it. The address is computed
  // so that the bundler leaves the import alone.
  const editorLoading = import(new URL("editor.js", import.meta.url).href);
  mlsi = await loadMlsi({ factory: createMlsiModule, wasmUrl: new URL("mlsi.wasm", import.meta.url).href, compiled: window.mlsiWasm });
  performance.mark("mlsi:module");
  const wanted = readFragment();
  const described = new Promise((resolve) => (state.described = resolve));
  if (!wanted.scenario || !selectScenario(wanted.scenario, wanted)) selectScenario("ActivationMemory");
  performance.mark("mlsi:first-result");
  // Time to the first result after the page's load: bench/web_bench.py reads it.
  window.mlsiFirstResultMs = performance.now() - started;  // from this script's start
  window.mlsiReadyAt = performance.now();  // from the start of the navigation
  editor = await editorLoading;
  view = editor.createEditor($("editor"), state.text, () => state.builtin && schedule(250));
  if (state.marked) editor.markDiagnostics(view, state.marked.diagnostics, state.marked.fileName);
  performance.mark("mlsi:editor");
  await described;
  state.described = null;
  // The picker lists every built-in scenario, which reads them all: after the first result.
  const list = mlsi.list("scenarios").document;
  const picker = $("scenario-picker");
  for (const pack of [...new Set(list.map((s) => s.pack))]) {
    const group = document.createElement("optgroup");
    group.label = pack;
    for (const s of list.filter((x) => x.pack === pack)) {
      const option = new Option(s.name, s.name);
      option.title = s.description;
      group.append(option);
    }
    picker.append(group);
  }
  picker.addEventListener("change", () => selectScenario(picker.value));
  $("reset-source").addEventListener("click", () => selectScenario(state.scenario, { inputs: state.inputs }));
  $("share").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $("status").textContent = "link copied";
    } catch {
      $("status").textContent = "copy the address bar's link";
    }
  });
  $("sweep-run").addEventListener("click", plot);
  $("sweep-input").addEventListener("change", () => {
    suggestValues();
    if (state.plotted) plot();
  });
  $("sweep-output").addEventListener("change", () => state.plotted && plot());
  $("inputs").addEventListener("submit", (e) => e.preventDefault());
  picker.value = state.scenario;
  window.mlsiPlayground = { view, state, mlsi };  // for the browser test and a curious console
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  $("status").textContent = `mlsi could not start: ${e}`;
  throw e;
});
