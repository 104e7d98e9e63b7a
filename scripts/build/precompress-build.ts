/**
 * Last build step: makes the prerendered pages paint before their scripts load (html-postprocess.ts),
 * puts each page's CSS into it where the page still fits the first round trip (inline-stylesheet.ts),
 * then writes brotli and gzip variants of the client build's text files (see static-files.server.ts).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { precompressDirectory } from "~/server/http/static-files.server";
import { postprocessPage } from "./html-postprocess";
import { StylesheetInliner } from "./inline-stylesheet";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
const started = Date.now();

const pages = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith(".html"));
const inliner = new StylesheetInliner(clientDir);
const linked: string[] = [];
for (const page of pages) {
  const file = path.join(clientDir, page);
  const html = await readFile(file, "utf8");
  const { html: finished, inlined, linksStylesheet, bytes } = await inliner.inline(postprocessPage(html));
  if (!inlined && linksStylesheet) linked.push(`${page} (${(bytes / 1024).toFixed(1)} KB with its CSS)`);
  if (finished !== html) await writeFile(file, finished);
}
process.stdout.write(
  `${pages.length - linked.length} of ${pages.length} pages carry their CSS` +
    (linked.length ? `; linked, too large for the first round trip: ${linked.join(", ")}` : "") +
    "\n",
);

const { files, bytes, compressed } = await precompressDirectory(clientDir);
process.stdout.write(
  `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(compressed / 1024).toFixed(0)} KB brotli in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
