/**
 * The last changes to a prerendered page before it is compressed.
 *
 * - It paints before its scripts load: the `<link rel="modulepreload">` hints go, and the module
 *   script starts its imports once the page has loaded (app/server/http/paint-first.server.ts,
 *   docs/decisions/0007-paint-before-scripts.md and 0015-scripts-after-load.md). Pages rendered on
 *   request get the same treatment in entry.server.tsx.
 * - It arrives in fewer bytes: the first round trip of a connection carries about 14 KB, and a page
 *   that needs a second one paints a round trip later (0015). Nothing the browser shows or runs
 *   changes.
 */
import { transformSync } from "esbuild";
import { paintFirst } from "~/server/http/paint-first.server";

export { paintFirst, scriptsAfterLoad, withoutModulePreloads } from "~/server/http/paint-first.server";

const PENDING_BOUNDARY = /<!--\$\?--><template id="(B:\d+)"><\/template><!--\/\$-->/g;
const SEGMENT = /<div hidden id="(S:\d+)">([\s\S]*?)<\/div>/g;
const REVEAL = /<script>\$RC\("(B:\d+)","(S:\d+)"\)<\/script>/g;
const REVEAL_RUNTIME = /<script>\$RB=\[\];\$RV=function[\s\S]*?\$RC\("(B:\d+)","(S:\d+)"\)<\/script>/;
const SHELL_TIME =
  /<script id="[^"]*">requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);<\/script>/;

/**
 * React streams the parts of a page that wait on data (here React Router's hydration data) after the
 * rest: a placeholder `<template>` where each goes, the part itself in a hidden `<div>` at the end,
 * and a small script that moves it into place. A prerendered page is complete when it is written,
 * so this writes each part in its place, as that script would, and drops the script, its runtime and
 * the placeholders: the document React hydrates is the same, and the page carries about 0.5 KB
 * (brotli) and three inline-script hashes less. A page of any other shape is returned unchanged.
 */
export function withBoundariesInPlace(html: string): string {
  const runtime = REVEAL_RUNTIME.exec(html);
  if (!runtime) return html;
  const reveals = new Map<string, string>([[runtime[1] ?? "", runtime[2] ?? ""]]);
  for (const [, boundary, segment] of html.matchAll(REVEAL)) reveals.set(boundary ?? "", segment ?? "");
  const segments = new Map<string, string>();
  for (const [, id, content] of html.matchAll(SEGMENT)) {
    // A segment holding a <div> of its own would end early here: leave such a page alone.
    if (content === undefined || content.includes("<div")) return html;
    segments.set(id ?? "", content);
  }
  let out = html.replace(runtime[0], "").replace(REVEAL, "").replace(SEGMENT, "").replace(SHELL_TIME, "");
  // Segments may hold placeholders of their own: fill them in until none is left.
  const pending = () => out.includes('<!--$?--><template id="B:');
  for (let depth = 0; depth < 10 && pending(); depth += 1) {
    let missing = false;
    out = out.replace(PENDING_BOUNDARY, (_placeholder, boundary: string) => {
      const content = segments.get(reveals.get(boundary) ?? "");
      if (content === undefined) missing = true;
      return `<!--$-->${content ?? ""}<!--/$-->`;
    });
    if (missing) return html;
  }
  return pending() || out.includes("$RC(") || out.includes("$RT") ? html : out;
}

/** React Router writes the route manifest into the module script as indented JSON; this drops the indent. */
export function withCompactManifest(html: string): string {
  return html.replace(
    /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/,
    (whole, assign: string, json: string) => {
      try {
        return `${assign}${JSON.stringify(JSON.parse(json))};`;
      } catch {
        return whole;
      }
    },
  );
}

const INLINE_SCRIPT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g;

/**
 * React Router's inline scripts, minified (esbuild, which keeps what they do): its scroll restoration
 * script, for one, is written with the indentation of its source. Scripts with a `src`, data blocks
 * (JSON-LD) and empty ones are left as they are.
 */
export function withMinifiedScripts(html: string): string {
  return html.replace(INLINE_SCRIPT, (whole, attributes: string, body: string) => {
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1];
    if (/\bsrc=/.test(attributes) || (type !== undefined && type !== "module") || body.trim() === "") {
      return whole;
    }
    // Already minified (one line): a second pass may pick other short names, so the build would not
    // give the same page twice.
    if (!body.trim().includes("\n")) return whole;
    const minified = transformSync(body, {
      minify: true,
      target: "es2020",
      ...(type === "module" ? { format: "esm" as const } : {}),
    }).code.trim();
    // Never let the minified text close the element early.
    if (/<\/script/i.test(minified)) return whole;
    return `<script${attributes}>${minified.replace(/;$/, "")}</script>`;
  });
}

/** Everything above, in order: what the build writes for each prerendered page. */
export function postprocessPage(html: string): string {
  return withMinifiedScripts(withCompactManifest(withBoundariesInPlace(paintFirst(html))));
}
