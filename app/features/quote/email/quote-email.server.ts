import { productSectionTitles } from "~/content/product-sections";
import { productAreaShortNames } from "~/content/quote";
import type { Attribution } from "~/features/leads/attribution/attribution";
import { howTheyFoundUsHtml, howTheyFoundUsText } from "~/features/leads/attribution/attribution.server";
import {
  bodyLine,
  escapeHtml,
  headerSafe,
  isPlainAddress,
  leadNotificationHeaders,
} from "~/features/leads/email-text.server";
import type { QuoteRoute } from "~/features/leads/routing/routing.server";
import {
  FOAM_FIELD_NAMES,
  hasDetails,
  hasLabelDetails,
  isQuoteArea,
  LABEL_FIELD_NAMES,
  type LabelFieldName,
  type QuoteInput,
} from "~/features/quote/quote";
import { formatReceived, neededBy } from "~/server/mail/company-time.server";
import type { Email } from "~/server/mail/outbox.server";
import { quantityText } from "../quantity-text";
import type { SkuFacts } from "../server/quote-skus.server";
import { type QuoteMailFiles, quoteFilesHtml, quoteFilesText } from "./quote-email-files.server";

export const QUOTE_NOTIFICATION_KIND = "quote_notification";

export const LABEL_DETAIL_LABELS: Record<(typeof LABEL_FIELD_NAMES)[number], string> = {
  width: "Label width",
  height: "Label height",
  sizeUnit: "Size unit",
  material: "Material",
  adhesive: "Adhesive",
  core: "Core size",
  rollSize: "Outside diameter or labels per roll",
  printer: "Printer make and model",
};

export const FOAM_DETAIL_LABELS: Record<(typeof FOAM_FIELD_NAMES)[number], string> = {
  dimensions: "Part dimensions",
  weight: "Part weight",
  fragility: "Fragility",
  annualQuantity: "Annual quantity",
};

const FILES_NOT_ARRIVED =
  "Files that did not arrive (the buyer was asked to reply to the acknowledgement with them attached)";

/** An item's label details worth showing, each with its label: none when only the size unit is set. */
export function itemLabelDetails(labels: Record<LabelFieldName, string | null>): Array<[string, string]> {
  if (!hasLabelDetails(labels)) return [];
  return LABEL_FIELD_NAMES.flatMap((name) => {
    const value = labels[name];
    return value ? [[LABEL_DETAIL_LABELS[name], value] as [string, string]] : [];
  });
}

export function areaTitle(area: string | null): string {
  return area && isQuoteArea(area) ? productSectionTitles[area] : "Not specified";
}

/** A request needed within this many days of the day it arrives is urgent (docs/quotes.md#sales-subject). */
export const URGENT_WITHIN_DAYS = 7;

export interface QuoteNotificationInput {
  requestId: number;
  reference: string;
  receivedAt: Date;
  quote: QuoteInput;
  fileNames: readonly string[];
  /** How the files travel (quoteMailFiles): attached by name when not given. */
  files?: QuoteMailFiles;
  /** Who gets it and why (routeQuote). */
  route: QuoteRoute;
  /** Files the buyer chose that did not arrive (a slow or stalled line): the request came without them. */
  filesNotArrived?: readonly string[];
  /** How the buyer came (docs/attribution.md); the block is left out without it. */
  attribution?: Attribution;
  mailFrom: string;
  /** SITE_TIME_ZONE: the arrival time is shown, and the days to the needed-by date counted, in it. */
  timeZone: string;
  /** Per item, what the catalogue says of its part number (skuFactsOf); absent: skus shown as posted. */
  skus?: ReadonlyArray<SkuFacts | null>;
}

/** A line's part number for the text part: the sku, its flag, its page and its attributes. */
function skuText(item: QuoteInput["items"][number], facts: SkuFacts | null | undefined): string[] {
  if (!item.sku) return [];
  const flag = facts?.flag ? ` [${facts.flag.toUpperCase()}]` : "";
  const page = facts?.url ? ` ${facts.url}` : "";
  const attributes = (facts?.attributes ?? []).map(([label, value]) => `${label}: ${bodyLine(value)}`);
  return [
    `   Part number: ${bodyLine(item.sku)}${flag}${page}`,
    ...(attributes.length > 0 ? [`   ${attributes.join("; ")}`] : []),
  ];
}

/** The same for the HTML part: the sku linked to its item page, the flag in bold, the attributes. */
function skuHtml(item: QuoteInput["items"][number], facts: SkuFacts | null | undefined): string {
  if (!item.sku) return "";
  const sku = escapeHtml(item.sku);
  const linked = facts?.url ? `<a href="${escapeHtml(facts.url)}">${sku}</a>` : sku;
  const flag = facts?.flag ? ` <strong style="color:#b91c1c">(${escapeHtml(facts.flag)})</strong>` : "";
  const attributes = (facts?.attributes ?? [])
    .map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`)
    .join("; ");
  return `<br><span style="font-size:13px">Part number ${linked}${flag}${attributes ? `<br>${attributes}` : ""}</span>`;
}

export interface QuoteSummary {
  /** `[Q-8CJWGX] URGENT · Atlanta: ship-to 30301, Georgia · Labels, Barcoding · needed Dec 10 (3 days) · Acme` */
  subject: string;
  /** The body's first line: the subject without the reference, and the routing always named. */
  firstLine: string;
  urgent: boolean;
}

/**
 * The subject and first line sales sort their mail by (docs/quotes.md#sales-subject): urgent or not, the
 * branch and why, the product areas in short, the needed-by date with the days left, the company.
 */
export function summarizeQuote(input: QuoteNotificationInput): QuoteSummary {
  const { quote, route } = input;
  const areas = [
    ...new Set(quote.items.flatMap((item) => (item.area && isQuoteArea(item.area) ? [item.area] : []))),
  ].map((area) => productAreaShortNames[area]);
  const needed = quote.neededBy ? neededBy(quote.neededBy, input.receivedAt, input.timeZone) : null;
  const urgent = needed !== null && needed.days <= URGENT_WITHIN_DAYS;
  const rest = [
    areas.length > 0 ? areas.join(", ") : null,
    needed?.text ?? null,
    headerSafe(quote.company, 100) || "a website visitor",
  ].filter((part): part is string => part !== null);
  const flag = urgent ? ["URGENT"] : [];
  // The reason is made of the routing file's names and a ZIP code the pattern read: header-safe as is.
  return {
    subject: `[${input.reference}] ${[...flag, ...(route.branch ? [route.reason] : []), ...rest].join(" · ")}`,
    firstLine: [...flag, route.reason, ...rest].join(" · "),
    urgent,
  };
}

/** The e-mail that tells sales about a quote request: every field, a table of the items, the files attached. */
export function buildQuoteNotification(input: QuoteNotificationInput): Email {
  const { quote, reference } = input;
  const { subject, firstLine } = summarizeQuote(input);
  const parts: NotificationParts = {
    firstLine,
    fields: notificationFields(input),
    details: hasDetails(quote.foam)
      ? [
          [
            "Foam / protective packaging details",
            FOAM_FIELD_NAMES.map((name) => [FOAM_DETAIL_LABELS[name], quote.foam[name]]),
          ],
        ]
      : [],
    files: input.files ?? { attached: input.fileNames },
    missing: input.filesNotArrived ?? [],
  };
  return {
    kind: QUOTE_NOTIFICATION_KIND,
    from: input.mailFrom,
    to: input.route.to.join(", "),
    cc: input.route.cc.length > 0 ? input.route.cc.join(", ") : null,
    replyTo: isPlainAddress(quote.email) ? quote.email : null,
    subject,
    text: notificationText(input, parts),
    html: notificationHtml(input, parts),
    headers: leadNotificationHeaders(reference),
  };
}

type Rows = Array<[string, string | null]>;

/** What the notification's text and HTML both show. */
interface NotificationParts {
  firstLine: string;
  fields: Rows;
  /** Headed sets of details for the whole request (foam), each shown only when filled in. */
  details: Array<[string, Rows]>;
  files: QuoteMailFiles;
  /** Files begun that did not arrive whole. */
  missing: readonly string[];
}

/** The buyer's fields and the request's facts, in the order sales read them. */
function notificationFields(input: QuoteNotificationInput): Rows {
  const { quote } = input;
  const needed = quote.neededBy ? neededBy(quote.neededBy, input.receivedAt, input.timeZone) : null;
  return [
    ["Reference", input.reference],
    ["Company", quote.company],
    ["Name", quote.name],
    ["Email", quote.email],
    ["Phone", quote.phone],
    ["Ship-to ZIP/postal code", quote.postalCode],
    // Worded as the subject words it (`Dec 15 (16 days)`), not as the form's ISO value.
    ["Needed by", needed ? `${needed.date} (${needed.count})` : null],
    ["PO or reference", quote.poReference],
    ["Request", `#${input.requestId}`],
    ["Received", formatReceived(input.receivedAt, input.timeZone)],
  ];
}

function notificationText(input: QuoteNotificationInput, parts: NotificationParts): string {
  const { quote, reference } = input;
  const { fields, details, missing } = parts;
  return [
    bodyLine(parts.firstLine),
    "",
    `New quote request ${reference}`,
    "",
    ...fields.map(([label, value]) => `${label}: ${bodyLine(value ?? "(not provided)")}`),
    "",
    `Items (${quote.items.length}):`,
    ...quote.items.flatMap((item, index) => {
      const line = `${index + 1}. ${bodyLine(item.description)} | qty ${quantityText(item.quantity, item.unit)} | ${areaTitle(item.area)}${
        item.notes ? ` | notes: ${bodyLine(item.notes)}` : ""
      }`;
      const labels = itemLabelDetails(item.labels);
      const sku = skuText(item, input.skus?.[index]);
      return labels.length > 0
        ? [
            line,
            ...sku,
            `   Label details: ${labels.map(([label, value]) => `${label}: ${bodyLine(value)}`).join("; ")}`,
          ]
        : [line, ...sku];
    }),
    ...details.flatMap(([heading, rows]) => [
      "",
      `${heading}:`,
      ...rows.filter(([, value]) => value).map(([label, value]) => `${label}: ${bodyLine(value ?? "")}`),
    ]),
    "",
    ...quoteFilesText(parts.files, input.timeZone),
    ...(missing.length > 0 ? [`${FILES_NOT_ARRIVED}: ${missing.map(bodyLine).join(", ")}`] : []),
    "",
    ...(input.attribution ? [...howTheyFoundUsText(input.attribution), ""] : []),
    "Reply to this e-mail to answer the buyer directly.",
    "",
  ].join("\n");
}

const cell = (value: string, tag = "td") =>
  `<${tag} style="border:1px solid #cbd5e1;padding:4px 8px;text-align:left;vertical-align:top">${value}</${tag}>`;
const row = (label: string, value: string) =>
  `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${value}</td></tr>`;

function notificationHtml(input: QuoteNotificationInput, parts: NotificationParts): string {
  const { quote, reference } = input;
  const { fields, details, missing } = parts;
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>New quote request ${reference}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">',
    `<p style="font-size:16px;font-weight:bold">${escapeHtml(parts.firstLine)}</p>`,
    `<h1 style="font-size:18px">New quote request ${reference}</h1>`,
    '<table role="presentation" style="border-collapse:collapse">',
    ...fields.map(([label, value]) =>
      row(
        escapeHtml(label),
        label === "Email" && value
          ? `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>`
          : escapeHtml(value ?? "(not provided)"),
      ),
    ),
    "</table>",
    `<h2 style="font-size:16px">Items (${quote.items.length})</h2>`,
    '<table style="border-collapse:collapse">',
    `<tr>${["#", "Item", "Quantity", "Unit", "Product area", "Notes"].map((h) => cell(h, "th")).join("")}</tr>`,
    ...quote.items.flatMap((item, index) => itemHtmlRows(item, index, input.skus?.[index])),
    "</table>",
    ...details.flatMap(([heading, rows]) => [
      `<h2 style="font-size:16px">${escapeHtml(heading)}</h2>`,
      '<table role="presentation" style="border-collapse:collapse">',
      ...rows
        .filter(([, value]) => value)
        .map(([label, value]) => row(escapeHtml(label), escapeHtml(value ?? ""))),
      "</table>",
    ]),
    quoteFilesHtml(parts.files, input.timeZone),
    ...(missing.length > 0
      ? [`<p><strong>${FILES_NOT_ARRIVED}:</strong> ${missing.map(escapeHtml).join(", ")}</p>`]
      : []),
    ...(input.attribution ? howTheyFoundUsHtml(input.attribution) : []),
    '<p style="color:#6b7280;font-size:13px">Reply to this e-mail to answer the buyer directly.</p>',
    "</body></html>",
  ].join("\n");
}

/** An item's row of the table, and its label details on a row of their own under it. */
function itemHtmlRows(
  item: QuoteInput["items"][number],
  index: number,
  sku: SkuFacts | null | undefined,
): string[] {
  const line = `<tr>${[
    String(index + 1),
    escapeHtml(item.description) + skuHtml(item, sku),
    String(item.quantity),
    escapeHtml(item.unit),
    escapeHtml(areaTitle(item.area)),
    escapeHtml(item.notes ?? ""),
  ]
    .map((value) => cell(value))
    .join("")}</tr>`;
  const labels = itemLabelDetails(item.labels);
  if (labels.length === 0) return [line];
  // The item's label details on a row of their own, under the item they belong to.
  const list = labels
    .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
    .join("<br>");
  return [
    line,
    `<tr>${cell("")}<td colspan="5" style="border:1px solid #cbd5e1;padding:4px 8px;text-align:left;vertical-align:top">Label details for item ${index + 1}<br>${list}</td></tr>`,
  ];
}
