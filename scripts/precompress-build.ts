/** Build step: brotli and gzip variants of the client build's text files (see static-files.server.ts). */
import path from "node:path";
import { precompressDirectory } from "~/server/http/static-files.server";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
const started = Date.now();
const { files, bytes, compressed } = await precompressDirectory(clientDir);
process.stdout.write(
  `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(compressed / 1024).toFixed(0)} KB brotli in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
