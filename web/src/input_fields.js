// The playground's inputs (web/README.md): a field per input of the scenario, from `mlsi show SCENARIO
// --format json`; an input of a catalogue kind a searchable choice of the catalogue's entries; each field
// annotated with its value as the run shows it and the interpreter's message about it. `app` is the
// playground: {state, mlsi, catalogue() (the pasted entries as a call takes them), schedule(ms)}.
import { valueText } from "./values.js";

const $ = (id) => document.getElementById(id);

export function buildFields(app, shown) {
  const { state } = app;
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
      app.schedule(120);
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
export function entriesOf(app, type) {
  const { state } = app;
  const key = `${type}\n${state.catalogue}`;
  if (!state.choices.has(key)) {
    const listed = /^[A-Z][A-Za-z0-9_]*$/.test(type) ? app.mlsi.list(type, app.catalogue()) : { ok: false };
    const entries = listed.ok && Array.isArray(listed.document) && listed.document.length && listed.document.every((e) => e.kind === type)
      ? listed.document.map((e) => ({ key: e.key, name: e.fields?.name?.value ?? "" }))
      : null;
    state.choices.set(key, entries);
  }
  return state.choices.get(key);
}

// An input of a catalogue kind is a searchable choice: the field lists the kind's entries (a datalist:
// typing narrows them), and any expression can still be typed.
export function fillChoices(app) {
  const lists = $("catalogue-choices");
  const wanted = new Map();
  for (const field of document.querySelectorAll("#input-fields input")) {
    const entries = entriesOf(app, field.dataset.type);
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
export function annotateFields(app, doc, diagnostics) {
  const { state } = app;
  for (const row of document.querySelectorAll("#input-fields .field")) {
    const name = row.dataset.input;
    const type = (state.interface ? JSON.parse(state.interface) : []).find((i) => i.name === name)?.type ?? "";
    row.querySelector(".unit-hint").textContent = doc && name in doc.inputs ? `${type} = ${valueText(doc.inputs[name])}` : type;
    const mine = diagnostics.filter((d) => d.category === "input" && [d.message, ...d.notes.map((n) => n.message)].some((m) => m.includes(`\`${name}\``)));
    row.classList.toggle("invalid", mine.length > 0);
    row.querySelector(".problem").textContent = mine.map((d) => d.message).join("\n");
  }
}
