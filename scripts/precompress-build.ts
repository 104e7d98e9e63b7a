/**
 * Last build step: makes the prerendered pages paint before their scripts load (html-postprocess.ts),
 * then writes brotli and gzip variants of the client build's text files (see static-files.server.ts).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { precompressDirectory } from "~/server/http/static-files.server";
import { postprocessPage } from "./html-postprocess";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
const started = Date.now();

const pages = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith(".html"));
for (const page of pages) {
  const file = path.join(clientDir, page);
  const html = await readFile(file, "utf8");
  const trimmed = postprocessPage(html);
  if (trimmed !== html) await writeFile(file, trimmed);
}

const { files, bytes, compressed } = await precompressDirectory(clientDir);
process.stdout.write(
  `${pages.length} pages trimmed; precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(compressed / 1024).toFixed(0)} KB brotli in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
