/**
 * Reading, linking and removing thousands of small files: a build reads every release's record and summary
 * (two per release), an artifact links every release's files from the file cache (24 per release), and
 * pruning an old artifact removes as many. Done one promise per
 * file, each call costs a trip through the thread pool and the microtask queue (about 1.5 s of a build at
 * 1,000 releases, measured in docs/performance.md); the same system calls made synchronously in a loop
 * take about 0.2 s. They run in batches with a turn of the event loop between, so a server that publishes
 * (a follower) keeps answering while it does.
 */
import { spawn } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** System calls made before the event loop gets a turn: a few milliseconds' worth. */
const BATCH = 256;

/** Each file's bytes, or the error reading it raised (a missing file is not an exception here: callers decide). */
export async function readMany(files: readonly string[]): Promise<(Buffer | NodeJS.ErrnoException)[]> {
  const out: (Buffer | NodeJS.ErrnoException)[] = [];
  for (const file of files) {
    try {
      out.push(readFileSync(file));
    } catch (error) {
      out.push(error as NodeJS.ErrnoException);
    }
    if (out.length % BATCH === 0) await nextTurn();
  }
  return out;
}

/** Makes each directory (and its parents); given parents first, each is one system call. */
export async function makeDirs(dirs: Iterable<string>): Promise<void> {
  let done = 0;
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    if (++done % BATCH === 0) await nextTurn();
  }
}

/**
 * Links each `[source, target]` (target directories must exist). A pair the file system cannot link
 * (another device, a file system without hard links) is handed to `fallback`, which copies it.
 */
export async function linkMany(
  pairs: Iterable<readonly [source: string, target: string]>,
  fallback: (source: string, target: string) => Promise<void>,
): Promise<void> {
  let done = 0;
  for (const [source, target] of pairs) {
    try {
      linkSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
      await fallback(source, target);
    }
    if (++done % BATCH === 0) await nextTurn();
  }
}

/** The suffix a detached removal gives each directory it removes: `.by-<its pid>`. */
const REMOVER = /\.by-(\d+)$/;

/**
 * The remover: each directory is first renamed to end in `.by-<pid>` (replacing an earlier remover's mark), so a
 * later publish can tell a removal under way from one a kill interrupted; a rename that fails means another
 * remover took it, and it is left to that one.
 */
const REMOVER_SCRIPT = `const fs = require("node:fs");
for (const d of process.argv.slice(1)) {
  const mine = d.replace(${REMOVER}, "") + ".by-" + process.pid;
  try { fs.renameSync(d, mine); } catch { continue; }
  fs.rmSync(mine, { recursive: true, force: true });
}`;

/** Whether `name` is being removed by a detached removal that is still running. */
export function removalUnderWay(name: string): boolean {
  const pid = REMOVER.exec(name)?.[1];
  if (pid === undefined) return false;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that pid, so it is alive (ESRCH: none has).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes each directory (and everything under it) in a detached process, so the command that no longer needs them
 * does not wait: on this project's 2-core ext4 runner (mounted with online discard) removing an old artifact cost
 * 1.7 s of a 5 s build with 36 releases and 6.6 s with 1,000 (one rmdir and 24 unlinks per release). The caller
 * renames each out of the way first, so nothing reads a half-removed directory; one left behind by a killed
 * process is found by the next publish (cleanStaleTemporaries) and removed the same way, and one whose removal is
 * still running (removalUnderWay) is left to it.
 */
export function removeDetached(dirs: readonly string[]): void {
  if (dirs.length === 0) return;
  try {
    const child = spawn(process.execPath, ['-e', REMOVER_SCRIPT, ...dirs], {
      detached: true,
      stdio: 'ignore',
      env: {},
    });
    // A failed start (no process slots) leaves the directories for the next publish's clean-up.
    child.on('error', () => {});
    child.unref();
  } catch {
    // As above: the next publish removes them.
  }
}
