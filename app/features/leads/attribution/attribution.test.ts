import { describe, expect, it } from "vitest";
import { searchEngineOf } from "~/content/search-engines";
import {
  ATTRIBUTION_SNIPPET,
  MAX_ATTRIBUTION_LENGTH,
  parseAttribution,
  refererPath,
  UNKNOWN_ATTRIBUTION,
} from "./attribution";

const field = (values: Record<string, unknown>) => JSON.stringify(values);

describe("parseAttribution", () => {
  it("reads the snippet's field: landing page with its UTM values, referrer, click id, visit", () => {
    const parsed = parseAttribution(
      field({
        landing:
          "/products?gclid=Cj0KCQ-secret&utm_source=newsletter&utm_medium=email&utm_campaign=spring&x=1",
        referrer: "WWW.Google.co.uk",
        click: 1,
        pages: 3,
        seconds: 245,
        from: "/quote?item=abc#top",
      }),
    );
    expect(parsed).toEqual({
      landingPage: "/products?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
      referrerHost: "www.google.co.uk",
      searchEngine: "Google",
      utm: {
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
        utm_term: null,
        utm_content: null,
      },
      clickId: true,
      sentFrom: "/quote",
      pagesSeen: 3,
      secondsToLead: 245,
    });
    expect(JSON.stringify(parsed)).not.toContain("secret");
  });

  it("notes a click id seen on the landing page even when the field does not say so", () => {
    expect(parseAttribution(field({ landing: "/?msclkid=abc" }))).toMatchObject({
      landingPage: "/",
      clickId: true,
    });
  });

  it.each([
    ["not JSON", "{landing:"],
    ["an array", "[1,2]"],
    ["too long", field({ landing: `/${"a".repeat(MAX_ATTRIBUTION_LENGTH)}` })],
    ["another site's landing page", field({ landing: "https://evil.example/x" })],
    ["a protocol-relative landing page", field({ landing: "//evil.example/x" })],
    ["a referrer that is no host", field({ referrer: "http://x.example/path?q=1" })],
    ["a referrer with spaces", field({ referrer: "a b.example" })],
    ["pages out of range", field({ pages: 0 })],
    ["pages not an integer", field({ pages: 2.5 })],
    ["seconds negative", field({ seconds: -1 })],
    ["seconds over a week", field({ seconds: 8 * 24 * 3600 })],
    ["a page that is no path", field({ from: "javascript:alert(1)" })],
    ["values of the wrong type", field({ landing: 5, referrer: ["a"], click: "1", pages: {} })],
  ])("drops junk without an error: %s", (_case, raw) => {
    expect(parseAttribution(raw)).toEqual(UNKNOWN_ATTRIBUTION);
  });

  it("bounds UTM values: control characters removed, at most 100 characters", () => {
    const long = "x".repeat(300);
    const parsed = parseAttribution(field({ landing: `/?utm_source=a%0Ab%00c&utm_term=${long}` }));
    expect(parsed.utm.utm_source).toBe("a b c");
    expect(parsed.utm.utm_term).toHaveLength(100);
  });

  it("takes the page it was sent from from the Referer when the field does not say", () => {
    expect(parseAttribution(undefined, "/quote")).toEqual({ ...UNKNOWN_ATTRIBUTION, sentFrom: "/quote" });
    expect(parseAttribution(field({ from: "/contact" }), "/quote").sentFrom).toBe("/contact");
  });
});

describe("refererPath", () => {
  const own = ["ridgeline.test", "127.0.0.1:5100"];
  it("keeps the path of a page of this site, without its query", () => {
    expect(refererPath("https://ridgeline.test/quote?item=a", own)).toBe("/quote");
    expect(refererPath("http://127.0.0.1:5100/contact", own)).toBe("/contact");
  });
  it.each([
    "https://elsewhere.example/quote",
    "https://ridgeline.test.evil.example/quote",
    "ftp://ridgeline.test/x",
    "not a url",
    "",
    null,
    undefined,
  ])("is null for %s", (referer) => {
    expect(refererPath(referer, own)).toBeNull();
  });
});

describe("search engines", () => {
  it.each([
    ["www.google.com", "Google"],
    ["google.de", "Google"],
    ["www.google.com.au", "Google"],
    ["www.bing.com", "Bing"],
    ["duckduckgo.com", "DuckDuckGo"],
    ["search.yahoo.com", "Yahoo"],
    ["www.ecosia.org", "Ecosia"],
    ["www.baidu.com", "Baidu"],
    ["yandex.ru", "Yandex"],
    ["search.brave.com", "Brave Search"],
  ])("names %s as %s", (host, name) => {
    expect(searchEngineOf(host)).toBe(name);
  });
  it.each(["google.evil.example", "notgoogle.com", "mail.yahoo.com", "linkedin.com"])(
    "names no engine for %s",
    (host) => {
      expect(searchEngineOf(host)).toBeNull();
    },
  );
});

describe("the snippet", () => {
  it("stays under 1 KB, inlined in every page", () => {
    expect(new TextEncoder().encode(ATTRIBUTION_SNIPPET).length).toBeLessThan(1024);
  });
});
