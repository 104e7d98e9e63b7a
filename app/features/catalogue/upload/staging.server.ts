import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/*
 * A catalogue file checked on the desk and waiting for "Apply" (docs/decisions/0076-catalogue-uploads-staged-on-disk.md):
 * kept on this instance's disk for at most an hour, under an unguessable id, for the session that
 * uploaded it only; deleted when applied, when found expired, or when its check failed.
 */

export const STAGED_FOR_MS = 60 * 60 * 1000;
export const DEFAULT_STAGING_DIR = path.join(os.tmpdir(), "ridgeline-catalogue-uploads");

/** What is known of a staged file besides its bytes. */
export interface StagedMeta {
  /** The session that uploaded it (its id hash): only that session may apply it. */
  session: string;
  /** The file's name as the browser sent it, for the page and the version's source. */
  name: string;
  stagedAt: string;
  /** What its dry run found, once checked; a file not yet checked cannot be applied. */
  checked?: { items: number; added: number; removed: number };
}

const ID = /^[A-Za-z0-9_-]{32}$/;

export const isStagedId = (id: unknown): id is string => typeof id === "string" && ID.test(id);

export class Staging {
  constructor(readonly dir: string = DEFAULT_STAGING_DIR) {}

  private csvPath = (id: string) => path.join(this.dir, `${id}.csv`);
  private metaPath = (id: string) => path.join(this.dir, `${id}.json`);
  private claimedPath = (id: string) => path.join(this.dir, `${id}.applying.json`);

  /** A new file for an upload: its id and the stream its bytes go to. */
  async create(meta: StagedMeta): Promise<{ id: string; out: WriteStream }> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const id = randomBytes(24).toString("base64url");
    await writeFile(this.metaPath(id), JSON.stringify(meta), { mode: 0o600, flag: "wx" });
    return { id, out: createWriteStream(this.csvPath(id), { mode: 0o600, flags: "wx" }) };
  }

  /** The staged file of `id` when it belongs to `session` and has not expired; an expired one is deleted. */
  async find(id: string, session: string, now: Date): Promise<StagedMeta | undefined> {
    if (!isStagedId(id)) return undefined;
    const meta = await readFile(this.metaPath(id), "utf8").then(
      (text) => JSON.parse(text) as StagedMeta,
      () => undefined,
    );
    if (!meta) return undefined;
    if (now.getTime() - Date.parse(meta.stagedAt) > STAGED_FOR_MS) {
      await this.remove(id);
      return undefined;
    }
    return meta.session === session ? meta : undefined;
  }

  async markChecked(
    id: string,
    meta: StagedMeta,
    checked: NonNullable<StagedMeta["checked"]>,
  ): Promise<void> {
    await writeFile(this.metaPath(id), JSON.stringify({ ...meta, checked }), { mode: 0o600 });
  }

  /**
   * Takes the file for one Apply: true for the first caller only (an atomic rename of its meta file),
   * so two posts of the same file, on any process sharing the folder, never import it twice. A claimed
   * file is no longer found.
   */
  async claim(id: string): Promise<boolean> {
    if (!isStagedId(id)) return false;
    return rename(this.metaPath(id), this.claimedPath(id)).then(
      () => true,
      () => false,
    );
  }

  read(id: string): ReadStream {
    return createReadStream(this.csvPath(id));
  }

  async remove(id: string): Promise<void> {
    await rm(this.csvPath(id), { force: true });
    await rm(this.metaPath(id), { force: true });
    await rm(this.claimedPath(id), { force: true });
  }

  /** Deletes every staged file older than an hour (and any stray file of an interrupted upload). */
  async sweep(now: Date): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > STAGED_FOR_MS) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
