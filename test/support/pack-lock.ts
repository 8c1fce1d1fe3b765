/**
 * `npm pack` of a package under packages/ runs its build, which empties and rewrites the package's dist/: two
 * test files packing at once (client-package and packages run side by side in the slow suite) would each
 * delete what the other is writing. Every pack in the tests holds this lock, one per checkout across processes:
 * the refresh's own lock (src/refresh/lock.ts, which takes over a lock whose holder died), waited for.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../src/fs/paths.ts';
import { acquireLock, LockedError } from '../../src/refresh/lock.ts';

const LOCK_DIR = path.join(os.tmpdir(), `acmd-pack-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`);

/** Runs `pack` while no other test packs a package of this checkout. */
export async function withPackLock<T>(pack: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>;
  for (;;) {
    try {
      release = await acquireLock(LOCK_DIR);
      break;
    } catch (error) {
      if (!(error instanceof LockedError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await pack();
  } finally {
    await release();
  }
}
