/**
 * The publish journal: what makes a refresh crash-safe across its three stores (data/,
 * releases/ and the dist artifact).
 *
 * Order, and why:
 *  0. The new artifact is written to .artifacts/<buildId> (writeArtifactDir): complete, but not
 *     served, since `dist` still points to the old one.
 *  1. Everything else a publish will write (changed data files, the release directory) is
 *     staged in <state>/refresh/pending.tmp-*, with a plan naming the artifact's buildId, then
 *     renamed to <state>/refresh/pending. That rename is the commit point: before it nothing
 *     that is served or tracked has changed; after it the refresh is decided and any later run
 *     (or server start) completes it.
 *  2. Data files are replaced one by one (temp file + rename each), then the release
 *     directory appears by one rename.
 *  3. `dist` is switched to the artifact of step 0 by one rename (publishArtifact); only if that
 *     directory is gone or incomplete is the artifact built again from disk.
 *  4. The journal is renamed away, then deleted.
 * A kill at any point leaves `dist` on the complete old or the complete new artifact (only
 * step 3 touches it, atomically). If it happens after step 1, the next run sees `pending`,
 * re-applies it (every step is idempotent) and publishes; before step 1, the next run simply
 * starts over. Data are written before the artifact so the served dataset is never newer
 * than the repository that must reproduce it.
 */
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic, writeFileDurably } from '../fs/durable.ts';
import { writeReleaseDir } from '../history/releases.ts';
import { journalDir, pendingDir } from './journal-paths.ts';

export interface Plan {
  releaseId: string;
  createdAt: string;
  /** Data files to replace, relative to the data directory. */
  dataFiles: string[];
  /** The artifact written (not served) before the commit, in .artifacts/<buildId>: recovery only switches `dist` to it. */
  buildId?: string;
}

export interface Pending {
  dir: string;
  plan: Plan;
}

function assertRelative(relative: string): void {
  if (path.isAbsolute(relative) || relative.split(/[\\/]/).includes('..'))
    throw new Error(`journal: refusing path outside the data directory: ${relative}`);
}

/** Stages the publish and commits it with one rename. */
export async function commitPlan(
  stateDir: string,
  plan: Plan,
  dataFiles: ReadonlyMap<string, Buffer>,
  releaseFiles: ReadonlyMap<string, Buffer>,
): Promise<Pending> {
  const base = journalDir(stateDir);
  await mkdir(base, { recursive: true });
  const tmp = path.join(base, `pending.tmp-${process.pid}-${Date.now()}`);
  for (const [relative, data] of dataFiles) {
    assertRelative(relative);
    await writeFileDurably(path.join(tmp, 'data', relative), data);
  }
  for (const [name, data] of releaseFiles) await writeFileDurably(path.join(tmp, 'release', name), data);
  await writeFileDurably(path.join(tmp, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  const target = pendingDir(stateDir);
  await rename(tmp, target);
  return { dir: target, plan };
}

export { hasPending } from './journal-paths.ts';

export async function readPending(stateDir: string): Promise<Pending | null> {
  const dir = pendingDir(stateDir);
  try {
    const plan = JSON.parse(await readFile(path.join(dir, 'plan.json'), 'utf8')) as Plan;
    return { dir, plan };
  } catch {
    try {
      await stat(dir);
    } catch {
      return null;
    }
    throw new Error(`journal ${dir} exists but its plan.json is unreadable; inspect it and remove it by hand`);
  }
}

/** Step 2: data files, then the release directory. Safe to repeat. */
export async function applyData(
  pending: Pending,
  dataDir: string,
  onFile?: (relative: string) => Promise<void> | void,
): Promise<void> {
  for (const relative of pending.plan.dataFiles) {
    assertRelative(relative);
    await writeFileAtomic(path.join(dataDir, relative), await readFile(path.join(pending.dir, 'data', relative)));
    await onFile?.(relative);
  }
}

export async function applyRelease(pending: Pending, releasesDir: string): Promise<void> {
  const files = new Map<string, Buffer>();
  for (const name of await readdir(path.join(pending.dir, 'release')))
    files.set(name, await readFile(path.join(pending.dir, 'release', name)));
  await writeReleaseDir(releasesDir, pending.plan.releaseId, files);
}

/** Step 4. */
export async function finishPending(stateDir: string): Promise<void> {
  const done = path.join(journalDir(stateDir), `pending.done-${process.pid}-${Date.now()}`);
  await rename(pendingDir(stateDir), done);
  await rm(done, { recursive: true, force: true });
}

/** Staging and finished journals a crash left behind (never the committed `pending`). */
export async function cleanJournalTemporaries(stateDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(journalDir(stateDir));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!/^pending\.(tmp|done)-/.test(name)) continue;
    await rm(path.join(journalDir(stateDir), name), { recursive: true, force: true });
    removed.push(path.join(journalDir(stateDir), name));
  }
  return removed;
}
