/**
 * Puts a prerendered page's CSS into the page (docs/decisions/0038-stylesheet-in-the-page.md): the
 * rules its HTML uses, found by Beasties, less the custom properties nothing reads
 * (prune-custom-properties.ts), in a `<style>` in place of the stylesheet `<link>`, so the
 * page paints from its first round trip without a second request. The `<style>` names the whole
 * stylesheet, which a page with scripts loads before they run (app/lib/page-stylesheet.tsx).
 *
 * A page is changed only when the result still fits the first round trip; a larger page keeps its
 * `<link>` (the stylesheet then comes in parallel with its images, and stays cached for the next page).
 */
import { brotliCompressSync, constants } from "node:zlib";
import Beasties from "beasties";
import { PAGE_STYLE_ID } from "~/lib/page-style-id";
import { FIRST_ROUND_TRIP_BYTES } from "../audit/audit-document";
import { pruneCustomProperties } from "./prune-custom-properties";

/** Room left for the status line and headers (the policy header with its script hashes is most of it). */
const HEADER_BYTES = 1024;

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/;
const STYLE = /<style>([\s\S]*?)<\/style>/g;

export interface InlineResult {
  html: string;
  /** Whether the page now carries its CSS. */
  inlined: boolean;
  /** Whether the page had a stylesheet link to replace. */
  linksStylesheet: boolean;
  /** The page's size with its CSS inline (whether or not it was kept), brotli, headers allowed for. */
  bytes: number;
}

function brotliBytes(text: string): number {
  return brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export class StylesheetInliner {
  readonly #beasties: Beasties;

  /** `clientDir`: the client build, where the stylesheet's URL is found. */
  constructor(clientDir: string) {
    this.#beasties = new Beasties({
      path: clientDir,
      publicPath: "/",
      // Only the rules are taken from Beasties' answer; the page itself is changed below.
      pruneSource: false,
      reduceInlineStyles: false,
      mergeStylesheets: true,
      logLevel: "silent",
    });
  }

  /** The rules of the linked stylesheet that `html` uses: the `<style>` Beasties adds to the page. */
  async #usedRules(html: string): Promise<string | undefined> {
    const before = new Set([...html.matchAll(STYLE)].map((match) => match[1]));
    const processed = await this.#beasties.process(html);
    const rules = [...processed.matchAll(STYLE)]
      .map((match) => match[1] ?? "")
      .find((css) => !before.has(css));
    return rules === undefined ? undefined : pruneCustomProperties(rules, html);
  }

  async inline(html: string, budget = FIRST_ROUND_TRIP_BYTES): Promise<InlineResult> {
    const link = STYLESHEET_LINK.exec(html);
    const rules = link ? await this.#usedRules(html) : undefined;
    if (!link || rules === undefined || /<\/style/i.test(rules)) {
      return {
        html,
        inlined: false,
        linksStylesheet: link !== null,
        bytes: brotliBytes(html) + HEADER_BYTES,
      };
    }
    const style = `<style id="${PAGE_STYLE_ID}" data-stylesheet="${link[1]}">${rules}</style>`;
    const candidate = html.replace(link[0], () => style);
    const bytes = brotliBytes(candidate) + HEADER_BYTES;
    const inlined = bytes <= budget;
    return { html: inlined ? candidate : html, inlined, linksStylesheet: true, bytes };
  }
}
