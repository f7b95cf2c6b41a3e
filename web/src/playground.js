// The playground (web/README.md): a scenario's results first, its inputs as fields (an input of a
// catalogue kind a searchable choice of the catalogue's entries), a one-input sweep drawn as a plot, an
// expression box (`mlsi -e`), and below them, in tabs, the editor holding the scenario's .mls text, its
// documentation, its explanation and catalogue entries the user pastes, all from the interpreter's
// documents (src/mlsi.js). The file, the inputs and the pasted entries live in the URL's fragment, which
// is the share link.
import createMlsiModule from "mlsi-wasm";

import { loadMlsi } from "./mlsi.js";
import { sweepPlot } from "./plot.js";
import { valueTable, valueText } from "./values.js";

const $ = (id) => document.getElementById(id);
const state = { scenario: "ActivationMemory", builtin: null, sourceName: "", inputs: {}, interface: "", catalogue: "", choices: new Map() };
// The name messages give the pasted catalogue entries (`catalogue.toml:3:15`).
const CATALOGUE_NAME = "catalogue.toml";
let mlsi;
// The editor's module (src/editor.js) and the editor: null until its bundle has loaded, which the first
// result does not wait for; until then state.text holds the text the editor will show.
let editor = null;
let view = null;

// --- the URL fragment: #scenario=NAME&in.INPUT=EXPR...&src=BASE64URL(UTF-8 text, when edited)&cat=BASE64URL(pasted entries)
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
  const decoded = (key) => {
    try {
      return params.get(key) ? fromBase64Url(params.get(key)) : null;
    } catch {
      return null;
    }
  };
  return { scenario: params.get("scenario"), inputs, source: decoded("src"), catalogue: decoded("cat") ?? "" };
}
function writeFragment(text, edited) {
  const params = new URLSearchParams();
  params.set("scenario", state.scenario);
  for (const [k, v] of Object.entries(state.inputs)) if (v.trim() !== "") params.set(`in.${k}`, v);
  if (edited) params.set("src", toBase64Url(text));
  if (state.catalogue.trim()) params.set("cat", toBase64Url(state.catalogue));
  history.replaceState(null, "", `#${params}`);
}

// --- what the editor holds
function current() {
  const text = view ? view.state.doc.toString() : state.text;
  const edited = text !== state.builtin.text;
  const base = { ...catalogue(), ...(edited ? { source: text, sourceName: state.sourceName } : {}) };
  return { text, edited, base, fileName: edited ? state.sourceName : state.builtin.name };
}

// The pasted catalogue entries, as every call takes them (read after the built-in catalogue).
function catalogue() {
  return state.catalogue.trim() ? { catalogue: state.catalogue, catalogueName: CATALOGUE_NAME } : {};
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
    field.dataset.type = input.type;
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

// The catalogue's entries of a kind (`Workload`), by `mlsi list KIND`: [{key, name}], or null when the
// type is not a catalogue kind. Kept until the pasted entries change.
function entriesOf(type) {
  const key = `${type}\n${state.catalogue}`;
  if (!state.choices.has(key)) {
    const listed = /^[A-Z][A-Za-z0-9_]*$/.test(type) ? mlsi.list(type, catalogue()) : { ok: false };
    const entries = listed.ok && Array.isArray(listed.document) && listed.document.length && listed.document.every((e) => e.kind === type)
      ? listed.document.map((e) => ({ key: e.key, name: e.fields?.name?.value ?? "" }))
      : null;
    state.choices.set(key, entries);
  }
  return state.choices.get(key);
}

// An input of a catalogue kind is a searchable choice: the field lists the kind's entries (a datalist:
// typing narrows them), and any expression can still be typed.
function fillChoices() {
  const lists = $("catalogue-choices");
  const wanted = new Map();
  for (const field of document.querySelectorAll("#input-fields input")) {
    const entries = entriesOf(field.dataset.type);
    if (!entries) continue;
    const id = `choices-${field.dataset.type}`;
    field.setAttribute("list", id);
    field.classList.add("choice");
    wanted.set(id, entries);
  }
  lists.replaceChildren(...[...wanted].map(([id, entries]) => {
    const list = document.createElement("datalist");
    list.id = id;
    list.append(...entries.map((e) => {
      const option = document.createElement("option");
      option.value = e.key;
      if (e.name) option.label = e.name;
      return option;
    }));
    return list;
  }));
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
    const checked = mlsi.check(c.text, { sourceName: state.sourceName, ...catalogue() });
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
      fillChoices();
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
    const box = document.createElement("div");
    box.className = "table-box";
    box.append(valueTable(doc, "outputs", "outputs"));
    tables.append(box);
    updateSweepChoices(doc);
    state.lastRequest = request;
    if (state.plotted) plot();
  }
  writeFragment(c.text, c.edited);
  $("status").textContent = doc ? "ok" : "error";
}

// --- the sweep of one input
// Any input can be varied: a number along a numeric axis, an entry (`workload`) or a Bool along a
// categorical one; any numeric output plotted.
function updateSweepChoices(doc) {
  const varied = Object.entries(doc.inputs).filter(([, v]) => v && (typeof v.value === "number" || typeof v.value === "boolean" || "entry" in v)).map(([k]) => k);
  const outputs = Object.entries(doc.outputs).filter(([, v]) => v && typeof v.value === "number").map(([k]) => k);
  const fill = (select, names, first) => {
    const keep = select.value;
    if (JSON.stringify(names) === select.dataset.names) return;
    select.dataset.names = JSON.stringify(names);
    select.replaceChildren(...names.map((n) => new Option(n, n)));
    select.value = names.includes(keep) ? keep : first ?? names[0] ?? "";
  };
  // A numeric input first, when there is one: its plot is a line.
  fill($("sweep-input"), varied, varied.find((k) => typeof doc.inputs[k].value === "number"));
  fill($("sweep-output"), outputs);
  state.inputValues = doc.inputs;
  if (!$("sweep-values").value) suggestValues();
}

function suggestValues() {
  const name = $("sweep-input").value;
  const v = state.inputValues?.[name];
  if (!v) return;
  if (typeof v.value === "boolean") {
    $("sweep-values").value = "false,true";
    return;
  }
  if ("entry" in v) {
    // The entry given and the next ones of its kind, eight in all.
    const keys = entriesOf(v.kind)?.map((e) => e.key) ?? [v.entry];
    const at = Math.max(0, keys.indexOf(v.entry));
    $("sweep-values").value = [...keys.slice(at), ...keys.slice(0, at)].slice(0, 8).join(",");
    return;
  }
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
  state.lastSweep = { document: r.document, input, output };
  const box = $("sweep-plot");
  box.replaceChildren();
  if (!r.ok) {
    const pre = document.createElement("pre");
    pre.className = "diagnostic error";
    pre.textContent = r.diagnostics.map((d) => d.rendered).join("");
    box.append(pre);
    return;
  }
  drawPlot();
}

function drawPlot() {
  const s = state.lastSweep;
  if (!s?.document) return;
  $("sweep-plot").replaceChildren(sweepPlot(s.document, s.input, s.output, { logX: $("log-x").checked, logY: $("log-y").checked }));
}

// --- the expression box: `mlsi -e EXPR`'s text (with the pasted entries), or its message
function evaluateExpression() {
  const text = $("expression-input").value;
  const out = $("expression-result");
  if (!text.trim()) {
    out.textContent = "";
    return;
  }
  const r = mlsi.eval(text, { format: "table", ...catalogue() });
  out.classList.toggle("failed", !r.ok);
  out.textContent = r.ok ? r.text : r.diagnostics.map((d) => d.rendered).join("");
}

// --- the tabs below the answer: one panel shown at a time
function selectTab(tab) {
  for (const t of document.querySelectorAll(".tabs [role=tab]")) {
    const chosen = t === tab;
    t.setAttribute("aria-selected", String(chosen));
    $(t.getAttribute("aria-controls")).hidden = !chosen;
  }
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
  state.catalogue = wanted.catalogue;
  $("catalogue-text").value = wanted.catalogue;
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
  for (const box of [$("log-x"), $("log-y")]) box.addEventListener("change", drawPlot);
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) tab.addEventListener("click", () => selectTab(tab));
  let evaluating = null;
  $("expression-input").addEventListener("input", () => {
    clearTimeout(evaluating);
    evaluating = setTimeout(evaluateExpression, 150);
  });
  evaluateExpression();
  let pasting = null;
  $("catalogue-text").addEventListener("input", () => {
    clearTimeout(pasting);
    pasting = setTimeout(() => {
      state.catalogue = $("catalogue-text").value;
      state.interface = "";
      evaluateExpression();
      refresh();
    }, 300);
  });
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
