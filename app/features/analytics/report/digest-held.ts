/*
 * The weekly digest's list of leads held as likely spam and not released (docs/report.md#weekly-digest):
 * the owner sees each one's reference and reasons beside the week's figures, and how to release it.
 */
import { bodyLine, escapeHtml } from "~/features/leads/email-text.server";
import type { HeldLead } from "~/features/leads/held.server";

const TITLE = "Held as likely spam (not released)";
const RELEASE = "Release a real buyer with: npm run leads -- release <reference>";

function lineOf(lead: HeldLead): string {
  const reasons = lead.reasons.map((reason) => reason.code).join(", ");
  return bodyLine(`${lead.reference} (${lead.kind === "quote" ? "quote" : "contact"}): ${reasons}`);
}

export function heldText(held: readonly HeldLead[]): string {
  const heading = `${TITLE}\n${"-".repeat(TITLE.length)}`;
  if (held.length === 0) return `${heading}\n  None this week.`;
  return [heading, ...held.map((lead) => `  ${lineOf(lead)}`), `  ${RELEASE}`].join("\n");
}

export function heldHtml(held: readonly HeldLead[], color: { navy: string; muted: string }): string {
  const heading = `<h2 style="font-size:16px;color:${color.navy};margin:24px 0 8px">${TITLE}</h2>`;
  if (held.length === 0) return `${heading}<p style="margin:0;color:${color.muted}">None this week.</p>`;
  const items = held.map((lead) => `<li style="font-size:14px">${escapeHtml(lineOf(lead))}</li>`);
  return `${heading}<ul style="margin:0;padding-left:20px">${items.join("")}</ul><p style="margin:8px 0 0;font-size:13px;color:${color.muted}">${escapeHtml(RELEASE)}</p>`;
}
