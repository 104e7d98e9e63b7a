import { afterEach, describe, expect, it, vi } from "vitest";

async function load() {
  vi.resetModules();
  return import("./documents");
}

describe("document links", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("point at this site by default, with a download variant", async () => {
    const { brochureFile, catalogFile, describeDocument } = await load();
    const ghs = brochureFile("ghs");
    expect(ghs.href).toBe(`/brochures/${ghs.fileName}`);
    expect(ghs.downloadHref).toBe(`/brochures/${ghs.fileName}?download`);
    expect(catalogFile.href).toBe("/catalog/2025-end-user-online-catalog.pdf");
    expect(describeDocument(ghs)).toMatch(/^PDF, \d+ pages, \d+(\.\d)? (KB|MB)$/);
  });

  it("point at BROCHURE_BASE_URL when the files live on a CDN", async () => {
    vi.stubEnv("BROCHURE_BASE_URL", "https://cdn.example.com/files/");
    const { brochureFile, catalogFile } = await load();
    expect(brochureFile("rfid").href).toMatch(/^https:\/\/cdn\.example\.com\/files\/brochures\/.+\.pdf$/);
    expect(catalogFile.href).toBe("https://cdn.example.com/files/catalog/2025-end-user-online-catalog.pdf");
  });

  it("refuse an unknown brochure", async () => {
    const { brochureFile } = await load();
    expect(() => brochureFile("nope")).toThrow(/No generated file/);
  });
});
