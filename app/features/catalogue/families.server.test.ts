import { describe, expect, it } from "vitest";
import { productSectionIds } from "~/content/ids";
import { FamiliesError, loadFamilies, parseFamilies } from "./families.server";

function problemsOf(text: string): string[] {
  try {
    parseFamilies(text, "families.yaml");
  } catch (error) {
    if (error instanceof FamiliesError) return error.problems;
    throw error;
  }
  return [];
}

describe("the families file", () => {
  it("has families for every product area, with the label, ribbon, equipment, foam and PPE attributes", () => {
    const families = loadFamilies();
    expect(new Set(families.map((family) => family.area))).toEqual(new Set(productSectionIds));
    const keys = (slug: string) =>
      families.find((family) => family.slug === slug)?.attributes.map((a) => a.key);
    expect(keys("direct-thermal-labels")).toEqual([
      "width",
      "height",
      "face_stock",
      "adhesive",
      "core",
      "outside_diameter",
      "labels_per_roll",
      "rolls_per_case",
      "perforation",
    ]);
    expect(keys("thermal-transfer-ribbons")).toEqual(
      expect.arrayContaining(["width", "length", "ink", "ink_side", "core", "matching_printers"]),
    );
    expect(keys("industrial-printers")).toEqual(
      expect.arrayContaining(["make", "model", "resolution", "interfaces"]),
    );
    expect(keys("polyethylene-foam")).toEqual(
      expect.arrayContaining(["material", "density", "thickness_in", "plank_size"]),
    );
    expect(keys("disposable-coveralls")).toEqual(expect.arrayContaining(["size", "suit_material"]));
    const ink = families.find((family) => family.slug === "thermal-transfer-ribbons")?.attributes[2];
    expect(ink).toMatchObject({
      key: "ink",
      type: "choice",
      choices: ["Wax", "Wax/resin", "Resin"],
      filter: true,
    });
  });

  it("names every mistake with its line", () => {
    const problems = problemsOf(
      [
        "families:", // 1
        "  - slug: Labels", // 2
        "    name: Labels", // 3
        "    area: stickers", // 4
        "    description: Labels.", // 5
        "    attributes:", // 6
        "      - { key: width, label: Width, type: number, unit: mm }", // 7
        "      - { key: face, label: Face, type: choice }", // 8
        "      - { key: sku, label: Code, type: text }", // 9
        "      - { key: core, label: Core, type: text, unit: in, colour: red }", // 10
        "  - slug: labels", // 11
        "    name: More labels", // 12
        "    area: labels", // 13
        "    description: More.", // 14
        "    attributes:", // 15
        "      - { key: size, label: Size, type: choice, choices: [S, S] }", // 16
        "      - { key: size, label: Size again, type: text }", // 17
      ].join("\n"),
    );
    expect(problems).toEqual([
      "families.yaml:2: families.0.slug: must be lower-case letters and digits, words joined by hyphens (e.g. direct-thermal-labels)",
      "families.yaml:4: families.0.area: must be a product area: labels, barcoding, packaging, material-handling, die-cut-foams, warehouse-labeling, printer-repair, ppe-suits",
      "families.yaml:7: families.0.attributes.0.unit: must be in: sizes are in inches",
      "families.yaml:8: families.0.attributes.1.choices: is required for a choice: list the values a cell may hold",
      "families.yaml:9: families.0.attributes.2.key: is one of the item columns (sku, name, unit, pack, …): choose another key",
      "families.yaml:10: families.0.attributes.3.colour: is not a field of this file",
      "families.yaml:10: families.0.attributes.3.unit: is only for type number",
      "families.yaml:16: families.1.attributes.0.choices: lists a value twice",
      'families.yaml:17: families.1.attributes.1.key: "size" is used twice',
    ]);
    expect(problemsOf("families: [\n  {slug: a\n")[0]).toMatch(/^families\.yaml:\d+: /);
  });
});
