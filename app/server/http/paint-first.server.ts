import { Transform } from "node:stream";

/**
 * Pages with forms paint before their scripts load, and load them on the visitor's first interaction
 * (docs/decisions/0023, which replaced the load-time start of 0007 and 0015; pages without forms have
 * no scripts at all). The pages are complete without JavaScript, forms included, so neither the first
 * paint nor a visitor who only reads should wait behind ~110 KB (brotli) of script. The build applies
 * this to the prerendered pages (scripts/build/precompress-build.ts); entry.server.tsx applies it to the
 * pages rendered on request, as they stream.
 */

/** Drops React Router's `<link rel="modulepreload">` hints, which the browser would fetch at once. */
export function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"\\]+")\s*;?[ \t]*$/gm;
const ENTRY_IMPORT = /\bimport\(("[^"\\]+")\);?\s*$/;

/**
 * What counts as a visitor's first interaction: the pointer moving or pressing, a key, focus, a touch
 * or the wheel. Scrolling alone does not: it can be the browser's own.
 */
const FIRST_INTERACTION = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "wheel"];

/**
 * React Router's inline module script imports the route modules statically (so the browser fetches
 * them as soon as the script is parsed) and then the client entry. This rewrites it to import the
 * same modules, in the same order, on the visitor's first interaction (docs/decisions/0023), or at
 * once when the page focuses a field as it loads. Until then the page works as HTML (its forms post
 * to the server); text typed before React takes over is kept (app/lib/typed-before-hydration.ts).
 * A script of another shape is left as it is.
 */
export function scriptsAfterLoad(html: string): string {
  return html.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    if (!ENTRY_IMPORT.test(body)) return whole;
    const names: string[] = [];
    const urls: string[] = [];
    const rest = body
      .replace(STATIC_IMPORT, (_statement, name: string | undefined, url: string) => {
        names.push(name ?? "");
        urls.push(url);
        return "";
      })
      // React Router starts the script with a lone ";" where its manifest import would go.
      .replace(/^\s*;/, "")
      .trim();
    if (/\bimport\s+[^(]/.test(rest)) return whole;
    const imports = urls.map((url) => `import(${url})`).join(",");
    const script =
      `const hydrate=()=>Promise.all([${imports}]).then(([${names.join(",")}])=>{${rest}});` +
      `const events=${JSON.stringify(FIRST_INTERACTION)};` +
      "const start=()=>{for(const type of events)removeEventListener(type,start,true);hydrate()};" +
      'document.querySelector("[autofocus]")?start():' +
      "events.forEach((type)=>addEventListener(type,start,{capture:true,passive:true}));";
    return `${open}${script}${close}`;
  });
}

/** Both steps: what a page's HTML becomes before it is sent. */
export function paintFirst(html: string): string {
  return scriptsAfterLoad(withoutModulePreloads(html));
}

/**
 * Where a streamed page can be cut so that no tag and no inline script is split: before an
 * unfinished tag, or before a `<script` whose `</script>` has not arrived yet.
 */
export function safeCut(text: string): number {
  let cut = text.length;
  const lastOpen = text.lastIndexOf("<");
  if (lastOpen > text.lastIndexOf(">")) cut = lastOpen;
  const script = text.lastIndexOf("<script");
  if (script !== -1 && text.indexOf("</script>", script) === -1) cut = Math.min(cut, script);
  return cut;
}

/** {@link paintFirst} over a page as it streams: each piece is passed on as soon as it is whole. */
export function paintFirstStream(): Transform {
  const decoder = new TextDecoder();
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.decode(chunk, { stream: true });
      const cut = safeCut(pending);
      if (cut > 0) {
        this.push(paintFirst(pending.slice(0, cut)));
        pending = pending.slice(cut);
      }
      callback();
    },
    flush(callback) {
      pending += decoder.decode();
      if (pending) this.push(paintFirst(pending));
      callback();
    },
  });
}
