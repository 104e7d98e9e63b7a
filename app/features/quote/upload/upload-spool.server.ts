import { createWriteStream, type WriteStream } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/*
 * Where a quote upload's files wait on disk while they arrive and until the request is stored
 * (docs/decisions/0020-quote-uploads-under-attack.md): in memory, four accepted 10 MB uploads took the
 * process to 800 MB. Each upload gets a folder of its own, created 0700, named after this process; it
 * is removed when the request's answer is done, whatever the outcome, and a folder left by a process
 * that died is removed when the next one starts.
 */

/** Under the system's temporary folder (TMPDIR moves it), one folder for every upload of this site. */
export const DEFAULT_SPOOL_PARENT = path.join(os.tmpdir(), "ridgeline-quote-uploads");

export interface UploadSpool {
  readonly dir: string;
  /** A new file in the upload's folder, created 0600; never one that exists already. */
  create(name: string): { path: string; stream: WriteStream };
  /** Removes the folder and its files; safe to call more than once. */
  remove(): Promise<void>;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Makes the parent folder ours and private (0700, owned by this user, not a link), then removes the
 * folders of uploads this process id, or one no longer running, left behind: a crash mid-upload.
 * Folders of another running server sharing the machine are left alone.
 */
export async function prepareSpoolParent(parent: string): Promise<{ removed: number }> {
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const info = await lstat(parent);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) {
    throw new Error(`${parent} is not a folder of this user's; quote uploads cannot be kept there`);
  }
  if ((info.mode & 0o077) !== 0) await chmod(parent, 0o700);
  let removed = 0;
  for (const entry of await readdir(parent)) {
    const pid = Number(/^(\d+)-/.exec(entry)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    await rm(path.join(parent, entry), { recursive: true, force: true });
    removed += 1;
  }
  return { removed };
}

/** A folder for one upload (mkdtemp creates it 0700). */
export async function openSpool(parent: string): Promise<UploadSpool> {
  const dir = await mkdtemp(path.join(parent, `${process.pid}-`));
  let removal: Promise<void> | undefined;
  return {
    dir,
    create(name) {
      const file = path.join(dir, name);
      return { path: file, stream: createWriteStream(file, { flags: "wx", mode: 0o600 }) };
    },
    remove() {
      removal ??= rm(dir, { recursive: true, force: true });
      return removal;
    },
  };
}
