import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseYamlFile } from "./yaml-file";

const schema = z.strictObject({ branches: z.array(z.strictObject({ id: z.string(), zip: z.string() })) });

describe("parseYamlFile", () => {
  it("reads a file that fits its schema", () => {
    expect(parseYamlFile("branches:\n  - id: reno\n    zip: '89502'\n", "routing.yaml", schema)).toEqual({
      ok: true,
      data: { branches: [{ id: "reno", zip: "89502" }] },
    });
  });

  it("names every mistake with its file and line", () => {
    const text = "branches:\n  - id: reno\n    zip: 89502\n  - id: dallas\n    zipp: '75201'\n";
    const result = parseYamlFile(text, "routing.yaml", schema);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toEqual([
      "routing.yaml:3: branches.0.zip: Invalid input: expected string, received number",
      "routing.yaml:4: branches.1.zip: Invalid input: expected string, received undefined",
      "routing.yaml:5: branches.1.zipp: is not a field of this file",
    ]);
  });

  it("says what the caller says of an unknown key, and names a syntax error's line", () => {
    const unknownKey = (parent: string) => (parent === "branches.0" ? "is not a branch field" : undefined);
    const misspelt = parseYamlFile(
      "branches:\n  - id: reno\n    zip: '1'\n    city: Reno\n",
      "f.yaml",
      schema,
      {
        unknownKey,
      },
    );
    expect(misspelt.ok ? [] : misspelt.problems).toEqual([
      "f.yaml:4: branches.0.city: is not a branch field",
    ]);
    const broken = parseYamlFile("branches:\n  - id: [reno\n", "f.yaml", schema);
    expect(broken.ok ? [] : broken.problems[0]).toMatch(/^f\.yaml:\d+: /);
  });
});
