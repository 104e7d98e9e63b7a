/*
 * The results page's template (docs/decisions/0086): the page React Router and React rendered once with
 * placeholders for the query, the results and the CSP nonce, cut at them. A search fills the holes, as
 * text for a client without gzip, or as a gzip member joined from the template's pieces compressed once
 * and the search's own (only the results are compressed for each search: docs/decisions/0088).
 */
import { randomBytes } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { deflatePiece, type GzipPiece, gzipMember, pieceSum, storedPiece } from "~/lib/gzip-pieces.server";
import { PLACEHOLDER_NONCE } from "~/lib/page-cache.server";

/** The placeholders of a results page's template, as the route's loader reads them (RequestContext.pageTemplate). */
export interface SearchTemplateSlots {
  query: string;
  results: string;
}

type Hole = "nonce" | "query" | "results";

/** A page cut at its placeholders: `pieces` has one more entry than `holes`. */
export interface Template {
  pieces: readonly string[];
  holes: readonly Hole[];
  /** Each piece compressed once, for gzip answers. */
  compressed: readonly GzipPiece[];
  /** The year the footer shows: a template is made again when it changes. */
  year: number;
}

/** A token that escaping leaves as it is and that no page text holds by chance. */
export const templateToken = () => `x${randomBytes(18).toString("hex")}`;

/** Cuts a rendered page at its placeholders; throws when one is missing or the results come twice. */
export function cutTemplate(html: string, slots: SearchTemplateSlots, year: number): Template {
  const tokens = new Map<string, Hole>([
    [PLACEHOLDER_NONCE, "nonce"],
    [slots.query, "query"],
    [slots.results, "results"],
  ]);
  const pieces: string[] = [];
  const holes: Hole[] = [];
  const pattern = new RegExp([...tokens.keys()].join("|"), "g");
  let from = 0;
  for (const found of html.matchAll(pattern)) {
    pieces.push(html.slice(from, found.index));
    holes.push(tokens.get(found[0]) as Hole);
    from = found.index + found[0].length;
  }
  pieces.push(html.slice(from));
  const count = (hole: Hole) => holes.filter((each) => each === hole).length;
  if (count("results") !== 1 || count("query") === 0) {
    throw new Error(
      `the results page's template holds ${count("results")} results and ${count("query")} queries`,
    );
  }
  const compressed = pieces.map((piece) => {
    const bytes = Buffer.from(piece);
    return { deflated: deflatePiece(bytes), sum: pieceSum(bytes) };
  });
  return { pieces, holes, compressed, year };
}

/** The query as the page shows it: escaped by React itself, for text and attribute values alike. */
export const escapedQuery = (query: string): string => renderToStaticMarkup(query);

/** What one answer puts in the holes: the escaped query, the results' markup and the response's nonce. */
export interface Filling {
  query: string;
  results: string;
  nonce: string;
}

/** The page for one search, as text. */
export function fillTemplate(template: Template, filling: Filling): string {
  let html = template.pieces[0] ?? "";
  template.holes.forEach((hole, index) => {
    html += filling[hole] + (template.pieces[index + 1] ?? "");
  });
  return html;
}

/** A search's results compressed for gzip answers (level 6: compressed for each search, a few KB). */
export function resultsPiece(results: string): GzipPiece {
  const bytes = Buffer.from(results);
  return { deflated: deflatePiece(bytes, 6), sum: pieceSum(bytes) };
}

/** The page for one search as a gzip member: the template's pieces and the search's, joined. */
export function gzipTemplate(
  template: Template,
  filling: Omit<Filling, "results">,
  results: GzipPiece,
): Buffer {
  const query = storedPiece(Buffer.from(filling.query));
  const nonce = storedPiece(Buffer.from(filling.nonce, "latin1"));
  const holes: Record<Hole, GzipPiece> = { query, nonce, results };
  const pieces: GzipPiece[] = [];
  template.compressed.forEach((piece, index) => {
    if (index > 0) pieces.push(holes[template.holes[index - 1] ?? "nonce"]);
    pieces.push(piece);
  });
  return gzipMember(pieces);
}
