// Values of the command line's JSON (docs/language.md section 14, "One shape for values") as a page
// shows them: numbers with six significant digits, as `mlsi run`'s table does (section 12).

// `x` as the table writes it: whole numbers below 10^7 in full, others as %.6g.
export function formatNumber(x) {
  if (x === 0) return "0";
  if (Math.abs(x) < 1e7 && Number.isInteger(x)) return String(x);
  // %.6g: six significant digits, exponent form below 1e-4 or from 1e6 on, trailing zeros dropped.
  const exponent = Math.floor(Math.log10(Math.abs(Number(x.toPrecision(6)))));
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power] = x.toExponential(5).split("e");
    const digits = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
    const p = Number(power);
    return `${digits}e${p < 0 ? "-" : "+"}${String(Math.abs(p)).padStart(2, "0")}`;
  }
  const fixed = x.toFixed(Math.max(0, 5 - exponent));
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

// A value without its unit, and its unit: {text, unit}.
export function valueParts(v) {
  if (v === null || v === undefined) return { text: "(not used)", unit: "" };
  if (Array.isArray(v)) {
    const unit = v.find((e) => e && typeof e === "object" && "unit" in e)?.unit ?? "";
    return { text: `[${v.map((e) => valueParts(e).text).join(", ")}]`, unit };
  }
  if ("entry" in v) return { text: v.entry, unit: "" };
  if ("fields" in v) {
    const fields = Object.entries(v.fields).map(([k, f]) => {
      const p = valueParts(f);
      return `${k}: ${p.text}${p.unit ? " " + p.unit : ""}`;
    });
    return { text: `{${fields.join(", ")}}`, unit: "" };
  }
  if (typeof v.value === "number") return { text: formatNumber(v.value), unit: v.unit ?? "" };
  return { text: String(v.value), unit: "" };
}

export function valueText(v) {
  const p = valueParts(v);
  return p.unit ? `${p.text} ${p.unit}` : p.text;
}

// A table of the inputs or outputs of a run document: name, value, unit; each value cell keeps the
// exact JSON number in data-value and data-si (the browser test reads them).
export function valueTable(doc, section, caption) {
  const table = document.createElement("table");
  table.className = `values ${section}`;
  const head = table.createCaption();
  head.textContent = caption;
  for (const [name, v] of Object.entries(doc[section])) {
    const row = table.insertRow();
    row.dataset.name = name;
    const p = valueParts(v);
    row.insertCell().textContent = name;
    const value = row.insertCell();
    value.className = "value";
    value.textContent = p.text;
    if (v && typeof v.value === "number") {
      value.dataset.value = String(v.value);
      value.dataset.si = String(v.si);
    }
    const unit = row.insertCell();
    unit.className = "unit";
    unit.textContent = p.unit;
  }
  return table;
}
