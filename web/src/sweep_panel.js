// The playground's sweep of one input (web/README.md), drawn as a plot: any input can be varied, a number
// along a numeric axis, an entry (`workload`) or a Bool along a categorical one; any numeric output
// plotted. `app` is the playground: {state, mlsi, ...} (input_fields.js).
import { entriesOf } from "./input_fields.js";
import { sweepPlot } from "./plot.js";

const $ = (id) => document.getElementById(id);

// The inputs and outputs a run's document offers to the sweep's choices.
export function updateSweepChoices(app, doc) {
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
  app.state.inputValues = doc.inputs;
  if (!$("sweep-values").value) suggestValues(app);
}

// Values to vary the chosen input over, around its value in the run.
export function suggestValues(app) {
  const name = $("sweep-input").value;
  const v = app.state.inputValues?.[name];
  if (!v) return;
  if (typeof v.value === "boolean") {
    $("sweep-values").value = "false,true";
    return;
  }
  if ("entry" in v) {
    // The entry given and the next ones of its kind, eight in all.
    const keys = entriesOf(app, v.kind)?.map((e) => e.key) ?? [v.entry];
    const at = Math.max(0, keys.indexOf(v.entry));
    $("sweep-values").value = [...keys.slice(at), ...keys.slice(0, at)].slice(0, 8).join(",");
    return;
  }
  const unit = v.unit ? ` ${v.unit}` : "";
  const whole = v.dimension === "Count" && Number.isInteger(v.value) && v.value >= 1;
  $("sweep-values").value = whole ? `1..${Math.max(16, 2 * v.value)} step 1` : `${v.value / 4}${unit}..${v.value * 4}${unit}`;
}

// Sweeps the chosen input over the values given, with the last run's other inputs, and draws the output.
export function plot(app) {
  const { state } = app;
  const input = $("sweep-input").value;
  const output = $("sweep-output").value;
  if (!input || !output || !state.lastRequest) return;
  state.plotted = true;
  const inputs = state.lastRequest.inputs.filter(([k]) => k !== input);
  const r = app.mlsi.sweep({ ...state.lastRequest, inputs, vary: [`${input}=${$("sweep-values").value}`], limits: { maxPoints: 1000 } });
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
  drawPlot(app);
}

// The last sweep drawn again (its scales changed).
export function drawPlot(app) {
  const s = app.state.lastSweep;
  if (!s?.document) return;
  $("sweep-plot").replaceChildren(sweepPlot(s.document, s.input, s.output, { logX: $("log-x").checked, logY: $("log-y").checked }));
}
