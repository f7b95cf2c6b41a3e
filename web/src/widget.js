// <mlsi-scenario name="ActivationMemory" inputs="microbatch=4">: a scenario's inputs and live results in
// any page, from one script (mlsi-widget.js, with mlsi.wasm beside it: web/README.md). `inputs` holds
// `NAME=EXPR` pairs separated by `;` or `,` outside brackets, as `--set` takes them; `outputs` (optional)
// names the outputs to show, by default all.
import createMlsiModule from "mlsi-wasm";

import { loadMlsi } from "./mlsi.js";
import { valueParts } from "./values.js";

// mlsi.wasm is found beside this script, wherever the page includes it from.
const scriptUrl = document.currentScript ? document.currentScript.src : location.href;
let loading = null;
function mlsi() {
  loading ??= loadMlsi({ factory: createMlsiModule, wasmUrl: new URL("mlsi.wasm", scriptUrl).href });
  return loading;
}

// "microbatch=4, seq_len=4096" -> [["microbatch", "4"], ["seq_len", "4096"]]; a comma inside brackets
// (a list `[1, 2]`) stays in its value.
export function parseInputs(text) {
  const pairs = [];
  let depth = 0, start = 0;
  const parts = [];
  for (let i = 0; i <= text.length; ++i) {
    const c = text[i];
    if (c === "[" || c === "(" || c === "{") depth++;
    else if (c === "]" || c === ")" || c === "}") depth--;
    if (i === text.length || ((c === "," || c === ";") && depth === 0)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq > 0) pairs.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return pairs;
}

const STYLE = `
:host { display: block; font: 14px/1.4 system-ui, sans-serif; border: 1px solid #ccd; border-radius: 6px; padding: 10px 12px; margin: 1em 0; background: #fcfcff; }
.title { font-weight: 600; } .contract { color: #555; font-size: 13px; margin-bottom: 6px; }
.grid { display: grid; grid-template-columns: auto 1fr; gap: 3px 10px; align-items: center; }
label, .name { font-family: monospace; } input { font-family: monospace; width: 100%; max-width: 220px; }
input.invalid { border: 1px solid #d33; background: #fff5f5; }
.problem { grid-column: 1 / -1; color: #b00; font-size: 12px; white-space: pre-wrap; }
table { border-collapse: collapse; margin-top: 8px; } td { padding: 1px 8px; font-family: monospace; border-bottom: 1px solid #eee; }
td.value { text-align: right; } .error { color: #b00; white-space: pre-wrap; font: 12px monospace; }
`;

class MlsiScenario extends HTMLElement {
  static get observedAttributes() {
    return ["name", "inputs", "outputs"];
  }

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: "open" });
    this.render();
  }

  attributeChangedCallback() {
    if (this.shadowRoot) this.render();
  }

  async render() {
    const root = this.shadowRoot;
    root.innerHTML = `<style>${STYLE}</style><div class="title"></div><div class="contract"></div><div class="grid"></div><div class="results">loading…</div>`;
    const api = await mlsi();
    const name = this.getAttribute("name") ?? "";
    root.querySelector(".title").textContent = name;
    const shown = api.show(name);
    if (!shown.ok || !shown.document.scenario) {
      root.querySelector(".results").innerHTML = "";
      const error = document.createElement("div");
      error.className = "error";
      error.textContent = shown.ok ? `\`${name}\` is not a scenario` : shown.diagnostics.map((d) => d.rendered).join("");
      root.querySelector(".results").append(error);
      return;
    }
    root.querySelector(".contract").textContent = shown.document.contract;
    this.values = Object.fromEntries(parseInputs(this.getAttribute("inputs") ?? ""));
    const grid = root.querySelector(".grid");
    this.fields = {};
    for (const input of shown.document.inputs) {
      const label = document.createElement("label");
      label.textContent = input.name;
      label.title = input.doc;
      const field = document.createElement("input");
      field.placeholder = input.default;
      field.value = this.values[input.name] ?? "";
      field.title = `${input.type}${input.where ? `, where ${input.where}` : ""}`;
      field.setAttribute("aria-label", input.name);
      field.dataset.input = input.name;
      field.addEventListener("input", () => {
        this.values[input.name] = field.value;
        this.update(api);
      });
      const problem = document.createElement("div");
      problem.className = "problem";
      grid.append(label, field, problem);
      this.fields[input.name] = { field, problem };
    }
    this.update(api);
  }

  update(api) {
    const name = this.getAttribute("name");
    const inputs = Object.entries(this.values).filter(([k, v]) => k in this.fields && String(v).trim() !== "");
    const r = api.run({ scenario: name, inputs });
    const results = this.shadowRoot.querySelector(".results");
    results.replaceChildren();
    for (const [input, { field, problem }] of Object.entries(this.fields)) {
      const mine = r.diagnostics.filter((d) => d.category === "input" && [d.message, ...d.notes.map((n) => n.message)].some((m) => m.includes(`\`${input}\``)));
      field.classList.toggle("invalid", mine.length > 0);
      problem.textContent = mine.map((d) => d.message).join("\n");
      problem.hidden = mine.length === 0;
    }
    if (!r.ok) {
      const error = document.createElement("div");
      error.className = "error";
      error.textContent = r.diagnostics.map((d) => d.message).join("\n");
      results.append(error);
      this.dispatchEvent(new CustomEvent("mlsi-result", { detail: r }));
      return;
    }
    const wanted = (this.getAttribute("outputs") ?? "").split(/[\s,]+/).filter(Boolean);
    const table = document.createElement("table");
    for (const [output, v] of Object.entries(r.document.outputs)) {
      if (wanted.length && !wanted.includes(output)) continue;
      const row = table.insertRow();
      row.dataset.name = output;
      const p = valueParts(v);
      row.insertCell().textContent = output;
      const cell = row.insertCell();
      cell.className = "value";
      cell.textContent = p.text;
      if (v && typeof v.value === "number") cell.dataset.value = String(v.value);
      row.insertCell().textContent = p.unit;
    }
    results.append(table);
    this.dispatchEvent(new CustomEvent("mlsi-result", { detail: r }));
  }
}

if (!customElements.get("mlsi-scenario")) customElements.define("mlsi-scenario", MlsiScenario);
