/*
 * Charts drawn on the server as inline SVG (docs/decisions/0034-report-charts-and-digest.md): no script,
 * no library, readable at 375 px because the drawing scales to the width it is given. Each chart has a
 * title and a description for assistive technology; the page shows the same figures as a table beside it.
 */
import { escapeHtml } from "~/features/leads/email-text.server";
import { withoutBidiControls } from "../visible-text";

const WIDTH = 400;
const COLORS = ["#1e5b8c", "#b45309", "#15803d"] as const;
const INK = "#1f2937";
const MUTED = "#4b5563";

export interface Bar {
  label: string;
  value: number;
}

export interface ChartText {
  /** Unique in the page: the title's and description's ids derive from it. */
  id: string;
  title: string;
  description: string;
}

function frame(text: ChartText, height: number, body: string): string {
  return [
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-labelledby="${text.id}-title ${text.id}-desc">`,
    `<title id="${text.id}-title">${escapeHtml(text.title)}</title>`,
    `<desc id="${text.id}-desc">${escapeHtml(text.description)}</desc>`,
    body,
    "</svg>",
  ].join("\n");
}

const round = (value: number) => Math.round(value * 10) / 10;

function clip(label: string, length: number): string {
  return label.length > length ? `${label.slice(0, length - 1)}…` : label;
}

/** Horizontal bars, one per row: the label above its bar, the value at the bar's end. */
export function barChart(text: ChartText, bars: readonly Bar[]): string {
  const rowHeight = 40;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const valueRoom = 64;
  const rows = bars.map((bar, index) => {
    const top = index * rowHeight;
    const length = round(((WIDTH - valueRoom) * bar.value) / max);
    return [
      `<text x="0" y="${top + 15}" font-size="16" fill="${INK}">${escapeHtml(clip(withoutBidiControls(bar.label), 44))}</text>`,
      `<rect x="0" y="${top + 21}" width="${Math.max(length, 1)}" height="13" fill="${COLORS[0]}"/>`,
      `<text x="${round(length + 6)}" y="${top + 33}" font-size="15" fill="${MUTED}">${bar.value}</text>`,
    ].join("");
  });
  const empty = `<text x="0" y="24" font-size="16" fill="${MUTED}">Nothing in this period</text>`;
  const height = Math.max(rowHeight, bars.length * rowHeight);
  return frame(text, height, bars.length > 0 ? rows.join("\n") : empty);
}

export interface Series {
  name: string;
  values: readonly number[];
}

/** Lines over the days (or weeks) in `labels`, with a legend, the largest value and the first and last label. */
export function lineChart(text: ChartText, labels: readonly string[], series: readonly Series[]): string {
  const height = 240;
  const left = 44;
  const top = 36;
  const bottom = height - 28;
  const right = WIDTH - 8;
  const max = Math.max(1, ...series.flatMap((line) => line.values));
  const step = labels.length > 1 ? (right - left) / (labels.length - 1) : 0;
  const x = (index: number) => round(labels.length > 1 ? left + index * step : (left + right) / 2);
  const y = (value: number) => round(bottom - ((bottom - top) * value) / max);
  const legend = series.map(
    (line, index) =>
      `<rect x="${index * 170}" y="4" width="14" height="14" fill="${COLORS[index % COLORS.length]}"/>` +
      `<text x="${index * 170 + 20}" y="16" font-size="16" fill="${INK}">${escapeHtml(line.name)}</text>`,
  );
  const axes = [
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="${MUTED}"/>`,
    `<line x1="${left}" y1="${top}" x2="${right}" y2="${top}" stroke="#e5e7eb"/>`,
    `<text x="${left - 6}" y="${top + 5}" font-size="15" text-anchor="end" fill="${MUTED}">${max}</text>`,
    `<text x="${left - 6}" y="${bottom + 5}" font-size="15" text-anchor="end" fill="${MUTED}">0</text>`,
  ];
  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first !== undefined) {
    axes.push(
      `<text x="${left}" y="${height - 6}" font-size="15" fill="${MUTED}">${escapeHtml(first)}</text>`,
    );
  }
  if (last !== undefined && labels.length > 1) {
    axes.push(
      `<text x="${right}" y="${height - 6}" font-size="15" text-anchor="end" fill="${MUTED}">${escapeHtml(last)}</text>`,
    );
  }
  const lines = series.map((line, index) => {
    const color = COLORS[index % COLORS.length];
    const points = line.values.map((value, at) => `${x(at)},${y(value)}`).join(" ");
    // A single day draws no line, so every point also gets a dot.
    const dots =
      line.values.length <= 31
        ? line.values
            .map((value, at) => `<circle cx="${x(at)}" cy="${y(value)}" r="3" fill="${color}"/>`)
            .join("")
        : "";
    return `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2.5"/>${dots}`;
  });
  return frame(text, height, [...legend, ...axes, ...lines].join("\n"));
}
