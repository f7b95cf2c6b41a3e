// A TextMate grammar read as TextMate reads it, for the grammars whose rules stay within a line (as
// editors/mls.tmLanguage.json's do): `match` rules with `captures`, `begin`/`end` rules that end on their
// line (the string), `include`s of the repository. At each position the rule whose match starts first
// wins, the earlier rule on a tie; a match's captures are scopes inside the rule's own scope. The playground
// highlights with it (mls_language.js), so that it shows what VS Code shows; web/tests/highlight.test.mjs
// compares it with vscode-textmate, VS Code's own implementation, on every .mls file of the repository.

// Oniguruma's syntax as JavaScript's, for what the grammar uses: the same but for `\h` and friends, which
// it does not; `d` gives the capture groups' positions.
function compile(source) {
  return new RegExp(source, "gd");
}

// The rules of `patterns`, includes expanded, in order: {match, name, captures} or {begin, end, ...}.
function flatten(grammar, patterns, seen = new Set()) {
  const out = [];
  for (const p of patterns) {
    if (p.include) {
      const key = p.include.replace(/^#/, "");
      if (seen.has(key)) continue;
      const rule = grammar.repository[key];
      const inner = new Set(seen).add(key);
      out.push(...flatten(grammar, rule.match || rule.begin ? [rule] : rule.patterns, inner));
    } else if (p.match) {
      out.push({ regex: compile(p.match), name: p.name, captures: p.captures ?? {} });
    } else if (p.begin) {
      out.push({
        regex: compile(p.begin),
        name: p.name,
        captures: p.beginCaptures ?? p.captures ?? {},
        end: compile(p.end),
        endCaptures: p.endCaptures ?? p.captures ?? {},
        inner: flatten(grammar, p.patterns ?? [], seen),
      });
    } else if (p.patterns) {
      out.push(...flatten(grammar, p.patterns, seen));
    }
  }
  return out;
}

// The first match of any rule at or after `pos`: [rule, match], or null.
function firstMatch(rules, line, pos) {
  let best = null;
  for (const rule of rules) {
    rule.regex.lastIndex = pos;
    const m = rule.regex.exec(line);
    if (m && (!best || m.index < best[1].index)) best = [rule, m];
  }
  return best;
}

// Pushes the spans of one match: the rule's scope over all of it, its captures' scopes inside.
function matchSpans(spans, outer, m, name, captures) {
  const base = name ? [...outer, name] : outer;
  const start = m.index;
  const end = m.index + m[0].length;
  const marks = [];
  for (const [group, capture] of Object.entries(captures)) {
    const range = m.indices[Number(group)];
    if (range && capture.name && range[1] > range[0]) marks.push([range[0], range[1], capture.name]);
  }
  marks.sort((a, b) => a[0] - b[0]);
  let at = start;
  for (const [from, to, scope] of marks) {
    if (from < at) continue;  // a capture inside another: this grammar has none
    if (from > at) spans.push({ start: at, end: from, scopes: base });
    spans.push({ start: from, end: to, scopes: [...base, scope] });
    at = to;
  }
  if (end > at) spans.push({ start: at, end, scopes: base });
}

// Tokenizes one line with `rules` from `pos` to `stop`, inside the scopes `outer`; returns where it ended.
function tokenizeRange(spans, rules, line, pos, outer, endRule) {
  while (pos <= line.length) {
    let found = firstMatch(rules, line, pos);
    let ending = null;
    if (endRule) {
      endRule.end.lastIndex = pos;
      ending = endRule.end.exec(line);
    }
    // The end of the enclosing rule wins over a rule inside it that matches at the same place or later.
    if (ending && (!found || ending.index <= found[1].index)) {
      if (ending.index > pos) spans.push({ start: pos, end: ending.index, scopes: outer });
      matchSpans(spans, outer.slice(0, -1), ending, endRule.name, endRule.endCaptures);
      return ending.index + ending[0].length;
    }
    if (!found) {
      if (line.length > pos) spans.push({ start: pos, end: line.length, scopes: outer });
      return line.length;
    }
    const [rule, m] = found;
    if (m.index > pos) spans.push({ start: pos, end: m.index, scopes: outer });
    if (rule.end) {
      matchSpans(spans, outer, m, rule.name, rule.captures);
      pos = tokenizeRange(spans, rule.inner, line, m.index + m[0].length, rule.name ? [...outer, rule.name] : outer, rule);
    } else {
      matchSpans(spans, outer, m, rule.name, rule.captures);
      pos = m.index + Math.max(m[0].length, 1);
      if (m[0].length === 0 && m.index < line.length) spans.push({ start: m.index, end: m.index + 1, scopes: outer });
    }
    if (pos >= line.length) return pos;
  }
  return pos;
}

export class LineGrammar {
  constructor(grammar) {
    this.scopeName = grammar.scopeName;
    this.rules = flatten(grammar, grammar.patterns);
  }

  // The spans of one line, in order and covering it: {start, end, scopes}, scopes outermost first (not
  // counting the grammar's own scope). A span with no scope is plain text.
  tokenizeLine(line) {
    const spans = [];
    tokenizeRange(spans, this.rules, line, 0, [], null);
    // Neighbours with the same scopes are one span.
    const merged = [];
    for (const s of spans) {
      const last = merged[merged.length - 1];
      if (last && last.end === s.start && last.scopes.join(" ") === s.scopes.join(" ")) last.end = s.end;
      else merged.push({ ...s });
    }
    return merged;
  }
}
