import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { imageNames, images, ogImageHeight, ogImageWidth } from "../../app/content/images";
import {
  avifSettings,
  cacheKey,
  checkArt,
  densityFor,
  encoderOptions,
  encoderOptionsFor,
  expectedSize,
  mapPool,
  OWNED_OUTPUT,
  outputFileName,
  readSvgSize,
  stableStringify,
} from "./images-lib";

const artDir = path.resolve(import.meta.dirname, "..", "..", "art");
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"/>',
);

describe("cacheKey", () => {
  it("is a stable sha256 hex digest", () => {
    const key = cacheKey({ svg, width: 800, format: "avif" });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey({ svg: Buffer.from(svg), width: 800, format: "avif" })).toBe(key);
  });

  it("changes with the SVG bytes, the width, the format and the salt", () => {
    const base = cacheKey({ svg, width: 800, format: "avif", salt: "a" });
    const changed = [
      cacheKey({ svg: Buffer.concat([svg, Buffer.from(" ")]), width: 800, format: "avif", salt: "a" }),
      cacheKey({ svg, width: 400, format: "avif", salt: "a" }),
      cacheKey({ svg, width: 800, format: "webp", salt: "a" }),
      cacheKey({ svg, width: 800, format: "avif", salt: "b" }),
    ];
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });
});

describe("encoder settings", () => {
  it("gives a hero's phone-sized AVIFs their own settings and keys the cache by the settings used", () => {
    expect(avifSettings("hero", 768)).toMatchObject({ effort: 9, quality: 48 });
    expect(avifSettings("hero", 1280)).toEqual(encoderOptions.avif);
    expect(avifSettings("card", 800)).toEqual(encoderOptions.avif);
    expect(encoderOptionsFor("webp", "hero", 768)).toEqual(encoderOptions.webp);
    const plain = cacheKey({ svg, width: 768, format: "avif" });
    const card = encoderOptionsFor("avif", "card", 768);
    expect(cacheKey({ svg, width: 768, format: "avif", options: card })).toBe(plain);
    const hero = encoderOptionsFor("avif", "hero", 768);
    expect(cacheKey({ svg, width: 768, format: "avif", options: hero })).not.toBe(plain);
  });
});

describe("helpers", () => {
  it("serialises objects with sorted keys", () => {
    expect(stableStringify({ b: 1, a: { d: true, c: "x" } })).toBe(
      stableStringify({ a: { c: "x", d: true }, b: 1 }),
    );
    expect(stableStringify([2, { y: 1, x: 0 }])).toBe('[2,{"x":0,"y":1}]');
  });

  it("computes the density that renders an SVG at the target width", () => {
    expect(densityFor(800, 800)).toBe(72);
    expect(densityFor(800, 400)).toBe(36);
    expect(densityFor(1600, 640)).toBeCloseTo(28.8);
    expect(() => densityFor(0, 400)).toThrow();
  });

  it("reads the viewBox size and rejects SVGs without one", () => {
    expect(readSvgSize('<svg viewBox="0 0 1600 900"><g/></svg>')).toEqual({ width: 1600, height: 900 });
    expect(readSvgSize('<svg viewBox="0,0,800,600">')).toEqual({ width: 800, height: 600 });
    expect(() => readSvgSize('<svg width="10" height="10">')).toThrow(/viewBox/);
  });

  it("flags raster, external references, text and wrong artboards", () => {
    const expected = { width: 800, height: 600 };
    const ok = '<svg viewBox="0 0 800 600"><use href="#a"/><rect fill="url(#g)"/></svg>';
    expect(checkArt(ok, { kind: "card", expected })).toEqual([]);
    expect(
      checkArt('<svg viewBox="0 0 800 600"><image href="a.png"/></svg>', { kind: "card", expected }),
    ).toHaveLength(2);
    expect(
      checkArt('<svg viewBox="0 0 800 600"><text>x</text></svg>', { kind: "card", expected }),
    ).toHaveLength(1);
    expect(
      checkArt('<svg viewBox="0 0 800 600"><text>x</text></svg>', { kind: "og", expected, allowText: true }),
    ).toEqual([]);
    expect(checkArt('<svg viewBox="0 0 1600 900"/>', { kind: "card", expected })[0]).toMatch(
      /expected 800x600/,
    );
  });

  it("names outputs and recognises only its own files for pruning", () => {
    expect(outputFileName("hero-home", 1600, "avif")).toBe("hero-home-1600.avif");
    expect(OWNED_OUTPUT.test("hero-home-1600.avif")).toBe(true);
    expect(OWNED_OUTPUT.test("labels-400.webp")).toBe(true);
    expect(OWNED_OUTPUT.test("og-default.png")).toBe(false);
    expect(OWNED_OUTPUT.test("logo.webp")).toBe(false);
  });

  it("runs a bounded pool and keeps result order", async () => {
    let running = 0;
    let peak = 0;
    const out = await mapPool([30, 10, 20, 5], 2, async (ms) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 20, 40, 10]);
    expect(peak).toBe(2);
  });
});

describe("art/", () => {
  it("has exactly one SVG per registry entry plus the OG image, each following the house rules", () => {
    const files = readdirSync(artDir).filter((f) => f.endsWith(".svg"));
    expect(files.sort()).toEqual([...imageNames, "og-default"].map((n) => `${n}.svg`).sort());
    for (const name of imageNames) {
      const source = readFileSync(path.join(artDir, `${name}.svg`), "utf8");
      expect(
        checkArt(source, { kind: images[name].kind, expected: expectedSize(images[name].kind) }),
        name,
      ).toEqual([]);
    }
    const og = readFileSync(path.join(artDir, "og-default.svg"), "utf8");
    expect(
      checkArt(og, { kind: "og", expected: { width: ogImageWidth, height: ogImageHeight }, allowText: true }),
    ).toEqual([]);
  });
});
