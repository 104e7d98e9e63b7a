import { describe, expect, it } from "vitest";
import {
  postprocessPage,
  withBoundariesInPlace,
  withCompactManifest,
  withMinifiedScripts,
  withoutModulePreloads,
} from "./html-postprocess";

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

// What React 19 writes after the page's content when React Router's hydration data streams in two
// parts, the second inside the first; the runtime script is shortened to its start and end.
const runtime =
  '<script>$RB=[];$RV=function(a){$RT=performance.now();a.length=0};\n$RC=function(a,b){b.parentNode.removeChild(b)};$RC("B:0","S:0")</script>';
const streamed =
  '<main>page</main><!--$?--><template id="B:0"></template><!--/$-->' +
  '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>' +
  '<div hidden id="S:0"><script>enqueue("data");</script><!--$?--><template id="B:1"></template><!--/$--></div>' +
  runtime +
  '<div hidden id="S:1"><script>close();</script></div><script>$RC("B:1","S:1")</script></body></html>';

describe("withBoundariesInPlace", () => {
  it("writes each streamed part where its placeholder is, as React's script would, and drops the scripts", () => {
    expect(withBoundariesInPlace(streamed)).toBe(
      '<main>page</main><!--$--><script>enqueue("data");</script><!--$--><script>close();</script><!--/$--><!--/$--></body></html>',
    );
  });

  it("leaves a page of another shape as it is", () => {
    expect(withBoundariesInPlace("<main>page</main>")).toBe("<main>page</main>");
    // A part whose segment is missing, or holds markup this cannot place, stays streamed.
    const missing = streamed.replace(/<div hidden id="S:1">.*?<\/div>/, "");
    expect(withBoundariesInPlace(missing)).toBe(missing);
    const nested = streamed.replace("<script>close();</script>", "<div>x</div>");
    expect(withBoundariesInPlace(nested)).toBe(nested);
  });
});

describe("withCompactManifest", () => {
  it("writes the route manifest without indentation, and the same data", () => {
    const manifest = { entry: { module: "/assets/entry.js", imports: ["/a.js"] }, version: "1" };
    const html = `<script type="module">window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.x = 1;</script>`;
    expect(withCompactManifest(html)).toBe(
      `<script type="module">window.__reactRouterManifest = ${JSON.stringify(manifest)};\n  window.x = 1;</script>`,
    );
  });
});

describe("withMinifiedScripts", () => {
  it("minifies inline scripts and leaves external scripts and data blocks alone", () => {
    const classic =
      '((key, restore) => {\n    if (!window.history.state) {\n      console.log(key, restore);\n    }\n  })("k", null)';
    const module = 'const hydrate = () => import("/e.js");\naddEventListener("load", hydrate);';
    const untouched = '<script src="/a.js"></script><script type="application/ld+json">{ "a": 1 }</script>';
    const out = withMinifiedScripts(
      `<script>${classic}</script>${untouched}<script type="module" async="">${module}</script>`,
    );
    const [, minifiedClassic, rest, minifiedModule] =
      /^<script>(.*?)<\/script>(.*)<script type="module" async="">(.*?)<\/script>$/s.exec(out) ?? [];
    expect(rest).toBe(untouched);
    expect(minifiedClassic).toMatch(
      /^\(\((\w),(\w)\)=>\{window\.history\.state\|\|console\.log\(\1,\2\)\}\)\("k",null\)$/,
    );
    expect(minifiedModule).toMatch(/^const (\w)=\(\)=>import\("\/e\.js"\);addEventListener\("load",\1\)$/);
  });
});

describe("postprocessPage", () => {
  it("is idempotent", () => {
    const page =
      '<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script type="module" async="">;\n' +
      'import * as route0 from "/assets/root-1.js";\n  window.__reactRouterManifest = {\n  "v": 1\n};\n' +
      '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-3.js");</script>' +
      streamed.replace("<main>page</main>", "");
    const once = postprocessPage(page);
    expect(once).not.toContain("modulepreload");
    expect(once).not.toContain("$RC");
    expect(once).toContain('"pointermove","pointerdown"');
    expect(postprocessPage(once)).toBe(once);
  });
});
