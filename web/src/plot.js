// A line chart of one output of a one-input sweep, as SVG: the points of `mlsi sweep --format json`
// (their `value`s, in the columns' units), axes with their ends and middle labelled.
import { formatNumber } from "./values.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attributes, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// doc: the sweep document; x, y: column names. Points that failed or are not numbers are left out.
export function sweepPlot(doc, x, y, { width = 520, height = 300 } = {}) {
  const points = doc.rows
    .filter((r) => !r.error && r[x] && r[y] && typeof r[x].value === "number" && typeof r[y].value === "number")
    .map((r) => [r[x].value, r[y].value]);
  const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "plot", role: "img" });
  const label = (name) => (doc.units[name] ? `${name} (${doc.units[name]})` : name);
  svg.append(el("title", {}, `${label(y)} against ${label(x)}`));
  const left = 70, right = 16, top = 16, bottom = 44;
  const plotW = width - left - right, plotH = height - top - bottom;
  if (points.length === 0) {
    svg.append(el("text", { x: width / 2, y: height / 2, "text-anchor": "middle" }, "no point to plot"));
    return svg;
  }
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  let [y0, y1] = [Math.min(...ys, 0), Math.max(...ys)];
  if (x0 === x1) [x0, x1] = [x0 - 1, x1 + 1];
  if (y0 === y1) [y0, y1] = [y0 - 1, y1 + 1];
  const px = (v) => left + ((v - x0) / (x1 - x0)) * plotW;
  const py = (v) => top + plotH - ((v - y0) / (y1 - y0)) * plotH;
  svg.append(el("rect", { x: left, y: top, width: plotW, height: plotH, fill: "none", stroke: "#ccc" }));
  for (const f of [0, 0.5, 1]) {
    const xv = x0 + f * (x1 - x0), yv = y0 + f * (y1 - y0);
    svg.append(el("text", { x: px(xv), y: top + plotH + 16, "text-anchor": "middle", class: "tick" }, formatNumber(xv)));
    svg.append(el("text", { x: left - 6, y: py(yv) + 4, "text-anchor": "end", class: "tick" }, formatNumber(yv)));
    svg.append(el("line", { x1: left, x2: left + plotW, y1: py(yv), y2: py(yv), stroke: "#eee" }));
  }
  svg.append(el("text", { x: left + plotW / 2, y: height - 6, "text-anchor": "middle", class: "axis" }, label(x)));
  svg.append(el("text", { x: 14, y: top + plotH / 2, "text-anchor": "middle", class: "axis", transform: `rotate(-90 14 ${top + plotH / 2})` }, label(y)));
  svg.append(el("polyline", { points: points.map(([a, b]) => `${px(a)},${py(b)}`).join(" "), fill: "none", stroke: "#1f77b4", "stroke-width": 2 }));
  for (const [a, b] of points) {
    const dot = el("circle", { cx: px(a), cy: py(b), r: 3, fill: "#1f77b4", "data-x": a, "data-y": b });
    dot.append(el("title", {}, `${label(x)} = ${formatNumber(a)}: ${formatNumber(b)}`));
    svg.append(dot);
  }
  return svg;
}
