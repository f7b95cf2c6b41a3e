// The playground's highlighting agrees with editors/mls.tmLanguage.json as VS Code reads it: every line
// of every .mls file of the repository is tokenized by src/textmate_lines.js (what the playground uses)
// and by vscode-textmate with the Oniguruma regular expressions VS Code uses, and every character must
// get the same scopes from both. Run: node --test web/tests/highlight.test.mjs (ctest web_highlight).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

import { LineGrammar } from "../src/textmate_lines.js";

const require = createRequire(import.meta.url);
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const grammarText = fs.readFileSync(path.join(root, "editors/mls.tmLanguage.json"), "utf8");

function mlsFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["node_modules", ".git"].includes(entry.name) && !entry.name.startsWith("build")) out.push(...mlsFiles(p));
    } else if (entry.name.endsWith(".mls")) out.push(p);
  }
  return out;
}

async function vscodeGrammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (s) => new oniguruma.OnigScanner(s), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () => vsctm.parseRawGrammar(grammarText, "mls.tmLanguage.json"),
  });
  return registry.loadGrammar("source.mls");
}

// The scopes of each character of a line, as one text per character (the grammar's own scope left out).
function perCharacter(line, spans) {
  const out = new Array(line.length).fill("");
  for (const s of spans) for (let i = s.start; i < s.end && i < line.length; ++i) out[i] = s.scopes.join(" ");
  return out;
}

test("the playground's highlighting gives every character of every .mls file VS Code's scopes", async () => {
  const reference = await vscodeGrammar();
  const ours = new LineGrammar(JSON.parse(grammarText));
  const files = mlsFiles(root);
  assert.ok(files.length >= 60, `found ${files.length} .mls files`);
  let lines = 0;
  let styled = 0;
  for (const file of files) {
    // Each line on its own: no rule of this grammar spans lines.
    for (const [number, line] of fs.readFileSync(file, "utf8").split(/\r\n|\r|\n/).entries()) {
      const theirs = reference.tokenizeLine(line, vsctm.INITIAL).tokens.map((t, i, all) => ({
        start: t.startIndex,
        end: i + 1 < all.length ? all[i + 1].startIndex : line.length,
        scopes: t.scopes.filter((s) => s !== "source.mls"),
      }));
      const expected = perCharacter(line, theirs);
      const got = perCharacter(line, ours.tokenizeLine(line));
      for (let i = 0; i < line.length; ++i)
        assert.equal(got[i], expected[i], `${path.relative(root, file)}:${number + 1}:${i + 1} in \`${line}\``);
      lines += 1;
      styled += expected.filter((s) => s !== "").length;
    }
  }
  assert.ok(lines > 3000 && styled > 50000, `${lines} lines, ${styled} characters with a scope`);
});

test("a few lines scoped by hand", () => {
  const ours = new LineGrammar(JSON.parse(grammarText));
  const scopesOf = (line, text) => {
    const at = line.indexOf(text);
    return ours.tokenizeLine(line).find((s) => s.start <= at && at < s.end).scopes;
  };
  const line = "  output full = 2 * layers * 80 GB/s -> GiB  # kept";
  assert.deepEqual(scopesOf(line, "output"), ["storage.type.member.mls"]);
  assert.deepEqual(scopesOf(line, "full"), ["variable.other.definition.mls"]);
  assert.deepEqual(scopesOf(line, "80"), ["constant.numeric.mls"]);
  assert.deepEqual(scopesOf(line, "GB/s"), ["support.constant.unit.mls"]);
  assert.deepEqual(scopesOf(line, "->"), ["keyword.operator.conversion.mls"]);
  assert.deepEqual(scopesOf(line, "GiB"), ["support.constant.unit.mls"]);
  assert.deepEqual(scopesOf(line, "# kept"), ["comment.line.number-sign.mls", "punctuation.definition.comment.mls"]);
  assert.deepEqual(scopesOf(line, " kept"), ["comment.line.number-sign.mls"]);
  const s = 'check x > 0 else "no \\"x\\""';
  assert.deepEqual(scopesOf(s, '\\"'), ["string.quoted.double.mls", "constant.character.escape.mls"]);
});
