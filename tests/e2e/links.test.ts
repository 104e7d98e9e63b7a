import { expect, test } from "@playwright/test";
import { LinkChecker, type LinkResult, LinkState } from "linkinator";
import { brochures, catalog } from "../../app/content/brochures";
import { contentPages } from "./support";

const VIDEO_HOST = "www.youtube.com";

/*
 * The catalogue's pages are crawled by sample (docs/decisions/0055): every family page unfiltered, and the
 * item pages of two families; not each filter combination, page of a table or /quote line.
 */
const SAMPLED_FAMILIES = ["direct-thermal-labels", "thermal-transfer-ribbons"];
function notSampled(url: URL): boolean {
  if (url.pathname === "/quote" && url.search !== "") return true;
  const match = /^\/products\/([^/]+)(?:\/(.+))?$/.exec(url.pathname);
  if (!match) return false;
  if (url.search !== "") return true;
  return match[2] !== undefined && !SAMPLED_FAMILIES.includes(match[1] ?? "");
}

test("crawling from / finds no broken link, PDFs included", async () => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("the config sets baseURL");
  const origin = new URL(baseURL).origin;

  const checker = new LinkChecker();
  const result = await checker.check({
    path: `${origin}/`,
    recurse: true,
    // Two cores in CI: a modest number of requests at a time keeps the server answering promptly.
    concurrency: 8,
    timeout: 20_000,
    checkFragments: true,
    // Resolve relative links against the page URL as a browser does. Without it linkinator takes an
    // extensionless path for a folder (/about as /about/), so "#main" on /about would be checked as
    // /about/#main, a redirect, rather than the link visitors follow.
    cleanUrls: true,
    // A link of our own that only works through a 301 (a legacy path, a trailing slash) counts as broken.
    redirects: "error",
    // This machine has no internet, and canonical and Open Graph URLs point at SITE_URL, which is
    // not this test server: only links on the server under test are fetched.
    linksToSkip: async (link) =>
      link.startsWith("mailto:") ||
      link.startsWith("tel:") ||
      !link.startsWith(`${origin}/`) ||
      notSampled(new URL(link)),
  });

  const byState = (state: LinkState) => result.links.filter((link) => link.state === state);
  const broken = byState(LinkState.BROKEN).map(
    (link: LinkResult) => `${link.status ?? "no answer"} ${link.url} (linked from ${link.parent ?? "?"})`,
  );
  const checked = byState(LinkState.OK);
  const checkedPaths = new Set(checked.map((link) => new URL(link.url).pathname));
  const pdfs = [...checkedPaths].filter((pathname) => pathname.endsWith(".pdf"));
  const pages = [...checkedPaths].filter((pathname) => !/\.[a-z0-9]+$/i.test(pathname));

  const summary =
    `${result.links.length} links: ${checked.length} OK, ${broken.length} broken, ` +
    `${byState(LinkState.SKIPPED).length} skipped (mailto:, tel:, other hosts, non-URL meta text); ` +
    `${pages.length} pages, ${pdfs.length} PDFs checked`;
  test.info().annotations.push({ type: "links", description: summary });
  console.info(`[links] ${summary}`);

  expect(broken, broken.join("\n")).toEqual([]);
  expect(result.passed).toBe(true);

  for (const brochure of brochures)
    expect(checkedPaths, brochure.fileName).toContain(`/brochures/${brochure.fileName}`);
  expect(checkedPaths).toContain(`/catalog/${catalog.fileName}`);
  for (const { path } of contentPages) expect(pages, `${path} was crawled`).toContain(path);
  expect(pdfs.length).toBeGreaterThanOrEqual(19);

  // The external video link is on the page but is never requested.
  const video = result.links.filter((link) => new URL(link.url, origin).hostname === VIDEO_HOST);
  expect(video.length, "the video link was found on /protective-packaging").toBeGreaterThan(0);
  for (const link of video) expect(link.state).toBe(LinkState.SKIPPED);
});
