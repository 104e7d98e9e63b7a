/*
 * The weekly digest's speed to lead (docs/report.md#weekly-digest): last week's leads answered, the
 * median and 90th percentile response per branch and per member of staff, and the leads still open,
 * as the report shows them (./speed.ts). Staff addresses and branch names are escaped like any text.
 */
import { bodyLine, escapeHtml } from "~/features/leads/email-text.server";
import { SPEED_COLUMNS, type SpeedLine, type SpeedSection, speedCells } from "./speed";
import { tableText } from "./text";

const TITLE = "Speed to lead (business hours)";

function rowsOf(speed: SpeedSection): string[][] {
  return [speed.total, ...speed.byBranch, ...speed.byStaff].map((line: SpeedLine) => [
    bodyLine(line.label),
    ...speedCells(line).map(String),
  ]);
}

export function speedText(speed: SpeedSection | undefined): string {
  if (!speed) return "";
  const heading = `${TITLE}\n${"-".repeat(TITLE.length)}`;
  return `${heading}\n${tableText({ columns: ["", ...SPEED_COLUMNS], rows: rowsOf(speed) }, [1, 2, 3, 4, 5])}\n`;
}

export function speedHtml(speed: SpeedSection | undefined, color: { navy: string; muted: string }): string {
  if (!speed) return "";
  const cell = "padding:4px 6px;border-bottom:1px solid #e6ebf0;font-size:13px";
  const head = ["", ...SPEED_COLUMNS]
    .map(
      (title, index) =>
        `<th align="${index === 0 ? "left" : "right"}" style="${cell};color:${color.muted}">${title}</th>`,
    )
    .join("");
  const rows = rowsOf(speed).map(
    (row) =>
      `<tr>${row
        .map(
          (value, index) =>
            `<td align="${index === 0 ? "left" : "right"}" style="${cell}">${escapeHtml(value)}</td>`,
        )
        .join("")}</tr>`,
  );
  return [
    `<h2 style="font-size:16px;color:${color.navy};margin:24px 0 8px">${TITLE}</h2>`,
    `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr>${head}</tr>\n${rows.join("\n")}</table>`,
  ].join("\n");
}
