// The interpreter's diagnostics (Diagnostics::json) in the page: as CodeMirror lint diagnostics over the
// editor's text, and as the command line's text.

// The offset in `doc` (a CodeMirror Text) of a 1-based line and a 1-based column counted in bytes of
// UTF-8, as the interpreter counts them; JavaScript's strings count UTF-16 units.
export function offsetOf(doc, line, byteColumn) {
  if (line < 1) return 0;
  if (line > doc.lines) return doc.length;
  const l = doc.line(line);
  const bytes = new TextEncoder().encode(l.text);
  const prefix = new TextDecoder().decode(bytes.slice(0, Math.max(0, byteColumn - 1)));
  return l.from + Math.min(prefix.length, l.length);
}

// The diagnostics that are in `fileName` as CodeMirror's lint diagnostics: the primary span, with the
// message and the notes; a second span a note marks (the operands of `+`) as an `info` diagnostic.
export function editorDiagnostics(doc, diagnostics, fileName) {
  const out = [];
  const span = (l, severity, message) => {
    const from = offsetOf(doc, l.line, l.column);
    let to = l.end_line ? offsetOf(doc, l.end_line, l.end_column) : from;
    if (to <= from) to = Math.min(from + 1, doc.length);
    out.push({ from, to, severity, message, source: "mlsi" });
  };
  for (const d of diagnostics) {
    if (d.file !== fileName || !d.line) continue;
    const text = [d.message, ...d.notes.filter((n) => !n.line).map((n) => `note: ${n.message}`)].join("\n");
    span(d, d.severity === "warning" ? "warning" : d.severity === "note" ? "info" : "error", text);
    for (const n of d.notes) if (n.line && n.file === fileName) span(n, "info", n.message);
  }
  return out;
}
