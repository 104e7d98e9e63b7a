import { describe, expect, it } from "vitest";
import { parseAttribution, UNKNOWN_ATTRIBUTION } from "./attribution";
import { formatDuration, howTheyFoundUs, howTheyFoundUsHtml, howTheyFoundUsText } from "./attribution.server";

const campaign = parseAttribution(
  JSON.stringify({
    landing: "/products?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
    referrer: "google.com",
    pages: 3,
    seconds: 245,
    from: "/quote",
  }),
);

describe("How they found us", () => {
  it("says in a few lines how the visitor came", () => {
    expect(howTheyFoundUsText(campaign)).toEqual([
      "How they found us:",
      "Landing page: /products?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
      "Came from: google.com (Google)",
      "Campaign: newsletter / email / spring",
      "Pages seen: 3 · 4 min from landing to sending",
      "Sent from: /quote",
    ]);
  });

  it("says what is not known for a form sent without JavaScript", () => {
    expect(howTheyFoundUs({ ...UNKNOWN_ATTRIBUTION, sentFrom: "/contact" })).toEqual([
      ["Landing page", "not known (sent without JavaScript)"],
      ["Came from", "direct or unknown"],
      ["Sent from", "/contact"],
    ]);
  });

  it("names an ad click and the other UTM values", () => {
    const parsed = parseAttribution(
      JSON.stringify({ landing: "/?utm_source=bing&utm_term=rfid+tags&utm_content=ad-2&msclkid=x" }),
    );
    expect(howTheyFoundUs(parsed)).toEqual(
      expect.arrayContaining([
        ["Campaign", "bing / - / -"],
        ["Campaign term", "rfid tags"],
        ["Campaign content", "ad-2"],
        ["Ad click", "yes (the landing page carried a click id)"],
      ]),
    );
  });

  it("escapes what it shows in HTML", () => {
    const parsed = parseAttribution(JSON.stringify({ landing: "/?utm_campaign=%3Cb%3Ex%3C/b%3E" }));
    const html = howTheyFoundUsHtml(parsed).join("\n");
    expect(html).toContain("<h2");
    expect(html).toContain("How they found us");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>x");
  });

  it.each([
    [45, "45 s"],
    [245, "4 min"],
    [7500, "2 h 5 min"],
    [7200, "2 h"],
    [3 * 86400, "3 days"],
  ])("shows %i seconds as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
