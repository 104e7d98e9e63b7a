import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta } from "react-router";
import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import { buildBusinessJsonLd, to24Hour } from "./structured-data";

function HeadTags() {
  return <Meta />;
}

/** Renders the head tags a route's `meta` returns, the way the server renders them into the page. */
function renderMeta(value: Record<string, unknown>): string {
  const Stub = createRoutesStub([
    { path: "/", meta: () => [{ "script:ld+json": value }], Component: HeadTags },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

function scriptBody(html: string): string {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no JSON-LD script in ${html}`);
  return match[1];
}

describe("to24Hour", () => {
  it("converts 12-hour times", () => {
    expect(to24Hour("8:00 AM")).toBe("08:00");
    expect(to24Hour("5:00 PM")).toBe("17:00");
    expect(to24Hour("12:30 PM")).toBe("12:30");
    expect(to24Hour("12:00 AM")).toBe("00:00");
  });

  it("refuses a time it cannot read", () => {
    expect(() => to24Hour("noon")).toThrow(/noon/);
  });
});

describe("buildBusinessJsonLd", () => {
  const data = buildBusinessJsonLd("https://www.example.com");

  it("names the business with its contact details", () => {
    expect(data["@context"]).toBe("https://schema.org");
    expect(data.name).toBe(company.name);
    expect(data.url).toBe("https://www.example.com/");
    expect(data.telephone).toBe(company.phoneE164);
    expect(data.email).toBe(company.email);
  });

  it("lists the four locations as US postal addresses with weekday hours", () => {
    expect(data.location.map((location) => location.address)).toEqual(
      company.locations.map((location) => ({
        "@type": "PostalAddress",
        addressLocality: location.city,
        addressRegion: location.stateCode,
        addressCountry: "US",
      })),
    );
    for (const location of data.location) {
      expect(location.openingHoursSpecification).toEqual([
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:00",
          closes: "17:00",
        },
      ]);
    }
  });

  it("says what the business makes and knows", () => {
    expect(data.knowsAbout).toContain("Foam fabrication");
    expect(data.makesOffer.map((offer) => offer.itemOffered.name)).toContain(
      "Plank lamination up to 7-1/2 inch",
    );
  });
});

describe("JSON-LD in the page head", () => {
  const hostile = "</script><script>alert(1)</script>";

  it("cannot be closed early by the text it carries", () => {
    const html = renderMeta({ "@type": "Thing", name: hostile, note: "a & b > c \u2028 \u2029" });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain("<script>alert(1)");
    const body = scriptBody(html);
    expect(body).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(body)).toEqual({ "@type": "Thing", name: hostile, note: "a & b > c \u2028 \u2029" });
  });

  it("round-trips the business data", () => {
    const data = buildBusinessJsonLd("https://www.example.com");
    expect(JSON.parse(scriptBody(renderMeta(data)))).toEqual(data);
  });
});
