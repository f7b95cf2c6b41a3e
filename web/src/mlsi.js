// mlsi in JavaScript: the WebAssembly module (web/wasm/) behind one object whose methods return the
// command line's documents (web/README.md). Every method is synchronous once the module is loaded; a
// problem is never thrown: `ok` is false and `diagnostics` says why, as the command line would.
//
//   const mlsi = await loadMlsi({ factory: createMlsiModule, wasmUrl: "mlsi.wasm" });
//   const r = mlsi.run({ scenario: "ActivationMemory", inputs: { microbatch: "4" } });
//   r.ok; r.document.outputs.full;  // {value: 72, unit: "GiB", si: ..., dimension: "Information"}

// The bounds of one call in a page: a run or an evaluation that would take seconds stops with the
// interpreter's message instead (the command line's --max-steps, --max-points and --max-list).
export const PAGE_LIMITS = Object.freeze({ maxSteps: 50_000_000, maxTotalSteps: 50_000_000, maxPoints: 10_000, maxList: 1_000_000 });

// `compiled`, when given, is a promise of mlsi.wasm already compiled (WebAssembly.compileStreaming, as
// src/index.html starts it before the page's JavaScript is read); when it fails or gives nothing, the
// module is fetched from wasmUrl.
export async function loadMlsi({ factory, wasmUrl, wasmBinary, compiled } = {}) {
  if (typeof factory !== "function") throw new TypeError("loadMlsi needs the module's factory (createMlsiModule of mlsi.js)");
  const settings = {};
  if (wasmBinary) settings.wasmBinary = wasmBinary;
  if (wasmUrl) settings.locateFile = (path) => (path.endsWith(".wasm") ? wasmUrl : path);
  const module = compiled ? await Promise.resolve(compiled).catch(() => null) : null;
  if (module instanceof WebAssembly.Module) {
    // Emscripten's hook: instantiate this module with the imports it gives, and hand the instance back.
    settings.instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {};
    };
  }
  return new Mlsi(await factory(settings));
}

// {name: expression} or [[name, expression], ...] as the list of pairs the module reads, in order.
function inputPairs(inputs) {
  if (!inputs) return [];
  const pairs = Array.isArray(inputs) ? inputs : Object.entries(inputs);
  return pairs.map(([name, expression]) => [String(name), String(expression)]);
}

export class Mlsi {
  constructor(module) {
    this.module = module;
  }

  version() {
    return this.module.version();
  }

  // `mlsi check`: the diagnostics of a .mls text (none: it parses and checks), and its scenarios.
  check(source, { sourceName, catalogue, catalogueName } = {}) {
    const r = this.module.check({ source, sourceName, catalogue, catalogueName, limits: PAGE_LIMITS });
    return { ok: r.ok, diagnostics: JSON.parse(r.diagnostics), scenarios: r.scenarios };
  }

  // `mlsi run SCENARIO --format json` (or the table with format: "table"), with `source` loaded first
  // when given. inputs: {name: expression} as `--set name=expression`.
  run(request) {
    return this.#document("run", request);
  }

  // `mlsi run SCENARIO --explain --format json`: how each output was derived.
  explain(request) {
    return this.#document("explain", request);
  }

  // `mlsi sweep SCENARIO --vary ... --format json`: vary is a list of `INPUT=VALUES` texts. At most
  // maxPoints points (PAGE_LIMITS.maxPoints): a larger grid is an error before any point is computed.
  sweep(request) {
    return this.#document("sweep", { ...request, vary: [...(request.vary ?? [])], where: request.where ?? "" });
  }

  // `mlsi eval ENTRY... --format json`: expressions and declarations, in order; with format: "table",
  // the text `mlsi -e ENTRY...` prints (`= 1073.74 MB`).
  eval(entries, request = {}) {
    return this.#document("evaluate", { ...request, entries: Array.isArray(entries) ? entries : [entries] });
  }

  // `mlsi list KIND --format json` and `mlsi show NAME --format json` (format: "table" for the text).
  list(kind, request = {}) {
    return this.#document("list", { ...request, kind });
  }

  show(name, request = {}) {
    return this.#document("show", { ...request, name });
  }

  // The .mls text that declares a scenario, and the name diagnostics give its file; null when none does.
  source(scenario, request = {}) {
    // With the limits of the other calls: the module keeps the session of the last call for the next one
    // with the same text and limits (web/wasm/mlsi_wasm.cpp).
    const r = this.module.source({ ...request, scenario, limits: { ...PAGE_LIMITS, ...(request.limits ?? {}) } });
    return r.ok ? { name: r.name, text: r.text } : null;
  }

  #document(method, request, format) {
    const limits = { ...PAGE_LIMITS, ...(request.limits ?? {}) };
    const wanted = format ?? request.format ?? "json";
    const r = this.module[method]({ ...request, inputs: inputPairs(request.inputs), format: wanted, limits });
    const out = { ok: r.ok, text: r.text, diagnostics: JSON.parse(r.diagnostics) };
    if (r.ok && wanted === "json") out.document = JSON.parse(r.text);
    return out;
  }
}
