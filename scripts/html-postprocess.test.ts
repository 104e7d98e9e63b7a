import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./html-postprocess";

describe("withoutModulePreloads", () => {
  it("removes module preload hints and nothing else", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/a.js" />' +
      '<link rel="stylesheet" href="/assets/app.css"/><link rel="preload" as="image" href="/images/x.avif"/></head>' +
      '<body><script type="module">import "/assets/entry.client-1.js";</script></body>';
    expect(withoutModulePreloads(html)).toBe(
      '<head><link rel="stylesheet" href="/assets/app.css"/><link rel="preload" as="image" href="/images/x.avif"/></head>' +
        '<body><script type="module">import "/assets/entry.client-1.js";</script></body>',
    );
  });
});
