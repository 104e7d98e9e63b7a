import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_NONCE } from "~/lib/page-cache.server";
import {
  cutTemplate,
  escapedQuery,
  fillTemplate,
  gzipTemplate,
  resultsPiece,
} from "./search-template.server";

const slots = { query: "xquery", results: "xresults" };
const html =
  `<title>Search: xquery</title><script nonce="${PLACEHOLDER_NONCE}">a()</script>` +
  `<input value="xquery"/><main>xresults</main><script nonce="${PLACEHOLDER_NONCE}">b()</script>`;

describe("the results page's template", () => {
  it("fills the query, the results and the response's nonce in every place, as text and as gzip", () => {
    const template = cutTemplate(html, slots, 2026);
    const query = `4"x6' <b>&`;
    const results = `<ol><li>${"RDT-4X6-3C ".repeat(400)}</li></ol>`;
    const filling = { query: escapedQuery(query), results, nonce: "n0nce+/=" };
    const page = fillTemplate(template, filling);
    expect(page).toBe(
      '<title>Search: 4&quot;x6&#x27; &lt;b&gt;&amp;</title><script nonce="n0nce+/=">a()</script>' +
        `<input value="4&quot;x6&#x27; &lt;b&gt;&amp;"/><main>${results}</main>` +
        '<script nonce="n0nce+/=">b()</script>',
    );
    const gzip = gzipTemplate(template, filling, resultsPiece(results));
    expect(gunzipSync(gzip).toString()).toBe(page);
    // The repeated results were compressed, not stored.
    expect(gzip.length).toBeLessThan(page.length / 4);
  });
});
