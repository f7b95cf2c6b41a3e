// The playground (web/README.md): a scenario's results first, its inputs as fields (an input of a
// catalogue kind a searchable choice of the catalogue's entries), a one-input sweep drawn as a plot, an
// expression box (`mlsi -e`), and below them, in tabs, the editor holding the scenario's .mls text, its
// documentation, its explanation and catalogue entries the user pastes, all from the interpreter's
// documents (src/mlsi.js). The file, the inputs and the pasted entries live in the URL's fragment, which
// is the share link (share_link.js); the input fields are input_fields.js's, the sweep sweep_panel.js's.
import createMlsiModule from "mlsi-wasm";

import { annotateFields, buildFields, fillChoices } from "./input_fields.js";
import { loadMlsi } from "./mlsi.js";
import { readFragment, writeFragment } from "./share_link.js";
import { drawPlot, plot, suggestValues, updateSweepChoices } from "./sweep_panel.js";
import { valueTable } from "./values.js";

const $ = (id) => document.getElementById(id);
const state = { scenario: "ActivationMemory", builtin: null, sourceName: "", inputs: {}, interface: "", catalogue: "", choices: new Map() };
// The name messages give the pasted catalogue entries (`catalogue.toml:3:15`).
const CATALOGUE_NAME = "catalogue.toml";
let mlsi;
// The editor's module (src/editor.js) and the editor: null until its bundle has loaded, which the first
// result does not wait for; until then state.text holds the text the editor will show.
let editor = null;
let view = null;
// What the parts of the page share (input_fields.js, sweep_panel.js).
const app = { state, mlsi: null, catalogue: () => catalogue(), schedule: (ms) => schedule(ms) };

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
      buildFields(app, shown.document);
      fillChoices(app);
      $("doc-text").textContent = mlsi.show(scenario, { ...c.base, format: "table" }).text;
    }
    annotateFields(app, run.ok ? run.document : null, diagnostics);
    $("explain-text").textContent = run.ok ? mlsi.explain({ ...request, format: "table" }).text : "";
    state.described?.();
  }, 0);
}

function finish(c, diagnostics, doc, request) {
  state.marked = { diagnostics, fileName: c.fileName };
  if (view) editor.markDiagnostics(view, diagnostics, c.fileName);
  showProblems(diagnostics);
  annotateFields(app, doc, diagnostics);
  const tables = $("result-tables");
  tables.replaceChildren();
  $("results").classList.toggle("failed", !doc);
  if (doc) {
    const box = document.createElement("div");
    box.className = "table-box";
    box.append(valueTable(doc, "outputs", "outputs"));
    tables.append(box);
    updateSweepChoices(app, doc);
    state.lastRequest = request;
    if (state.plotted) plot(app);
  }
  writeFragment(state, c.text, c.edited);
  $("status").textContent = doc ? "ok" : "error";
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
  app.mlsi = mlsi;
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
  $("sweep-run").addEventListener("click", () => plot(app));
  for (const box of [$("log-x"), $("log-y")]) box.addEventListener("change", () => drawPlot(app));
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
    suggestValues(app);
    if (state.plotted) plot(app);
  });
  $("sweep-output").addEventListener("change", () => state.plotted && plot(app));
  $("inputs").addEventListener("submit", (e) => e.preventDefault());
  picker.value = state.scenario;
  window.mlsiPlayground = { view, state, mlsi };  // for the browser test and a curious console
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  $("status").textContent = `mlsi could not start: ${e}`;
  throw e;
});
