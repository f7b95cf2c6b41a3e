// The WebAssembly module alone, in Node (V8, Chromium's engine), for comparing builds of it
// (bench/RESULTS.md, "The web playground"): its size raw, gzip -9 and brotli 11, the time to load it,
// and medians of a run, a sweep of 1000 points and a check.
//   node bench/web_module_bench.mjs [WASM_DIR]     (default build-wasm/web/wasm: mlsi.js and mlsi.wasm)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

import { loadMlsi } from "../web/src/mlsi.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(process.argv[2] ?? path.join(root, "build-wasm/web/wasm"));
for (const name of ["mlsi.wasm", "mlsi.js"]) {
  const data = fs.readFileSync(path.join(dir, name));
  const gz = zlib.gzipSync(data, { level: 9 }).length;
  const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${name}: ${data.length} bytes, gzip -9 ${gz}, brotli 11 ${br}`);
}
const require = createRequire(import.meta.url);
let t = performance.now();
const mlsi = await loadMlsi({ factory: require(path.join(dir, "mlsi.js")), wasmBinary: fs.readFileSync(path.join(dir, "mlsi.wasm")) });
console.log(`load: ${(performance.now() - t).toFixed(0)} ms`);
const text = fs.readFileSync(path.join(root, "scenarios/training/activation_memory.mls"), "utf8");
const cases = {
  "run ActivationMemory microbatch=4": () => mlsi.run({ scenario: "ActivationMemory", inputs: { microbatch: "4" } }),
  "sweep ActivationMemory, 1000 points": () => mlsi.sweep({ scenario: "ActivationMemory", vary: ["microbatch=1..1000 step 1"] }),
  "check activation_memory.mls": () => mlsi.check(text, { sourceName: "activation_memory.mls" }),
  "run with a where that fails (an exception)": () => mlsi.run({ scenario: "ActivationMemory", inputs: { microbatch: "0" } }),
};
for (const [what, call] of Object.entries(cases)) {
  for (let i = 0; i < 3; ++i) call();  // V8 compiles hot code again, optimized
  const times = [];
  for (let i = 0; i < 15; ++i) {
    t = performance.now();
    call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${what}: median ${times[7].toFixed(1)} ms (min ${times[0].toFixed(1)})`);
}
