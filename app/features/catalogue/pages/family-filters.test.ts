import { describe, expect, it } from "vitest";
import { fixtureFamilies, fixtureView } from "../testing/pages-fixture";
import { FAMILY_PAGE_SIZE, FAMILY_QUERY_MAX_CHARS, familyListing, parseFamilyQuery } from "./family-filters";

const view = fixtureView();
const labels = fixtureFamilies[0];
if (!labels) throw new Error("the fixture has a label family");
const items = view.itemsOf(labels.slug);

function listing(search: string) {
  const query = parseFamilyQuery(labels as NonNullable<typeof labels>, search);
  if (!query.ok) throw new Error("refused");
  return { ...familyListing(labels as NonNullable<typeof labels>, items, query.selection), query };
}

const facet = (result: ReturnType<typeof listing>, key: string) =>
  Object.fromEntries(
    result.facets.find((f) => f.attribute.key === key)?.values.map((v) => [v.value, v.count]) ?? [],
  );

describe("a family page's filters", () => {
  it("lists every item without filters, each value with the count it would leave", () => {
    const result = listing("");
    expect(result.total).toBe(5);
    expect(facet(result, "width")).toEqual({ "2": 1, "3": 1, "4": 3 });
    expect(facet(result, "core")).toEqual({ "1 in": 3, "3 in": 2 });
  });

  it("narrows by one value, keeps the other values of the same filter counted, and ANDs filters", () => {
    const result = listing("?width=4");
    expect(result.rows.map((i) => i.sku)).toEqual(["DT-4X6-3", "DT-4X6-1", "DT-4X2-3"]);
    expect(facet(result, "width")).toEqual({ "2": 1, "3": 1, "4": 3 });
    expect(facet(result, "height")).toEqual({ "1": 0, "2": 1, "6": 2 });
    const both = listing("?width=4&core=3+in");
    expect(both.rows.map((i) => i.sku)).toEqual(["DT-4X6-3", "DT-4X2-3"]);
    const either = listing("?width=2&width=3");
    expect(either.total).toBe(2);
  });

  it("reads numbers by value and choices in any case, and each value links to the selection toggled", () => {
    const result = listing("?width=4.0&core=3%20IN");
    expect(result.total).toBe(2);
    const width = result.facets.find((f) => f.attribute.key === "width");
    expect(width?.values.find((v) => v.value === "4")).toMatchObject({
      selected: true,
      search: "?core=3+in",
    });
    expect(width?.values.find((v) => v.value === "2")).toMatchObject({
      count: 0,
      search: "?width=2&width=4&core=3+in",
    });
  });

  it("ignores and names unknown filters and values that cannot be one, and matches nothing for absurd numbers", () => {
    const result = listing("?colour=red&width=abc&core=9+in&width=99999999999");
    expect(result.query.ok && result.query.selection.ignored).toEqual([
      "colour=red",
      "width=abc",
      "core=9 in",
    ]);
    expect(result.total).toBe(0);
    expect(listing("?width=1e308").query.ok && listing("?width=1e308").query.selection.ignored).toEqual([
      "width=1e308",
    ]);
  });

  it("refuses a query string past its bound, or with too many parameters, before reading it", () => {
    expect(parseFamilyQuery(labels, `?width=${"4".repeat(FAMILY_QUERY_MAX_CHARS)}`).ok).toBe(false);
    const thousand = Array.from({ length: 1000 }, (_, i) => `width=${i}`).join("&");
    expect(parseFamilyQuery(labels, `?${thousand}`).ok).toBe(false);
    expect(
      parseFamilyQuery(labels, `?${Array.from({ length: 20 }, (_, i) => `width=${i}`).join("&")}`).ok,
    ).toBe(true);
  });

  it("pages past the last page show the last, and absurd pages the first", () => {
    expect(listing("?page=999999").page).toBe(1);
    expect(listing("?page=-3").page).toBe(1);
  });

  it("shows 50 rows a page, the rest on the pages after, with the filters held", () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...(items[i % items.length] as (typeof items)[0]),
      sku: `L-${i}`,
    }));
    const family = labels as NonNullable<typeof labels>;
    const page = (search: string) => {
      const query = parseFamilyQuery(family, search);
      if (!query.ok) throw new Error("refused");
      return familyListing(family, many, query.selection);
    };
    expect(FAMILY_PAGE_SIZE).toBe(50);
    const first = page("");
    expect([first.rows.length, first.pageCount, first.total]).toEqual([50, 3, 120]);
    expect(page("?page=2").rows.map((item) => item.sku)).toEqual(many.slice(50, 100).map((item) => item.sku));
    expect(page("?page=3").rows).toHaveLength(20);
    const wide = page("?width=4&page=2");
    expect(wide.rows.every((item) => item.attributes.width === "4")).toBe(true);
    // The same choice written another way is the same listing, computed once.
    expect(page("?page=2&width=4.0")).toBe(wide);
  });
});
