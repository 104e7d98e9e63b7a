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
  "const start=()=>Promise.all([...document.querySelectorAll('img[fetchpriority=\"high\"]')]" +
  ".map((image)=>image.decode().catch(()=>{})))" +
  ".then(()=>requestAnimationFrame(()=>setTimeout(hydrate)));" +
  'document.readyState==="complete"?start():addEventListener("load",start,{once:true});';

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

  it("gives a script that runs: on load, after the hero is decoded and a frame has passed", async () => {
    const imported: string[] = [];
    const steps: string[] = [];
    const listeners: Array<() => void> = [];
    const frames: Array<() => void> = [];
    let decoded: () => void = () => undefined;
    const hero = {
      decode: () => {
        steps.push("decode");
        return new Promise<void>((resolve) => {
          decoded = resolve;
        });
      },
    };
    const body = /<script[^>]*>([\s\S]*)<\/script>/.exec(
      scriptsAfterLoad(`<script type="module">${routerScript}</script>`),
    )?.[1];
    const window: Record<string, unknown> = {};
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "load",
      (body ?? "").replaceAll("import(", "load("),
    );
    run(
      window,
      {
        readyState: "loading",
        querySelectorAll: (selector: string) => (selector === 'img[fetchpriority="high"]' ? [hero] : []),
      },
      (_event: string, listener: () => void) => listeners.push(listener),
      (frame: () => void) => frames.push(frame),
      (url: string) => {
        imported.push(url);
        return Promise.resolve({ url });
      },
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps).toEqual([]);
    for (const listener of listeners) listener();
    expect(steps).toEqual(["decode"]);
    await settle();
    expect(frames).toEqual([]);
    decoded();
    await settle();
    expect(imported).toEqual([]);
    for (const frame of frames) frame();
    await settle();
    await settle();
    expect(imported).toEqual(["/assets/root-1.js", "/assets/home-2.js", "/assets/entry.client-3.js"]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-1.js" },
      "routes/home": { url: "/assets/home-2.js" },
    });
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
