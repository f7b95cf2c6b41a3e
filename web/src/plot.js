// A chart of one output of a one-input sweep, as SVG: the points of `mlsi sweep --format json` (their
// `value`s, in the columns' units). A numeric axis has ticks at round values (1, 2 or 5 times a power of
// ten apart), or with `log` at powers of ten; an input of entries or text (`workload`) is a categorical
// axis, one band per value in the sweep's order, each point a bar.
import { formatNumber } from "./values.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attributes, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// A number without the float noise of a multiplication (0.1 * 3 = 0.30000000000000004).
const clean = (x) => Number(x.toPrecision(12));

// Round ticks covering [lo, hi]: about `count` of them, `step` apart, step 1, 2 or 5 times 10^k; the axis
// is widened to the first and last tick.
export function linearTicks(lo, hi, count = 5) {
  if (lo === hi) [lo, hi] = lo === 0 ? [-1, 1] : [lo - Math.abs(lo) / 2, hi + Math.abs(hi) / 2];
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = clean([1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw));
  const first = Math.floor(clean(lo / step)), last = Math.ceil(clean(hi / step));
  const ticks = [];
  for (let k = first; k <= last; ++k) ticks.push(clean(k * step));
  return { ticks, lo: ticks[0], hi: ticks.at(-1), step };
}

// Ticks of a log axis over [lo, hi] (both > 0): the powers of ten around them; over less than two decades
// 2 and 5 times them too, so that an axis has more than its two ends.
export function logTicks(lo, hi) {
  let a = Math.floor(Math.log10(lo)), b = Math.ceil(Math.log10(hi));
  if (a === b) [a, b] = [a, b + 1];
  const multiples = b - a < 2 ? [1, 2, 5] : [1];
  const ticks = [];
  for (let k = a; k <= b; ++k)
    for (const m of multiples) if (k < b || m === 1) ticks.push(clean(m * 10 ** k));
  return { ticks, lo: 10 ** a, hi: 10 ** b };
}

// A numeric axis from `lo` to `hi` onto pixels [from, to]: its ticks and the mapping.
function numericAxis(values, from, to, { log, zero }) {
  const positive = values.filter((v) => v > 0);
  const useLog = log && positive.length === values.length;
  const lo = Math.min(...values, ...(zero && !useLog ? [0] : [])), hi = Math.max(...values);
  const t = useLog ? logTicks(lo, hi) : linearTicks(lo, hi);
  const f = useLog ? Math.log10 : (v) => v;
  const [a, b] = [f(t.lo), f(t.hi)];
  return { ticks: t.ticks, log: useLog, at: (v) => from + ((f(v) - a) / (b - a)) * (to - from) };
}

// A value of a sweep's cell as the categorical axis names it: an entry by its key, else its text.
function category(cell) {
  if (cell && typeof cell === "object" && "entry" in cell) return cell.entry;
  if (cell && typeof cell === "object" && "value" in cell) return String(cell.value);
  return String(cell);
}

// doc: the sweep document; x, y: column names; logX, logY: log axes (a numeric axis whose values are all
// positive). Points that failed or whose output is not a number are left out.
export function sweepPlot(doc, x, y, { width = 560, height = 320, logX = false, logY = false } = {}) {
  const rows = doc.rows.filter((r) => !r.error && r[x] !== undefined && r[y] && typeof r[y].value === "number");
  const categorical = rows.some((r) => !(r[x] && typeof r[x].value === "number"));
  const points = rows.map((r) => [categorical ? category(r[x]) : r[x].value, r[y].value]);
  const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "plot", role: "img" });
  const label = (name) => (doc.units[name] ? `${name} (${doc.units[name]})` : name);
  svg.append(el("title", {}, `${label(y)} against ${label(x)}`));
  const left = 72, right = 16, top = 16;
  const bottom = categorical ? 70 : 46;
  const plotW = width - left - right, plotH = height - top - bottom;
  if (points.length === 0) {
    svg.append(el("text", { x: width / 2, y: height / 2, "text-anchor": "middle" }, "no point to plot"));
    return svg;
  }
  const yAxis = numericAxis(points.map((p) => p[1]), top + plotH, top, { log: logY, zero: true });
  let px;
  const xTicks = [];
  if (categorical) {
    const band = plotW / points.length;
    px = (i) => left + band * (i + 0.5);
    points.forEach(([name], i) => xTicks.push([px(i), name, name]));
  } else {
    const xAxis = numericAxis(points.map((p) => p[0]), left, left + plotW, { log: logX, zero: false });
    px = (i) => xAxis.at(points[i][0]);
    for (const t of xAxis.ticks) xTicks.push([xAxis.at(t), formatNumber(t), t]);
    svg.dataset.logX = String(xAxis.log);
  }
  svg.dataset.logY = String(yAxis.log);
  svg.append(el("rect", { x: left, y: top, width: plotW, height: plotH, fill: "none", stroke: "#ccc" }));
  for (const t of yAxis.ticks) {
    const at = yAxis.at(t);
    svg.append(el("line", { x1: left, x2: left + plotW, y1: at, y2: at, stroke: "#eee", class: "grid" }));
    svg.append(el("line", { x1: left - 4, x2: left, y1: at, y2: at, stroke: "#555" }));
    svg.append(el("text", { x: left - 6, y: at + 4, "text-anchor": "end", class: "tick y", "data-value": t }, formatNumber(t)));
  }
  for (const [at, text, value] of xTicks) {
    svg.append(el("line", { x1: at, x2: at, y1: top + plotH, y2: top + plotH + 4, stroke: "#555" }));
    const attributes = { x: at, y: top + plotH + 16, "text-anchor": "middle", class: "tick x", "data-value": value };
    // Names of entries, turned so that neighbours do not overlap.
    if (categorical) Object.assign(attributes, { "text-anchor": "end", transform: `rotate(-35 ${at} ${top + plotH + 12})`, y: top + plotH + 12 });
    svg.append(el("text", attributes, text));
  }
  svg.append(el("text", { x: left + plotW / 2, y: height - 6, "text-anchor": "middle", class: "axis" }, label(x) + (svg.dataset.logX === "true" ? ", log scale" : "")));
  svg.append(el("text", { x: 14, y: top + plotH / 2, "text-anchor": "middle", class: "axis", transform: `rotate(-90 14 ${top + plotH / 2})` },
                label(y) + (yAxis.log ? ", log scale" : "")));
  if (categorical) {
    const band = plotW / points.length;
    const base = yAxis.at(yAxis.log ? yAxis.ticks[0] : Math.min(0, yAxis.ticks.at(-1)));
    points.forEach(([, b], i) => {
      const top_ = Math.min(base, yAxis.at(b));
      svg.append(el("rect", { x: px(i) - band * 0.3, y: top_, width: band * 0.6, height: Math.abs(base - yAxis.at(b)), fill: "#9ecae1" }));
    });
  } else {
    svg.append(el("polyline", { points: points.map(([, b], i) => `${px(i)},${yAxis.at(b)}`).join(" "), fill: "none", stroke: "#1f77b4", "stroke-width": 2 }));
  }
  points.forEach(([a, b], i) => {
    const dot = el("circle", { cx: px(i), cy: yAxis.at(b), r: 3, fill: "#1f77b4", "data-x": a, "data-y": b });
    dot.append(el("title", {}, `${label(x)} = ${categorical ? a : formatNumber(a)}: ${formatNumber(b)}`));
    svg.append(dot);
  });
  return svg;
}
