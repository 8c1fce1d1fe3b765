/**
 * `npm pack` of a package under packages/ runs its build, which empties and rewrites the package's dist/: two
 * test files packing at once (client-package and packages run side by side in the slow suite) would each
 * delete what the other is writing. Every pack in the tests holds this lock, one per checkout across processes;
 * a lock whose holder died is taken over.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../src/fs/paths.ts';

const LOCK = path.join(os.tmpdir(), `acmd-pack-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function acquire(): Promise<void> {
  for (;;) {
    try {
      await mkdir(LOCK);
      await writeFile(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(path.join(LOCK, 'pid'), 'utf8').catch(() => ''));
      // No pid yet: the holder is between its mkdir and its write; wait for it like for a live one.
      if (holder > 0 && !alive(holder)) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Runs `pack` while no other test packs a package of this checkout. */
export async function withPackLock<T>(pack: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await pack();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}
