import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  paintFirst,
  paintFirstStream,
  safeCut,
  scriptsAfterLoad,
  withoutModulePreloads,
} from "./paint-first.server";

/** The shape of React Router 7's inline module script, as it writes it into a page. */
const routerScript = [
  ";",
  'import * as route0 from "/assets/root-1.js";',
  'import * as route1 from "/assets/home-2.js";',
  '  window.__reactRouterManifest = {\n  "entry": {\n    "imports": ["/assets/a.js"]\n  }\n};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-3.js");',
].join("\n");

const afterLoad =
  'const hydrate=()=>Promise.all([import("/assets/root-1.js"),import("/assets/home-2.js")]).then(([route0,route1])=>{' +
  'window.__reactRouterManifest = {\n  "entry": {\n    "imports": ["/assets/a.js"]\n  }\n};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client-3.js");});' +
  'const events=["pointermove","pointerdown","touchstart","keydown","focusin","wheel"];' +
  "const start=()=>{for(const type of events)removeEventListener(type,start,true);hydrate()};" +
  'document.querySelector("[autofocus]")?start():' +
  "events.forEach((type)=>addEventListener(type,start,{capture:true,passive:true}));";

describe("withoutModulePreloads", () => {
  it("removes module preload hints, with or without a nonce, and nothing else", () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js" nonce="abc"/><link rel="modulepreload" href="/assets/b.js" />' +
      '<link rel="stylesheet" href="/assets/app.css"/></head>';
    expect(withoutModulePreloads(html)).toBe('<head><link rel="stylesheet" href="/assets/app.css"/></head>');
  });
});

describe("scriptsAfterLoad", () => {
  it("imports the same modules in the same order once the page is on screen", () => {
    const html = `<body><script nonce="n1" type="module" async="">${routerScript}</script></body>`;
    expect(scriptsAfterLoad(html)).toBe(
      `<body><script nonce="n1" type="module" async="">${afterLoad}</script></body>`,
    );
  });

  it("keeps a bare import (the route manifest) in its place", () => {
    const script = routerScript.replace(/^;/, 'import "/assets/manifest-9.js";');
    const out = scriptsAfterLoad(`<script type="module" async="">${script}</script>`);
    expect(out).toContain(
      'Promise.all([import("/assets/manifest-9.js"),import("/assets/root-1.js"),import("/assets/home-2.js")]).then(([,route0,route1])=>',
    );
  });

  it("leaves other scripts alone, and is idempotent", () => {
    const html =
      '<script>window.a = 1;</script><script type="application/ld+json">{"import":"x"}</script>' +
      '<script type="module">import { x } from "/y.js"; import("/entry.js");</script>';
    expect(scriptsAfterLoad(html)).toBe(html);
    const once = scriptsAfterLoad(`<script type="module" async="">${routerScript}</script>`);
    expect(scriptsAfterLoad(once)).toBe(once);
  });

  it("gives a script that runs on the first interaction, once, or at once for a focused field", async () => {
    const body = /<script[^>]*>([\s\S]*)<\/script>/.exec(
      scriptsAfterLoad(`<script type="module">${routerScript}</script>`),
    )?.[1];
    const start = (autofocus: boolean) => {
      const imported: string[] = [];
      const listeners = new Map<string, () => void>();
      const window: Record<string, unknown> = {};
      new Function(
        "window",
        "document",
        "addEventListener",
        "removeEventListener",
        "load",
        (body ?? "").replaceAll("import(", "load("),
      )(
        window,
        { querySelector: (selector: string) => (autofocus && selector === "[autofocus]" ? {} : null) },
        (type: string, listener: () => void) => listeners.set(type, listener),
        (type: string) => listeners.delete(type),
        (url: string) => {
          imported.push(url);
          return Promise.resolve({ url });
        },
      );
      return { imported, listeners, window };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    const waiting = start(false);
    await settle();
    expect(waiting.imported).toEqual([]);
    expect([...waiting.listeners.keys()]).toEqual([
      "pointermove",
      "pointerdown",
      "touchstart",
      "keydown",
      "focusin",
      "wheel",
    ]);
    waiting.listeners.get("focusin")?.();
    await settle();
    await settle();
    expect(waiting.listeners.size).toBe(0);
    expect(waiting.imported).toEqual(["/assets/root-1.js", "/assets/home-2.js", "/assets/entry.client-3.js"]);
    expect(waiting.window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-1.js" },
      "routes/home": { url: "/assets/home-2.js" },
    });

    const focused = start(true);
    await settle();
    await settle();
    expect(focused.listeners.size).toBe(0);
    expect(focused.imported).toHaveLength(3);
  });
});

describe("paintFirstStream", () => {
  it("never cuts inside a tag or an inline script", () => {
    expect(safeCut("<p>a</p><li")).toBe(8);
    expect(safeCut('<p>a</p><script type="module">import "x";')).toBe(8);
    expect(safeCut("<p>a</p><script>1</script>")).toBe(26);
  });

  it("gives the same page as paintFirst whatever the chunks", async () => {
    const page =
      '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="n"/></head><body><main>é</main>' +
      `<script nonce="n" type="module" async="">${routerScript}</script></body></html>`;
    const bytes = Buffer.from(page, "utf8");
    for (const size of [1, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await text(Readable.from(chunks).pipe(paintFirstStream()))).toBe(paintFirst(page));
    }
  });
});
