/**
 * Durable and atomic file writes, and removal of the temporaries a crash can leave: shared by
 * the build (artifacts) and the refresh (data, releases, journal, status).
 */
import type { Dirent } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** True when something (file, directory or symlink, even a dangling one) exists at `file`. */
export async function pathExists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes and fsyncs `file` before resolving, so a rename that follows never exposes unwritten bytes. */
export async function writeFileDurably(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Temp file in the same directory, fsync, rename over the target: readers see old or new bytes, never a mix. */
export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${Date.now()}`;
  await writeFileDurably(tmp, data);
  await rename(tmp, file);
}

/** Removes every entry under `dir` (recursively) whose name matches `pattern`; returns what it removed. */
export async function removeMatching(dir: string, pattern: RegExp, recursive: boolean): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!pattern.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    await rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  return removed;
}
