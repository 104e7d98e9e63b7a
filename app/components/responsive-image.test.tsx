// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ResponsiveImage } from "~/components/responsive-image";
import { imageNames, imageSrc, imageSrcSet, images, imageWidths } from "~/content/images";

afterEach(cleanup);

function renderImage(props: Parameters<typeof ResponsiveImage>[0]) {
  const { container } = render(<ResponsiveImage {...props} />);
  const picture = container.querySelector("picture");
  const avif = container.querySelector('source[type="image/avif"]');
  const webp = container.querySelector('source[type="image/webp"]');
  const img = container.querySelector("img");
  if (!picture || !avif || !webp || !img) throw new Error("incomplete <picture> markup");
  return { picture, avif, webp, img };
}

describe("ResponsiveImage", () => {
  it("lists every card width in the AVIF and WebP sources, AVIF first", () => {
    const sizes = "(min-width: 1024px) 33vw, 100vw";
    const { picture, avif, webp } = renderImage({ name: "labels", sizes });

    expect(avif.getAttribute("srcset")).toBe("/images/labels-400.avif 400w, /images/labels-800.avif 800w");
    expect(webp.getAttribute("srcset")).toBe("/images/labels-400.webp 400w, /images/labels-800.webp 800w");
    expect(avif.getAttribute("sizes")).toBe(sizes);
    expect(webp.getAttribute("sizes")).toBe(sizes);
    expect(picture.firstElementChild).toBe(avif);
  });

  it("lists every hero width and falls back to a middle-width WebP", () => {
    const { avif, img } = renderImage({ name: "hero-home", sizes: "100vw" });

    expect(avif.getAttribute("srcset")).toBe(
      [640, 768, 960, 1280, 1600].map((w) => `/images/hero-home-${w}.avif ${w}w`).join(", "),
    );
    expect(img.getAttribute("src")).toBe("/images/hero-home-960.webp");
    expect(img.getAttribute("srcset")).toBe(imageSrcSet("hero-home", "webp"));
    expect(img.getAttribute("sizes")).toBe("100vw");
  });

  it("always sets intrinsic width and height from the registry", () => {
    const card = renderImage({ name: "packaging", sizes: "50vw" }).img;
    expect(card.getAttribute("width")).toBe("800");
    expect(card.getAttribute("height")).toBe("600");
    cleanup();
    const hero = renderImage({ name: "hero-contact", sizes: "100vw" }).img;
    expect(hero.getAttribute("width")).toBe("1600");
    expect(hero.getAttribute("height")).toBe("900");
  });

  it("uses the registry alt text unless overridden, and allows empty alt for decoration", () => {
    expect(renderImage({ name: "barcoding", sizes: "100vw" }).img.getAttribute("alt")).toBe(
      images.barcoding.alt,
    );
    cleanup();
    expect(
      renderImage({ name: "barcoding", sizes: "100vw", alt: "Label printer" }).img.getAttribute("alt"),
    ).toBe("Label printer");
    cleanup();
    const decorative = renderImage({ name: "hero-about", sizes: "100vw", alt: "" }).img;
    expect(decorative.getAttribute("alt")).toBe("");
  });

  it("lazy-loads by default", () => {
    const { img } = renderImage({ name: "die-cut-foams", sizes: "100vw", className: "rounded-lg" });
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
    expect(img.getAttribute("class")).toBe("rounded-lg");
  });

  it("loads eagerly with high fetch priority when marked as priority", () => {
    const { img } = renderImage({ name: "hero-home", sizes: "100vw", priority: true });
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("decoding")).toBe("async");
  });
});

describe("image registry", () => {
  it("has an entry for every name, sized as the largest rendition of its kind", () => {
    for (const name of imageNames) {
      const image = images[name];
      expect(image.name).toBe(name);
      const widths = imageWidths[image.kind];
      expect(image.width).toBe(widths[widths.length - 1]);
      expect(image.height / image.width).toBeCloseTo(image.kind === "card" ? 3 / 4 : 9 / 16, 5);
      expect(image.alt.length).toBeGreaterThan(20);
    }
  });

  it("builds /images/<name>-<width>.<format> URLs and rejects widths that are not built", () => {
    expect(imageSrc("labels", 400, "avif")).toBe("/images/labels-400.avif");
    expect(imageSrc("hero-about", 1600, "webp")).toBe("/images/hero-about-1600.webp");
    expect(() => imageSrc("labels", 1600, "avif")).toThrow(/No 1600px rendition/);
    expect(() => imageSrc("hero-home", 800, "webp")).toThrow();
  });
});
