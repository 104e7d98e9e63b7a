/**
 * Renders the SVG art in `art/` to the responsive AVIF/WebP files the site serves, plus the Open Graph PNG.
 *
 *   npx tsx scripts/build/build-images.ts
 *
 * AVIF encoding is slow, so every output is cached under `.cache/images/<sha256>.<format>`, keyed by the SVG
 * bytes, the width, the format and its encoder options; unchanged art is copied from the cache.
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import {
  type ImageFormat,
  type ImageKind,
  type ImageName,
  imageNames,
  images,
  imageWidths,
  ogImageHeight,
  ogImagePath,
  ogImageWidth,
} from "../../app/content/images";
import {
  avifBudgets,
  avifSettings,
  cacheKey,
  checkArt,
  densityFor,
  encoderOptions,
  encoderOptionsFor,
  expectedSize,
  formatKB,
  mapPool,
  type OutputFormat,
  OWNED_OUTPUT,
  outputFileName,
  RENDER_VERSION,
  readSvgSize,
} from "./images-lib";

const root = path.resolve(import.meta.dirname, "..", "..");
const artDir = path.join(root, "art");
const outDir = path.join(root, "public", "images");
const cacheDir = path.join(root, ".cache", "images");
const OG_NAME = "og-default";
const FORMATS: readonly ImageFormat[] = ["avif", "webp"];

// Renderer and codec versions change the pixels, so they belong in the cache key.
const salt = [
  RENDER_VERSION,
  sharp.versions.sharp,
  sharp.versions.vips,
  sharp.versions.rsvg ?? "",
  sharp.versions.aom ?? "",
  sharp.versions.webp ?? "",
].join("|");

interface Job {
  name: string;
  kind: ImageKind | "og";
  svg: Buffer;
  width: number;
  height: number;
  /** Formats wanted at this size, each with its output file. */
  outputs: { format: OutputFormat; file: string }[];
}

interface Result {
  name: string;
  width: number;
  format: OutputFormat;
  bytes: number;
  cached: boolean;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function loadArt(): Promise<Map<string, Buffer>> {
  const files = (await readdir(artDir)).filter((f) => f.endsWith(".svg"));
  const known = new Set<string>([...imageNames, OG_NAME]);
  const problems: string[] = [];
  const art = new Map<string, Buffer>();
  for (const file of files) {
    const name = file.slice(0, -4);
    if (!known.has(name)) problems.push(`art/${file}: not listed in app/content/images.ts`);
    art.set(name, await readFile(path.join(artDir, file)));
  }
  for (const name of known) {
    const svg = art.get(name);
    if (!svg) {
      problems.push(`art/${name}.svg: missing`);
      continue;
    }
    const check =
      name === OG_NAME
        ? { kind: "og" as const, expected: { width: ogImageWidth, height: ogImageHeight }, allowText: true }
        : { kind: images[name as ImageName].kind, expected: expectedSize(images[name as ImageName].kind) };
    for (const problem of checkArt(svg.toString("utf8"), check)) problems.push(`art/${name}.svg: ${problem}`);
  }
  if (problems.length > 0) throw new Error(`Art check failed:\n  ${problems.join("\n  ")}`);
  return art;
}

function planJobs(art: Map<string, Buffer>): Job[] {
  const jobs: Job[] = [];
  for (const name of imageNames) {
    const svg = art.get(name) as Buffer;
    const { kind, width: fullWidth, height: fullHeight } = images[name];
    for (const width of imageWidths[kind]) {
      jobs.push({
        name,
        kind,
        svg,
        width,
        height: Math.round((width * fullHeight) / fullWidth),
        outputs: FORMATS.map((format) => ({ format, file: outputFileName(name, width, format) })),
      });
    }
  }
  jobs.push({
    name: OG_NAME,
    kind: "og",
    svg: art.get(OG_NAME) as Buffer,
    width: ogImageWidth,
    height: ogImageHeight,
    outputs: [{ format: "png", file: path.posix.basename(ogImagePath) }],
  });
  // Largest first: the slowest encodes start early and the pool finishes evenly.
  return jobs.sort((a, b) => b.width * b.height - a.width * a.height);
}

function encode(pipeline: Sharp, format: OutputFormat, job: Job): Sharp {
  switch (format) {
    case "avif":
      return pipeline.avif(avifSettings(job.kind, job.width));
    case "webp":
      return pipeline.webp(encoderOptions.webp);
    case "png":
      return pipeline.png(encoderOptions.png);
  }
}

/** Writes via a temporary name so an interrupted run never leaves a truncated cache entry. */
async function writeAtomic(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

async function runJob(job: Job): Promise<Result[]> {
  const { width: svgWidth } = readSvgSize(job.svg.toString("utf8"));
  const pending = job.outputs.map((o) => {
    const options = encoderOptionsFor(o.format, job.kind, job.width);
    const key = cacheKey({ svg: job.svg, width: job.width, format: o.format, salt, options });
    return { ...o, cached: path.join(cacheDir, `${key}.${o.format}`) };
  });
  const hits = await Promise.all(pending.map((o) => exists(o.cached)));

  let raster: { data: Buffer; info: OutputInfo } | undefined;
  const results: Result[] = [];
  for (const [i, o] of pending.entries()) {
    const hit = hits[i] === true;
    if (!hit) {
      // Rasterise once per size and reuse the pixels for every format that missed the cache.
      raster ??= await sharp(job.svg, { density: densityFor(svgWidth, job.width) })
        .resize(job.width, job.height, { fit: "fill" })
        .flatten({ background: "#ffffff" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { data, info } = raster;
      const encoded = await encode(
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }),
        o.format,
        job,
      ).toBuffer();
      await writeAtomic(o.cached, encoded);
    }
    const target = path.join(outDir, o.file);
    await copyFile(o.cached, target);
    const { size } = await stat(target);
    results.push({ name: job.name, width: job.width, format: o.format, bytes: size, cached: hit });
  }
  return results;
}

/** Removes renditions left over from renamed or deleted art, so stale URLs fail loudly. */
async function pruneStale(expected: Set<string>): Promise<number> {
  let removed = 0;
  for (const file of await readdir(outDir)) {
    if (OWNED_OUTPUT.test(file) && !expected.has(file)) {
      await rm(path.join(outDir, file));
      removed++;
    }
  }
  return removed;
}

function report(results: Result[]): string[] {
  const lines: string[] = [];
  // Registry order rather than job order, so the listing reads the same on every run.
  const byName = new Map<string, Result[]>([...imageNames, OG_NAME].map((name) => [name, []]));
  for (const r of results) byName.get(r.name)?.push(r);
  const pad = Math.max(...[...byName.keys()].map((n) => n.length));
  for (const [name, rs] of byName) {
    const parts = (["avif", "webp", "png"] as const)
      .map((format) => {
        const sizes = rs.filter((r) => r.format === format).sort((a, b) => a.width - b.width);
        return sizes.length === 0
          ? ""
          : `${format} ${sizes.map((r) => `${r.width}: ${formatKB(r.bytes).padStart(8)}`).join("  ")}`;
      })
      .filter(Boolean);
    lines.push(`  ${name.padEnd(pad)}  ${parts.join("  |  ")}`);
  }
  return lines;
}

function budgetProblems(results: Result[]): string[] {
  const problems: string[] = [];
  for (const r of results) {
    if (r.format !== "avif") continue;
    const { kind } = images[r.name as ImageName];
    const widths = imageWidths[kind];
    if (r.width !== widths[widths.length - 1]) continue;
    const budget = avifBudgets[kind];
    if (r.bytes > budget) {
      problems.push(
        `${outputFileName(r.name, r.width, "avif")} is ${formatKB(r.bytes)}, budget ${formatKB(budget)}`,
      );
    }
  }
  return problems;
}

async function main(): Promise<void> {
  const started = performance.now();
  const art = await loadArt();
  await mkdir(outDir, { recursive: true });
  await mkdir(cacheDir, { recursive: true });

  // Run one pipeline per core with a single libvips thread each: the AVIF encoder gains little from
  // threads on images this small, so parallel images use two cores better than threads in one.
  const cores = Math.max(1, availableParallelism());
  sharp.concurrency(1);
  sharp.cache(false);

  const jobs = planJobs(art);
  const results = (await mapPool(jobs, cores, runJob)).flat();
  const removed = await pruneStale(new Set(jobs.flatMap((j) => j.outputs.map((o) => o.file))));

  const encoded = results.filter((r) => !r.cached).length;
  const total = results.reduce((sum, r) => sum + r.bytes, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const problems = budgetProblems(results);

  process.stdout.write(`${report(results).join("\n")}\n`);
  process.stdout.write(
    `images: ${results.length} files in public/images, ${encoded} encoded, ${results.length - encoded} from cache` +
      `${removed > 0 ? `, ${removed} stale removed` : ""}, ${formatKB(total)} total, ${seconds}s\n`,
  );
  if (problems.length > 0) {
    throw new Error(`Size budget exceeded:\n  ${problems.join("\n  ")}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
